import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGBA PNG of the given size filled with one colour. */
export function makePng(width: number, height: number, rgba: [number, number, number, number] = [200, 30, 30, 255]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgba).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real JPEG of the given size (sharp), of one colour unless told otherwise. */
export function makeJpeg(width: number, height: number, background = { r: 30, g: 90, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
}

/** A PNG whose header declares `width` × `height` but whose image data is only a little compressed nothing. */
export function pngDeclaring(width: number, height: number, dataBytes: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([PNG_SIGNATURE, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.alloc(dataBytes), { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

/** A PNG with a header and an end but no image data at all (no IDAT). */
export function pngWithoutImageData(width: number, height: number): Buffer {
  const png = makePng(width, height);
  const ihdrEnd = 8 + 12 + 13;
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk("IEND", Buffer.alloc(0))]);
}
