import type { Request } from "express";
import { DomainError, invalidInput } from "../shared/errors.js";

// A CSV file sent as a request's body (an import's upload): its type checked, its size bounded
// before it is read (Content-Length) and while it is read.

const CSV_TYPES = new Set(["text/csv", "application/csv", "text/plain", "application/vnd.ms-excel"]);

/** The body's bytes; refused (400) when it is not sent as CSV, or (413) when over `maxBytes`. */
export async function readCsvBody(req: Request, maxBytes: number): Promise<Buffer> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!CSV_TYPES.has(type)) throw invalidInput("body", "Send the file as the body, with Content-Type text/csv");
  const tooLarge = () => new DomainError("TOO_LARGE", `The file is larger than ${maxBytes / (1024 * 1024)} MB`);
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      req.unpipe();
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
