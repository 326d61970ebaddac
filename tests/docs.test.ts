import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The README is the front door and docs/ the manual: their links must lead somewhere, the settings
// table in docs/operations.md must be exactly what the gateway reads, the README must stay short,
// and neither may carry the tracker's history (issue numbers, working branches, notes on how the
// work went): they state what is true now.

const ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

function markdownFiles(): string[] {
  const files = [path.join(ROOT, "README.md")];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".md")) files.push(full);
    }
  };
  walk(path.join(ROOT, "docs"));
  return files;
}

/** Fenced code blocks blanked (line numbers kept): what they hold is neither a heading nor a link. */
function withoutFences(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split("\n")
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null && marker) {
        fence = marker[0]!;
        return "";
      }
      if (fence !== null) {
        if (marker?.startsWith(fence)) fence = null;
        return "";
      }
      return line;
    })
    .join("\n");
}

/** Fences and inline code spans blanked. */
function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/(`+)[\s\S]*?\1/g, "");
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a markdown text's headings, with GitHub's -1, -2… for repeated ones. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Every relative link target in a markdown text (inline links, images and reference definitions). */
function relativeLinks(markdown: string): string[] {
  const text = withoutCode(markdown);
  const targets = [
    ...[...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!),
  ];
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Links of `file` (whose text is `markdown`) that lead nowhere: a missing file, a path out of the repository, or a missing heading. */
function brokenLinks(file: string, markdown: string): string[] {
  const problems: string[] = [];
  for (const link of relativeLinks(markdown)) {
    const [pathPart = "", anchor] = link.split("#", 2) as [string, string | undefined];
    const target = pathPart === "" ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
    if (target !== ROOT && !target.startsWith(ROOT + path.sep)) {
      problems.push(`${rel(file)}: ${link} leads out of the repository`);
      continue;
    }
    if (pathPart !== "" && !fs.existsSync(target)) {
      problems.push(`${rel(file)}: ${link} names no file (${rel(target)})`);
      continue;
    }
    if (anchor && target.endsWith(".md")) {
      const text = target === file ? markdown : fs.readFileSync(target, "utf8");
      if (!anchors(text).has(anchor)) problems.push(`${rel(file)}: ${link} names no heading of ${rel(target)}`);
    }
  }
  return problems;
}

/**
 * The settings docs/operations.md documents: the first cell of every table row in its "## Settings"
 * section, one or more backticked variable names (`PORT`, or `GOOGLE_CLIENT_ID`, `GOOGLE_CLIENT_SECRET`).
 */
function documentedSettings(markdown: string): Set<string> {
  const section = /^## Settings\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? "";
  const names = new Set<string>();
  for (const line of section.split("\n")) {
    const first = /^\|([^|]*)\|/.exec(line.trim())?.[1]?.trim();
    if (!first || !first.startsWith("`")) continue;
    const found = [...first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!);
    if (found.length === 0 || first.replace(/`[A-Z][A-Z0-9_]*`/g, "").replace(/,|\band\b/g, "").trim() !== "") {
      throw new Error(`docs/operations.md: a settings row's first cell must be backticked variable names, got "${first}"`);
    }
    for (const name of found) names.add(name);
  }
  return names;
}

/**
 * The environment variables a source file reads: `env.NAME` and `env["NAME"]` (config.ts reads its
 * `env` parameter, which defaults to process.env), and so `process.env.NAME` too. Any other use of
 * process.env (destructuring, a computed name) is refused: the test could not tell what it reads.
 */
