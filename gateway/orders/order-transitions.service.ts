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

  async cancel(orderId: string, reason: string, actor: Actor): Promise<OrderRecord> {
    return this.transition(orderId, this.cancelling(reason, actor));
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

  /** Checks the reason before any transaction begins. */
  private cancelling(reason: string, actor: Actor): Change {
    const why = parseInput(OrderCancelArgs, { reason }).reason.trim();
    return async (order, trx) => {
      checkTransition(order, "cancel");
      await this.orders.updateFulfillment(order.id, { fulfillmentStatus: "CANCELLED", cancel: { reason: why, at: new Date() } }, trx);
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
