import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, OrderTable } from "../db/schema.js";
import type { FulfillmentStatus, NewOrder, OrderLineRecord, OrderRecord, OrderTracking } from "./order.records.js";

type OrderRow = Selectable<OrderTable>;

/** The columns a fulfilment transition writes. */
export interface FulfillmentChange {
  fulfillmentStatus: FulfillmentStatus;
  tracking?: OrderTracking;
  cancel?: { reason: string; customerMessage: string | null; at: Date };
}

const ORDER_COLUMNS = [
  "id",
  "order_number",
  "customer_id",
  "cart_id",
  "email",
  "financial_status",
  "fulfillment_status",
  "currency_code",
  "subtotal_cents",
  "shipping_cents",
  "total_cents",
  "shipping_method",
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
  "card_brand",
  "card_last4",
  "status_token",
  "processed_at",
  "carrier",
  "tracking_number",
  "tracking_url",
  "shipped_at",
  "delivered_at",
  "cancel_reason",
  "cancelled_at",
  "refunded_cents",
  "cancel_customer_message",
  "account_deleted_at",
  "contact_erase_after",
  "contact_erased_at",
  "discount_cents",
  "discount_code",
] as const;

function toOrder(row: OrderRow, lines: OrderLineRecord[]): OrderRecord {
  return {
    id: row.id,
    orderNumber: row.order_number,
    customerId: row.customer_id,
    cartId: row.cart_id,
    email: row.email,
    financialStatus: row.financial_status,
    fulfillmentStatus: row.fulfillment_status,
    currencyCode: row.currency_code,
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    discountCode: row.discount_code,
    shippingCents: row.shipping_cents,
    totalCents: row.total_cents,
    shippingMethod: row.shipping_method,
    shippingAddress: {
      name: row.shipping_name,
      address1: row.shipping_address1,
      address2: row.shipping_address2,
      city: row.shipping_city,
      province: row.shipping_province,
      provinceCode: row.shipping_province_code,
      postalCode: row.shipping_postal_code,
      country: row.shipping_country,
      countryCode: row.shipping_country_code,
      phone: row.shipping_phone,
    },
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    statusToken: row.status_token,
    processedAt: new Date(row.processed_at),
    tracking:
      row.carrier && row.tracking_number && row.shipped_at
        ? {
            carrier: row.carrier,
            trackingNumber: row.tracking_number,
            trackingUrl: row.tracking_url,
            shippedAt: new Date(row.shipped_at),
            deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
          }
        : null,
    cancelReason: row.cancel_reason,
    cancelCustomerMessage: row.cancel_customer_message,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at) : null,
    refundedCents: row.refunded_cents,
    accountDeletion: row.account_deleted_at
      ? {
          deletedAt: new Date(row.account_deleted_at),
          contactEraseAfter: row.contact_erase_after ? new Date(row.contact_erase_after) : null,
          contactErasedAt: row.contact_erased_at ? new Date(row.contact_erased_at) : null,
        }
      : null,
    lines,
  };
}

export class OrderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private async withLines(rows: OrderRow[], executor: Kysely<Database>): Promise<OrderRecord[]> {
    if (rows.length === 0) return [];
    const lineRows = await executor
      .selectFrom("order_lines")
      .selectAll()
      .where(
        "order_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("order_id")
      .orderBy("position")
      .execute();
    const byOrder = new Map<string, OrderLineRecord[]>(rows.map((r) => [r.id, []]));
    for (const l of lineRows) {
      byOrder.get(l.order_id)!.push({
        id: l.id,
        productId: l.product_id,
        variantId: l.variant_id,
        productHandle: l.product_handle,
        productTitle: l.product_title,
        variantTitle: l.variant_title,
        imageUrl: l.image_url,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
        discountCents: l.discount_cents,
        lineTotalCents: l.line_total_cents,
        customAttributes: l.custom_attributes,
      });
    }
    return rows.map((r) => toOrder(r, byOrder.get(r.id)!));
  }

