// docs/api.md "Designs" and "Cart and checkout": a cart line may carry custom attributes to
// checkout. The shop writes two: `designId` (the studio's uploaded design; the gateway
// checks it and prints it) and `memeId` (the meme gallery's meme). This module is the only
// place that names them, builds them and reads them.
const DESIGN_ID = "designId";
const MEME_ID = "memeId";

/** A key and value a line carries to checkout, such as a custom design's id (spec §7 customAttributes). */
export interface CartLineAttribute {
  key: string;
  value: string;
}

/** Anything that holds a line's attributes: a local cart line (absent on plain lines and older stored carts). */
type WithAttributes = { customAttributes?: readonly CartLineAttribute[] };

/** A meme from the gallery, printed on its product. */
export function memeLineAttributes(memeId: string): CartLineAttribute[] {
  return [{ key: MEME_ID, value: memeId }];
}

/** The studio's uploaded design, and the meme it shows when it shows one (the order keeps which). */
export function designLineAttributes(designId: string, memeId: string | null): CartLineAttribute[] {
  return memeId ? [{ key: DESIGN_ID, value: designId }, { key: MEME_ID, value: memeId }] : [{ key: DESIGN_ID, value: designId }];
}

/**
 * The attributes in a stored or answered value, as plain `{ key, value }` pairs: entries that are
 * not a named string pair are dropped, and so is anything else they carry (e.g. `__typename`).
 */
export function readLineAttributes(value: unknown): CartLineAttribute[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((a): a is CartLineAttribute => typeof a === "object" && a !== null && typeof a.key === "string" && a.key !== "" && typeof a.value === "string")
    .map(({ key, value }) => ({ key, value }));
}

/**
 * Same attributes in any order are the same line (as the gateway's cart rules say): pairs sorted by
 * key, as text. Only for lines that have attributes (a plain line is keyed by its variant alone).
 */
export function attributesKey(attributes: readonly CartLineAttribute[]): string {
  const sorted = [...attributes].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((a) => [a.key, a.value]);
  return JSON.stringify(sorted);
}

function valueOf(line: WithAttributes, key: string): string | null {
  return line.customAttributes?.find((a) => a.key === key)?.value ?? null;
}

/** The uploaded design a customised line carries, if any. */
export function designIdOf(line: WithAttributes): string | null {
  return valueOf(line, DESIGN_ID);
}

/**
 * What the line is, for what the cart shows: a custom design (which may show a meme, but is the
 * shopper's own), a meme print from the gallery, or a plain product.
 */
export function lineKindOf(line: WithAttributes): "design" | "meme" | "plain" {
  if (designIdOf(line) !== null) return "design";
  return valueOf(line, MEME_ID) !== null ? "meme" : "plain";
}
