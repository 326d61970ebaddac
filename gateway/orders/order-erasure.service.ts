import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { OrderHistoryRepository } from "./order-history.repository.js";
import type { OrderErasureRepository } from "./order-erasure.repository.js";
import type { OrderRecord } from "./order.records.js";

/**
 * spec §9: returns within 30 days. A deleted account's order keeps its contact data (email, name,
 * street, phone) while it is open, and this long after it was fulfilled or cancelled.
 */
const CONTACT_KEPT_AFTER_CLOSE_DAYS = 30;
/** Orders erased per transaction by the sweep. */
const SWEEP_BATCH = 100;

/** What became of a deleted account's orders. */
export interface AccountOrdersOutcome {
  /** Orders whose contact data was erased at once (closed more than 30 days ago). */
  erasedNow: string[];
  /** Orders keeping it for now: still open, or closed within the last 30 days. */
  keptUntilLater: string[];
}

/**
 * The shop's books keep a deleted account's orders; their contact data goes once no return,
 * reprint or delivery question can need it. The account's deletion hands its orders over
 * (`releaseAccountOrdersInTransaction`); the order's lifecycle tells when an open one closes
 * (`orderClosedInTransaction`); the sweep erases what is due (`eraseDue`).
 */
export class OrderErasureService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: OrderErasureRepository,
    private readonly history: OrderHistoryRepository,
  ) {}

  async releaseAccountOrdersInTransaction(customerId: string, at: Date, trx: Transaction<Database>): Promise<AccountOrdersOutcome> {
    const orders = await this.repository.detachFromAccount(customerId, at, CONTACT_KEPT_AFTER_CLOSE_DAYS, trx);
    const erasedNow = orders.filter((o) => o.contactEraseAfter && o.contactEraseAfter <= at).map((o) => o.id);
    const keptUntilLater = orders.filter((o) => !erasedNow.includes(o.id)).map((o) => o.id);
    for (const order of orders) {
      const kept = keptUntilLater.includes(order.id);
      await this.history.insertInTransaction(
        order.id,
        {
          actor: "customer",
          action: "account_deleted",
          message: kept
            ? order.contactEraseAfter
              ? `Customer deleted their account; contact details kept until ${order.contactEraseAfter.toISOString().slice(0, 10)} (return window)`
              : `Customer deleted their account; contact details kept until ${CONTACT_KEPT_AFTER_CLOSE_DAYS} days after the order ships or is cancelled`
            : "Customer deleted their account; contact details erased",
        },
        trx,
      );
    }
    await this.repository.eraseContact(erasedNow, at, trx);
    return { erasedNow, keptUntilLater };
  }

  /** The order was fulfilled or cancelled (in that change's transaction): a deleted account's order now has its erase time. */
  async orderClosedInTransaction(order: OrderRecord, trx: Transaction<Database>): Promise<void> {
    if (!order.accountDeletion || order.accountDeletion.contactErasedAt) return;
    const closedAt = order.tracking?.shippedAt ?? order.cancelledAt ?? new Date();
    if (await this.repository.scheduleAfterClose(order.id, closedAt, CONTACT_KEPT_AFTER_CLOSE_DAYS, trx)) {
      const until = new Date(closedAt.getTime() + CONTACT_KEPT_AFTER_CLOSE_DAYS * 86_400_000);
      await this.history.insertInTransaction(order.id, { actor: "system", action: "contact_erasure_scheduled", message: `Contact details of the deleted account kept until ${until.toISOString().slice(0, 10)}` }, trx);
    }
  }

  /** The sweep: erases every order whose time has come, a batch per transaction. Answers how many. */
  async eraseDue(now: Date = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const erased = await this.db.transaction().execute(async (trx) => {
        const ids = await this.repository.lockDue(now, SWEEP_BATCH, trx);
        for (const id of ids) {
          await this.history.insertInTransaction(id, { actor: "system", action: "contact_erased", message: "Contact details erased (the customer deleted their account)" }, trx);
        }
        await this.repository.eraseContact(ids, now, trx);
        return ids.length;
      });
      total += erased;
      if (erased < SWEEP_BATCH) return total;
    }
  }

  /** Which of these designs an order that still keeps its contact data prints from, read in the caller's transaction. */
  designsStillNeeded(designIds: readonly string[], trx: Transaction<Database>): Promise<Set<string>> {
    return this.repository.designsNamedByKeptOrders(designIds, trx);
  }
}
