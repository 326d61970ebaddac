// The design's two layers (the image and the text) inside the design area: where they are, and
// how dragging, resizing and the keyboard move them, always within bounds. Coordinates are canvas
// units from the area's top-left corner; what the state keeps is in fractions of the area, so a
// design keeps its layout when the product (and with it the area) changes.

import { placeImage, type Rect, type Size, type TextLayout } from "./designLayout";
import { IMAGE_WIDTH_BOUNDS, TEXT_SIZE, type ImageBox, type TextOffset } from "./designState";

/** An arrow key moves a layer 1% of the area (10% with Shift). */
export const KEY_MOVE_STEP = { small: 0.01, large: 0.1 } as const;
/** + and − make the image 5% larger or smaller, and the text 2 px. */
export const KEY_RESIZE = { imageFactor: 1.05, textStep: 2 } as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The text block's bounding box (its lines' extents, its top and bottom). */
export function textBlockBox(layout: TextLayout): Rect | null {
  if (layout.lines.every((line) => line.text === "")) return null;
  let left = Infinity;
  let right = -Infinity;
  for (const line of layout.lines) {
    if (line.text === "") continue;
    const start = layout.textAlign === "left" ? line.x : layout.textAlign === "right" ? line.x - line.width : line.x - line.width / 2;
    left = Math.min(left, start);
    right = Math.max(right, start + line.width);
  }
  return { x: left, y: layout.top, width: right - left, height: layout.bottom - layout.top };
}

/**
 * The offset kept within bounds: the text block's centre stays inside the area, so some of the
 * text always stays on the print (what leaves the area is clipped, as it would be printed).
 */
export function clampTextOffset(layout: TextLayout, offset: TextOffset, area: Size): TextOffset {
  const box = textBlockBox(layout);
  if (!box) return { x: 0, y: 0 };
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return {
    x: clamp(cx + offset.x * area.width, 0, area.width) / area.width - cx / area.width,
    y: clamp(cy + offset.y * area.height, 0, area.height) / area.height - cy / area.height,
  };
}

/** The text laid out where the shopper dragged it (the layout from `layoutText`, shifted by the offset). */
export function offsetText(layout: TextLayout, offset: TextOffset | null, area: Size): TextLayout {
  if (!offset) return layout;
  const { x, y } = clampTextOffset(layout, offset, area);
  const dx = x * area.width;
  const dy = y * area.height;
  if (dx === 0 && dy === 0) return layout;
  return { ...layout, top: layout.top + dy, bottom: layout.bottom + dy, lines: layout.lines.map((line) => ({ ...line, x: line.x + dx, y: line.y + dy })) };
}

/**
 * The text dragged by (dx, dy) canvas units from where it is drawn (`drawn`, with `offset` applied),
 * as the offset to keep; its centre stays inside the area.
 */
export function moveText(drawn: TextLayout, offset: TextOffset | null, dx: number, dy: number, area: Size): TextOffset {
  const current = offset ?? { x: 0, y: 0 };
  const box = textBlockBox(drawn);
  if (!box) return current;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const nx = clamp(cx + dx, 0, area.width);
  const ny = clamp(cy + dy, 0, area.height);
  return { x: current.x + (nx - cx) / area.width, y: current.y + (ny - cy) / area.height };
}

/** The text size after resizing by `factor`, within spec §5's 12–72. */
export function resizeText(textSize: number, factor: number): number {
  return clamp(Math.round(textSize * factor), TEXT_SIZE.min, TEXT_SIZE.max);
}

/** The box kept within bounds: its width from 5% to 200% of the area's, its centre inside the area. */
export function clampImageBox(box: ImageBox): ImageBox {
  return { x: clamp(box.x, 0, 1), y: clamp(box.y, 0, 1), width: clamp(box.width, IMAGE_WIDTH_BOUNDS.min, IMAGE_WIDTH_BOUNDS.max) };
}

/**
 * Where the image is drawn in the area: where the shopper put it, or its starting place (spec §9:
 * a meme 60%, an uploaded image 80% of the area's width, centred).
 */
export function imageRect(natural: Size, startFraction: number, box: ImageBox | null, area: Size): Rect | null {
  if (!box) return placeImage(natural.width, natural.height, startFraction, area);
  if (!(natural.width > 0) || !(natural.height > 0)) return null;
  const { x, y, width: fraction } = clampImageBox(box);
  const width = fraction * area.width;
  const height = (width * natural.height) / natural.width;
  return { x: x * area.width - width / 2, y: y * area.height - height / 2, width, height };
}

/** The box a drawn rectangle is kept as. */
export function imageBoxOf(rect: Rect, area: Size): ImageBox {
  return clampImageBox({ x: (rect.x + rect.width / 2) / area.width, y: (rect.y + rect.height / 2) / area.height, width: rect.width / area.width });
}

/** The image dragged by (dx, dy) canvas units. */
export function moveImage(rect: Rect, dx: number, dy: number, area: Size): ImageBox {
  return imageBoxOf({ ...rect, x: rect.x + dx, y: rect.y + dy }, area);
}

/** The image made `factor` times as wide, about its centre. */
export function resizeImage(rect: Rect, factor: number, area: Size): ImageBox {
  const width = rect.width * factor;
  const height = rect.height * factor;
  return imageBoxOf({ x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width, height }, area);
}

/**
 * How much a corner handle dragged by (dx, dy) resizes a box of `size` about its centre: the drag
 * projected on the box's diagonal, doubled (the opposite corner moves too), as a factor.
 */
export function handleFactor(size: Size, dx: number, dy: number): number {
  const diagonal = Math.hypot(size.width, size.height);
  if (!(diagonal > 0)) return 1;
  const along = (dx * size.width + dy * size.height) / diagonal;
  return Math.max(0.01, 1 + (2 * along) / diagonal);
}
