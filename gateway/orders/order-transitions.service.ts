import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { notFound } from "../shared/errors.js";
import { checkTransition } from "./order-transitions.rules.js";
import { parseInput } from "../shared/validation.js";
import { isUuid } from "../shared/ids.js";
import type { Actor } from "../shared/actor.js";
import type { AuditService } from "../staff/audit.service.js";
import type { OrderRepository } from "./order.repository.js";
import type { OrderHistoryRepository } from "./order-history.repository.js";
import type { OrderEvent, OrderLifecycle } from "./order-lifecycle.service.js";
import type { OrderRecord, OrderTracking } from "./order.records.js";
import { OrderCancelArgs, OrderFulfillArgs } from "./order-admin.types.js";

export interface TrackingInput {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | null;
}


/** One transition's check and writes, on the order locked in `trx`; answers the lifecycle event it makes, if any. */
type Change = (order: OrderRecord, trx: Transaction<Database>) => Promise<OrderEvent | null>;

/** The order is gone or the id names none: the same answer for both. */
const orderNotFound = () => notFound("No order with this id");


/** A checked tracking URL as kept: trimmed and normalised; blank is none. */
function trackingUrlOf(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : new URL(trimmed).toString();
}

/**
 * An order's fulfilment after payment:
 *   UNFULFILLED → IN_PROGRESS (start); UNFULFILLED | IN_PROGRESS → FULFILLED (with tracking);
 *   UNFULFILLED | IN_PROGRESS → CANCELLED (with a reason). Anything else is INVALID_TRANSITION.
 * Each change is one transaction holding the order's row lock: the new state, the order's history
 * entry, the audit log entry and the lifecycle's handlers commit together or not at all. The
 * service opens and commits its own; the `…InTransaction` forms make the change part of a
 * transaction of your own (then call `lifecycle.committed` after your commit if listeners should
 * hear of it). Tracking and reasons are read through the admin mutations' argument classes
 * (OrderFulfillArgs, OrderCancelArgs): GraphQL has checked them already, and what the pipeline (a
 * print partner's shipment) hands in is checked by the same declarations here.
 */
