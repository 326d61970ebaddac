import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { LISTENER_APPLICATION_PREFIX, type Listen } from "../db/database.js";
import type { CatalogCache } from "./catalog.cache.js";

/** The channel on which a gateway process tells the others that the catalog changed. */
const CATALOG_CHANNEL = "catalog_changed";
/** The channel on which each process answers that it has dropped its catalog answers for a change. */
const CLEARED_CHANNEL = "catalog_cleared";
/** How long a change waits for the other processes to say they dropped their answers. */
const ACK_TIMEOUT_MS = 2_000;
/**
 * A change naming more products and collections than this counts as touching everything: its
 * notice stays well inside NOTIFY's 8,000 bytes, and a CDN is asked to purge one key, not thousands.
 */
const MOST_NAMED = 150;

/**
 * What a committed catalog change touched, as far as it can name it: these products (wherever they
 * are shown), these collections (their pages and their lists of products), and whether lists
 * drawn from the whole catalog (the shop list with its sorts and searches, the best sellers, the
 * list of collections, the sitemap) may read differently now. "everything" for a change that
 * cannot say (an import, the memes, promotions, a new seed, a lost notice).
 */
export type CatalogTouched = { products: readonly string[]; collections: readonly string[]; lists: boolean } | "everything";

/** Products changed (what a shopper sees of one, its status, its sales): any list may order or hold them differently now. */
export function productsTouched(productIds: readonly string[]): CatalogTouched {
  return { products: productIds, collections: [], lists: true };
}

/** A collection changed; `lists` when the list of collections or what any address names changed with it. */
export function collectionTouched(collectionId: string, options: { products?: readonly string[]; lists: boolean }): CatalogTouched {
  return { products: options.products ?? [], collections: [collectionId], lists: options.lists };
}

type ChangeListener = (touched: CatalogTouched) => void;

/** Tells every gateway process on this database (this one included) that the catalog changed, all of it. */
export async function announceCatalogChange(db: Kysely<Database>, origin = "start-up"): Promise<void> {
  await sql`SELECT pg_notify(${CATALOG_CHANNEL}, ${origin})`.execute(db);
}

/** A notice's payload: who sent it, the change's id (for the answers) and what it touched (left out: everything). */
function noticeOf(origin: string, changeId: string, touched: CatalogTouched): string {
  const head = `${origin}:${changeId}`;
  if (touched === "everything") return head;
  return `${head}:${JSON.stringify({ p: touched.products, c: touched.collections, l: touched.lists })}`;
}

function readNotice(payload: string): { origin: string; changeId: string | null; touched: CatalogTouched } {
  const [origin = "", changeId = null] = payload.split(":", 2);
  const body = changeId === null ? "" : payload.slice(origin.length + changeId.length + 2);
  return { origin, changeId, touched: body ? touchedFrom(body) : "everything" };
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === "string");

/** What a notice names; anything it cannot read counts as everything. */
function touchedFrom(json: string): CatalogTouched {
  try {
    const { p, c, l } = JSON.parse(json) as { p?: unknown; c?: unknown; l?: unknown };
    if (isIdList(p) && isIdList(c) && typeof l === "boolean") return { products: p, collections: c, lists: l };
  } catch {
    // answered below
  }
  return "everything";
}

/**
 * Keeps this process's catalog caches in step with the database: a change made here is applied at
 * once (the catalog answers dropped, and what the change touched told to the listeners: the
 * server-rendered pages) and announced with NOTIFY, naming what it touched; a notice from another
 * process (a change by staff there, a paid order, a new seed at its start-up) is applied here, and
 * this process answers that it did. A change made here waits (at most ACK_TIMEOUT_MS) until every
 * other listening process has answered, so when staff see their change saved, the next request on
 * any worker shows it. On the embedded database there is only this process.
 */
export class CatalogChanges {
  /** Names this process in its notices, so that it does not apply its own twice. */
  private readonly origin = randomUUID();
  /** Changes announced here still waiting for answers: their id → what is left to hear. */
  private readonly waiting = new Map<string, { remaining: number; done: () => void }>();
  private readonly changeListeners: ChangeListener[] = [];
  private readonly settledListeners: ChangeListener[] = [];

