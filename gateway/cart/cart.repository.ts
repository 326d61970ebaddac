import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { CartTable, Database } from "../db/schema.js";
import { MERCHANDISE_SQL, toMerchandise, type MerchandiseRow } from "./cart.rows.js";
import type { CartLineRecord, CartLineWrite, CartMerchandise, CartRecord, CartStatus, CustomAttribute, PurchasableVariant } from "./cart.records.js";
import type { TransactionStatus } from "./commit-resolution.js";

const CART_COLUMNS = ["id", "checkout_token", "customer_id", "status", "created_at", "updated_at", "touched_at", "payment_started", "discount_code_id"] as const;

type CartRow = Pick<Selectable<CartTable>, (typeof CART_COLUMNS)[number]>;

interface LineRow {
  id: string;
  quantity: number;
  custom_attributes: CustomAttribute[];
  attributes_key: string;
}

/** The cart's identity and state, as the lock returns it (lines are read separately). */
export type CartHeader = Omit<CartRecord, "lines">;

function toHeader(row: CartRow): CartHeader {
  return {
    id: row.id,
    checkoutToken: row.checkout_token,
    customerId: row.customer_id,
    status: row.status,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    touchedAt: new Date(row.touched_at),
    paymentStarted: row.payment_started,
    discountCodeId: row.discount_code_id,
  };
}

/**
 * A cart locked for adding lines: its lines as they are under the lock (with their catalog data
 * only when asked for), and the catalog's view of the variants to add.
 */
export interface LockedCart {
  header: CartHeader;
  /** The lines with their variants; null when the caller asked for quantities only. */
  lines: CartLineRecord[] | null;
  quantities: LineQuantity[];
  merchandise: CartMerchandise[];
}

export interface LineQuantity {
  lineId: string;
  variantId: string;
  attributesKey: string;
  quantity: number;
}

/** What an add wrote: the lines as the insert-or-add left them, and the cart's new change times. */
export interface WrittenLines {
  lines: WrittenLine[];
  updatedAt: Date;
  touchedAt: Date;
}

/** A line as an insert-or-add left it. */
interface WrittenLine {
  id: string;
  seq: number;
  variantId: string;
  quantity: number;
  customAttributes: CustomAttribute[];
}