export class OrderTransitionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly orders: OrderRepository,
    private readonly history: OrderHistoryRepository,
    private readonly audit: AuditService,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  async startFulfillment(orderId: string, actor: Actor): Promise<OrderRecord> {
    return this.transition(orderId, this.starting(actor));
  }

  async startFulfillmentInTransaction(orderId: string, actor: Actor, trx: Transaction<Database>): Promise<OrderRecord> {
    return this.transitionInTransaction(orderId, this.starting(actor), trx);
  }

  async fulfill(orderId: string, input: TrackingInput, actor: Actor): Promise<OrderRecord> {
    return this.transition(orderId, this.fulfilling(input, actor));
  }

  async cancel(orderId: string, reason: string, actor: Actor, customerMessage: string | null = null): Promise<OrderRecord> {
    return this.transition(orderId, this.cancelling(reason, actor, customerMessage));
  }

  /**
   * The cancellation as part of the caller's transaction (a cancellation that refunds in the same
   * step). The caller calls `lifecycle.committed("cancelled", order)` once it committed.
   */
  async cancelInTransaction(orderId: string, reason: string, actor: Actor, customerMessage: string | null, trx: Transaction<Database>): Promise<OrderRecord> {
    return this.transitionInTransaction(orderId, this.cancelling(reason, actor, customerMessage), trx);
  }

  /**
   * The order's row lock, for a change of its money (a refund) in the caller's transaction: two
   * refunds of one order wait for each other, so what remains refundable is read by one at a time.
   */
  async lockForRefund(orderId: string, trx: Transaction<Database>): Promise<OrderRecord> {
    const order = isUuid(orderId) ? await this.orders.lockById(orderId, trx) : null;
    if (!order) throw orderNotFound();
    return order;
  }

  /**
   * A refund that succeeded, on the order locked in `trx`: the refunded sum and the financial status
   * (PARTIALLY_REFUNDED, then REFUNDED once all of the total is back), its history entry and audit
   * entry, committed together. Answers the order as changed.
   */
  async recordRefunded(order: OrderRecord, amountCents: number, entry: { actor: Actor; message: string; details: string }, trx: Transaction<Database>): Promise<OrderRecord> {
    await this.orders.addRefunded(order.id, amountCents, trx);
    await this.write(order, entry.actor, "refunded", entry.message, entry.details, trx);
    return (await this.orders.findByIdInTransaction(order.id, trx))!;
  }

  /** A history line and an audit entry about an order, in the caller's transaction (a refund asked for, failed, a dispute). */
  async recordInTransaction(order: OrderRecord, entry: { actor: Actor; action: string; message: string; details: string | null; audit?: boolean }, trx: Transaction<Database>): Promise<void> {
    await this.history.insertInTransaction(order.id, { actor: entry.actor, action: entry.action, message: entry.message }, trx);
    if (entry.audit !== false) await this.audit.recordInTransaction({ actor: entry.actor, action: entry.action, orderId: order.id, orderNumber: order.orderNumber, details: entry.details }, trx);
  }

  /** Adds a line to an order's history (a partner's failure, an email sent) without changing its state. */
  async note(orderId: string, entry: { actor: Actor; action: string; message: string }): Promise<void> {
    await this.history.insert(orderId, entry);
  }

  private starting(actor: Actor): Change {
    return async (order, trx) => {
      checkTransition(order, "start");
      await this.orders.updateFulfillment(order.id, { fulfillmentStatus: "IN_PROGRESS" }, trx);
      await this.write(order, actor, "fulfillment_started", "Fulfillment started", null, trx);
      return null;
    };
  }

  /** Checks the tracking before any transaction begins. */
  private fulfilling(input: TrackingInput, actor: Actor): Change {
    const checked = parseInput(OrderFulfillArgs, input);
    const tracking: OrderTracking = {
      carrier: checked.carrier.trim(),
      trackingNumber: checked.trackingNumber.trim(),
      trackingUrl: trackingUrlOf(checked.trackingUrl),
      shippedAt: new Date(),
    };
    return async (order, trx) => {
      checkTransition(order, "fulfil");
      await this.orders.updateFulfillment(order.id, { fulfillmentStatus: "FULFILLED", tracking }, trx);
      const details = `${tracking.carrier} ${tracking.trackingNumber}`;
      await this.write(order, actor, "fulfilled", `Shipped with ${details}`, details, trx);
      return "fulfilled";
    };
  }

  /**
   * Checks the reason (internal: the customer never sees it) before any transaction begins.
   * `customerMessage`: the customer is told, with this message ("" for none); null: not told.
   */
  private cancelling(reason: string, actor: Actor, customerMessage: string | null): Change {
    const checked = parseInput(OrderCancelArgs, { reason, customerMessage });
    const why = checked.reason.trim();
    const told = customerMessage === null ? null : (checked.customerMessage?.trim() ?? "");
    return async (order, trx) => {
      checkTransition(order, "cancel");
      await this.orders.updateFulfillment(order.id, { fulfillmentStatus: "CANCELLED", cancel: { reason: why, customerMessage: told, at: new Date() } }, trx);
      await this.write(order, actor, "cancelled", `Cancelled: ${why}`, why, trx);
      return "cancelled";
    };
  }

  /** In a transaction of its own; listeners hear of the change once it committed. */
  private async transition(orderId: string, change: Change): Promise<OrderRecord> {
    if (!isUuid(orderId)) throw orderNotFound();
    const { updated, event } = await this.db.transaction().execute((trx) => this.run(orderId, change, trx));
    if (event) this.lifecycle.committed(event, updated);
    return updated;
  }

  private async transitionInTransaction(orderId: string, change: Change, trx: Transaction<Database>): Promise<OrderRecord> {
    if (!isUuid(orderId)) throw orderNotFound();
    return (await this.run(orderId, change, trx)).updated;
  }

  private async run(orderId: string, change: Change, trx: Transaction<Database>): Promise<{ updated: OrderRecord; event: OrderEvent | null }> {
    const order = await this.orders.lockById(orderId, trx);
    if (!order) throw orderNotFound();
    const event = await change(order, trx);
    const updated = (await this.orders.findByIdInTransaction(orderId, trx))!;
    if (event === "fulfilled") await this.lifecycle.fulfilled(updated, trx);
    if (event === "cancelled") await this.lifecycle.cancelled(updated, trx);
    return { updated, event };
  }

  private async write(order: OrderRecord, actor: Actor, action: string, message: string, details: string | null, trx: Transaction<Database>) {
    await this.history.insertInTransaction(order.id, { actor, action, message }, trx);
    await this.audit.recordInTransaction({ actor, action, orderId: order.id, orderNumber: order.orderNumber, details }, trx);
  }
}
