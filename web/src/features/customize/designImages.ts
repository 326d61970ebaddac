// Loading the pictures a design is drawn from, and checking the shopper's own image (spec §5:
// images only, at most 10 MB, and it must actually decode). Images are same-origin
// (/media/…) or data: URLs, which the gateway's CSP (img-src 'self' data: blob:) allows and which
// leave the canvas exportable.

import type { LoadedImage } from "./drawDesign";

/** An uploaded image over 10 MB is refused. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const cache = new Map<string, Promise<LoadedImage>>();
const CACHE_LIMIT = 40;

function decode(url: string): Promise<LoadedImage> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = "async";
    image.onload = () => {
      // An SVG without width/height has no size of its own: draw it as a square.
      const width = image.naturalWidth || 600;
      const height = image.naturalHeight || (image.naturalWidth ? image.naturalWidth : 600);
      resolve({ source: image, width, height });
    };
    image.onerror = () => reject(new Error(`The image ${url.startsWith("data:") ? "you chose" : url} could not be loaded`));
    image.src = url;
  });
}

/** The image at `url`, loaded once and shared by the preview, the download and the print file. */
export function loadImage(url: string): Promise<LoadedImage> {
  const cached = cache.get(url);
  if (cached) return cached;
  const loading = decode(url);
  cache.set(url, loading);
  loading.catch(() => cache.delete(url));
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return loading;
}

type ImageFileProblem = "not-an-image" | "too-large" | "unreadable";

type ImageFileResult = { ok: true; dataUrl: string; name: string } | { ok: false; problem: ImageFileProblem };

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("unreadable")));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}

/**
 * A file the shopper picked, as a data URL the canvas can draw, or why it is refused: not an image
 * by its type (the file picker's accept="image/*" is only a hint), over 10 MB, or not decodable as
 * an image (a renamed file, a truncated download, a format this browser cannot read).
 */
export async function readImageFile(file: File): Promise<ImageFileResult> {
  if (!file.type.startsWith("image/")) return { ok: false, problem: "not-an-image" };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, problem: "too-large" };
  try {
    const dataUrl = await readAsDataUrl(file);
    await loadImage(dataUrl);
    return { ok: true, dataUrl, name: file.name };
  } catch {
    return { ok: false, problem: "unreadable" };
  }
}

/** The toast for a refused file. */
export function imageFileProblemMessage(problem: ImageFileProblem): { title: string; description: string } {
  switch (problem) {
    case "too-large":
      return { title: "Image too large", description: "Please choose an image of at most 10 MB." };
    case "not-an-image":
      return { title: "Images only", description: "That file is not an image. Please choose a PNG, JPEG, GIF, WebP or SVG image." };
    case "unreadable":
      return { title: "Unreadable image", description: "That file could not be read as an image. Please choose another one." };
  }
}
