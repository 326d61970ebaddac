import type { ImageSource } from "../db/schema.js";
import { DomainError, invalidInput } from "../shared/errors.js";
import { checkImage, resizedCopies, type CheckedImage, type CheckedImageType } from "../media/image-check.service.js";
import { contentAddressedPath, contentHash } from "../media/media-paths.js";
import type { NewMediaFile } from "../media/media.service.js";

// An image staff upload to the catalog (a product's gallery, a collection's picture): checked by the
// one image check, resized once into WebP widths for srcset, and named by its content.

/** An upload's bytes, at most (the REST adapters stop reading beyond it). */
export const MAX_CATALOG_IMAGE_BYTES = 20 * 1024 * 1024;
/** The widths made of every upload for `srcset` (WebP), never wider than the original. */
export const CATALOG_IMAGE_WIDTHS = [320, 640, 960, 1600] as const;
/** The original is kept at most this large on its longest side (50 megapixels fit unless very long and thin). */
const MAX_ORIGINAL_SIDE = 8000;
/** What the shop takes, by content: no GIF (animation has no place in the catalog), SVG or others. */
const CATALOG_IMAGE_TYPES: readonly CheckedImageType[] = ["image/jpeg", "image/png", "image/webp"];
const TYPE_NAMES: Record<CheckedImageType, string> = { "image/jpeg": "JPEG", "image/png": "PNG", "image/webp": "WebP" };

/** An upload ready to keep: its path and sizes, and the files to store in media. */
export interface PreparedCatalogImage {
  path: string;
  width: number;
  height: number;
  sources: ImageSource[];
  files: NewMediaFile[];
  /** "1200 × 800 JPEG", for the audit log. */
  description: string;
}

/** How an upload is kept: at most `maxSide` pixels on its longest side, and these WebP widths made of it. */
interface CatalogImageSizes {
  maxSide: number;
  widths: readonly number[];
}

/**
 * Checks an upload and makes its sizes, to be kept below /media/{folder}; a refusal names why
 * (field `image`). By default the original is kept up to 8000 px and the srcset widths are made.
 */
export async function prepareCatalogImage(data: Buffer, folder: string, sizes: CatalogImageSizes = { maxSide: MAX_ORIGINAL_SIDE, widths: CATALOG_IMAGE_WIDTHS }): Promise<PreparedCatalogImage> {
  const original = await checkedCatalogImage(data, sizes.maxSide);
  const copies = await resizedCopies(original, sizes.widths);
  const hash = contentHash(data);
  const path = contentAddressedPath(folder, hash, original.contentType);
  const sources: ImageSource[] = copies.map((copy) => ({ path: contentAddressedPath(folder, hash, copy.contentType, copy.width), width: copy.width, contentType: copy.contentType }));
  return {
    path,
    width: original.width,
    height: original.height,
    sources,
    files: [
      { path, contentType: original.contentType, body: original.body },
      ...copies.map((copy, i) => ({ path: sources[i]!.path, contentType: copy.contentType, body: copy.body })),
    ],
    description: `${original.width} × ${original.height} ${TYPE_NAMES[original.contentType]}`,
  };
}

/**
 * A catalog upload (a product's, a collection's or a meme's image) as kept: within the byte limit,
 * JPEG, PNG or WebP by content, decoded whole by the one image check, at most 50 megapixels, and at
 * most `maxSide` pixels on its longest side; a refusal names the field `image`.
 */
export async function checkedCatalogImage(data: Buffer, maxSide = MAX_ORIGINAL_SIDE): Promise<CheckedImage<CheckedImageType>> {
  if (data.length > MAX_CATALOG_IMAGE_BYTES) throw new DomainError("TOO_LARGE", "image is larger than 20 MB", "image");
  const result = await checkImage(data, { maxSide, types: CATALOG_IMAGE_TYPES });
  if (result.ok) return result.image;
  if (result.refusal === "too-many-pixels") throw new DomainError("TOO_LARGE", "image is larger than 50 megapixels", "image");
  if (result.refusal === "wrong-type") throw invalidInput("image", "image must be a JPEG, PNG or WebP image");
  throw invalidInput("image", "image does not decode as a whole JPEG, PNG or WebP image (it is truncated or corrupt)");
}
