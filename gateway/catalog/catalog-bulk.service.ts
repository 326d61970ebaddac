import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { Actor } from "../shared/actor.js";
import { DomainError, invalidInput } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { formatMoney } from "../shared/money.js";
import type { ProductStatus } from "./catalog.records.js";
import { productsTouched } from "./catalog.changes.js";
import type { CatalogWriter } from "./catalog.writer.js";
import type { CatalogBulkRepository } from "./catalog-bulk.repository.js";
import type { BulkPlan, BulkProductRecord, BulkSelection, PlannedProduct } from "./catalog-bulk.records.js";
import { MAX_BULK_PRODUCTS, changedPrices, describeChange, newPricesProblem, type PriceChange } from "./catalog-bulk.rules.js";
import { variantLackingPartnerId } from "./product-admin.service.js";

export interface CatalogBulkOptions {
  /** FULFILLMENT_PARTNER=printful: publishing needs every variant's Printful id, as saving one product does. */
  requirePartnerVariantIds: boolean;
  /** The most products one change takes (MAX_BULK_PRODUCTS; smaller in tests of the cap). */
  maxProducts?: number;
}

/** A bulk change applied: how many products and variants it changed. */
export interface BulkResult {
  productCount: number;
  variantCount: number;
  products: PlannedProduct[];
}

/** At most this many products are named in a refusal's message; the rest are counted. */
const NAMED_IN_REFUSAL = 10;

const STATUS_WORDS: Record<ProductStatus, string> = { ACTIVE: "published", ARCHIVED: "archived", DRAFT: "made drafts" };

/**
 * Changes across many products at once: prices by a percentage or to an amount, and publishing or
 * archiving. A change is first previewed (what each variant would cost, what would be refused, and a
 * fingerprint of what was read), then applied with that fingerprint: in one catalog write (one
 * transaction, the selected products locked, one audit entry naming every product changed, one
 * announcement), recomputed from the prices as they are then, and refused whole, changing nothing,
 * when any product would be refused or the selection or its prices are no longer what was previewed.
 */
export class CatalogBulkService {
  private readonly maxProducts: number;

  constructor(
    private readonly repository: CatalogBulkRepository,
    private readonly writer: CatalogWriter,
    private readonly options: CatalogBulkOptions,
  ) {
    this.maxProducts = options.maxProducts ?? MAX_BULK_PRODUCTS;
  }

  previewPrices(selection: BulkSelection, change: PriceChange): Promise<BulkPlan> {
    return this.repository.snapshot(async (trx) => this.pricePlan(await this.repository.withVariants(await this.selectedIds(selection, trx), trx), change));
  }

  async changePrices(selection: BulkSelection, change: PriceChange, fingerprint: string, actor: Actor): Promise<BulkResult> {
    return this.apply(selection, fingerprint, actor, (products) => this.pricePlan(products, change), async (plan, trx) => {
      const rows = plan.flatMap((p) => p.variants.filter((v) => v.after.priceCents !== v.before.priceCents || v.after.compareAtCents !== v.before.compareAtCents).map((v) => ({ id: v.id, ...v.after })));
      await this.repository.setPrices(rows, trx);
      return {
        variantCount: rows.length,
        audit: {
          action: "products_bulk_price_changed",
          details: `Prices ${describeChange(change)} on ${count(plan.length, "product")}: ${plan.map(describePrices).join("; ")}`,
        },
      };
    });
  }

  previewStatus(selection: BulkSelection, status: ProductStatus): Promise<BulkPlan> {
    return this.repository.snapshot(async (trx) => this.statusPlan(await this.repository.withVariants(await this.selectedIds(selection, trx), trx), status));
  }

  async changeStatus(selection: BulkSelection, status: ProductStatus, fingerprint: string, actor: Actor): Promise<BulkResult> {
    return this.apply(selection, fingerprint, actor, (products) => this.statusPlan(products, status), async (plan, trx) => {
      await this.repository.setStatus(
        plan.map((p) => p.id),
        status,
        trx,
      );
      return {
        variantCount: 0,
        audit: {
          action: "products_bulk_status_changed",
          details: `${count(plan.length, "product")} ${STATUS_WORDS[status]}: ${plan.map((p) => `${describe(p)} ${p.status} → ${status}`).join("; ")}`,
        },
      };
    });
  }

  /**
   * The one way a bulk change is written: the selection found again and locked, its plan made from
   * what is there now and compared with the preview's fingerprint, refused whole when any product
   * is, then written with the derived columns of every changed product, audited and announced once.
   */
  private async apply(
    selection: BulkSelection,
    fingerprint: string,
    actor: Actor,
    planOf: (products: BulkProductRecord[]) => BulkPlan,
    write: (changed: PlannedProduct[], trx: Transaction<Database>) => Promise<{ variantCount: number; audit: { action: string; details: string } }>,
  ): Promise<BulkResult> {
    return this.writer.write(actor, async (trx) => {
      const ids = await this.selectedIds(selection, trx);
      if (ids.length === 0) throw invalidInput("selection", "No product is selected");
      await this.repository.lock(ids, trx);
      const plan = planOf(await this.repository.withVariants(ids, trx));
      if (plan.fingerprint !== fingerprint) {
        throw new DomainError("CONFLICT", "The selected products or their prices changed since the preview: preview the change again", "fingerprint");
      }
      const refused = plan.products.filter((p) => p.refusal !== null);
      if (refused.length > 0) throw refusal(refused);
      const changed = plan.products.filter((p) => p.changes);
      if (changed.length === 0) return { result: { productCount: 0, variantCount: 0, products: [] }, audit: null };
      const done = await write(changed, trx);
      await this.writer.refreshDerivedOf(
        changed.map((p) => p.id),
        trx,
      );
      return {
        result: { productCount: changed.length, variantCount: done.variantCount, products: changed },
        audit: done.audit,
        touched: productsTouched(changed.map((p) => p.id)),
      };
    });
  }

