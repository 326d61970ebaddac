// Recognises PNG and JPEG by their content, not their name: the signature, the dimensions decoded
// from the header, and the end marker (a truncated file is refused).

export interface ImageInfo {
  contentType: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const MAX_DIMENSION = 10_000;

function probePng(data: Buffer): ImageInfo | null {
  if (data.length < 8 + 25 + PNG_IEND.length || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  // The first chunk must be IHDR (length 13).
  if (data.readUInt32BE(8) !== 13 || data.toString("latin1", 12, 16) !== "IHDR") return null;
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  if (!data.subarray(data.length - PNG_IEND.length).equals(PNG_IEND)) return null;
  return { contentType: "image/png", width, height };
}

// JPEG start-of-frame markers that carry the dimensions (not DHT C4, JPG C8, DAC CC).
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function probeJpeg(data: Buffer): ImageInfo | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data[2] !== 0xff) return null;
  if (data[data.length - 2] !== 0xff || data[data.length - 1] !== 0xd9) return null;
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > data.length) return null;
    if (SOF_MARKERS.has(marker)) {
      if (length < 7) return null;
      const height = data.readUInt16BE(offset + 5);
      const width = data.readUInt16BE(offset + 7);
      return { contentType: "image/jpeg", width, height };
    }
    if (marker === 0xda) return null; // scan data before any frame header
    offset += 2 + length;
  }
  return null;
}

/** The image's type and size, or null when the bytes are not a whole PNG or JPEG of sane dimensions. */
export function probeImage(data: Buffer): ImageInfo | null {
  const info = probePng(data) ?? probeJpeg(data);
  if (!info) return null;
  if (info.width < 1 || info.height < 1 || info.width > MAX_DIMENSION || info.height > MAX_DIMENSION) return null;
  return info;
}
