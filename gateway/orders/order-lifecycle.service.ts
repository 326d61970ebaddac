import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { OrderHistoryRepository } from "./order-history.repository.js";
import type { OrderRecord } from "./order.records.js";

export type OrderEvent = "paid" | "fulfilled" | "cancelled";

/**
 * Runs inside the transaction that made the change: whatever it writes (a job, an outbox row)
 * commits or rolls back with the order. A handler that throws aborts the change.
 */
export type OrderEventHandler = (order: OrderRecord, trx: Transaction<Database>) => Promise<void>;

/** Told after the change committed (to wake a worker early, say); never part of the change. */
export type OrderCommittedListener = (event: OrderEvent, order: OrderRecord) => void;

/**
 * The order's lifecycle hook point. Checkout calls `paid` in the transaction that records the
 * order; the transitions service calls `fulfilled` and `cancelled` in the transition's transaction.
 * Other features register handlers once, at wiring time (services.ts), with `on`.
 */
export class OrderLifecycle {
  private readonly handlers: Record<OrderEvent, OrderEventHandler[]> = { paid: [], fulfilled: [], cancelled: [] };
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
    await this.run("paid", order, trx);
  }

  fulfilled(order: OrderRecord, trx: Transaction<Database>): Promise<void> {
    return this.run("fulfilled", order, trx);
  }

  cancelled(order: OrderRecord, trx: Transaction<Database>): Promise<void> {
    return this.run("cancelled", order, trx);
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

  private async run(event: OrderEvent, order: OrderRecord, trx: Transaction<Database>): Promise<void> {
    for (const handler of this.handlers[event]) await handler(order, trx);
  }
}
