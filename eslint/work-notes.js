// Comments, test names and documents say why, or cite the spec; the history of the work (which
// tracker issue asked for a change, which working branch or stop it came from) lives in the tracker
// and in git, where it stays true. Only the word "issue" marks a tracker reference: "#1004" is an
// order's number in the shop's own language. One pattern for everything `npm run lint` reads:
// ESLint applies it to comments and test names (rule `notes/no-work-notes`), and
// `node eslint/work-notes.js` to the files ESLint does not parse (GraphQL, Markdown, CSS, HTML, shell).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const NOTES = [
  { pattern: /\bissues? ?#?\d+(?:(?:,| and|\/| or) ?#?\d+)*/i, what: "an issue number" },
  { pattern: /\bi\d{1,2}-[a-z][\w-]*/, what: "a working branch's name" },
  { pattern: /\bstop \d+\b/i, what: "a session's stop" },
];

/** Prose says these too, where code may not mean them ("this session" is a shopper's session there). */
const PROSE_NOTES = [
  { pattern: /\bthis session\b/i, what: "a note about the session" },
  { pattern: /\b(?:first|second|third|fourth|fifth|sixth) pass(?:es)?\b/i, what: "a note about how the work went" },
];

/** What work note `text` holds, or null; `prose` for documents (Markdown). */
export function findWorkNote(text, { prose = false } = {}) {
  for (const { pattern, what } of prose ? [...NOTES, ...PROSE_NOTES] : NOTES) {
    const match = pattern.exec(text);
    if (match) return { text: match[0], what };
  }
  return null;
}

const TEST_CALLS = new Set(["describe", "it", "test", "bench", "suite"]);

/** The name a call like `describe.skipIf(x)("…")` or `it.each(rows)("…")` starts from. */
function rootName(callee) {
  let node = callee;
  while (node) {
    if (node.type === "Identifier") return node.name;
    node = node.type === "MemberExpression" ? node.object : node.type === "CallExpression" ? node.callee : null;
  }
  return null;
}

const noWorkNotes = {
  meta: {
    type: "suggestion",
    docs: { description: "No issue numbers, branch names or notes about how the work went in comments or test names" },
    messages: {
      note: "{{what}} ({{text}}) in a {{where}}: say why, or cite the spec section; the work's history belongs in the tracker and git.",
    },
    schema: [],
  },
  create(context) {
    const report = (node, text, where) => {
      const note = findWorkNote(text);
      if (note) context.report({ node, messageId: "note", data: { ...note, where } });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) report(comment, comment.value, "comment");
      },
      CallExpression(node) {
        if (!TEST_CALLS.has(rootName(node.callee))) return;
        const [name] = node.arguments;
        if (name?.type === "Literal" && typeof name.value === "string") report(name, name.value, "test name");
        if (name?.type === "TemplateLiteral") report(name, name.quasis.map((q) => q.value.cooked).join(" "), "test name");
      },
    };
  },
};

export const workNotesPlugin = { rules: { "no-work-notes": noWorkNotes } };

const OTHER_FILES = /\.(graphql|md|css|html|ya?ml|sh)$|^\.ci\/run$/;

// `node eslint/work-notes.js`: every tracked file ESLint does not read, line by line.
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter((f) => OTHER_FILES.test(f));
  const found = [];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    fs.readFileSync(file, "utf8").split("\n").forEach((line, i) => {
      const note = findWorkNote(line, { prose: file.endsWith(".md") });
      if (note) found.push(`${file}:${i + 1}: ${note.what} (${note.text})`);
    });
  }
  if (found.length > 0) {
    console.error(`Work notes in ${found.length} place(s); say why, or cite the spec section:\n${found.join("\n")}`);
    process.exit(1);
  }
}
