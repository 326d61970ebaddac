import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { Actor } from "../shared/actor.js";
import { DomainError, invalidInput, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { formatMoney } from "../shared/money.js";
import { toPage, type Page } from "../shared/paging.js";
import { productsTouched } from "./catalog.changes.js";
import type { CatalogWriter } from "./catalog.writer.js";
import { sanitizeDescriptionHtml } from "./description-html.js";
import { freeHandle, handleFromTitle } from "./handles.js";
import type { ProductAdminRepository, ProductRowValues, VariantRowValues } from "./product-admin.repository.js";
import type { AdminProductRecord, AdminProductSummary, OptionInputRecord, ProductFields, ProductWrite, VariantInputRecord } from "./product-admin.records.js";
import type { ProductStatus } from "./catalog.records.js";

/** The title of the one variant of a product without options (as Shopify names it). */
const DEFAULT_VARIANT_TITLE = "Default Title";
const ADMIN_PRODUCT_PAGE_SIZE = 20;

export interface ProductAdminOptions {
  /** FULFILLMENT_PARTNER=printful: an ACTIVE product's variants must each have the partner's variant id. */
  requirePartnerVariantIds: boolean;
}

const conflict = (field: string, message: string) => new DomainError("CONFLICT", message, field);

/** What the variant's values are called: "S / Black", or "Default Title" without options. */
function variantTitle(values: string[]): string {
  return values.length === 0 ? DEFAULT_VARIANT_TITLE : values.join(" / ");
}

/**
 * Staff's products: the rules of a product, its options and variants, applied inside the catalog
 * writer's transaction (so a refusal leaves everything as it was, and a change is announced once).
 */
export class ProductAdminService {
  constructor(
    private readonly repository: ProductAdminRepository,
    private readonly writer: CatalogWriter,
    private readonly options: ProductAdminOptions,
  ) {}

  async list(input: { search?: string | null; status?: ProductStatus | null; page?: number; pageSize?: number }): Promise<Page<AdminProductSummary>> {
    const request = { page: input.page ?? 1, pageSize: input.pageSize ?? ADMIN_PRODUCT_PAGE_SIZE };
    const { items, totalCount } = await this.repository.list({
      search: input.search?.trim() || null,
      status: input.status ?? null,
      offset: (request.page - 1) * request.pageSize,
      limit: request.pageSize,
    });
    return toPage(items, request, totalCount);
  }

  find(id: string): Promise<AdminProductRecord | null> {
    return isUuid(id) ? this.repository.find(id) : Promise.resolve(null);
  }

  async create(input: ProductWrite & { title: string }, actor: Actor): Promise<AdminProductRecord> {
    return this.writer.write(actor, async (trx) => {
      const product = await this.applyCreate(trx, input);
      return { result: product, audit: { action: "product_created", details: `${describe(product)}: created as ${product.status}` }, touched: productsTouched([product.id]) };
    });
  }

  async update(id: string, input: ProductWrite, actor: Actor): Promise<AdminProductRecord> {
    return this.writer.write(actor, async (trx) => {
      const product = await this.applyUpdate(trx, id, input);
      const changed = Object.keys(input).filter((k) => input[k as keyof ProductWrite] !== undefined);
      return { result: product, audit: { action: "product_updated", details: `${describe(product)}: ${changed.join(", ") || "saved"}` }, touched: productsTouched([id]) };
    });
  }

  /**
   * Creates a product inside a transaction a caller owns (create's own, or a whole import's): every
   * rule of a product, its options and variants applies; a refusal throws and the caller's
   * transaction decides what is rolled back. The caller audits and announces.
   */
  async applyCreate(trx: Transaction<Database>, input: ProductWrite & { title: string }): Promise<AdminProductRecord> {
    if (!input.variants || input.variants.length === 0) throw invalidInput("variants", "A product needs at least one variant (its price)");
    const handle = input.handle ?? (await this.freeHandle(handleFromTitle(input.title, "product"), trx));
    await this.claimHandle(handle, null, trx);
    const row: ProductRowValues = {
      handle,
      title: input.title,
      description_html: sanitizeDescriptionHtml(input.descriptionHtml ?? ""),
      status: input.status ?? "DRAFT",
      tags: input.tags ?? [],
      product_type: input.productType ?? "",
      seo_title: input.seoTitle ?? "",
      seo_description: input.seoDescription ?? "",
      fulfillment_partner: input.fulfillmentPartner ?? "",
      customizable: input.customizable ?? false,
    };
    const id = await this.repository.insertProduct(row, trx);
    const options = input.options ?? [];
    this.checkOptions(options);
    await this.repository.replaceOptions(id, options, trx);
    await this.setVariants(id, options, input.variants, trx);
    await this.writer.refreshDerived(id, trx);
    return this.checkedResult(id, trx);
  }

  /** Changes a product inside a transaction a caller owns (update's own, or a whole import's), as applyCreate. */
  async applyUpdate(trx: Transaction<Database>, id: string, input: ProductWrite): Promise<AdminProductRecord> {
    if (!isUuid(id)) throw notFound("No product with this id");
    if (input.options && !input.variants) throw invalidInput("variants", "Changing the options needs the variants too: each variant names one value of every option");
    const current = await this.repository.lockProduct(id, trx);
    if (!current) throw notFound("No product with this id");
    const row = this.rowChanges(input);
    if (input.handle !== undefined && input.handle !== current.handle) {
      await this.claimHandle(input.handle, id, trx);
      await this.repository.moveHandle(id, current.handle, input.handle, trx);
    }
    await this.repository.updateProduct(id, row, trx);
    if (input.variants) {
      const options = input.options ?? (await this.repository.optionsOf(id, trx));
      this.checkOptions(options);
      if (input.options) await this.repository.replaceOptions(id, options, trx);
      await this.setVariants(id, options, input.variants, trx);
    }
    await this.writer.refreshDerived(id, trx);
    return this.checkedResult(id, trx);
  }

  /** Deletes a product; one that was sold or sits in a cart is archived instead (answered with archived: true). */
  async delete(id: string, actor: Actor): Promise<{ deletedProductId: string | null; archived: AdminProductRecord | null }> {
    if (!isUuid(id)) throw notFound("No product with this id");
    return this.writer.write<{ deletedProductId: string | null; archived: AdminProductRecord | null }>(actor, async (trx) => {
      const current = await this.repository.lockProduct(id, trx);
      if (!current) throw notFound("No product with this id");
      const inUse = (await this.repository.productSold(id, trx)) || (await this.repository.offeredVariants(id, trx)).some((v) => v.inUse);
      if (inUse) {
        await this.repository.updateProduct(id, { status: "ARCHIVED" }, trx);
        await this.writer.refreshDerived(id, trx);
        const product = (await this.repository.findInTransaction(id, trx))!;
        return {
          result: { deletedProductId: null, archived: product },
          audit: { action: "product_archived", details: `${describe(product)}: archived instead of deleted (it is on orders or in carts)` },
          touched: productsTouched([id]),
        };
      }
      await this.repository.deleteProduct(id, trx);
      // Every page that showed it names it: its collections' pages among them.
      return { result: { deletedProductId: id, archived: null }, audit: { action: "product_deleted", details: `"${current.title}" (${current.handle}): deleted` }, touched: productsTouched([id]) };
    });
  }

  private rowChanges(input: ProductFields): Partial<ProductRowValues> {
    const row: Partial<ProductRowValues> = {};
    if (input.title !== undefined) row.title = input.title;
    if (input.handle !== undefined) row.handle = input.handle;
    if (input.descriptionHtml !== undefined) row.description_html = sanitizeDescriptionHtml(input.descriptionHtml);
    if (input.status !== undefined) row.status = input.status;
    if (input.tags !== undefined) row.tags = input.tags;
    if (input.productType !== undefined) row.product_type = input.productType;
    if (input.seoTitle !== undefined) row.seo_title = input.seoTitle;
    if (input.seoDescription !== undefined) row.seo_description = input.seoDescription;
    if (input.fulfillmentPartner !== undefined) row.fulfillment_partner = input.fulfillmentPartner;
    if (input.customizable !== undefined) row.customizable = input.customizable;
    return row;
  }

  /** A handle made from a title, with -2, -3… when another product has it. */
  private freeHandle(base: string, trx: Transaction<Database>): Promise<string> {
    return freeHandle(base, async (candidate) => Boolean((await this.repository.handleOwner(candidate, trx))?.current));
  }

  /** `handle` becomes this product's: refused when another product has it now; taken over when one had it before. */
  private async claimHandle(handle: string, productId: string | null, trx: Transaction<Database>): Promise<void> {
    const owner = await this.repository.handleOwner(handle, trx);
    if (!owner || owner.productId === productId) return;
    if (owner.current) throw conflict("handle", `Another product already has the handle "${handle}"`);
    await this.repository.dropRedirect(handle, trx);
  }

  private checkOptions(options: OptionInputRecord[]): void {
    const names = new Set<string>();
    for (const [i, option] of options.entries()) {
      const key = option.name.toLowerCase();
      if (names.has(key)) throw invalidInput(`options.${i}.name`, `Two options are both called "${option.name}"`);
      names.add(key);
      const values = new Set<string>();
      for (const value of option.values) {
        if (values.has(value.toLowerCase())) throw invalidInput(`options.${i}.values`, `The option "${option.name}" lists "${value}" twice`);
        values.add(value.toLowerCase());
      }
    }
  }

  /** The product's variants become exactly `variants`: listed ids kept and changed, new ones added, the rest removed. */
  private async setVariants(productId: string, options: OptionInputRecord[], variants: VariantInputRecord[], trx: Transaction<Database>): Promise<void> {
    if (variants.length === 0) throw invalidInput("variants", "A product needs at least one variant (its price)");
    if (options.length === 0 && variants.length > 1) throw invalidInput("variants", "A product without options has one variant; add an option (such as Size) to offer more");
    const offered = await this.repository.offeredVariants(productId, trx);
    const offeredIds = new Set(offered.map((v) => v.id));
    const images = await this.repository.imageIdsOf(productId, trx);
    const titles = new Map<string, number>();
    const skus = new Map<string, number>();
    const rows: { id: string | null; values: VariantRowValues; partnerVariantId: string | null }[] = [];
    for (const [i, variant] of variants.entries()) {
      const at = `variants.${i}`;
      if (variant.id && !offeredIds.has(variant.id)) throw invalidInput(`${at}.id`, "This variant is not one of the product's");
      if (variant.id && rows.some((r) => r.id === variant.id)) throw invalidInput(`${at}.id`, "This variant is listed twice");
      if (variant.optionValues.length !== options.length) {
        throw invalidInput(`${at}.optionValues`, options.length === 0 ? "A product without options takes no option values" : `Give one value for each option: ${options.map((o) => o.name).join(", ")}`);
      }
      for (const [j, value] of variant.optionValues.entries()) {
        if (!options[j]!.values.includes(value)) throw invalidInput(`${at}.optionValues`, `"${value}" is not a value of the option "${options[j]!.name}"`);
      }
      const title = variantTitle(variant.optionValues);
      if (titles.has(title)) throw invalidInput(`${at}.optionValues`, `Two variants are both ${title}`);
      titles.set(title, i);
      if (variant.compareAtCents !== null && variant.compareAtCents <= variant.priceCents) {
        throw invalidInput(`${at}.compareAtPrice`, `The compare-at price must be more than the price (${formatMoney(variant.priceCents)}), or left empty`);
      }
      if (variant.sku) {
        if (skus.has(variant.sku)) throw conflict(`${at}.sku`, `Two variants both have the SKU "${variant.sku}"`);
        skus.set(variant.sku, i);
      }
      if (variant.imageId && !images.has(variant.imageId)) throw invalidInput(`${at}.imageId`, "The image is not one of the product's");
      rows.push({
        id: variant.id ?? null,
        partnerVariantId: variant.partnerVariantId,
        values: {
          title,
          price_cents: variant.priceCents,
          compare_at_cents: variant.compareAtCents,
          selected_options: variant.optionValues.map((value, j) => ({ name: options[j]!.name, value })),
          position: i + 1,
          sku: variant.sku,
          available_for_sale: variant.availableForSale,
          image_id: variant.imageId,
        },
      });
    }
    const taken = await this.repository.skusTaken([...skus.keys()], productId, trx);
    for (const sku of taken) throw conflict(`variants.${skus.get(sku)}.sku`, `Another product's variant already has the SKU "${sku}"`);

    const kept = new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
    await this.repository.removeVariants(offered.filter((v) => !kept.has(v.id)), trx);
    // Titles and SKUs are unique among the variants offered: kept ones step aside first, so two may swap.
    for (const row of rows) {
      if (row.id) await this.repository.updateVariant(row.id, { ...row.values, title: `(being renamed) ${row.id}`, sku: "" }, trx);
    }
    for (const row of rows) if (row.id) await this.repository.updateVariant(row.id, row.values, trx);
    // New variants and the partner's ids set-based: a product of many variants (or an import of many products) costs a few statements each.
    const added = await this.repository.insertVariants(
      productId,
      rows.filter((r) => !r.id).map((r) => r.values),
      trx,
    );
    const partnerIds = rows.map((r) => ({ variantId: r.id ?? added.get(r.values.position)!, externalId: r.partnerVariantId }));
    // A new variant has no partner id to remove.
    await this.repository.setPartnerVariantIds(partnerIds.filter((e, i) => e.externalId !== null || rows[i]!.id), trx);
  }

  /** The product as saved, refused (and so rolled back) when its status asks for what it lacks. */
  private async checkedResult(id: string, trx: Transaction<Database>): Promise<AdminProductRecord> {
    const product = (await this.repository.findInTransaction(id, trx))!;
    if (product.status === "ACTIVE" && this.options.requirePartnerVariantIds) {
      const index = variantLackingPartnerId(product.variants);
      if (index >= 0) {
        throw invalidInput(
          `variants.${index}.partnerVariantId`,
          `The shop prints with Printful: ${product.variants[index]!.title} needs its Printful variant id before the product can be active`,
        );
      }
    }
    return product;
  }
}

/**
 * With FULFILLMENT_PARTNER=printful an ACTIVE product's variants each need Printful's variant id:
 * the index of the first offered variant without one, or -1 (saving a product and publishing many).
 */
export function variantLackingPartnerId(variants: readonly { partnerVariantId: string | null }[]): number {
  return variants.findIndex((v) => v.partnerVariantId === null);
}

function describe(product: { title: string; handle: string }): string {
  return `"${product.title}" (${product.handle})`;
}