  /** Newest first. */
  async findByCustomer(customerId: string): Promise<OrderRecord[]> {
    const rows = await this.db
      .selectFrom("orders")
      .select(ORDER_COLUMNS)
      .where("customer_id", "=", customerId)
      .orderBy("processed_at", "desc")
      .orderBy("order_number", "desc")
      .execute();
    return this.withLines(rows, this.db);
  }

  async findById(id: string): Promise<OrderRecord | null> {
    return this.selectById(id, this.db);
  }

  /** As findById, in the caller's transaction (it sees what the transaction wrote). */
  async findByIdInTransaction(id: string, trx: Transaction<Database>): Promise<OrderRecord | null> {
    return this.selectById(id, trx);
  }

  private async selectById(id: string, executor: Kysely<Database>): Promise<OrderRecord | null> {
    const row = await executor.selectFrom("orders").select(ORDER_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? (await this.withLines([row], executor))[0]! : null;
  }

  async findManyByIds(ids: string[]): Promise<OrderRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom("orders").select(ORDER_COLUMNS).where("id", "in", ids).execute();
    const records = new Map((await this.withLines(rows, this.db)).map((o) => [o.id, o]));
    return ids.flatMap((id) => records.get(id) ?? []);
  }

  /** The order's row, locked until the caller's transaction ends (a transition reads, checks, then writes). */
  async lockById(id: string, trx: Transaction<Database>): Promise<OrderRecord | null> {
    const row = await trx.selectFrom("orders").select(ORDER_COLUMNS).where("id", "=", id).forUpdate().executeTakeFirst();
    return row ? (await this.withLines([row], trx))[0]! : null;
  }

  async updateFulfillment(id: string, change: FulfillmentChange, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("orders")
      .set({
        fulfillment_status: change.fulfillmentStatus,
        ...(change.tracking
          ? {
              carrier: change.tracking.carrier,
              tracking_number: change.tracking.trackingNumber,
              tracking_url: change.tracking.trackingUrl,
              shipped_at: change.tracking.shippedAt,
            }
          : {}),
        ...(change.cancel ? { cancel_reason: change.cancel.reason, cancel_customer_message: change.cancel.customerMessage, cancelled_at: change.cancel.at } : {}),
      })
      .where("id", "=", id)
      .execute();
  }

  /** A shipped order's tracking put right (shipped_at and delivered_at stay). */
  async updateTracking(id: string, tracking: Pick<OrderTracking, "carrier" | "trackingNumber" | "trackingUrl">, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("orders")
      .set({ carrier: tracking.carrier, tracking_number: tracking.trackingNumber, tracking_url: tracking.trackingUrl })
      .where("id", "=", id)
      .execute();
  }

  async markDelivered(id: string, at: Date, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("orders").set({ delivered_at: at }).where("id", "=", id).execute();
  }

  /**
   * Adds a succeeded refund to the order (locked in `trx` by the caller): refunded_cents grows and
   * the financial status follows, PARTIALLY_REFUNDED until all of the total is back, then REFUNDED.
   */
  async addRefunded(id: string, amountCents: number, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("orders")
      .set({
        refunded_cents: sql`refunded_cents + ${amountCents}`,
        financial_status: sql`CASE WHEN refunded_cents + ${amountCents} >= total_cents THEN 'REFUNDED' ELSE 'PARTIALLY_REFUNDED' END`,
      })
      .where("id", "=", id)
      .execute();
  }

  async findByNumber(orderNumber: number): Promise<OrderRecord | null> {
    const row = await this.db.selectFrom("orders").select(ORDER_COLUMNS).where("order_number", "=", orderNumber).executeTakeFirst();
    return row ? (await this.withLines([row], this.db))[0]! : null;
  }

  async findByStatusToken(token: string): Promise<OrderRecord | null> {
    const row = await this.db.selectFrom("orders").select(ORDER_COLUMNS).where("status_token", "=", token).executeTakeFirst();
    return row ? (await this.withLines([row], this.db))[0]! : null;
  }

  async findByCartId(cartId: string): Promise<OrderRecord | null> {
    return this.selectByCartId(cartId, this.db);
  }

