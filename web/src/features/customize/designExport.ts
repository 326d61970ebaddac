// The design as image files: the 600×600 preview (Download, and the cart's thumbnail) and the
// 3600×3600 print file, each drawn on a canvas of its own from the same design state.

import { CANVAS_SIZE, PRINT_SCALE } from "./designLayout";
import type { DesignState } from "./designState";
import { drawDesign, type DesignArtwork } from "./drawDesign";

/** The gateway takes images of at most 10 MB (docs/api.md "Designs"). */
const MAX_DESIGN_FILE_BYTES = 10 * 1024 * 1024;
/** spec §9: the download's name. */
const DOWNLOAD_FILE_NAME = "custom-design.png";

function canvasOf(pixels: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement("canvas");
  canvas.width = pixels;
  canvas.height = pixels;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw the design (no 2D canvas).");
  return { canvas, ctx };
}

function toBlob(canvas: HTMLCanvasElement, type: "image/png" | "image/jpeg", quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The design could not be turned into an image."))), type, quality);
  });
}

/** The preview as shown in the studio: the design on the product (or the background colour). */
export async function renderPreview(state: DesignState, artwork: DesignArtwork): Promise<Blob> {
  const { canvas, ctx } = canvasOf(CANVAS_SIZE);
  drawDesign(ctx, state, artwork, { scale: 1, mockup: true });
  return toBlob(canvas, "image/png");
}

/**
 * The print file: the design alone (the image and the text, no product) six times the preview's
 * size, as a PNG with a transparent ground, which is what garment printers take. A photo can make
 * that PNG larger than the gateway's 10 MB; then it is sent as a JPEG on white instead (JPEG has
 * no transparency), which is far smaller at the same size.
 */
export async function renderPrintFile(state: DesignState, artwork: DesignArtwork): Promise<Blob> {
  const size = CANVAS_SIZE * PRINT_SCALE;
  const { canvas, ctx } = canvasOf(size);
  drawDesign(ctx, state, artwork, { scale: PRINT_SCALE, mockup: false });
  const png = await toBlob(canvas, "image/png");
  if (png.size <= MAX_DESIGN_FILE_BYTES) return png;

  const flat = canvasOf(size);
  flat.ctx.fillStyle = "#ffffff";
  flat.ctx.fillRect(0, 0, size, size);
  flat.ctx.drawImage(canvas, 0, 0);
  for (const quality of [0.92, 0.8]) {
    const jpeg = await toBlob(flat.canvas, "image/jpeg", quality);
    if (jpeg.size <= MAX_DESIGN_FILE_BYTES) return jpeg;
  }
  throw new Error("The print file is larger than 10 MB. Please try a simpler image.");
}

/** Saves `blob` through the browser's download (spec §9: custom-design.png). */
export function saveFile(blob: Blob, fileName = DOWNLOAD_FILE_NAME): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the address after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
