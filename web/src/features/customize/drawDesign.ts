// Draws a design on a 2D canvas context: the preview (backdrop + design, 600×600) and the print
// file (the design alone, ×6). Geometry comes from designLayout.ts; this file only issues the calls.

import type { DesignState } from "./designState";
import {
  CANVAS_SIZE,
  IMAGE_WIDTH_FRACTION,
  TEXT_OUTLINE_WIDTH,
  layoutText,
  outlineColorFor,
  placeBackdrop,
  placeImage,
  type ImageKind,
  type TextLayout,
} from "./designLayout";

/** The part of CanvasRenderingContext2D a design needs (so tests can pass a recording stub). */
export type DrawingContext = Pick<
  CanvasRenderingContext2D,
  | "save"
  | "restore"
  | "setTransform"
  | "clearRect"
  | "fillRect"
  | "drawImage"
  | "fillText"
  | "strokeText"
  | "measureText"
  | "font"
  | "fillStyle"
  | "strokeStyle"
  | "lineWidth"
  | "lineJoin"
  | "miterLimit"
  | "textAlign"
  | "textBaseline"
  | "imageSmoothingEnabled"
  | "imageSmoothingQuality"
>;

/** An image ready to draw, with the size it has on its own (SVGs: their width/height attributes). */
export interface LoadedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
}

export interface DesignArtwork {
  /** The chosen product's photo (the mock-up); null when no product is chosen or it has not loaded. */
  backdrop: LoadedImage | null;
  /** The meme or the shopper's own image. */
  image: (LoadedImage & { kind: ImageKind }) | null;
}

interface DrawOptions {
  /** Output pixels per design unit: 1 for the 600×600 preview, 6 for the 3600×3600 print file. */
  scale: number;
  /**
   * The preview shows the design on the product (or on the background colour while no product is
   * chosen). The print file is the design alone: the image and the text on a transparent ground.
   */
  mockup: boolean;
}

function drawText(ctx: DrawingContext, layout: TextLayout, textColor: string) {
  ctx.font = layout.font;
  ctx.textAlign = layout.textAlign;
  ctx.textBaseline = "middle";
  // The outline is stroked first so the fill covers its inner half: the letters keep their shape.
  ctx.lineWidth = TEXT_OUTLINE_WIDTH;
  ctx.lineJoin = "round";
  ctx.miterLimit = 2;
  ctx.strokeStyle = outlineColorFor(textColor);
  ctx.fillStyle = textColor;
  for (const line of layout.lines) {
    if (line.text === "") continue;
    ctx.strokeText(line.text, line.x, line.y);
    ctx.fillText(line.text, line.x, line.y);
  }
}

/** The text's layout as `ctx` measures it (the same at every scale: measuring ignores the transform). */
export function measureLayout(ctx: DrawingContext, state: DesignState): TextLayout {
  return layoutText(state, (text, font) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  });
}

/**
 * Draws `state` on `ctx`, whose canvas is CANVAS_SIZE × scale pixels square. Everything is laid out
 * in 600-unit design space and scaled by the transform, so the print file is the preview's design
 * exactly, six times larger.
 */
export function drawDesign(ctx: DrawingContext, state: DesignState, artwork: DesignArtwork, { scale, mockup }: DrawOptions): TextLayout {
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.clearRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";

  if (mockup) {
    ctx.fillStyle = state.backgroundColor;
    ctx.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
    const backdrop = artwork.backdrop && placeBackdrop(artwork.backdrop.width, artwork.backdrop.height);
    if (artwork.backdrop && backdrop) ctx.drawImage(artwork.backdrop.source, backdrop.x, backdrop.y, backdrop.width, backdrop.height);
  }

  const image = artwork.image;
  const placed = image && placeImage(image.width, image.height, IMAGE_WIDTH_FRACTION[image.kind]);
  if (image && placed) ctx.drawImage(image.source, placed.x, placed.y, placed.width, placed.height);

  const layout = measureLayout(ctx, state);
  drawText(ctx, layout, state.textColor);
  ctx.restore();
  return layout;
}
