// Small, dependency-free SVG toolkit shared by every piece of seed artwork:
// XML escaping, element builders, text measurement / wrapping / fitting, and a
// few primitives (stars, silhouettes) that several pictures reuse.

type AttrValue = string | number | undefined | null;
export type Attrs = Record<string, AttrValue>;

export const FONT_SANS = "Arial, Helvetica, sans-serif";
export const FONT_IMPACT = "Impact, Arial Black, sans-serif";
export const FONT_SERIF = "Georgia, Times New Roman, serif";

/** Escape text for use in XML text nodes and double- or single-quoted attributes. */
function esc(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Round to one decimal so the output stays compact and stable. */
function num(n: number): string {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

function attrString(a: Attrs): string {
  let out = "";
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined || v === null) continue;
    out += ` ${k}="${typeof v === "number" ? num(v) : esc(v)}"`;
  }
  return out;
}

export function el(tag: string, a: Attrs = {}, children?: string): string {
  return children === undefined ? `<${tag}${attrString(a)}/>` : `<${tag}${attrString(a)}>${children}</${tag}>`;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}): string =>
  el("rect", { x, y, width: w, height: h, fill, ...extra });
export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string =>
  el("circle", { cx, cy, r, fill, ...extra });
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}): string =>
  el("ellipse", { cx, cy, rx, ry, fill, ...extra });
export const path = (d: string, fill: string, extra: Attrs = {}): string => el("path", { d, fill, ...extra });
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra: Attrs = {}): string =>
  el("line", { x1, y1, x2, y2, stroke, "stroke-width": width, "stroke-linecap": "round", ...extra });
export const group = (children: string, a: Attrs = {}): string => el("g", a, children);

/** Place content drawn in its own coordinates at (x, y), scaled. */
export function place(children: string, x: number, y: number, scale = 1, rotate = 0): string {
  const parts = [`translate(${num(x)} ${num(y)})`];
  if (rotate !== 0) parts.push(`rotate(${num(rotate)})`);
  if (scale !== 1) parts.push(`scale(${Math.round(scale * 1000) / 1000})`);
  return group(children, { transform: parts.join(" ") });
}

/** A complete standalone SVG document. */
export function svgDoc(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"` +
    ` role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>${body}</svg>`
  );
}

// ---------------------------------------------------------------- text

/** Approximate advance width (in em) of a bold sans glyph; deliberately generous so text fits in wide fallback fonts. */
function charWidth(ch: string): number {
  if (ch === " ") return 0.32;
  if ("IJ!|.,:;'`".includes(ch)) return ch === "J" ? 0.52 : 0.34;
  if ("MW@%&".includes(ch)) return 0.9;
  if ("-()[]/".includes(ch)) return 0.42;
  if (/[0-9]/.test(ch)) return 0.7;
  if (/[a-z]/.test(ch)) return "ilj".includes(ch) ? 0.32 : "mw".includes(ch) ? 0.95 : 0.64;
  return 0.74;
}

/** Estimated rendered width (px) of a string at the given font size. */
export function textWidth(s: string, size: number): number {
  let em = 0;
  for (const ch of s) em += charWidth(ch);
  return em * size;
}

/** Split words into exactly n lines so that the widest line is as narrow as possible. */
function bestSplit(words: string[], n: number): string[] {
  if (n <= 1 || words.length <= 1) return [words.join(" ")];
  if (n >= words.length) return [...words];
  let best: string[] = [words.join(" ")];
  let bestW = Infinity;
  const recurse = (start: number, left: number, acc: string[]): void => {
    if (left === 1) {
      const lines = [...acc, words.slice(start).join(" ")];
      const w = Math.max(...lines.map((l) => textWidth(l, 1)));
      if (w < bestW - 1e-9) {
        bestW = w;
        best = lines;
      }
      return;
    }
    for (let end = start + 1; end <= words.length - left + 1; end++) {
      recurse(end, left - 1, [...acc, words.slice(start, end).join(" ")]);
    }
  };
  recurse(0, n, []);
  return best;
}

export interface FitOptions {
  maxLines?: number;
  maxSize?: number;
  lineHeight?: number;
}

export interface FittedText {
  lines: string[];
  size: number;
  lineHeight: number;
}

