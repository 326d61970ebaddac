import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { DomainError, notFound } from "../shared/errors.js";
import { parseInput } from "../shared/validation.js";
import { isUuid } from "../shared/ids.js";
import type { Actor } from "../shared/actor.js";
import type { AuditService } from "../staff/audit.service.js";
import type { OrderRepository } from "./order.repository.js";
import type { OrderHistoryRepository } from "./order-history.repository.js";
import type { OrderEvent, OrderLifecycle } from "./order-lifecycle.service.js";
import type { FulfillmentStatus, OrderRecord, OrderTracking } from "./order.records.js";
import { OrderCancelArgs, OrderFulfillArgs } from "./order-admin.types.js";

export interface TrackingInput {
  carrier: string;
  trackingNumber: string;
  trackingUrl?: string | null;
}

const STATE_WORDS: Record<FulfillmentStatus, string> = {
  UNFULFILLED: "not yet in production",
  IN_PROGRESS: "already in progress",
  FULFILLED: "fulfilled",
  CANCELLED: "cancelled",
};

/** The order is gone or the id names none: the same answer for both. */
const orderNotFound = () => notFound("No order with this id");

function invalidTransition(order: OrderRecord, verb: string): DomainError {
  return new DomainError("INVALID_TRANSITION", `Order #${order.orderNumber} is ${STATE_WORDS[order.fulfillmentStatus]} and cannot be ${verb}.`);
}

/** A checked tracking URL as kept: trimmed and normalised; blank is none. */
function trackingUrlOf(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : new URL(trimmed).toString();
}

/**
 * An order's fulfilment after payment (issue 15):
 *   UNFULFILLED → IN_PROGRESS (start); UNFULFILLED | IN_PROGRESS → FULFILLED (with tracking);
 *   UNFULFILLED | IN_PROGRESS → CANCELLED (with a reason). Anything else is INVALID_TRANSITION.
 * Each change is one transaction holding the order's row lock: the new state, the order's history
 * entry, the audit log entry and the lifecycle's handlers commit together or not at all. Pass `trx`
 * to make the change part of a transaction of your own (then call `lifecycle.committed` after your
 * commit if listeners should hear of it); without it the service opens and commits its own.
 * Tracking and reasons are read through the admin mutations' argument classes (OrderFulfillArgs,
 * OrderCancelArgs): GraphQL has checked them already, and what the pipeline (a print partner's
 * shipment) hands in is checked by the same declarations here.
 */
export class OrderTransitionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly orders: OrderRepository,
    private readonly history: OrderHistoryRepository,
    private readonly audit: AuditService,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  async startFulfillment(orderId: string, actor: Actor, trx?: Kysely<Database>): Promise<OrderRecord> {
    return this.transition(orderId, trx, async (db, order) => {
      if (order.fulfillmentStatus !== "UNFULFILLED") throw invalidTransition(order, "put in progress");
      await this.orders.updateFulfillment(order.id, { fulfillmentStatus: "IN_PROGRESS" }, db);
      await this.write(db, order, actor, "fulfillment_started", "Fulfillment started", null);
      return null;
    });
  }

  async fulfill(orderId: string, input: TrackingInput, actor: Actor, trx?: Kysely<Database>): Promise<OrderRecord> {
    const checked = parseInput(OrderFulfillArgs, input);
    const tracking: OrderTracking = {
      carrier: checked.carrier.trim(),
      trackingNumber: checked.trackingNumber.trim(),
      trackingUrl: trackingUrlOf(checked.trackingUrl),
      shippedAt: new Date(),
    };
    return this.transition(orderId, trx, async (db, order) => {
      if (order.fulfillmentStatus !== "UNFULFILLED" && order.fulfillmentStatus !== "IN_PROGRESS") throw invalidTransition(order, "fulfilled");
      await this.orders.updateFulfillment(order.id, { fulfillmentStatus: "FULFILLED", tracking }, db);
      const details = `${tracking.carrier} ${tracking.trackingNumber}`;
      await this.write(db, order, actor, "fulfilled", `Shipped with ${details}`, details);
      return "fulfilled";
    });
  }

  async cancel(orderId: string, reason: string, actor: Actor, trx?: Kysely<Database>): Promise<OrderRecord> {
    const why = parseInput(OrderCancelArgs, { reason }).reason.trim();
    return this.transition(orderId, trx, async (db, order) => {
      if (order.fulfillmentStatus !== "UNFULFILLED" && order.fulfillmentStatus !== "IN_PROGRESS") throw invalidTransition(order, "cancelled");
      await this.orders.updateFulfillment(order.id, { fulfillmentStatus: "CANCELLED", cancel: { reason: why, at: new Date() } }, db);
      await this.write(db, order, actor, "cancelled", `Cancelled: ${why}`, why);
      return "cancelled";
    });
  }

  /** Adds a line to an order's history (a partner's failure, an email sent) without changing its state. */
  async note(orderId: string, entry: { actor: Actor; action: string; message: string }, trx?: Kysely<Database>): Promise<void> {
    await this.history.insert(orderId, entry, trx);
  }

  private async transition(
    orderId: string,
    trx: Kysely<Database> | undefined,
    change: (db: Kysely<Database>, order: OrderRecord) => Promise<OrderEvent | null>,
  ): Promise<OrderRecord> {
    if (!isUuid(orderId)) throw orderNotFound();
    const run = async (db: Kysely<Database>) => {
      const order = await this.orders.lockById(orderId, db);
      if (!order) throw orderNotFound();
      const event = await change(db, order);
      const updated = (await this.orders.findById(orderId, db))!;
      if (event === "fulfilled") await this.lifecycle.fulfilled(db, updated);
      if (event === "cancelled") await this.lifecycle.cancelled(db, updated);
      return { updated, event };
    };
    if (trx) return (await run(trx)).updated;
    const { updated, event } = await this.db.transaction().execute(run);
    if (event) this.lifecycle.committed(event, updated);
    return updated;
  }

  private async write(db: Kysely<Database>, order: OrderRecord, actor: Actor, action: string, message: string, details: string | null) {
    await this.history.insert(order.id, { actor, action, message }, db);
    await this.audit.record({ actor, action, orderId: order.id, orderNumber: order.orderNumber, details }, db);
  }
}
