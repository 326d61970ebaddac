import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { DomainError, invalidInput } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import { checkImage, type CheckedImage } from "../media/image-check.service.js";
import type { DesignRepository } from "./design.repository.js";
import type { DesignFileKind, DesignRecord } from "./design.records.js";
import { MAX_RECORDED_DPI, printWarningFor } from "./print-quality.js";

/** Per uploaded preview (spec §5: images only, at most 10 MB). */
export const MAX_DESIGN_FILE_BYTES = 10 * 1024 * 1024;
/**
 * The print file may be larger: it is the print area at 300 DPI (up to 16 megapixels) as a PNG with
 * a transparent ground, which a photo makes tens of megabytes; sending it flattened (JPEG) would
 * print a white rectangle on a coloured garment.
 */
export const MAX_PRINT_FILE_BYTES = 50 * 1024 * 1024;
const MAX_BYTES = { preview: MAX_DESIGN_FILE_BYTES, print: MAX_PRINT_FILE_BYTES } as const;

/** "10 MB", for the refusals. */
export const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;
/**
 * A design's images are kept at most this large on their longest side: the largest print file, a
 * print area's longest side (at most 20 inches, docs/catalog.md) at 300 DPI.
 */
const MAX_DESIGN_SIDE = 6000;
export const MAX_DESIGN_STATE_BYTES = 8 * 1024;
/** Uploads per client address per hour, against filling the database. */
const DESIGN_UPLOADS_PER_HOUR = 120;
const DESIGN_ID = /^[A-Za-z0-9_-]{22,64}$/;
const isDesignId = (id: string) => DESIGN_ID.test(id);

/**
 * The resolution the studio measured for the design's uploaded picture (state.printDpi): a whole
 * number of pixels per inch from 1 to MAX_RECORDED_DPI, or null when left out or null (a design
 * without an uploaded picture). Anything else refuses the upload.
 */
function recordedPrintDpi(state: Record<string, unknown>): number | null {
  const value = state.printDpi;
  if (value === undefined || value === null) return null;
  if (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_RECORDED_DPI) return value;
  throw invalidInput("state", `state.printDpi must be a whole number from 1 to ${MAX_RECORDED_DPI}, or null`);
}

/** A product's print file size in pixels (its print area at 300 DPI); null when it has no print area. The catalog answers it. */
export type PrintFileSizeOf = (productId: string) => Promise<{ width: number; height: number } | null>;

/** Which of these designs an order still prints from, read in the caller's transaction. */
export type DesignsStillNeeded = (designIds: readonly string[], trx: Transaction<Database>) => Promise<Set<string>>;

/** An upload as DesignUploadInput checked it: a preview, maybe a print file, and state that is a JSON object when given. */
export interface DesignUpload {
  preview: Buffer;
  print?: Buffer | null;
  state?: string | null;
}

/** Custom designs: checked by content, stored whole or not at all, served by unguessable id. */
export class DesignService {
  constructor(
    private readonly repository: DesignRepository,
    private readonly limiter: RateLimiter,
    private readonly printFileSizeOf: PrintFileSizeOf,
  ) {}

  /**
   * The image as kept: at most 10 MB and 50 megapixels, a PNG or JPEG that decodes whole, re-encoded
   * without its metadata and at most 6000 px on its longest side (media/image-check.service.ts).
   */
  private async checkImage(data: Buffer, field: "preview" | "print"): Promise<CheckedImage> {
    if (data.length > MAX_BYTES[field]) throw new DomainError("TOO_LARGE", `${field} image is larger than ${megabytes(MAX_BYTES[field])}`, field);
    const checked = await checkImage(data, { maxSide: MAX_DESIGN_SIDE });
    if (checked.ok) return checked.image;
    if (checked.refusal === "too-many-pixels") throw new DomainError("TOO_LARGE", `${field} image is larger than 50 megapixels`, field);
    throw invalidInput(field, `${field} must be a PNG or JPEG image`);
  }

