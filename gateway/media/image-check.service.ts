import sharp from "sharp";

/** Images larger than this (width × height, as the header declares) are refused before any pixel is decoded. */
const MAX_IMAGE_PIXELS = 50_000_000;

type CheckedImageType = "image/png" | "image/jpeg";

/** An image that decoded whole, as it is kept: re-encoded, oriented, without metadata, within the size asked. */
export interface CheckedImage {
  contentType: CheckedImageType;
  width: number;
  height: number;
  body: Buffer;
}

/** Why an upload is not an image the shop keeps. */
type ImageRefusal =
  /** Not a PNG or JPEG by its bytes, or it does not decode whole (truncated, no image data, corrupt). */
  | "not-an-image"
  /** Its header declares more than MAX_IMAGE_PIXELS. */
  | "too-many-pixels";

export type ImageCheck = { ok: true; image: CheckedImage } | { ok: false; refusal: ImageRefusal };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

/** The type by the file's first bytes: only PNG and JPEG reach the decoder (never SVG, TIFF, HEIF…). */
function typeByContent(data: Buffer): CheckedImageType | null {
  if (data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return "image/png";
  if (data.subarray(0, JPEG_START.length).equals(JPEG_START)) return "image/jpeg";
  return null;
}

/**
 * The one check every uploaded image goes through (designs now, catalog images later): PNG or JPEG
 * by content, at most MAX_IMAGE_PIXELS by its header, and decoded in full by sharp (libvips), with
 * `failOn: "error"` so truncated or corrupt data is refused while harmless decoder warnings are not.
 * What is kept is always a new encoding of the decoded pixels: turned upright by its EXIF
 * orientation, shrunk to at most `maxSide` pixels on its longest side (never enlarged), and
 * without the upload's metadata (EXIF with GPS positions, XMP, comments), which sharp writes only
 * when asked to. Decoding runs on libuv's thread pool, not on the event loop.
 */
export async function checkImage(data: Buffer, options: { maxSide: number }): Promise<ImageCheck> {
  const contentType = typeByContent(data);
  if (!contentType) return { ok: false, refusal: "not-an-image" };
  const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;
  // The header alone, read without the pixel limit so a refusal can say what was too large.
  const declared = await sharp(data, { ...input, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!declared) return { ok: false, refusal: "not-an-image" };
  const expected = contentType === "image/png" ? "png" : "jpeg";
  if (declared.format !== expected || !declared.width || !declared.height) return { ok: false, refusal: "not-an-image" };
  if (declared.width * declared.height > MAX_IMAGE_PIXELS) return { ok: false, refusal: "too-many-pixels" };
  try {
    const pipeline = sharp(data, input)
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: "inside", withoutEnlargement: true });
    const encoded = contentType === "image/png" ? pipeline.png() : pipeline.jpeg({ quality: 92, chromaSubsampling: "4:4:4" });
    const { data: body, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, image: { contentType, width: info.width, height: info.height, body } };
  } catch {
    return { ok: false, refusal: "not-an-image" };
  }
}
