// The design as image files: the 600×600 preview (Download, and the line's picture in the cart,
// the order and the emails) and the print file (the print area at its print resolution), each drawn
// on a canvas of its own from the same composed scene.

import { CANVAS_SIZE } from "./designLayout";
import { drawPreview, drawPrint, type Scene } from "./drawDesign";

/** The gateway takes a print file of at most 50 MB (docs/api.md "Designs"). */
const MAX_PRINT_FILE_BYTES = 50 * 1024 * 1024;
/** spec §9: the download's name. */
const DOWNLOAD_FILE_NAME = "custom-design.png";

function canvasOf(width: number, height = width): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw the design (no 2D canvas).");
  return { canvas, ctx };
}

function toBlob(canvas: HTMLCanvasElement, type: "image/png" | "image/jpeg", quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The design could not be turned into an image."))), type, quality);
  });
}

/** The preview as shown in the studio: the blank with the design in its print area (or the design on its background colour). */
export async function renderPreview(scene: Scene): Promise<Blob> {
  const { canvas, ctx } = canvasOf(CANVAS_SIZE);
  drawPreview(ctx, scene);
  return toBlob(canvas, "image/png");
}

/**
 * The print file: exactly what the print area shows (the image and the text, not the blank) at the
 * product's print resolution, as a PNG with a transparent ground, which is what garment printers
 * take. A design on its own background colour is opaque: should its PNG be over the gateway's
 * 50 MB, it goes as a JPEG (the same pixels, far smaller). A transparent one cannot (JPEG would
 * print a white rectangle on the garment): it is refused with a message instead.
 */
export async function renderPrintFile(scene: Scene): Promise<Blob> {
  const { width, height } = scene.stage.print;
  const { canvas, ctx } = canvasOf(width, height);
  drawPrint(ctx, scene);
  const png = await toBlob(canvas, "image/png");
  if (png.size <= MAX_PRINT_FILE_BYTES) return png;
  if (scene.background) {
    for (const quality of [0.92, 0.8]) {
      const jpeg = await toBlob(canvas, "image/jpeg", quality);
      if (jpeg.size <= MAX_PRINT_FILE_BYTES) return jpeg;
    }
  }
  throw new Error("The print file is larger than 50 MB. Please try a smaller or simpler image.");
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
