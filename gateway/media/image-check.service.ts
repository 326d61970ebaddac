import sharp from "sharp";

/** Images larger than this (width × height, as the header declares) are refused before any pixel is decoded. */
const MAX_IMAGE_PIXELS = 50_000_000;

export type CheckedImageType = "image/png" | "image/jpeg" | "image/webp";

type PngOrJpeg = "image/png" | "image/jpeg";
/** What the check takes unless told otherwise (designs): PNG and JPEG. */
const PNG_OR_JPEG: readonly PngOrJpeg[] = ["image/png", "image/jpeg"];

/** An image that decoded whole, as it is kept: re-encoded, oriented, without metadata, within the size asked. */
export interface CheckedImage<T extends CheckedImageType = PngOrJpeg> {
  contentType: T;
  width: number;
  height: number;
  body: Buffer;
}

/** Why an upload is not an image the shop keeps. */
type ImageRefusal =
  /** By its bytes, not one of the types asked for (another format, or no image at all). */
  | "wrong-type"
  /** One of the types asked for by its first bytes, but it does not decode whole (truncated, no image data, corrupt). */
  | "not-an-image"
  /** Its header declares more than MAX_IMAGE_PIXELS. */
  | "too-many-pixels";

export type ImageCheck<T extends CheckedImageType = PngOrJpeg> = { ok: true; image: CheckedImage<T> } | { ok: false; refusal: ImageRefusal };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);
const SHARP_FORMATS: Record<CheckedImageType, "png" | "jpeg" | "webp"> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp" };

/** The type by the file's first bytes: only PNG, JPEG and WebP reach the decoder (never SVG, TIFF, HEIF, GIF…). */
function typeByContent(data: Buffer): CheckedImageType | null {
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return "image/png";
  if (data.subarray(0, JPEG_START.length).equals(JPEG_START)) return "image/jpeg";
  // A RIFF container whose form type is WEBP.
  if (data.length >= 12 && data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * The one check every uploaded image goes through (designs, catalog images): one of `types` (PNG or
 * JPEG unless told; catalog images may be WebP too) by content, at most MAX_IMAGE_PIXELS by its
 * header, and decoded in full by sharp (libvips), with
 * `failOn: "error"` so truncated or corrupt data is refused while harmless decoder warnings are not.
 * What is kept is always a new encoding of the decoded pixels: turned upright by its EXIF
 * orientation, shrunk to at most `maxSide` pixels on its longest side (never enlarged), and
 * without the upload's metadata (EXIF with GPS positions, XMP, comments), which sharp writes only
 * when asked to (an animated WebP keeps its first frame). Decoding runs on libuv's thread pool, not on
 * the event loop.
 */
export async function checkImage<T extends CheckedImageType = PngOrJpeg>(data: Buffer, options: { maxSide: number; types?: readonly T[] }): Promise<ImageCheck<T>> {
  const found = typeByContent(data);
  const types: readonly CheckedImageType[] = options.types ?? PNG_OR_JPEG;
  if (!found || !types.includes(found)) return { ok: false, refusal: "wrong-type" };
  const contentType = found as T;
  const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;
  // The header alone, read without the pixel limit so a refusal can say what was too large.
  const declared = await sharp(data, { ...input, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!declared) return { ok: false, refusal: "not-an-image" };
  if (declared.format !== SHARP_FORMATS[contentType] || !declared.width || !declared.height) return { ok: false, refusal: "not-an-image" };
  if (declared.width * declared.height > MAX_IMAGE_PIXELS) return { ok: false, refusal: "too-many-pixels" };
  try {
    const pipeline = sharp(data, input)
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: "inside", withoutEnlargement: true });
    const encoded =
      contentType === "image/png" ? pipeline.png() : contentType === "image/webp" ? pipeline.webp({ quality: 92 }) : pipeline.jpeg({ quality: 92, chromaSubsampling: "4:4:4" });
    const { data: body, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, image: { contentType, width: info.width, height: info.height, body } };
  } catch {
    return { ok: false, refusal: "not-an-image" };
  }
}

/** One narrower copy of a checked image. */
export interface ResizedCopy {
  width: number;
  height: number;
  contentType: "image/webp";
  body: Buffer;
}

/**
 * Narrower copies of an image the check kept (upright and without metadata already), for `srcset`:
 * WebP at each of `widths` narrower than the image, and one at the image's own width when it is
 * narrower than the widest asked (never enlarged), narrowest first. Made once, when it is uploaded.
 */
export async function resizedCopies(image: CheckedImage<CheckedImageType>, widths: readonly number[]): Promise<ResizedCopy[]> {
  const widest = Math.max(...widths);
  const wanted = [...new Set([...widths.filter((w) => w < image.width), ...(image.width < widest ? [image.width] : [])])].sort((a, b) => a - b);
  if (wanted.length === 0) return [];
  // Decoded once, at the widest width wanted; every copy is made from those pixels.
  const { data: pixels, info } = await sharp(image.body, { failOn: "error" })
    .resize({ width: wanted.at(-1), withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const copies: ResizedCopy[] = [];
  for (const width of wanted) {
    const { data: body, info: made } = await sharp(pixels, raw).resize({ width }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    copies.push({ width: made.width, height: made.height, contentType: "image/webp", body });
  }
  return copies;
}
