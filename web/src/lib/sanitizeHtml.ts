// A product description is HTML from the catalog. It is rendered on the gateway and
// hydrated in the browser, so the sanitiser must run in both and give the same string in both:
// DOMPurify needs a DOM, which the gateway does not have. This one is built the safe way round: it
// never passes markup through; it writes new markup from what it recognised, only tags and
// attributes on the allow-list below, every text and attribute value escaped again. Anything it
// does not recognise as a tag is text, and is escaped.

/** Tags kept (with their content). Anything else is dropped, its text kept, unless listed in DROP_WITH_CONTENT. */
const ALLOWED_TAGS = new Set([
  "a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "dd", "del", "dfn", "div", "dl", "dt", "em",
  "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p",
  "pre", "q", "s", "small", "span", "strong", "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul",
]);

/** Elements whose content is not text for the reader (code, styles, embedded documents, form controls). */
const DROP_WITH_CONTENT = new Set([
  "script", "style", "template", "noscript", "iframe", "object", "embed", "frame", "frameset", "svg", "math",
  "textarea", "select", "option", "title", "xmp", "noembed", "noframes", "plaintext", "button",
]);

const VOID_TAGS = new Set(["br", "hr", "img"]);

/** Attributes kept, per tag ("*": every allowed tag). No event handlers, no style, no srcset. */
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  "*": ["title", "lang", "dir"],
  a: ["href", "rel", "target"],
  img: ["src", "alt", "width", "height"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan", "scope"],
  ol: ["start", "reversed", "type"],
  abbr: ["title"],
};

const URL_ATTRIBUTES = new Set(["href", "src"]);

// A tag as the HTML tokenizer sees one when it is well formed: a name, then attributes (quoted,
// unquoted or bare), then > or />. Anything else starting with < is left as text (and escaped).
const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[\s/]+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)[\s/]*>/;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const COMMENT = /^<!--[\s\S]*?(?:-->|$)/;
const DECLARATION = /^<[!?][^>]*>?/;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", mdash: "—", ndash: "–", hellip: "…", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“", copy: "©", reg: "®", trade: "™" };

/** The text an HTML fragment stands for (the common named entities and every numeric one). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Relative addresses, http(s) and mailto; never javascript:, data: or anything a browser would run. */
function safeUrl(value: string): string | null {
  // Browsers ignore control characters and whitespace in a scheme ("java\tscript:"): so does this check.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(compact);
  if (scheme && !["http", "https", "mailto"].includes(scheme[1].toLowerCase())) return null;
  return value.trim();
}

interface Token {
  kind: "text" | "open" | "close";
  /** Text: the decoded text; tags: the lower-case name. */
  value: string;
  attributes?: [string, string][];
}

function* tokenize(html: string): Generator<Token> {
  let i = 0;
  let text = "";
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    const rest = html.slice(lt);
    const comment = COMMENT.exec(rest) ?? (/^<[!?]/.test(rest) ? DECLARATION.exec(rest) : null);
    if (comment) {
      i = lt + comment[0].length;
      continue;
    }
    const tag = TAG.exec(rest);
    if (!tag) {
      text += "<";
      i = lt + 1;
      continue;
    }
    if (text) yield { kind: "text", value: decodeEntities(text) };
    text = "";
    const name = tag[2].toLowerCase();
    if (tag[1]) {
      yield { kind: "close", value: name };
    } else {
      const attributes: [string, string][] = [];
      for (const match of tag[3].matchAll(ATTRIBUTE)) {
        attributes.push([match[1].toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? "")]);
      }
      yield { kind: "open", value: name, attributes };
    }
    i = lt + tag[0].length;
  }
  if (text) yield { kind: "text", value: decodeEntities(text) };
}

function openTag(name: string, attributes: readonly [string, string][]): string {
  const allowed = new Set([...(ALLOWED_ATTRIBUTES["*"] ?? []), ...(ALLOWED_ATTRIBUTES[name] ?? [])]);
  let out = `<${name}`;
  const seen = new Set<string>();
  for (const [attribute, raw] of attributes) {
    if (!allowed.has(attribute) || seen.has(attribute)) continue;
    const value = URL_ATTRIBUTES.has(attribute) ? safeUrl(raw) : raw;
    if (value === null) continue;
    seen.add(attribute);
    out += ` ${attribute}="${escapeHtml(value)}"`;
  }
  // A link that opens elsewhere must not hand the description's page to the target.
  if (name === "a" && seen.has("target")) out += seen.has("rel") ? "" : ' rel="noopener noreferrer"';
  return `${out}>`;
}

/**
 * The description's HTML with only the allowed tags and attributes, every text escaped, and every
 * element it opens closed again (so it cannot close or break the elements around it).
 */
export function sanitizeHtml(html: string): string {
  let out = "";
  const open: string[] = [];
  let dropping: string | null = null;
  let dropDepth = 0;
  for (const token of tokenize(html)) {
    if (dropping !== null) {
      if (token.value === dropping && token.kind !== "text") dropDepth += token.kind === "open" ? 1 : -1;
      if (dropDepth === 0) dropping = null;
      continue;
    }
    if (token.kind === "text") {
      out += escapeHtml(token.value);
    } else if (token.kind === "open") {
      if (DROP_WITH_CONTENT.has(token.value)) {
        dropping = token.value;
        dropDepth = 1;
      } else if (ALLOWED_TAGS.has(token.value)) {
        out += openTag(token.value, token.attributes ?? []);
        if (!VOID_TAGS.has(token.value)) open.push(token.value);
      }
    } else if (open.includes(token.value)) {
      while (open.length > 0) {
        const name = open.pop()!;
        out += `</${name}>`;
        if (name === token.value) break;
      }
    }
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** The plain text of an HTML fragment (what a reader sees), whitespace collapsed. */
function htmlToText(html: string): string {
  let text = "";
  let dropping: string | null = null;
  let dropDepth = 0;
  for (const token of tokenize(html)) {
    if (dropping !== null) {
      if (token.value === dropping && token.kind !== "text") dropDepth += token.kind === "open" ? 1 : -1;
      if (dropDepth === 0) dropping = null;
      continue;
    }
    if (token.kind === "text") text += token.value;
    else if (token.kind === "open" && DROP_WITH_CONTENT.has(token.value)) {
      dropping = token.value;
      dropDepth = 1;
    } else text += " ";
  }
  return text.replace(/\s+/g, " ").trim();
}

/** Plain text of an HTML description, cut to what search engines show. */
export function summarize(html: string, max = 155): string {
  const text = htmlToText(html);
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