  /** As findByCartId, in the caller's transaction (checkout's, under the cart's lock). */
  async findByCartIdInTransaction(cartId: string, trx: Transaction<Database>): Promise<OrderRecord | null> {
    return this.selectByCartId(cartId, trx);
  }

  private async selectByCartId(cartId: string, executor: Kysely<Database>): Promise<OrderRecord | null> {
    const row = await executor.selectFrom("orders").select(ORDER_COLUMNS).where("cart_id", "=", cartId).executeTakeFirst();
    return row ? (await this.withLines([row], executor))[0]! : null;
  }

  /** A paid order's units count towards its products' sales (the shop's best-selling order), in one statement. */
  private async addSales(order: NewOrder, trx: Transaction<Database>): Promise<void> {
    const sold = new Map<string, number>();
    for (const line of order.lines) if (line.productId) sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.quantity);
    if (sold.size === 0) return;
    const rows = [...sold].map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::integer)`);
    // The rows are locked in one order (by id) before they change: two orders of the same products
    // listed the other way round queue up rather than deadlock. The count (a ranking, int4) stops at
    // its column's maximum rather than fail a paid order's transaction.
    await sql`WITH sold (id, quantity) AS (VALUES ${sql.join(rows)}),
        locked AS (SELECT products.id FROM products JOIN sold ON sold.id = products.id ORDER BY products.id FOR UPDATE OF products)
      UPDATE products SET sales_count = LEAST(products.sales_count::bigint + sold.quantity, 2147483647)::integer
      FROM sold WHERE products.id = sold.id AND products.id IN (SELECT id FROM locked)`.execute(trx);
  }

  /** Inserts an order and its lines, in the caller's transaction: it commits with the rest of checkout. */
  async insert(order: NewOrder, trx: Transaction<Database>): Promise<OrderRecord> {
    const row = await trx
      .insertInto("orders")
      .values({
        customer_id: order.customerId,
        cart_id: order.cartId,
        email: order.email,
        subtotal_cents: order.subtotalCents,
        discount_cents: order.discountCents,
        discount_code: order.discountCode,
        shipping_cents: order.shippingCents,
        total_cents: order.totalCents,
        shipping_method: order.shippingMethod,
        shipping_name: order.shippingAddress.name,
        shipping_address1: order.shippingAddress.address1,
        shipping_city: order.shippingAddress.city,
        shipping_postal_code: order.shippingAddress.postalCode,
        shipping_country: order.shippingAddress.country,
        shipping_address2: order.shippingAddress.address2,
        shipping_province_code: order.shippingAddress.provinceCode,
        shipping_province: order.shippingAddress.province,
        shipping_phone: order.shippingAddress.phone,
        shipping_country_code: order.shippingAddress.countryCode,
        card_brand: order.cardBrand,
        card_last4: order.cardLast4,
        // The status page is public: its address must be unguessable (192 random bits).
        status_token: randomBytes(24).toString("base64url"),
      })
      .returning(ORDER_COLUMNS)
      .executeTakeFirstOrThrow();
    if (order.lines.length > 0) {
      await trx
        .insertInto("order_lines")
        .values(
          order.lines.map((l, i) => ({
            order_id: row.id,
            position: i + 1,
            product_id: l.productId,
            variant_id: l.variantId,
            product_handle: l.productHandle,
            product_title: l.productTitle,
            variant_title: l.variantTitle,
            image_url: l.imageUrl,
            quantity: l.quantity,
            unit_price_cents: l.unitPriceCents,
            discount_cents: l.discountCents,
            line_total_cents: l.lineTotalCents,
            custom_attributes: JSON.stringify(l.customAttributes),
            // The SKU as it is at payment: staff may change or archive the variant later, the line keeps what was sold.
            sku: l.variantId === null ? null : sql<string | null>`(SELECT nullif(v.sku, '') FROM variants v WHERE v.id = ${l.variantId})`,
          })),
        )
        .execute();
      await this.addSales(order, trx);
    }
    return (await this.withLines([row], trx))[0]!;
  }
}