  /** The ids the selection finds, refused when it names what is not there or holds more than a change takes. */
  private async selectedIds(selection: BulkSelection, trx: Transaction<Database>): Promise<string[]> {
    if (selection.kind === "products") {
      const unknown = selection.productIds.filter((id) => !isUuid(id));
      if (unknown.length > 0) throw invalidInput("selection.productIds", `No product has the id "${unknown[0]}"`);
    }
    if (selection.kind === "collection" && (!isUuid(selection.collectionId) || !(await this.repository.collectionExists(selection.collectionId, trx)))) {
      throw invalidInput("selection.collectionId", "No collection has this id");
    }
    const ids = await this.repository.selectedIds(selection, this.maxProducts + 1, trx);
    if (ids.length > this.maxProducts) {
      throw new DomainError(
        "TOO_LARGE",
        `The selection holds more than ${this.maxProducts.toLocaleString("en-US")} products, the most one bulk change takes: narrow the search or choose fewer products`,
        "selection",
      );
    }
    if (selection.kind === "products" && ids.length < new Set(selection.productIds).size) {
      const found = new Set(ids);
      throw invalidInput("selection.productIds", `No product has the id "${selection.productIds.find((id) => !found.has(id))}"`);
    }
    return ids;
  }

  private pricePlan(products: BulkProductRecord[], change: PriceChange): BulkPlan {
    const planned = products.map((product): PlannedProduct => {
      const variants = product.variants.map((v) => ({ id: v.id, title: v.title, before: { priceCents: v.priceCents, compareAtCents: v.compareAtCents }, after: changedPrices(v, change) }));
      const problem = variants.map((v) => newPricesProblem(v.title, v.after)).find((p) => p !== null) ?? null;
      return {
        ...summary(product),
        changes: variants.some((v) => v.after.priceCents !== v.before.priceCents || v.after.compareAtCents !== v.before.compareAtCents),
        refusal: problem,
        variants,
      };
    });
    const read = products.map((p) => `${p.id}|${p.variants.map((v) => `${v.id}:${v.priceCents}:${v.compareAtCents ?? ""}`).join(",")}`);
    return { fingerprint: fingerprintOf(`price:${change.kind}:${change.kind === "amount" ? change.cents : change.hundredths}`, read), products: planned };
  }

  private statusPlan(products: BulkProductRecord[], status: ProductStatus): BulkPlan {
    const planned = products.map((product): PlannedProduct => {
      const lacking = status === "ACTIVE" && product.status !== "ACTIVE" && this.options.requirePartnerVariantIds ? variantLackingPartnerId(product.variants) : -1;
      return {
        ...summary(product),
        changes: product.status !== status,
        refusal: lacking >= 0 ? `The shop prints with Printful: ${product.variants[lacking]!.title} needs its Printful variant id before the product can be active` : null,
        variants: [],
      };
    });
    const read = products.map((p) => `${p.id}|${p.status}|${p.variants.map((v) => `${v.id}:${v.partnerVariantId ?? ""}`).join(",")}`);
    return { fingerprint: fingerprintOf(`status:${status}`, read), products: planned };
  }
}

function summary(product: BulkProductRecord) {
  return { id: product.id, handle: product.handle, title: product.title, status: product.status };
}

/** A short, stable digest of what a plan was made from: the change and every product's state it reads. */
function fingerprintOf(change: string, read: string[]): string {
  const hash = createHash("sha256").update(change);
  for (const line of read) hash.update("\n").update(line);
  return hash.digest("base64url").slice(0, 32);
}

function refusal(refused: PlannedProduct[]): DomainError {
  const named = refused.slice(0, NAMED_IN_REFUSAL).map((p) => `${describe(p)}: ${p.refusal}`);
  const more = refused.length > NAMED_IN_REFUSAL ? `; and ${count(refused.length - NAMED_IN_REFUSAL, "more product")}` : "";
  return invalidInput("selection", `Nothing was changed: ${count(refused.length, "product")} would be refused. ${named.join("; ")}${more}`);
}

function describe(product: { title: string; handle: string }): string {
  return `"${product.title}" (${product.handle})`;
}

const count = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

/** "$24.99–$26.50" (one price when they are all equal). */
function range(prices: number[]): string {
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatMoney(low) : `${formatMoney(low)}–${formatMoney(high)}`;
}

/** A product in the audit entry of a price change: its handle and its price range before and after. */
function describePrices(product: PlannedProduct): string {
  return `${describe(product)} ${range(product.variants.map((v) => v.before.priceCents))} → ${range(product.variants.map((v) => v.after.priceCents))}`;
}
