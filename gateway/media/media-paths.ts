import { createHash } from "node:crypto";

// Uploaded images are stored content-addressed: the path names a hash of the uploaded bytes, so a
// new image is a new address, and what an address serves never changes (cached for a year,
// immutable). The seed's artwork keeps its own names and the usual day of caching.

/** How much of the SHA-256 (hex) a path keeps: 128 bits. */
const HASH_LENGTH = 32;
const EXTENSIONS = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" } as const;

type StoredImageType = keyof typeof EXTENSIONS;

/** The hash an upload's paths are named by. */
export function contentHash(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, HASH_LENGTH);
}

/**
 * Where one file made of an upload is kept, below /media: `{folder}/{hash}.{ext}` for the original
 * as kept, `{folder}/{hash}-{width}.{ext}` for a copy `width` pixels wide.
 */
export function contentAddressedPath(folder: string, hash: string, contentType: StoredImageType, width: number | null = null): string {
  return `${folder}/${hash}${width === null ? "" : `-${width}`}.${EXTENSIONS[contentType]}`;
}

const CONTENT_ADDRESSED = new RegExp(`^[a-z0-9-]+/[0-9a-f]{${HASH_LENGTH}}(-\\d{1,5})?\\.(png|jpg|webp)$`);

/** Whether a media path is content-addressed (what it serves never changes). */
export function isContentAddressed(path: string): boolean {
  return CONTENT_ADDRESSED.test(path);
}