export class CartRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction; every repository call inside must be given `trx`. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insertCart(cart: { id: string; checkoutToken: string; customerId: string | null }, trx: Transaction<Database>): Promise<void> {
    await trx.insertInto("carts").values({ id: cart.id, checkout_token: cart.checkoutToken, customer_id: cart.customerId }).execute();
  }

  async findCartWithLines(id: string): Promise<CartRecord | null> {
    const row = await this.db.selectFrom("carts").select(CART_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? { ...toHeader(row), lines: await this.selectLines(row.id, this.db) } : null;
  }

  async findCartByCheckoutToken(token: string): Promise<CartRecord | null> {
    const row = await this.db.selectFrom("carts").select(CART_COLUMNS).where("checkout_token", "=", token).executeTakeFirst();
    return row ? { ...toHeader(row), lines: await this.selectLines(row.id, this.db) } : null;
  }

  /** Locks the cart row (SELECT … FOR UPDATE) until the transaction ends: changes to one cart queue up. */
  async lockCart(ref: { id: string } | { checkoutToken: string }, trx: Transaction<Database>): Promise<CartHeader | null> {
    const query = trx.selectFrom("carts").select(CART_COLUMNS);
    const row = await ("id" in ref ? query.where("id", "=", ref.id) : query.where("checkout_token", "=", ref.checkoutToken))
      .forUpdate()
      .executeTakeFirst();
    return row ? toHeader(row) : null;
  }

  /** The lines with their variant and product as the catalog has them now, in the order they were added. */
  async findLines(cartId: string, trx: Transaction<Database>): Promise<CartLineRecord[]> {
    return this.selectLines(cartId, trx);
  }

  private async selectLines(cartId: string, executor: Kysely<Database>): Promise<CartLineRecord[]> {
    const rows = await executor
      .selectFrom("cart_lines as cl")
      .innerJoin("variants as v", "v.id", "cl.variant_id")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select([
        "cl.id",
        "cl.quantity",
        "cl.custom_attributes",
        "v.id as variant_id",
        "v.title as variant_title",
        "v.price_cents",
        "v.compare_at_cents",
        "v.selected_options",
        "p.id as product_id",
        "p.handle as product_handle",
        "p.title as product_title",
        "v.available_for_sale as for_sale",
        "p.status as product_status",
      ])
      .select((eb) => [
        eb("v.archived_at", "is not", null).$castTo<boolean>().as("archived"),
        eb
          .selectFrom("product_images as pi")
          .select("pi.path")
          .whereRef("pi.product_id", "=", "p.id")
          .orderBy("pi.position")
          .limit(1)
          .as("image_path"),
      ])
      .where("cl.cart_id", "=", cartId)
      .orderBy("cl.seq")
      .execute();
    return rows.map((r) => ({ id: r.id, quantity: r.quantity, customAttributes: r.custom_attributes, merchandise: toMerchandise(r) }));
  }

  /**
   * Locks the carts' rows until the transaction ends (in id order, so that two such locks never wait
   * on each other) and reads, in the same statement, their lines and the catalog's variants among
   * `variantIds`; the lines' own variants and products only `withLines` (joining them is a third of
   * the statement's cost, and an answer that shows no lines needs none). A cart whose lock had to
   * wait for another change to commit was read in a snapshot from before that change (its row's
   * version under the lock differs from the one the snapshot sees): its lines are read again, now
   * under the lock. Carts that do not exist are missing from the answer, and so, with `skipLocked`,
   * are carts another transaction holds (rather than wait for it). One statement for any number of
   * carts (arrays, not lists), so it is prepared once.
   */
  async lockCartsWithLines(
    cartIds: readonly string[],
    variantIds: readonly string[],
    options: { withLines: boolean; skipLocked: boolean },
    trx: Transaction<Database>,
  ): Promise<Map<string, LockedCart>> {
    const lineColumns = options.withLines
      ? sql`FROM (SELECT cl.seq, cl.id, cl.quantity, cl.custom_attributes, cl.attributes_key, ${MERCHANDISE_SQL}
          FROM cart_lines cl JOIN variants v ON v.id = cl.variant_id JOIN products p ON p.id = v.product_id`
      : sql`FROM (SELECT cl.seq, cl.id, cl.quantity, cl.attributes_key, cl.variant_id FROM cart_lines cl`;
    const { rows } = await sql<
      CartRow & { locked_version: string; snapshot_version: string; lines: (MerchandiseRow & LineRow)[]; merchandise: MerchandiseRow[] }
    >`
      SELECT c.id, c.checkout_token, c.customer_id, c.status, c.created_at, c.updated_at, c.touched_at, c.payment_started, c.discount_code_id,
        c.xmin::text AS locked_version,
        (SELECT s.xmin::text FROM carts s WHERE s.id = c.id) AS snapshot_version,
        (SELECT coalesce(json_agg(l ORDER BY l.seq), '[]') ${lineColumns}
          WHERE cl.cart_id = c.id) l) AS lines,
        (SELECT coalesce(json_agg(m), '[]') FROM (
          SELECT ${MERCHANDISE_SQL} FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY(${[...variantIds]}::uuid[])) m) AS merchandise
      FROM carts c WHERE c.id = ANY(${[...cartIds]}::text[])
      ORDER BY c.id
      FOR UPDATE OF c ${options.skipLocked ? sql`SKIP LOCKED` : sql``}`.execute(trx);
    const locked = new Map<string, LockedCart>();
    for (const row of rows) {
      const header = toHeader(row);
      const merchandise = row.merchandise.map(toMerchandise);
      if (row.locked_version !== row.snapshot_version) {
        locked.set(header.id, {
          header,
          lines: options.withLines ? await this.findLines(header.id, trx) : null,
          quantities: await this.findLineQuantities(header.id, trx),
          merchandise,
        });
        continue;
      }
      locked.set(header.id, {
        header,
        lines: options.withLines
          ? row.lines.map((l) => ({ id: l.id, quantity: l.quantity, customAttributes: l.custom_attributes, merchandise: toMerchandise(l) }))
          : null,
        quantities: row.lines.map((l) => ({ lineId: l.id, variantId: l.variant_id, attributesKey: l.attributes_key, quantity: l.quantity })),
        merchandise,
      });
    }
    return locked;
  }

  /**
   * Adds lines to carts (a line with the same variant and attributes gets the quantities added) and
   * records the change on each cart, in one statement; answers, by cart, the lines written and the
   * cart's new times. Each cart appears once (a line twice in one statement would be an error).
   * Plain SQL rather than the query builder: building it cost more CPU than PGlite's work for it.
   */
  async addLinesAndMarkChanged(
    writes: ReadonlyMap<string, CartLineWrite[]>,
    trx: Transaction<Database>,
  ): Promise<{ byCart: Map<string, WrittenLines>; transactionId: string }> {
    const rows = [...writes].flatMap(([cartId, lines]) => lines.map((l) => ({ cartId, ...l })));
    const { rows: written } = await sql<{
      cart_id: string;
      id: string;
      seq: string;
      variant_id: string;
      quantity: number;
      custom_attributes: CustomAttribute[];
      updated_at: Date;
      touched_at: Date;
      xid: string;
    }>`
      WITH written AS (
        INSERT INTO cart_lines (cart_id, variant_id, quantity, custom_attributes, attributes_key)
        SELECT * FROM unnest(${rows.map((r) => r.cartId)}::text[], ${rows.map((r) => r.variantId)}::uuid[], ${rows.map((r) => r.quantity)}::int[],
          ${rows.map((r) => JSON.stringify(r.customAttributes))}::jsonb[], ${rows.map((r) => r.attributesKey)}::text[])
        ON CONFLICT (cart_id, variant_id, attributes_key) DO UPDATE SET quantity = cart_lines.quantity + excluded.quantity
        RETURNING cart_id, id, seq, variant_id, quantity, custom_attributes),
      changed AS (UPDATE carts SET updated_at = now(), touched_at = now() WHERE id = ANY(${[...writes.keys()]}::text[]) RETURNING id, updated_at, touched_at)
      SELECT w.*, c.updated_at, c.touched_at, pg_current_xact_id()::text AS xid FROM written w JOIN changed c ON c.id = w.cart_id`.execute(trx);
    const byCart = new Map<string, WrittenLines>();
    for (const r of written) {
      let entry = byCart.get(r.cart_id);
      if (!entry) byCart.set(r.cart_id, (entry = { lines: [], updatedAt: new Date(r.updated_at), touchedAt: new Date(r.touched_at) }));
      entry.lines.push({ id: r.id, seq: Number(r.seq), variantId: r.variant_id, quantity: r.quantity, customAttributes: r.custom_attributes });
    }
    for (const entry of byCart.values()) entry.lines.sort((a, b) => a.seq - b.seq);
    return { byCart, transactionId: written[0]!.xid };
  }

  /**
   * What became of a transaction whose end the gateway did not hear (its connection was lost during
   * COMMIT): PostgreSQL's pg_xact_status, asked on another connection. "in progress" while its
   * server process has not finished; null for an id it no longer knows.
   */
  async transactionStatus(transactionId: string): Promise<TransactionStatus> {
    const { rows } = await sql<{ status: TransactionStatus }>`SELECT pg_xact_status(${transactionId}::xid8) AS status`.execute(this.db);
    return rows[0]?.status ?? null;
  }

  private lineValues(cartId: string, l: CartLineWrite) {
    return {
      cart_id: cartId,
      variant_id: l.variantId,
      quantity: l.quantity,
      custom_attributes: JSON.stringify(l.customAttributes),
      attributes_key: l.attributesKey,
    };
  }

  /** The variants among `ids` that the catalog still has (sold or not: the cart's rules say), with what the cart checks about them. */
  async findPurchasableVariants(ids: readonly string[], trx: Transaction<Database>): Promise<PurchasableVariant[]> {
    if (ids.length === 0) return [];
    const rows = await trx
      .selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["v.id", "v.price_cents", "v.title as variant_title", "v.available_for_sale", "p.title", "p.status"])
      .select((eb) => eb("v.archived_at", "is not", null).$castTo<boolean>().as("archived"))
      .where("v.id", "in", ids)
      .execute();
    return rows.map((r) => ({
      variantId: r.id,
      productTitle: r.title,
      variantTitle: r.variant_title,
      priceCents: r.price_cents,
      forSale: r.available_for_sale,
      archived: r.archived,
      productStatus: r.status,
    }));
  }

  /** The quantity of each line, by variant and attributes (read under the cart's lock, so it stays true). */
  async findLineQuantities(cartId: string, trx: Transaction<Database>): Promise<LineQuantity[]> {
    const rows = await trx.selectFrom("cart_lines").select(["id", "variant_id", "attributes_key", "quantity"]).where("cart_id", "=", cartId).execute();
    return rows.map((r) => ({ lineId: r.id, variantId: r.variant_id, attributesKey: r.attributes_key, quantity: r.quantity }));
  }

  /** Adds lines; a line with the same variant and attributes gets the quantities added instead. */
  async upsertLines(cartId: string, lines: CartLineWrite[], trx: Transaction<Database>): Promise<void> {
    await trx
      .insertInto("cart_lines")
      .values(lines.map((l) => this.lineValues(cartId, l)))
      .onConflict((oc) =>
        oc.columns(["cart_id", "variant_id", "attributes_key"]).doUpdateSet({ quantity: sql<number>`cart_lines.quantity + excluded.quantity` }),
      )
      .execute();
  }

  /** The ids among `lineIds` that are lines of this cart. */
  async findLineIds(cartId: string, lineIds: readonly string[], trx: Transaction<Database>): Promise<string[]> {
    if (lineIds.length === 0) return [];
    const rows = await trx.selectFrom("cart_lines").select("id").where("cart_id", "=", cartId).where("id", "in", lineIds).execute();
    return rows.map((r) => r.id);
  }

  async setLineQuantity(cartId: string, lineId: string, quantity: number, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("cart_lines").set({ quantity }).where("cart_id", "=", cartId).where("id", "=", lineId).execute();
  }

  async deleteLines(cartId: string, lineIds: readonly string[], trx: Transaction<Database>): Promise<void> {
    if (lineIds.length === 0) return;
    await trx.deleteFrom("cart_lines").where("cart_id", "=", cartId).where("id", "in", lineIds).execute();
  }

  /** Records a change (updatedAt) and activity (touchedAt, which the sweeper reads). */
  async markChanged(cartId: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("carts").set({ updated_at: sql`now()`, touched_at: sql`now()` }).where("id", "=", cartId).execute();
  }

  /** Records a read as activity, at most once a day per cart (a read that finds it fresher writes nothing). */
  async touchIfOlderThanADay(cartId: string): Promise<void> {
    await this.db
      .updateTable("carts")
      .set({ touched_at: sql`now()` })
      .where("id", "=", cartId)
      .where("touched_at", "<", sql<Date>`now() - interval '1 day'`)
      .execute();
  }

  /** Sets (or, with null, removes) the cart's discount code, in the caller's transaction. */
  async setDiscountCode(cartId: string, codeId: string | null, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("carts").set({ discount_code_id: codeId }).where("id", "=", cartId).execute();
  }

  async markPaymentStarted(cartId: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("carts").set({ payment_started: true }).where("id", "=", cartId).where("payment_started", "=", false).execute();
  }

  async setStatus(cartId: string, status: CartStatus, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("carts")
      .set({ status, updated_at: sql`now()`, touched_at: sql`now()`, completed_at: status === "COMPLETED" ? sql`now()` : null })
      .where("id", "=", cartId)
      .execute();
  }

  /** Deletes carts (and their lines) without activity since `before`; answers how many. */
  async deleteUntouchedSince(before: Date): Promise<number> {
    const result = await this.db.deleteFrom("carts").where("touched_at", "<", before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
