import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, ProductStatusValue } from "../db/schema.js";
import { PARTNER_WITH_VARIANT_IDS } from "./product-admin.records.js";

// The catalog as its CSV file holds it, read a page of products at a time (three statements a
// page, whatever its size): for the export, and for an import to compare the file with.

export interface CsvVariantState {
  id: string;
  title: string;
  optionValues: string[];
  priceCents: number;
  compareAtCents: number | null;
  sku: string;
  availableForSale: boolean;
  imageId: string | null;
  partnerVariantId: string | null;
  /** An order or an open cart names it: removing it archives it. */
  inUse: boolean;
}

export interface CsvProductState {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  tags: string[];
  status: ProductStatusValue;
  customizable: boolean;
  fulfillmentPartner: string;
  seoTitle: string;
  seoDescription: string;
  options: { name: string; values: string[] }[];
  /** The variants offered, in order. */
  variants: CsvVariantState[];
}

const PRODUCT_COLUMNS = [
  "id",
  "handle",
  "title",
  "description_html",
  "product_type",
  "tags",
  "status",
  "customizable",
  "fulfillment_partner",
  "seo_title",
  "seo_description",
] as const;

type ProductRow = Pick<Selectable<Database["products"]>, (typeof PRODUCT_COLUMNS)[number]>;

export class CatalogCsvRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Up to `limit` products after `afterHandle` in handle order (every status), with their options and variants. */
  async page(afterHandle: string | null, limit: number): Promise<CsvProductState[]> {
    let query = this.db.selectFrom("products").select(PRODUCT_COLUMNS).orderBy("handle").limit(limit);
    if (afterHandle !== null) query = query.where("handle", ">", afterHandle);
    return this.withParts(await query.execute(), this.db, false);
  }

  /** The products that have these handles now, locked for the rest of the transaction when `lock`. */
  async byHandles(handles: string[], trx: Transaction<Database>, lock: boolean): Promise<Map<string, CsvProductState>> {
    const found = new Map<string, CsvProductState>();
    for (let i = 0; i < handles.length; i += 1000) {
      let query = trx.selectFrom("products").select(PRODUCT_COLUMNS).where("handle", "in", handles.slice(i, i + 1000)).orderBy("id");
      if (lock) query = query.forUpdate();
      for (const product of await this.withParts(await query.execute(), trx, true)) found.set(product.handle, product);
    }
    return found;
  }

  /** Of these handles, the ones a product had before (its links still lead to it): handle → that product now. */
  async redirected(handles: string[], trx: Transaction<Database>): Promise<Map<string, { title: string; handle: string }>> {
    const found = new Map<string, { title: string; handle: string }>();
    for (let i = 0; i < handles.length; i += 1000) {
      const rows = await trx
        .selectFrom("product_handle_redirects as r")
        .innerJoin("products as p", "p.id", "r.product_id")
        .select(["r.handle as old", "p.handle", "p.title"])
        .where("r.handle", "in", handles.slice(i, i + 1000))
        .execute();
      for (const row of rows) found.set(row.old, { title: row.title, handle: row.handle });
    }
    return found;
  }

  private async withParts(products: ProductRow[], executor: Kysely<Database>, inUse: boolean): Promise<CsvProductState[]> {
    if (products.length === 0) return [];
    const ids = products.map((p) => p.id);
    const [options, variants] = await Promise.all([
      executor.selectFrom("product_options").select(["product_id", "name", "values"]).where("product_id", "in", ids).orderBy("product_id").orderBy("position").execute(),
      executor
        .selectFrom("variants as v")
        .leftJoin("partner_variants as pv", (join) => join.onRef("pv.variant_id", "=", "v.id").on("pv.partner", "=", PARTNER_WITH_VARIANT_IDS))
        .select((eb) => [
          "v.id",
          "v.product_id",
          "v.title",
          "v.price_cents",
          "v.compare_at_cents",
          "v.sku",
          "v.available_for_sale",
          "v.image_id",
          "v.selected_options",
          "pv.external_variant_id",
          inUse
            ? eb
                .or([
                  eb.exists(eb.selectFrom("order_lines as l").select("l.id").whereRef("l.variant_id", "=", "v.id")),
                  eb.exists(eb.selectFrom("cart_lines as cl").select("cl.id").whereRef("cl.variant_id", "=", "v.id")),
                ])
                .as("in_use")
            : eb.lit(false).as("in_use"),
        ])
        .where("v.product_id", "in", ids)
        .where("v.archived_at", "is", null)
        .orderBy("v.product_id")
        .orderBy("v.position")
        .execute(),
    ]);
    const byProduct = new Map(
      products.map((p): [string, CsvProductState] => [
        p.id,
        {
          id: p.id,
          handle: p.handle,
          title: p.title,
          descriptionHtml: p.description_html,
          productType: p.product_type,
          tags: p.tags,
          status: p.status,
          customizable: p.customizable,
          fulfillmentPartner: p.fulfillment_partner,
          seoTitle: p.seo_title,
          seoDescription: p.seo_description,
          options: [],
          variants: [],
        },
      ]),
    );
    for (const option of options) byProduct.get(option.product_id)!.options.push({ name: option.name, values: option.values });
    for (const v of variants) {
      byProduct.get(v.product_id)!.variants.push({
        id: v.id,
        title: v.title,
        optionValues: (v.selected_options as { name: string; value: string }[]).map((o) => o.value),
        priceCents: v.price_cents,
        compareAtCents: v.compare_at_cents,
        sku: v.sku,
        availableForSale: v.available_for_sale,
        imageId: v.image_id,
        partnerVariantId: v.external_variant_id,
        inUse: Boolean(v.in_use),
      });
    }
    // A product without options: its one variant stands for no values (whatever its row says, e.g. "Title: Default Title").
    for (const product of byProduct.values()) if (product.options.length === 0) for (const variant of product.variants) variant.optionValues = [];
    return [...byProduct.values()];
  }
}
