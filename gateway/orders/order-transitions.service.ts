import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { DomainError, notFound } from "../shared/errors.js";
import { checkShipmentChange, checkTransition } from "./order-transitions.rules.js";
import { resolveCarrier } from "./carriers.js";
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


/** What a change tells the lifecycle: the event, and for one that may happen again (a resend), which time this is. */
interface Happened {
  event: OrderEvent;
  occasion?: string;
}

/** One transition's check and writes, on the order locked in `trx`; answers the lifecycle event it makes, if any. */
type Change = (order: OrderRecord, trx: Transaction<Database>) => Promise<Happened | null>;

/** The order is gone or the id names none: the same answer for both. */
const orderNotFound = () => notFound("No order with this id");


/** A checked tracking URL as kept: trimmed and normalised; blank is none. */
function trackingUrlOf(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : new URL(trimmed).toString();
}

/**
 * Tracking as kept, checked before any transaction begins: the declarations of OrderFulfillArgs,
 * then the carrier (a listed one builds the link; another needs one from staff and integrations,
 * while a print partner's shipment is kept as the partner reported it).
 */
function checkedTracking(input: TrackingInput, actor: Actor): Pick<OrderTracking, "carrier" | "trackingNumber" | "trackingUrl"> {
  const checked = parseInput(OrderFulfillArgs, { orderId: "", ...input });
  const trackingNumber = checked.trackingNumber.trim();
  const linkRequired = actor.startsWith("staff:") || actor.startsWith("token:");
  const resolved = resolveCarrier({ carrier: checked.carrier, trackingNumber, trackingUrl: trackingUrlOf(checked.trackingUrl) }, { linkRequired });
  if (!resolved.ok) throw new DomainError("INVALID_INPUT", resolved.message, "trackingUrl");
  return { carrier: resolved.carrier, trackingNumber, trackingUrl: resolved.trackingUrl };
}

const describeTracking = (t: Pick<OrderTracking, "carrier" | "trackingNumber">) => `${t.carrier} ${t.trackingNumber}`;

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

  /** A shipped order's tracking put right (a typo, another parcel); `resendEmail` sends the shipping email again with it. */
  async correctTracking(orderId: string, input: TrackingInput, actor: Actor, { resendEmail }: { resendEmail: boolean }): Promise<OrderRecord> {
    return this.transition(orderId, this.correcting(input, actor, resendEmail));
  }

  /** Sends a shipped order's shipping email again (a new message, listed in the history when sent). */
  async resendShippingEmail(orderId: string, actor: Actor): Promise<OrderRecord> {
    return this.transition(orderId, this.resending(actor));
  }

  /** A shipped order arrived: FULFILLED stays, delivered_at is set once. */
  async markDelivered(orderId: string, actor: Actor): Promise<OrderRecord> {
    return this.transition(orderId, this.delivering(actor));
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
    const tracking: OrderTracking = { ...checkedTracking(input, actor), shippedAt: new Date(), deliveredAt: null };
    return async (order, trx) => {
      checkTransition(order, "fulfil");
      await this.orders.updateFulfillment(order.id, { fulfillmentStatus: "FULFILLED", tracking }, trx);
      const details = describeTracking(tracking);
      await this.write(order, actor, "fulfilled", `Shipped with ${details}`, details, trx);
      return { event: "fulfilled" };
    };
  }

  /** A shipped order's carrier and tracking number put right; the customer is emailed again only when `resendEmail`. */
  private correcting(input: TrackingInput, actor: Actor, resendEmail: boolean): Change {
    const tracking = checkedTracking(input, actor);
    return async (order, trx) => {
      checkShipmentChange(order, "correct");
      const was = order.tracking!;
      if (was.carrier !== tracking.carrier || was.trackingNumber !== tracking.trackingNumber || was.trackingUrl !== tracking.trackingUrl) {
        await this.orders.updateTracking(order.id, tracking, trx);
        const details = `${describeTracking(tracking)} (was ${describeTracking(was)})`;
        await this.write(order, actor, "tracking_corrected", `Tracking corrected to ${details}`, details, trx);
      }
      return resendEmail ? this.resent(order, actor, trx) : null;
    };
  }

  private resending(actor: Actor): Change {
    return async (order, trx) => {
      checkShipmentChange(order, "resend");
      return this.resent(order, actor, trx);
    };
  }

  /** The history line of a resend; its id names this sending of the email (EmailRequest's key). */
  private async resent(order: OrderRecord, actor: Actor, trx: Transaction<Database>): Promise<Happened> {
    const entryId = await this.write(order, actor, "shipping_email_resent", "Shipping email sent again", null, trx);
    return { event: "shipping_resent", occasion: `resend-${entryId}` };
  }

  private delivering(actor: Actor): Change {
    return async (order, trx) => {
      checkShipmentChange(order, "deliver");
      await this.orders.markDelivered(order.id, new Date(), trx);
      await this.write(order, actor, "delivered", "Marked delivered", null, trx);
      return { event: "delivered" };
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
      return { event: "cancelled" };
    };
  }

  /** In a transaction of its own; listeners hear of the change once it committed. */
  private async transition(orderId: string, change: Change): Promise<OrderRecord> {
    if (!isUuid(orderId)) throw orderNotFound();
    const { updated, happened } = await this.db.transaction().execute((trx) => this.run(orderId, change, trx));
    if (happened) this.lifecycle.committed(happened.event, updated);
    return updated;
  }

  private async transitionInTransaction(orderId: string, change: Change, trx: Transaction<Database>): Promise<OrderRecord> {
    if (!isUuid(orderId)) throw orderNotFound();
    return (await this.run(orderId, change, trx)).updated;
  }

  private async run(orderId: string, change: Change, trx: Transaction<Database>): Promise<{ updated: OrderRecord; happened: Happened | null }> {
    const order = await this.orders.lockById(orderId, trx);
    if (!order) throw orderNotFound();
    const happened = await change(order, trx);
    const updated = (await this.orders.findByIdInTransaction(orderId, trx))!;
    if (happened) await this.lifecycle.happened(happened.event, updated, trx, happened.occasion ?? null);
    return { updated, happened };
  }

  /** The history line and the audit entry of a change; answers the history line's id. */
  private async write(order: OrderRecord, actor: Actor, action: string, message: string, details: string | null, trx: Transaction<Database>): Promise<string> {
    const entryId = await this.history.insertInTransaction(order.id, { actor, action, message }, trx);
    await this.audit.recordInTransaction({ actor, action, orderId: order.id, orderNumber: order.orderNumber, details }, trx);
    return entryId;
  }
}