/** Choose a line split (1..maxLines) and font size so the text fills a box as large as possible. */
export function fitText(text: string, maxW: number, maxH: number, opt: FitOptions = {}): FittedText {
  const maxLines = opt.maxLines ?? 3;
  const maxSize = opt.maxSize ?? 120;
  const lh = opt.lineHeight ?? 1.12;
  const words = text.split(/\s+/).filter((w) => w.length > 0);
  let best: FittedText = { lines: [text], size: 0, lineHeight: lh };
  for (let n = 1; n <= Math.min(maxLines, Math.max(1, words.length)); n++) {
    const lines = bestSplit(words, n);
    const widest = Math.max(...lines.map((l) => textWidth(l, 1)));
    const size = Math.floor(Math.min(maxSize, maxW / widest, maxH / (0.74 + (n - 1) * lh)));
    // An extra line must buy a clearly larger size; a lone short word on its own line is a last resort.
    const orphan = n > 1 && lines.some((l) => l.length <= 2);
    if (size > best.size * (orphan ? 1.25 : 1.06)) best = { lines, size, lineHeight: lh };
  }
  return best;
}

export interface TextStyle {
  size: number;
  fill: string;
  family?: string;
  weight?: string | number;
  anchor?: "start" | "middle" | "end";
  stroke?: string;
  strokeWidth?: number;
  letterSpacing?: number;
  italic?: boolean;
}

function styleAttrs(st: TextStyle): Attrs {
  return {
    "font-family": st.family ?? FONT_SANS,
    "font-size": st.size,
    "font-weight": st.weight ?? "bold",
    "font-style": st.italic ? "italic" : undefined,
    "text-anchor": st.anchor ?? "middle",
    fill: st.fill,
    stroke: st.stroke,
    "stroke-width": st.strokeWidth,
    "stroke-linejoin": st.stroke ? "round" : undefined,
    "letter-spacing": st.letterSpacing,
  };
}

export function text(x: number, y: number, s: string, st: TextStyle, extra: Attrs = {}): string {
  return el("text", { x, y, ...styleAttrs(st), ...extra }, esc(s));
}

/** Lines of text whose cap-height block is vertically centred on cy. */
export function textBlock(lines: string[], x: number, cy: number, st: TextStyle, lineHeight = 1.12): string {
  const step = st.size * lineHeight;
  const first = cy + st.size * 0.36 - ((lines.length - 1) * step) / 2;
  return lines.map((l, i) => text(x, first + i * step, l, st)).join("");
}

/** Fit text into a box centred on (cx, cy) and render it. */
export function fittedText(s: string, cx: number, cy: number, w: number, h: number, st: Omit<TextStyle, "size">, opt: FitOptions = {}): string {
  const f = fitText(s, w, h, opt);
  return textBlock(f.lines, cx, cy, { ...st, size: f.size }, f.lineHeight);
}

// ---------------------------------------------------------------- primitives

/** Five-pointed star centred on (cx, cy). */
export function star(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? r : r * 0.42;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${num(cx + rad * Math.cos(a))},${num(cy + rad * Math.sin(a))}`);
  }
  return el("polygon", { points: pts.join(" "), fill, ...extra });
}

/** Generic faceless silhouette (head and shoulders), feet/waist at (x, y), about 200*scale tall. */
export function silhouette(x: number, y: number, scale: number, fill: string, tie?: string): string {
  const body = path("M-60 0 L-60 -70 Q-60 -115 -15 -120 L15 -120 Q60 -115 60 -70 L60 0 Z", fill);
  const head = circle(0, -160, 36, fill);
  const tieShape = tie ? path("M0 -118 L-9 -104 L0 -60 L9 -104 Z", tie) : "";
  return place(body + head + tieShape, x, y, scale);
}

/** A stick figure standing with feet at (x, y), arms optionally raised. */
export function stickFigure(x: number, y: number, scale: number, stroke: string, armsUp = false): string {
  const s = { "stroke-width": 8, stroke, fill: "none", "stroke-linecap": "round" };
  const arms = armsUp ? "M-40 -150 L0 -115 L40 -150" : "M-35 -70 L0 -115 L35 -70";
  const body = path(`M0 -130 L0 -60 M-30 0 L0 -60 L30 0 ${arms}`, "none", s);
  return place(body + circle(0, -155, 24, "none", s), x, y, scale);
}

/** Deterministic hash of a string, used to pick palette entries. */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
