// spec §3 Design state, §5 (text size 12–72 step 1): the studio's whole design as
// plain data, its defaults, and the sanitising every value read back from storage goes through.

export type TextPosition = "top" | "center" | "bottom";
export type TextAlign = "left" | "center" | "right";

export const TEXT_POSITIONS: readonly TextPosition[] = ["top", "center", "bottom"];
export const TEXT_ALIGNS: readonly TextAlign[] = ["left", "center", "right"];

/** spec §5: the text size slider. */
export const TEXT_SIZE = { min: 12, max: 72, step: 1 } as const;
/**
 * Longest text the studio takes. The spec is silent; 200 characters is a generous caption that
 * still fits the canvas at a readable size and keeps the state JSON far below the gateway's 8 kB.
 */
export const MAX_TEXT_LENGTH = 200;

/**
 * Where the shopper dragged the text: its shift from the place `textPosition` and `textAlign` give
 * it, as fractions of the design area's width and height.
 */
export interface TextOffset {
  x: number;
  y: number;
}

/** Where the shopper put the image: its centre (fractions of the area's width and height) and its width (a fraction of the area's width). */
export interface ImageBox {
  x: number;
  y: number;
  width: number;
}

/** An image is at least 5% and at most twice the design area's width (beyond the area it is clipped, as printed). */
export const IMAGE_WIDTH_BOUNDS = { min: 0.05, max: 2 } as const;

/** spec §3: the design state, field for field, and where the layers were moved to (null: their starting place). */
export interface DesignState {
  memeId: string | null;
  productId: string | null;
  variantId: string | null;
  text: string;
  textColor: string;
  textSize: number;
  textPosition: TextPosition;
  textAlign: TextAlign;
  textBold: boolean;
  textItalic: boolean;
  backgroundColor: string;
  textOffset: TextOffset | null;
  imageBox: ImageBox | null;
}

/** spec §3 defaults: no meme, no product, "Add your text here" in white, 32 px, bottom, centred, on black. */
export const DEFAULT_DESIGN: Readonly<DesignState> = Object.freeze({
  memeId: null,
  productId: null,
  variantId: null,
  text: "Add your text here",
  textColor: "#ffffff",
  textSize: 32,
  textPosition: "bottom",
  textAlign: "center",
  textBold: false,
  textItalic: false,
  backgroundColor: "#000000",
  textOffset: null,
  imageBox: null,
});

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** Ids are opaque strings to the client; this only keeps absurd values out of storage and the upload. */
const ID = /^[\w:/.-]{1,200}$/;

export function isHexColor(value: unknown): value is string {
  return typeof value === "string" && HEX_COLOR.test(value);
}

export function clampTextSize(value: unknown): number {
  const size = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(size)) return DEFAULT_DESIGN.textSize;
  return Math.min(TEXT_SIZE.max, Math.max(TEXT_SIZE.min, Math.round(size)));
}

function id(value: unknown): string | null {
  return typeof value === "string" && ID.test(value) ? value : null;
}

const finite = (value: unknown, min: number, max: number): number | null =>
  typeof value === "number" && Number.isFinite(value) && value >= min && value <= max ? value : null;

function textOffset(value: unknown): TextOffset | null {
  if (typeof value !== "object" || value === null) return null;
  const { x, y } = value as Record<string, unknown>;
  const ox = finite(x, -1, 1);
  const oy = finite(y, -1, 1);
  return ox === null || oy === null ? null : { x: ox, y: oy };
}

function imageBox(value: unknown): ImageBox | null {
  if (typeof value !== "object" || value === null) return null;
  const { x, y, width } = value as Record<string, unknown>;
  const bx = finite(x, 0, 1);
  const by = finite(y, 0, 1);
  const bw = finite(width, IMAGE_WIDTH_BOUNDS.min, IMAGE_WIDTH_BOUNDS.max);
  return bx === null || by === null || bw === null ? null : { x: bx, y: by, width: bw };
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/**
 * A design state from anything (storage written by an older version, a hand-edited value): each
 * field that is missing or not a valid value takes its default, so the studio always opens.
 */
export function sanitizeDesign(value: unknown): DesignState {
  const raw = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const productId = id(raw.productId);
  return {
    memeId: id(raw.memeId),
    productId,
    // A variant only means something together with its product.
    variantId: productId ? id(raw.variantId) : null,
    text: typeof raw.text === "string" ? raw.text.slice(0, MAX_TEXT_LENGTH) : DEFAULT_DESIGN.text,
    textColor: isHexColor(raw.textColor) ? raw.textColor.toLowerCase() : DEFAULT_DESIGN.textColor,
    textSize: raw.textSize === undefined ? DEFAULT_DESIGN.textSize : clampTextSize(raw.textSize),
    textPosition: oneOf(raw.textPosition, TEXT_POSITIONS, DEFAULT_DESIGN.textPosition),
    textAlign: oneOf(raw.textAlign, TEXT_ALIGNS, DEFAULT_DESIGN.textAlign),
    textBold: raw.textBold === true,
    textItalic: raw.textItalic === true,
    backgroundColor: isHexColor(raw.backgroundColor) ? raw.backgroundColor.toLowerCase() : DEFAULT_DESIGN.backgroundColor,
    textOffset: textOffset(raw.textOffset),
    imageBox: imageBox(raw.imageBox),
  };
}
