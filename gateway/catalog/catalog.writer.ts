import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { Actor } from "../shared/actor.js";
import type { AuditService } from "../staff/audit.service.js";
import type { CatalogChanges, CatalogTouched } from "./catalog.changes.js";
import { buildSearchText } from "./search-text.js";

/** Thrown to end a rehearsal's transaction (rolled back). */
const REHEARSAL = Symbol("rehearsal");

/** What one catalog change leaves in the audit log. */
interface CatalogAuditEntry {
  action: string;
  details: string;
}

/** What a change's work answers the writer: its result, its audit entry, and what it touched (left out: everything). */
interface CatalogWrite<T> {
  result: T;
  audit: CatalogAuditEntry | null;
  touched?: CatalogTouched;
}

/**
 * The one path every catalog write takes (products, variants, images; collections and memes build
 * on it): one transaction, the columns derived from what changed, the audit entry in that same
 * transaction, and one announcement after it commits, which clears the catalog cache and the front
 * cache and drops the server-rendered pages the change touched (the sitemap among them) in this
 * process and, by NOTIFY, in every other gateway process. Sales counts are not written here: orders own them.
 */
export class CatalogWriter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly changes: CatalogChanges,
    private readonly audit: AuditService,
  ) {}

  /**
   * Runs `change` in a transaction. It answers its result, the audit entry (null when nothing
   * changed: then nothing is announced either) and what it touched, which the announcement names
   * (a change that names nothing touched everything). A change that throws leaves the catalog as it was.
   */
  async write<T>(actor: Actor, change: (trx: Transaction<Database>) => Promise<CatalogWrite<T>>): Promise<T> {
    let announce: CatalogTouched | null = null;
    const result = await this.db.transaction().execute(async (trx) => {
      const done = await change(trx);
      if (done.audit) {
        await this.audit.recordInTransaction({ actor, action: done.audit.action, orderId: null, orderNumber: null, details: done.audit.details }, trx);
        announce = done.touched ?? "everything";
      }
      return done.result;
    });
    if (announce !== null) await this.changes.changed(announce);
    return result;
  }

  /**
   * Runs `change` in a transaction that is always rolled back: what a write would do and refuse
   * (a preview), with nothing written, audited or announced.
   */
  async rehearse<T>(change: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    let result: { value: T } | null = null;
    await this.db
      .transaction()
      .execute(async (trx) => {
        result = { value: await change(trx) };
        throw REHEARSAL;
      })
      .catch((error: unknown) => {
        if (error !== REHEARSAL) throw error;
      });
    return result!.value;
  }

  /**
   * Recomputes what a product derives from its parts: the lowest price among the variants still
   * offered (and that variant's compare-at), the search text, and updated_at. Every write to a
   * product or its parts ends with this, inside its transaction.
   */
  async refreshDerived(productId: string, trx: Transaction<Database>): Promise<void> {
    await this.refreshDerivedOf([productId], trx);
  }

  /**
   * The same for many products at once (a bulk change): one read and one UPDATE whatever their
   * number, so a change of thousands of products holds their rows for moments, not minutes.
   */
  async refreshDerivedOf(productIds: readonly string[], trx: Transaction<Database>): Promise<void> {
    if (productIds.length === 0) return;
    const products = await trx.selectFrom("products").select(["id", "title", "tags", "description_html"]).where("id", "=", sql<string>`any(${[...productIds]}::uuid[])`).execute();
    if (products.length === 0) return;
    const ids = products.map((p) => p.id);
    const searchTexts = products.map((p) => buildSearchText({ title: p.title, tags: p.tags, descriptionHtml: p.description_html }));
    // The cheapest variant still offered (the first by position among equals); a product with none keeps its prices.
    await sql`
      UPDATE products AS p SET
        search_text = d.search_text,
        updated_at = now(),
        price_cents = COALESCE(c.price_cents, p.price_cents),
        compare_at_cents = CASE WHEN c.price_cents IS NULL THEN p.compare_at_cents ELSE c.compare_at_cents END
      FROM unnest(${ids}::uuid[], ${searchTexts}::text[]) AS d(id, search_text)
      LEFT JOIN LATERAL (
        SELECT v.price_cents, v.compare_at_cents FROM variants AS v
        WHERE v.product_id = d.id AND v.archived_at IS NULL
        ORDER BY v.price_cents, v.position LIMIT 1
      ) AS c ON true
      WHERE p.id = d.id`.execute(trx);
  }
}
