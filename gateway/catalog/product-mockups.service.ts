import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { PRINT_DPI } from "../designs/print-quality.js";
import type { MediaService } from "../media/media.service.js";
import type { Actor } from "../shared/actor.js";
import { invalidInput, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { prepareCatalogImage } from "./catalog-image.js";
import { productsTouched } from "./catalog.changes.js";
import type { CatalogWriter } from "./catalog.writer.js";
import type { ProductAdminRepository } from "./product-admin.repository.js";
import type { AdminMockupRecord, AdminProductRecord } from "./product-admin.records.js";
import type { ProductMockupsRepository } from "./product-mockups.repository.js";
import { colorOf, isColorOption, NO_COLOR, printFileSize, type PrintAreaRecord } from "./product-mockups.records.js";

/** A print area's side in inches: at least, at most. */
export const MIN_PRINT_INCHES = 1;
export const MAX_PRINT_INCHES = 20;
/** A print area's rectangle is more than this fraction of the mock-up on each side. */
export const MIN_PRINT_FRACTION = 0.02;
/** The print file (the print area at PRINT_DPI) holds at most this many pixels: what a phone's canvas still holds. */
export const MAX_PRINT_PIXELS = 16_000_000;
/** A blank is kept at most this large on its longest side: the studio draws it whole on a phone's canvas. */
export const MAX_MOCKUP_SIDE = 2000;
/** Below /media: where uploaded blanks are kept. */
const MEDIA_FOLDER = "mockups";
/** Sums of fractions (0.7 + 0.3) may land a hair past 1 in floating point. */
const LEEWAY = 1e-9;

/** A blank as the edge checked it: the file's bytes and the colour named (trimmed; empty for none). */
export interface MockupUpload {
  image: Buffer;
  color: string;
}

/** An upload's answer: the product as saved, the blank, and whether it is new (not a replacement). */
export interface MockupChange {
  product: AdminProductRecord;
  mockup: AdminMockupRecord;
  created: boolean;
}

const noProduct = () => notFound("No product with this id");

function describe(product: { title: string; handle: string }): string {
  return `"${product.title}" (${product.handle})`;
}

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(2))}%`;

function describeArea(area: PrintAreaRecord): string {
  const file = printFileSize(area);
  return (
    `at ${percent(area.x)}, ${percent(area.y)}, ${percent(area.width)} × ${percent(area.height)} of the mock-up, ` +
    `${area.widthInches} × ${area.heightInches} in (${file.width} × ${file.height} px at ${PRINT_DPI} DPI)`
  );
}

const sameArea = (a: PrintAreaRecord | null, b: PrintAreaRecord | null) =>
  a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.widthInches === b.widthInches && a.heightInches === b.heightInches);

/** A side in inches: 1 to 20, at most two decimals. */
function checkInches(value: number, field: string): void {
  if (!Number.isFinite(value) || value < MIN_PRINT_INCHES || value > MAX_PRINT_INCHES) {
    throw invalidInput(field, `${field} must be between ${MIN_PRINT_INCHES} and ${MAX_PRINT_INCHES} inches`);
  }
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw invalidInput(field, `${field} may have at most two decimals (hundredths of an inch)`);
}

/**
 * A print area as staff give it, judged: its rectangle lies within the mock-up, each side more than
 * 2 % of it; each printed side 1 to 20 inches; and the print file, the print area at 300 DPI, at
 * most 16 megapixels. A refusal names the field (`printArea.widthInches`) and why.
 */
function checkedPrintArea(area: PrintAreaRecord): PrintAreaRecord {
  const field = (name: keyof PrintAreaRecord) => `printArea.${name}`;
  for (const [name, edge] of [
    ["x", "left"],
    ["y", "top"],
  ] as const) {
    if (!Number.isFinite(area[name]) || area[name] < 0) throw invalidInput(field(name), `${field(name)} must be 0 or more: the print area's ${edge} edge lies within the mock-up`);
  }
  for (const name of ["width", "height"] as const) {
    if (!Number.isFinite(area[name]) || area[name] <= MIN_PRINT_FRACTION) {
      throw invalidInput(field(name), `${field(name)} must be more than ${MIN_PRINT_FRACTION} (${MIN_PRINT_FRACTION * 100}% of the mock-up's ${name})`);
    }
  }
  if (area.x + area.width > 1 + LEEWAY) throw invalidInput(field("width"), `The print area runs past the mock-up's right edge: x + width must be at most 1 (it is ${Number((area.x + area.width).toFixed(6))})`);
  if (area.y + area.height > 1 + LEEWAY) throw invalidInput(field("height"), `The print area runs past the mock-up's bottom edge: y + height must be at most 1 (it is ${Number((area.y + area.height).toFixed(6))})`);
  checkInches(area.widthInches, field("widthInches"));
  checkInches(area.heightInches, field("heightInches"));
  const file = printFileSize(area);
  if (file.width * file.height > MAX_PRINT_PIXELS) {
    const count = (n: number) => n.toLocaleString("en-US");
    throw invalidInput(
      "printArea",
      `At ${PRINT_DPI} DPI the print file would be ${file.width} × ${file.height} px (${count(file.width * file.height)} pixels), more than the ${count(MAX_PRINT_PIXELS)} (${MAX_PRINT_PIXELS / 1_000_000} megapixels) a phone's canvas can hold: make the print area smaller in inches`,
    );
  }
  return {
    x: area.x,
    y: area.y,
    width: area.width,
    height: area.height,
    widthInches: Math.round(area.widthInches * 100) / 100,
    heightInches: Math.round(area.heightInches * 100) / 100,
  };
}

