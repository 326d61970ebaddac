import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { DESIGN_ATTRIBUTE } from "../designs/design.records.js";

/** The address fields that identify a person; the country and state/province stay for the books. */
const ERASED_ADDRESS = { name: "", address1: "", address2: null, city: "", postalCode: "", phone: null };

/** An erased address over the JSON address `value` (a draft's, a webhook body's): the same country and state, no person. */
const erasedAddressJson = (value: ReturnType<typeof sql>) =>
  sql`CASE WHEN jsonb_typeof(${value}) = 'object' THEN ${value} || ${JSON.stringify(ERASED_ADDRESS)}::jsonb ELSE ${value} END`;

/** The orders of deleted accounts and the erasure of their contact data. */
export class OrderErasureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The account's orders leave it (customer_id null) and record when it was deleted and when each
   * one's contact data is due to go: `closedPlusDays` after it was fulfilled (shipped) or cancelled;
   * null for an order still open. Answers the orders and their due times.
   */
  async detachFromAccount(customerId: string, at: Date, closedPlusDays: number, trx: Transaction<Database>): Promise<{ id: string; contactEraseAfter: Date | null }[]> {
    const rows = await trx
      .updateTable("orders")
      .set({
        customer_id: null,
        account_deleted_at: at,
        contact_erase_after: sql<Date | null>`CASE
          WHEN fulfillment_status = 'FULFILLED' THEN COALESCE(shipped_at, processed_at) + make_interval(days => ${closedPlusDays})
          WHEN fulfillment_status = 'CANCELLED' THEN COALESCE(cancelled_at, processed_at) + make_interval(days => ${closedPlusDays})
          ELSE NULL END`,
      })
      .where("customer_id", "=", customerId)
      .returning(["id", "contact_erase_after"])
      .execute();
    return rows.map((r) => ({ id: r.id, contactEraseAfter: r.contact_erase_after ? new Date(r.contact_erase_after) : null }));
  }

  /** A deleted account's open order was closed at `closedAt`: its contact data is due `days` later. Answers whether it was such an order. */
  async scheduleAfterClose(orderId: string, closedAt: Date, days: number, trx: Transaction<Database>): Promise<boolean> {
    const result = await trx
      .updateTable("orders")
      .set({ contact_erase_after: sql<Date>`${closedAt}::timestamptz + make_interval(days => ${days})` })
      .where("id", "=", orderId)
      .where("account_deleted_at", "is not", null)
      .where("contact_erased_at", "is", null)
      .where("contact_erase_after", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Up to `limit` orders whose contact data is due by `now`, locked for the caller's transaction (other sweepers skip them). */
  async lockDue(now: Date, limit: number, trx: Transaction<Database>): Promise<string[]> {
    const rows = await trx
      .selectFrom("orders")
      .select("id")
      .where("contact_erased_at", "is", null)
      .where("contact_erase_after", "<=", now)
      .orderBy("contact_erase_after")
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Erases the orders' email, recipient name, street, city, postal code and phone wherever the
   * shop keeps a copy: the order, its history lines that quote the email, its email jobs' recipient,
   * its payment attempt's draft and its webhook deliveries' bodies. The country and state/province,
   * the lines, totals, payment and tracking stay.
   */
  async eraseContact(orderIds: readonly string[], at: Date, trx: Transaction<Database>): Promise<void> {
    if (orderIds.length === 0) return;
    const ids = [...orderIds];
    // History lines quote the address an email went to ("Emailed … to pat@example.com").
    await sql`UPDATE order_history h SET message = replace(h.message, o.email, 'the customer')
      FROM orders o WHERE h.order_id = o.id AND o.id IN (${sql.join(ids)}) AND o.email <> '' AND strpos(h.message, o.email) > 0`.execute(trx);
    await trx
      .updateTable("orders")
      .set({
        email: "",
        shipping_name: "",
        shipping_address1: "",
        shipping_address2: null,
        shipping_city: "",
        shipping_postal_code: "",
        shipping_phone: null,
        contact_erased_at: at,
      })
      .where("id", "in", ids)
      .execute();
    // An email job of the order (sent or still queued) forgets its recipient; a queued one then fails for good, unsent.
    await sql`UPDATE jobs SET payload = jsonb_set(payload, '{to}', '""'), updated_at = now()
      WHERE kind = 'email' AND payload->'data'->>'orderId' IN (${sql.join(ids)})`.execute(trx);
    await sql`UPDATE payment_attempts SET order_draft = jsonb_set(jsonb_set(order_draft, '{email}', '""'), '{shippingAddress}', ${erasedAddressJson(sql`order_draft->'shippingAddress'`)})
      WHERE order_id IN (${sql.join(ids)}) AND jsonb_typeof(order_draft) = 'object'`.execute(trx);
    await sql`UPDATE webhook_deliveries SET body = jsonb_set(jsonb_set(body::jsonb, '{order,email}', '""'), '{order,shippingAddress}', ${erasedAddressJson(sql`body::jsonb->'order'->'shippingAddress'`)})::text
      WHERE order_id IN (${sql.join(ids)}) AND jsonb_typeof(body::jsonb->'order') = 'object'`.execute(trx);
  }

  /** Which of these designs a line of an order that still keeps its contact data prints from, read in the caller's transaction. */
  async designsNamedByKeptOrders(designIds: readonly string[], trx: Transaction<Database>): Promise<Set<string>> {
    if (designIds.length === 0) return new Set();
    const rows = await sql<{ id: string }>`SELECT DISTINCT a->>'value' AS id
      FROM order_lines l JOIN orders o ON o.id = l.order_id, jsonb_array_elements(l.custom_attributes) a
      WHERE o.contact_erased_at IS NULL AND a->>'key' = ${DESIGN_ATTRIBUTE} AND a->>'value' IN (${sql.join([...designIds])})`.execute(trx);
    return new Set(rows.rows.map((r) => r.id));
  }
}
