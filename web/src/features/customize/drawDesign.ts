// Draws a design on a 2D canvas context. A design is first composed into a scene (the stage and its
// layers, laid out once), then drawn as the preview (the blank with the design in its print area,
// 600×600) or as the print file (exactly the print area, at its print resolution). Geometry comes
// from designLayout.ts, designLayers.ts and studioStage.ts; this file only issues the calls.

import type { DesignState, TextOffset } from "./designState";
import { CANVAS_SIZE, IMAGE_WIDTH_FRACTION, TEXT_OUTLINE_WIDTH, layoutText, outlineColorFor, type ImageKind, type Rect, type TextLayout } from "./designLayout";
import { clampTextOffset, imageRect, offsetText } from "./designLayers";
import type { Stage } from "./studioStage";

/** The part of CanvasRenderingContext2D a design needs (so tests can pass a recording stub). */
export type DrawingContext = Pick<
  CanvasRenderingContext2D,
  | "save"
  | "restore"
  | "setTransform"
  | "translate"
  | "beginPath"
  | "rect"
  | "clip"
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
  /** The chosen product's blank mock-up in the chosen colour; null when there is none or it has not loaded. */
  blank: LoadedImage | null;
  /** The meme or the shopper's own image. */
  image: (LoadedImage & { kind: ImageKind }) | null;
}

/** A design laid out on its stage: everything the preview and the print file draw. */
export interface Scene {
  stage: Stage;
  blank: LoadedImage | null;
  /** The colour filling the design area: spec §3's background, while no product's print area is used (a garment's own colour is its ground). */
  background: string | null;
  /** The image and where it is, in area coordinates. */
  image: { source: CanvasImageSource; kind: ImageKind; naturalWidth: number; naturalHeight: number; rect: Rect } | null;
  /** The text, in area coordinates, where it was placed or dragged. */
  text: TextLayout;
  /** Where the text was dragged as drawn (kept within bounds); null at its place. A drag continues from here. */
  textOffset: TextOffset | null;
  textColor: string;
}

/** Where a blank-less print area sits: a light ground, so the outline and the design read on it. */
const NO_BLANK_GROUND = "#f4f4f5";

/** Lays `state` out on `stage` with the pictures in `artwork`. */
export function composeScene(measureWith: Pick<DrawingContext, "font" | "measureText">, state: DesignState, artwork: DesignArtwork, stage: Stage): Scene {
  const picture = artwork.image;
  const rect = picture && imageRect(picture, IMAGE_WIDTH_FRACTION[picture.kind], state.imageBox, stage.area);
  // Measured as drawn at every scale (measuring ignores the transform).
  const base = layoutText(
    state,
    (text, font) => {
      measureWith.font = font;
      return measureWith.measureText(text).width;
    },
    stage.area,
  );
  const textOffset = state.textOffset && clampTextOffset(base, state.textOffset, stage.area);
  return {
    stage,
    blank: artwork.blank,
    // The background is the design's ground only on the plain canvas: a blank is its own ground.
    background: stage.inches || stage.mockup ? null : state.backgroundColor,
    image: picture && rect ? { source: picture.source, kind: picture.kind, naturalWidth: picture.width, naturalHeight: picture.height, rect } : null,
    text: offsetText(base, textOffset, stage.area),
    textOffset,
    textColor: state.textColor,
  };
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

/** The design area's content, in area coordinates, clipped to the area: what is printed. */
function drawLayers(ctx: DrawingContext, scene: Scene) {
  const { width, height } = scene.stage.area;
  ctx.beginPath();
  ctx.rect(0, 0, width, height);
  ctx.clip();
  if (scene.background) {
    ctx.fillStyle = scene.background;
    ctx.fillRect(0, 0, width, height);
  }
  if (scene.image) {
    const { source, rect } = scene.image;
    ctx.drawImage(source, rect.x, rect.y, rect.width, rect.height);
  }
  drawText(ctx, scene.text, scene.textColor);
}

function begin(ctx: DrawingContext, scale: number, width: number, height: number) {
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
}

/** The preview on a CANVAS_SIZE-square canvas: the blank, and the design in its print area (clipped to it). */
export function drawPreview(ctx: DrawingContext, scene: Scene): void {
  begin(ctx, 1, CANVAS_SIZE, CANVAS_SIZE);
  const { stage } = scene;
  if (scene.blank && stage.mockup) {
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
    ctx.drawImage(scene.blank.source, stage.mockup.x, stage.mockup.y, stage.mockup.width, stage.mockup.height);
  } else if (stage.inches) {
    ctx.fillStyle = NO_BLANK_GROUND;
    ctx.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  }
  ctx.translate(stage.area.x, stage.area.y);
  drawLayers(ctx, scene);
  ctx.restore();
}

/** The print file on a canvas of `scene.stage.print` pixels: exactly the design area, scaled up, without the blank. */
export function drawPrint(ctx: DrawingContext, scene: Scene): void {
  const { area, print } = scene.stage;
  const scale = print.width / area.width;
  begin(ctx, scale, area.width, area.height);
  drawLayers(ctx, scene);
  ctx.restore();
}