function settingsReadBy(source: string): { names: Set<string>; unreadable: string[] } {
  const names = new Set<string>();
  for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
  for (const m of source.matchAll(/\benv\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/g)) names.add(m[1]!);
  const unreadable: string[] = [];
  for (const m of source.matchAll(/(.{0,40})\bprocess\.env\b(?!\s*\.[A-Z]|\s*\[\s*["'`][A-Z])/g)) {
    const before = m[1]!;
    // The default of loadConfig's `env` parameter, and handing the environment on to a child process.
    if (/\benv(?:\s*:[^=]*)?\s*=\s*$/.test(before) || /\.\.\.\s*$/.test(before)) continue;
    unreadable.push(m[0]!.trim());
  }
  return { names, unreadable };
}

function gatewaySources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(ROOT, "gateway"));
  return files;
}

/** Documented although the gateway's own code may not read it: it switches the libraries' builds. */
const DOCUMENTED_WITHOUT_READ = new Set(["NODE_ENV"]);

describe("README.md and docs/", () => {
  const files = markdownFiles();

  it("finds the manual", () => {
    expect(files.map(rel)).toEqual(expect.arrayContaining(["README.md", "docs/operations.md", "docs/api.md", "docs/security.md"]));
  });

  it("link only to files that exist, and to headings those files have", () => {
    const problems = files.flatMap((file) => brokenLinks(file, fs.readFileSync(file, "utf8")));
    expect(problems).toEqual([]);
  });

  it("keep the README at most 200 lines", () => {
    const lines = fs.readFileSync(path.join(ROOT, "README.md"), "utf8").replace(/\n$/, "").split("\n").length;
    expect(lines).toBeLessThanOrEqual(200);
  });
});

describe("docs/operations.md's settings", () => {
  const documented = documentedSettings(fs.readFileSync(path.join(ROOT, "docs/operations.md"), "utf8"));
  const sources = gatewaySources().map((file) => ({ file: rel(file), ...settingsReadBy(fs.readFileSync(file, "utf8")) }));
  const read = new Set(sources.flatMap((s) => [...s.names]));

  it("are read from the environment in a form this test can follow", () => {
    expect(sources.flatMap((s) => s.unreadable.map((u) => `${s.file}: ${u}`))).toEqual([]);
    // The parser still sees config.ts's reads (a change of form there would otherwise pass silently).
    expect(sources.find((s) => s.file === "gateway/config.ts")!.names.size).toBeGreaterThanOrEqual(30);
  });

  it("document every variable the gateway reads", () => {
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });

  it("document no variable the gateway does not read", () => {
    expect([...documented].filter((name) => !read.has(name) && !DOCUMENTED_WITHOUT_READ.has(name)).sort()).toEqual([]);
  });
});

/** The suffixes docs/architecture.md's "File names" table lists (`*.rest.ts` → "rest"). */
function documentedSuffixes(markdown: string): Set<string> {
  const section = /^## File names\s*$([\s\S]*?)(?=^## )/m.exec(markdown)?.[1] ?? "";
  return new Set([...section.matchAll(/`\*\.([a-z-]+)\.ts`/g)].map((m) => m[1]!));
}

describe("docs/architecture.md's file names", () => {
  it("name the role of every suffix the gateway's files carry", () => {
    const documented = documentedSuffixes(fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8"));
    expect(documented.size).toBeGreaterThan(10);
    const undocumented = gatewaySources()
      .map((file) => /\.([a-z-]+)\.ts$/.exec(path.basename(file))?.[1])
      .filter((suffix): suffix is string => suffix !== undefined && !documented.has(suffix));
    expect([...new Set(undocumented)].sort()).toEqual([]);
  });
});

// The checks above, each shown failing on a small example, so a green run means something.
describe("the checks themselves", () => {
  const page = path.join(ROOT, "docs", "example.md");

  it("report a link to a missing file, a missing heading, or out of the repository", () => {
    const text = "# Top\n[ok](operations.md#settings) [self](#top) [gone](no-such-page.md) [bad anchor](operations.md#no-such-heading) [out](../../etc/passwd)\n```\n[in a fence](nowhere.md)\n```\n";
    expect(brokenLinks(page, text)).toEqual([
      "docs/example.md: no-such-page.md names no file (docs/no-such-page.md)",
      "docs/example.md: operations.md#no-such-heading names no heading of docs/operations.md",
      "docs/example.md: ../../etc/passwd leads out of the repository",
    ]);
  });

  it("make GitHub's anchors", () => {
    expect(slug("The admin: running the shop at `/admin`")).toBe("the-admin-running-the-shop-at-admin");
    expect(slug("The catalog at 100,000 products")).toBe("the-catalog-at-100000-products");
    expect([...anchors("## Tests\n## Tests\n")]).toEqual(["tests", "tests-1"]);
  });

  it("read the settings table and the code's reads", () => {
    const table = "## Settings\n| setting | default |\n|---|---|\n| `PORT` | `3000` |\n| `A_B`, `C` | unset |\n## Next\n| `NOT_THIS` | x |\n";
    expect([...documentedSettings(table)]).toEqual(["PORT", "A_B", "C"]);
    expect(() => documentedSettings("## Settings\n| `PORT` or so | 1 |\n")).toThrow(/backticked variable names/);
    const code = settingsReadBy('function f(env = process.env) { return env.PORT ?? env["HOST"] ?? process.env.LOG_LEVEL; }\nspawn(x, { env: { ...process.env } });');
    expect([...code.names].sort()).toEqual(["HOST", "LOG_LEVEL", "PORT"]);
    expect(code.unreadable).toEqual([]);
    expect(settingsReadBy("const { SECRET } = process.env;").unreadable).toHaveLength(1);
  });
});