/**
 * What the design studio prints on, on the shop's side: a product's print area, and its blank
 * mock-ups (one per value of its Color option, or one for a product without one). Blanks are checked
 * by the one image check (JPEG, PNG or WebP, decoded whole), kept at most 2000 px on their longest
 * side and content-addressed in media. Every change goes through the catalog writer: one
 * transaction with its audit entry, the product's updated_at bumped, one announcement after commit.
 */
export class ProductMockupsService {
  constructor(
    private readonly mockups: ProductMockupsRepository,
    private readonly products: ProductAdminRepository,
    private readonly media: MediaService,
    private readonly mediaInUse: (paths: readonly string[], trx: Transaction<Database>) => Promise<Set<string>>,
    private readonly writer: CatalogWriter,
  ) {}

  /** Sets the product's print area (checked by checkedPrintArea), or removes it (null). */
  async setPrintArea(productId: string, area: PrintAreaRecord | null, actor: Actor): Promise<AdminProductRecord> {
    if (!isUuid(productId)) throw noProduct();
    const checked = area === null ? null : checkedPrintArea(area);
    return this.writer.write(actor, async (trx) => {
      const current = await this.lockedProduct(productId, trx);
      if (sameArea(current.printArea, checked)) return { result: current, audit: null };
      await this.mockups.setPrintArea(productId, checked, trx);
      await this.writer.refreshDerived(productId, trx);
      const details = checked
        ? `${describe(current)}: print area set ${describeArea(checked)}${current.printArea ? ` (was ${describeArea(current.printArea)})` : ""}`
        : `${describe(current)}: print area removed (was ${describeArea(current.printArea!)})`;
      return { result: await this.productIn(productId, trx), audit: { action: checked ? "product_print_area_set" : "product_print_area_removed", details }, touched: productsTouched([productId]) };
    });
  }

  /**
   * Sets the product's blank of one colour: `color` names a value of its Color option (in any case),
   * or is empty for a product without one. A blank the colour had is replaced, and its file removed
   * from media unless something else still shows it.
   */
  async upload(productId: string, upload: MockupUpload, actor: Actor): Promise<MockupChange> {
    if (!isUuid(productId) || !(await this.mockups.productExists(productId))) throw noProduct();
    const prepared = await prepareCatalogImage(upload.image, MEDIA_FOLDER, { maxSide: MAX_MOCKUP_SIDE, widths: [] });
    return this.writer.write(actor, async (trx) => {
      const product = await this.lockedProduct(productId, trx);
      const color = this.colorToKeep(product, upload.color);
      const before = await this.mockups.findMockup(productId, color, trx);
      await this.media.storeInTransaction(prepared.files, trx);
      await this.mockups.putMockup(productId, { color, path: prepared.path, width: prepared.width, height: prepared.height }, trx);
      if (before && before.path !== prepared.path) await this.release(before.path, trx);
      await this.writer.refreshDerived(productId, trx);
      const saved = await this.productIn(productId, trx);
      const mockup = saved.mockups.find((m) => m.color === colorOf(color))!;
      const which = color === NO_COLOR ? "blank" : `blank for ${color}`;
      return {
        result: { product: saved, mockup, created: before === null },
        audit: { action: "product_mockup_set", details: `${describe(product)}: ${which} ${before ? "replaced" : "added"} (${prepared.description})` },
        touched: productsTouched([productId]),
      };
    });
  }

  /** Removes the product's blank of one colour (null: the blank of a product without a Color option); its file goes unless something else shows it. */
  async delete(productId: string, color: string | null, actor: Actor): Promise<AdminProductRecord> {
    if (!isUuid(productId)) throw noProduct();
    const stored = color?.trim() || NO_COLOR;
    return this.writer.write(actor, async (trx) => {
      const product = await this.lockedProduct(productId, trx);
      const mockup = await this.mockups.findMockup(productId, stored, trx);
      if (!mockup) throw notFound(stored === NO_COLOR ? "The product has no blank without a colour" : `The product has no blank for "${stored}"`);
      await this.mockups.removeMockup(productId, stored, trx);
      await this.release(mockup.path, trx);
      await this.writer.refreshDerived(productId, trx);
      const which = stored === NO_COLOR ? "blank" : `blank for ${stored}`;
      return { result: await this.productIn(productId, trx), audit: { action: "product_mockup_deleted", details: `${describe(product)}: ${which} deleted` }, touched: productsTouched([productId]) };
    });
  }

  /** The colour a blank is kept under: the Color value named (as the option spells it), or '' for a product without a Color option. */
  private colorToKeep(product: AdminProductRecord, named: string): string {
    const values = product.options.find((o) => isColorOption(o.name))?.values ?? null;
    if (values === null) {
      if (named !== "") throw invalidInput("color", `This product has no Color option, so it has one blank: leave color out (it was "${named}")`);
      return NO_COLOR;
    }
    if (named === "") throw invalidInput("color", `color is required: one of the product's colours (${values.join(", ")})`);
    const value = values.find((v) => v.toLowerCase() === named.toLowerCase());
    if (!value) throw invalidInput("color", `"${named}" is not one of the product's colours (${values.join(", ")})`);
    return value;
  }

  private async release(path: string, trx: Transaction<Database>): Promise<void> {
    await this.media.releaseInTransaction([path], (paths) => this.mediaInUse(paths, trx), trx);
  }

  /** Locks the product's row (its editors take turns) and reads it as it is now. */
  private async lockedProduct(productId: string, trx: Transaction<Database>): Promise<AdminProductRecord> {
    if (!(await this.products.lockProduct(productId, trx))) throw noProduct();
    return this.productIn(productId, trx);
  }

  private async productIn(productId: string, trx: Transaction<Database>): Promise<AdminProductRecord> {
    return (await this.products.findInTransaction(productId, trx))!;
  }
}