  constructor(
    private readonly cache: CatalogCache,
    private readonly db: Kysely<Database>,
  ) {}

  /** `listener` runs in every process at every change, made here or heard of, before this process answers that it applied it. */
  onChange(listener: ChangeListener): void {
    this.changeListeners.push(listener);
  }

  /** `listener` runs only in the process that made a change, once every other process has applied it (or stopped being waited for). */
  onSettled(listener: ChangeListener): void {
    this.settledListeners.push(listener);
  }

  /**
   * After a change to the catalog has committed: apply it here, tell the others, and wait until they
   * have applied it too. What a change names grows by the collections its products are in (their
   * pages list them); one naming nothing touched everything.
   */
  async changed(named: CatalogTouched = "everything"): Promise<void> {
    // What the change names is dropped at once; the collections its products are in a moment later.
    this.apply(named);
    const touched = await this.withCollectionsOfProducts(named).catch((): CatalogTouched => "everything");
    if (touched !== named) this.apply(touched);
    const others = await this.otherListeners();
    const changeId = randomUUID();
    const acknowledged =
      others > 0
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(finish, ACK_TIMEOUT_MS);
            timer.unref();
            const waiting = this.waiting;
            function finish() {
              clearTimeout(timer);
              waiting.delete(changeId);
              resolve();
            }
            this.waiting.set(changeId, { remaining: others, done: finish });
          })
        : Promise.resolve();
    await announceCatalogChange(this.db, noticeOf(this.origin, changeId, touched));
    await acknowledged;
    for (const listener of this.settledListeners) listener(touched);
  }

  /** Starts listening for other processes' notices (and their answers to ours); resolves with a function that stops it. */
  async subscribe(listen: Listen): Promise<() => Promise<void>> {
    const stopChanges = await listen(
      CATALOG_CHANNEL,
      (payload) => {
        const notice = readNotice(payload);
        if (notice.origin === this.origin) return;
        this.apply(notice.touched);
        if (notice.changeId) sql`SELECT pg_notify(${CLEARED_CHANNEL}, ${notice.changeId})`.execute(this.db).catch(() => undefined);
      },
      // Notices may have been missed while the connection was down.
      () => this.apply("everything"),
    );
    const stopAnswers = await listen(
      CLEARED_CHANNEL,
      (changeId) => {
        const waiting = this.waiting.get(changeId);
        if (waiting && --waiting.remaining <= 0) waiting.done();
      },
      () => undefined,
    );
    return async () => {
      await stopChanges();
      await stopAnswers();
    };
  }

  /** The catalog answers go whatever the change (they are few and cheap); the listeners drop what it touched. */
  private apply(touched: CatalogTouched): void {
    this.cache.clear();
    for (const listener of this.changeListeners) listener(touched);
  }

  /**
   * The change as named (the same object when that is all), with the collections of the products it
   * names (read once it committed: a product now on sale appears in its collections' pages), or
   * everything when that names too many.
   */
  private async withCollectionsOfProducts(touched: CatalogTouched): Promise<CatalogTouched> {
    if (touched === "everything") return touched;
    if (touched.products.length + touched.collections.length > MOST_NAMED) return "everything";
    if (touched.products.length === 0) return touched;
    const rows = await this.db
      .selectFrom("product_collections")
      .select("collection_id")
      .distinct()
      .where("product_id", "=", sql<string>`any(${[...touched.products]}::uuid[])`)
      .execute();
    const collections = new Set(touched.collections);
    for (const row of rows) collections.add(row.collection_id);
    if (collections.size === touched.collections.length) return touched;
    if (touched.products.length + collections.size > MOST_NAMED) return "everything";
    return { products: touched.products, collections: [...collections], lists: touched.lists };
  }

  /** How many other gateway processes listen for catalog changes on this database now (0 on the embedded one). */
  private async otherListeners(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE application_name = ${LISTENER_APPLICATION_PREFIX + CATALOG_CHANNEL} AND datname = current_database()`.execute(this.db);
    return Math.max(0, Number(rows[0]?.n ?? 0) - 1);
  }
}
