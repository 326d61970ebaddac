import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema.js";
import { DESIGN_ATTRIBUTE } from "../../designs/design.records.js";
import type { ShippingAddress } from "../../shared/address.js";
import type { PrintFileBody } from "./partner.records.js";

export interface PartnerOrderRow {
  id: string;
  orderNumber: number;
  email: string;
  fulfillmentStatus: string;
  shipping: ShippingAddress;
  lines: {
    position: number;
    variantId: string | null;
    productHandle: string;
    productTitle: string;
    variantTitle: string | null;
    quantity: number;
    imageUrl: string | null;
    /** The customer's design on this line (its print file is what gets printed), if any. */
    design: { id: string; printType: string | null } | null;
    partnerVariantId: string | null;
  }[];
}

/** Reads what the print partner needs of an order (its lines with the partner's variant ids) and the print files' bytes. */
export class PartnerOrderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findOrder(orderId: string, partner: string): Promise<PartnerOrderRow | null> {
    const order = await this.db
      .selectFrom("orders")
      .select([
        "id",
        "order_number",
        "email",
        "fulfillment_status",
        "shipping_name",
        "shipping_address1",
        "shipping_city",
        "shipping_postal_code",
        "shipping_country",
        "shipping_address2",
        "shipping_province_code",
        "shipping_province",
        "shipping_phone",
        "shipping_country_code",
      ])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return null;
    const lines = await this.db
      .selectFrom("order_lines as l")
      .leftJoin("partner_variants as pv", (join) => join.onRef("pv.variant_id", "=", "l.variant_id").on("pv.partner", "=", partner))
      .select([
        "l.position",
        "l.variant_id",
        "l.product_handle",
        "l.product_title",
        "l.variant_title",
        "l.quantity",
        "l.image_url",
        "l.custom_attributes",
        "l.partner_variant_id",
        "pv.external_variant_id",
      ])
      .where("l.order_id", "=", orderId)
      .orderBy("l.position")
      .execute();
    const designIds = lines.flatMap((l) => l.custom_attributes.filter((a) => a.key === DESIGN_ATTRIBUTE).map((a) => a.value));
    const designs = designIds.length
      ? new Map(
          (await this.db.selectFrom("designs").select(["id", "print_type"]).where("id", "in", designIds).execute()).map((d) => [d.id, d.print_type] as const),
        )
      : new Map<string, string>();
    return {
      id: order.id,
      orderNumber: order.order_number,
      email: order.email,
      fulfillmentStatus: order.fulfillment_status,
      shipping: {
        name: order.shipping_name,
        address1: order.shipping_address1,
        address2: order.shipping_address2,
        city: order.shipping_city,
        province: order.shipping_province,
        provinceCode: order.shipping_province_code,
        postalCode: order.shipping_postal_code,
        country: order.shipping_country,
        countryCode: order.shipping_country_code,
        phone: order.shipping_phone,
      },
      lines: lines.map((l) => ({
        position: l.position,
        variantId: l.variant_id,
        productHandle: l.product_handle,
        productTitle: l.product_title,
        variantTitle: l.variant_title,
        quantity: l.quantity,
        imageUrl: l.image_url,
        design: (() => {
          const id = l.custom_attributes.find((a) => a.key === DESIGN_ATTRIBUTE)?.value;
          return id ? { id, printType: designs.get(id) ?? null } : null;
        })(),
        // The id the line was sold with; a line paid for before lines kept it (or while its variant had
        // none) takes the variant's current one.
        partnerVariantId: l.partner_variant_id ?? l.external_variant_id,
      })),
    };
  }

  /**
   * In the paid order's transaction: each line keeps the partner's variant id its variant has now,
   * so editing or archiving the variant later never changes what this order is printed as. A line
   * whose variant has none keeps null (and is sent with the variant's id once staff set one).
   */
  async copyPartnerVariantIds(orderId: string, partner: string, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("order_lines as l")
      .from("partner_variants as pv")
      .set((eb) => ({ partner_variant_id: eb.ref("pv.external_variant_id") }))
      .whereRef("pv.variant_id", "=", "l.variant_id")
      .where("pv.partner", "=", partner)
      .where("l.order_id", "=", orderId)
      .execute();
  }

  async designPrintFile(designId: string): Promise<PrintFileBody | null> {
    const row = await this.db.selectFrom("designs").select(["print_type", "print"]).where("id", "=", designId).executeTakeFirst();
    return row ? { contentType: row.print_type, body: Buffer.from(row.print) } : null;
  }

  async mediaFile(path: string): Promise<PrintFileBody | null> {
    const row = await this.db.selectFrom("media").select(["content_type", "body"]).where("path", "=", path).executeTakeFirst();
    return row ? { contentType: row.content_type, body: Buffer.from(row.body) } : null;
  }

  /** Runs `work` in one transaction; every repository call inside must be given `trx`. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The variants a PRINTFUL_VARIANTS key names: the product's (by handle), or the one of them with this title. */
  async findVariantIdsByKey(handle: string, title: string | null, trx: Transaction<Database>): Promise<string[]> {
    let query = trx.selectFrom("variants as v").innerJoin("products as p", "p.id", "v.product_id").select("v.id").where("p.handle", "=", handle);
    if (title !== null) query = query.where("v.title", "=", title);
    return (await query.execute()).map((v) => v.id);
  }

  /** Gives these variants the partner's id where they have none yet (an id already kept is left as it is); answers how many got it. */
  async insertMissingVariantIds(partner: string, variantIds: readonly string[], externalId: string, trx: Transaction<Database>): Promise<number> {
    if (variantIds.length === 0) return 0;
    const inserted = await trx
      .insertInto("partner_variants")
      .values(variantIds.map((id) => ({ partner, variant_id: id, external_variant_id: externalId })))
      .onConflict((oc) => oc.columns(["partner", "variant_id"]).doNothing())
      .returning("variant_id")
      .execute();
    return inserted.length;
  }

  async findAppState(key: string, trx: Transaction<Database>): Promise<string | null> {
    return (await trx.selectFrom("app_state").select("value").where("key", "=", key).executeTakeFirst())?.value ?? null;
  }

  async recordAppState(key: string, value: string, trx: Transaction<Database>): Promise<void> {
    await trx
      .insertInto("app_state")
      .values({ key, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: sql<Date>`now()` }))
      .execute();
  }
}
