import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { Actor } from "../shared/actor.js";
import type { AuditService } from "../staff/audit.service.js";
import type { CatalogChanges } from "./catalog.changes.js";
import { buildSearchText } from "./search-text.js";

/** Thrown to end a rehearsal's transaction (rolled back). */
const REHEARSAL = Symbol("rehearsal");

/** What one catalog change leaves in the audit log. */
export interface CatalogAuditEntry {
  action: string;
  details: string;
}

/**
 * The one path every catalog write takes (products, variants, images; collections and memes build
 * on it): one transaction, the columns derived from what changed, the audit entry in that same
 * transaction, and one announcement after it commits, which clears the catalog cache, the front
 * cache, the server-rendered pages and the sitemap in this process and, by NOTIFY, in every other
 * gateway process. Sales counts are not written here: orders own them.
 */
export class CatalogWriter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly changes: CatalogChanges,
    private readonly audit: AuditService,
  ) {}

  /**
   * Runs `change` in a transaction. It answers its result and the audit entry (null when nothing
   * changed: then nothing is announced either). A change that throws leaves the catalog as it was.
   */
  async write<T>(actor: Actor, change: (trx: Transaction<Database>) => Promise<{ result: T; audit: CatalogAuditEntry | null }>): Promise<T> {
    let audited = false;
    const result = await this.db.transaction().execute(async (trx) => {
      const done = await change(trx);
      if (done.audit) {
        await this.audit.recordInTransaction({ actor, action: done.audit.action, orderId: null, orderNumber: null, details: done.audit.details }, trx);
        audited = true;
      }
      return done.result;
    });
    if (audited) await this.changes.changed();
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
    const product = await trx.selectFrom("products").select(["title", "tags", "description_html"]).where("id", "=", productId).executeTakeFirst();
    if (!product) return;
    const cheapest = await trx
      .selectFrom("variants")
      .select(["price_cents", "compare_at_cents"])
      .where("product_id", "=", productId)
      .where("archived_at", "is", null)
      .orderBy("price_cents")
      .orderBy("position")
      .executeTakeFirst();
    await trx
      .updateTable("products")
      .set({
        search_text: buildSearchText({ title: product.title, tags: product.tags, descriptionHtml: product.description_html }),
        updated_at: sql<Date>`now()`,
        ...(cheapest ? { price_cents: cheapest.price_cents, compare_at_cents: cheapest.compare_at_cents } : {}),
      })
      .where("id", "=", productId)
      .execute();
  }
}