  /**
   * The print file defaults to the preview when the client sends only one image. Uploads are
   * limited per client, each counted before its images are decoded (the costly part), refused or not.
   * The state's printDpi is recorded with the design, for the print-quality warning its lines carry.
   */
  async create(upload: DesignUpload, customerId: string | null, clientKey: string): Promise<DesignRecord> {
    await this.limiter.take(`design-upload:addr:${clientKey}`, DESIGN_UPLOADS_PER_HOUR, 3600);
    const state = upload.state ? (JSON.parse(upload.state) as Record<string, unknown>) : {};
    const printDpi = recordedPrintDpi(state);
    const preview = await this.checkImage(upload.preview, "preview");
    const print = upload.print ? await this.checkImage(upload.print, "print") : preview;
    await this.checkPrintSize(state, print);

    const id = randomBytes(18).toString("base64url");
    await this.repository.insert({ id, customerId, preview, print, state, printDpi });
    return (await this.repository.findByIds([id]))[0]!;
  }

  /**
   * A design for a product with a print area is printed at exactly that area's size: a print file of
   * another size (a studio opened before staff changed the area, or another client) is refused rather
   * than stretched or cropped by the printer.
   */
  private async checkPrintSize(state: Record<string, unknown>, print: CheckedImage): Promise<void> {
    if (typeof state.productId !== "string" || !isUuid(state.productId)) return;
    const size = await this.printFileSizeOf(state.productId);
    if (!size || (size.width === print.width && size.height === print.height)) return;
    throw invalidInput(
      "print",
      `print must be ${size.width} × ${size.height} pixels, the product's print area at 300 DPI (it is ${print.width} × ${print.height}; if the studio was open while the product changed, reload it)`,
    );
  }

  /** Which of these ids name an uploaded design, read in the caller's transaction (a cart change's). */
  async existingIds(ids: string[], trx: Transaction<Database>): Promise<Set<string>> {
    return new Set((await this.repository.findByIdsInTransaction(ids.filter(isDesignId), trx)).map((d) => d.id));
  }

  /** The account's designs, oldest first. */
  listForCustomer(customerId: string): Promise<DesignRecord[]> {
    return this.repository.findByCustomer(customerId);
  }

  /**
   * The account is being deleted (in its transaction): its designs go, except those an order still
   * prints from (`stillNeeded`), which stay without an owner until `sweepOwnerDeleted` finds them
   * needed no more. Answers how many went and how many stay.
   */
  async removeForDeletedAccountInTransaction(customerId: string, stillNeeded: DesignsStillNeeded, at: Date, trx: Transaction<Database>): Promise<{ deleted: number; kept: number }> {
    const ids = await this.repository.lockIdsOfCustomer(customerId, trx);
    const needed = await stillNeeded(ids, trx);
    const kept = ids.filter((id) => needed.has(id));
    await this.repository.deleteByIds(
      ids.filter((id) => !needed.has(id)),
      trx,
    );
    await this.repository.markOwnerDeleted(kept, at, trx);
    return { deleted: ids.length - kept.length, kept: kept.length };
  }

  /** The sweep, in the caller's transaction: a deleted account's designs that no order needs any more go. Answers how many. */
  async sweepOwnerDeletedInTransaction(stillNeeded: DesignsStillNeeded, trx: Transaction<Database>): Promise<number> {
    const ids = await this.repository.lockOwnerDeleted(trx);
    const needed = await stillNeeded(ids, trx);
    const gone = ids.filter((id) => !needed.has(id));
    await this.repository.deleteByIds(gone, trx);
    return gone.length;
  }

  /** The designs these ids name (ids that name none, or are not design ids, are left out): one read for a page of lines. */
  findMany(ids: readonly string[]): Promise<DesignRecord[]> {
    return this.repository.findByIds([...new Set(ids.filter(isDesignId))]);
  }

  /** The print-quality warning of each of these designs that has one, by design id (one read for all the lines of a page). */
  async printWarnings(ids: readonly string[]): Promise<Map<string, string>> {
    const warnings = new Map<string, string>();
    for (const design of await this.findMany(ids)) {
      const warning = printWarningFor(design.printDpi);
      if (warning !== null) warnings.set(design.id, warning);
    }
    return warnings;
  }

  async find(id: string): Promise<DesignRecord | null> {
    return isDesignId(id) ? ((await this.repository.findByIds([id]))[0] ?? null) : null;
  }

  async file(id: string, kind: DesignFileKind) {
    return DESIGN_ID.test(id) ? this.repository.findFile(id, kind) : null;
  }
}
