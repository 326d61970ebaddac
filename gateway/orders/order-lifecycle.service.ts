import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { OrderHistoryRepository } from "./order-history.repository.js";
import type { OrderRecord } from "./order.records.js";

/** paid, shipped, cancelled; a shipped order's shipping email asked for again; marked delivered. */
export type OrderEvent = "paid" | "fulfilled" | "cancelled" | "shipping_resent" | "delivered";

/**
 * Runs inside the transaction that made the change: whatever it writes (a job, an outbox row)
 * commits or rolls back with the order. A handler that throws aborts the change. `occasion` names
 * this time of an event that may happen again (a resend: each is its own email); null otherwise.
 */
export type OrderEventHandler = (order: OrderRecord, trx: Transaction<Database>, occasion: string | null) => Promise<void>;

/** Told after the change committed (to wake a worker early, say); never part of the change. */
export type OrderCommittedListener = (event: OrderEvent, order: OrderRecord) => void;

/**
 * The order's lifecycle hook point. Checkout calls `paid` in the transaction that records the
 * order; the transitions service calls `fulfilled` and `cancelled` in the transition's transaction.
 * Other features register handlers once, at wiring time (services.ts), with `on`.
 */
export class OrderLifecycle {
  private readonly handlers: Record<OrderEvent, OrderEventHandler[]> = { paid: [], fulfilled: [], cancelled: [], shipping_resent: [], delivered: [] };
  private readonly listeners: OrderCommittedListener[] = [];

  constructor(private readonly history: OrderHistoryRepository) {}

  on(event: OrderEvent, handler: OrderEventHandler): void {
    this.handlers[event].push(handler);
  }

  onCommitted(listener: OrderCommittedListener): void {
    this.listeners.push(listener);
  }

  /** The order was paid (in checkout's order transaction): its first history entry, then the handlers. */
  async paid(order: OrderRecord, trx: Transaction<Database>): Promise<void> {
    await this.history.insertInTransaction(order.id, { actor: "customer", action: "paid", message: `Order #${order.orderNumber} paid` }, trx);
    await this.happened("paid", order, trx, null);
  }

  /** Any other event, in the transaction of the change that made it (the transitions service). */
  async happened(event: OrderEvent, order: OrderRecord, trx: Transaction<Database>, occasion: string | null): Promise<void> {
    for (const handler of this.handlers[event]) await handler(order, trx, occasion);
  }

  /**
   * Called by the owner of the transaction once it committed. Listeners are told in turn; one that
   * throws does not stop the others (the change is already made).
   */
  committed(event: OrderEvent, order: OrderRecord): void {
    for (const listener of this.listeners) {
      try {
        listener(event, order);
      } catch {
        // A listener's failure is its own: the change is committed whatever it does.
      }
    }
  }
}
