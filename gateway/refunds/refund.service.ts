import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { DomainError, invalidInput, notFound } from "../shared/errors.js";
import { formatMoney } from "../shared/money.js";
import { isUuid } from "../shared/ids.js";
import type { Actor } from "../shared/actor.js";
import type { OrderRecord } from "../orders/order.records.js";
import type { OrderTransitionsService } from "../orders/order-transitions.service.js";
import { RefundRefusedError, type ProviderRefund, type RefundingProvider } from "../checkout/payment-provider.js";
import type { PaymentEventRecord } from "../checkout/payment-provider.js";
import { REFUND_REASON_LABELS, providerReasonOf, type OrderPayment, type RefundReason, type RefundRecord } from "./refund.records.js";
import type { RefundRepository } from "./refund.repository.js";

/** What happens when a refund succeeds (the customer's email, the ORDERS_REFUNDED webhook), in its transaction. */
export type RefundSucceededEffect = (order: OrderRecord, refund: RefundRecord, trx: Transaction<Database>) => Promise<void>;

/** Where provider events are recorded once (checkout's payment_events), in the transaction of their effect. */
export interface PaymentEvents {
  recordEvent(event: PaymentEventRecord, trx: Transaction<Database>): Promise<boolean>;
}

export interface RefundRequest {
  orderId: string;
  amountCents: number;
  reason: RefundReason;
  note: string | null;
}

/** A refund's outcome as learned from the provider (or its refusal). */
type Outcome = Pick<ProviderRefund, "state" | "failureMessage"> & { id: string | null };

/** Reconciliation leaves a pending refund alone for this long after it was last looked at. */
const RECONCILE_IDLE_MS = 2 * 60 * 1000;

/** The order's payment at the provider, or the refusal to refund an order without one. */
function requirePayment(payment: OrderPayment | null): OrderPayment {
  if (!payment) throw new DomainError("INVALID_TRANSITION", "This order has no payment at a provider to refund.", "orderId");
  return payment;
}

/**
 * Money given back, as a ledger. A refund is asked for under the order's row lock: what remains
 * refundable (the total less the pending and succeeded refunds) is read there, the refund row is
 * written PENDING and committed, and only then is the provider asked, with an idempotency key of
 * the refund's own (refund:{id}), so two clicks or two staff members can never give back more than
 * was paid and a crash never makes a refund twice. The outcome is recorded by settle(), the one
 * place a refund leaves PENDING: from the provider's answer, its webhook, or reconciliation asking.
 * A refund made at the provider itself (Stripe's Dashboard) is recorded once by its provider id.
 */
export class RefundService {
  private readonly succeededEffects: RefundSucceededEffect[] = [];
  private readonly committedListeners: (() => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly refunds: RefundRepository,
    private readonly transitions: OrderTransitionsService,
    private readonly provider: RefundingProvider & { readonly name: string },
    private readonly events: PaymentEvents,
    private readonly logger: Logger,
  ) {}

  /** Registers what happens when a refund succeeds (in its transaction). */
  onSucceeded(effect: RefundSucceededEffect): void {
    this.succeededEffects.push(effect);
  }

  /** Told once a refund's change committed (to wake the job runner). */
  onCommitted(listener: () => void): void {
    this.committedListeners.push(listener);
  }

  /** Asks for a refund and waits for the provider's first answer. Answers the refund as recorded. */
  async refund(request: RefundRequest, actor: Actor): Promise<RefundRecord> {
    const refund = await this.db.transaction().execute(async (trx) => {
      const order = await this.transitions.lockForRefund(request.orderId, trx);
      return this.requestInTransaction(order, request, actor, trx);
    });
    return this.send(refund);
  }

  /**
   * Writes a PENDING refund for an order locked in `trx` (a cancellation that refunds in the same
   * step uses it too); the caller asks the provider (send) once it committed.
   */
  async requestInTransaction(order: OrderRecord, request: Omit<RefundRequest, "orderId">, actor: Actor, trx: Transaction<Database>): Promise<RefundRecord> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw invalidInput("amount", "The amount must be more than $0.00.");
    const payment = requirePayment(await this.refunds.paymentOfInTransaction(order.id, trx));
    const remaining = await this.refunds.refundableCentsInTransaction(order.id, trx);
    if (remaining <= 0) throw invalidInput("amount", "Nothing remains to refund on this order.");
    if (request.amountCents > remaining) throw invalidInput("amount", `At most ${formatMoney(remaining)} remains refundable on this order.`);
    const refund = await this.refunds.insert(
      { orderId: order.id, amountCents: request.amountCents, currencyCode: order.currencyCode, reason: request.reason, note: request.note, actor, provider: payment.provider },
      trx,
    );
    await this.transitions.recordInTransaction(
      order,
      { actor, action: "refund_requested", message: `Refund of ${formatMoney(refund.amountCents)} asked for (${REFUND_REASON_LABELS[refund.reason]})`, details: `${formatMoney(refund.amountCents)} ${refund.reason}` },
      trx,
    );
    return refund;
  }

  /** What remains refundable of an order locked in `trx`: the total less the pending and succeeded refunds; 0 for an order without a payment. */
  remainingInTransaction(order: OrderRecord, trx: Transaction<Database>): Promise<number> {
    return this.refunds.refundableCentsInTransaction(order.id, trx);
  }

  /** What remains refundable of several orders, by id (AdminOrder.refundablePrice, one query per page). */
  refundableByOrders(orderIds: readonly string[]): Promise<Map<string, number>> {
    return this.refunds.refundableCents(orderIds);
  }

  /** Sends a refund written by requestInTransaction to its provider, once that committed. */
  async send(refund: RefundRecord): Promise<RefundRecord> {
    return this.askProvider(refund, requirePayment(await this.refunds.paymentOf(refund.orderId)));
  }

  findByOrders(orderIds: readonly string[]): Promise<Map<string, RefundRecord[]>> {
    return this.refunds.findByOrders(orderIds);
  }

  /**
   * One refund's answer from the provider. A refusal (more than the provider has left, a payment
   * it cannot refund) fails the refund, so its amount is refundable again; a failure to reach the
   * provider leaves it PENDING for reconciliation to ask again with the same key.
   */
  private async askProvider(refund: RefundRecord, payment: OrderPayment): Promise<RefundRecord> {
    let outcome: Outcome;
    try {
      const answer = await this.provider.refund({
        paymentId: payment.paymentId,
        amountCents: refund.amountCents,
        currencyCode: refund.currencyCode,
        reference: refund.id,
        idempotencyKey: `refund:${refund.id}`,
        reason: providerReasonOf(refund.reason),
      });
      outcome = answer;
    } catch (error) {
      if (!(error instanceof RefundRefusedError)) {
        this.logger.warn("refund: the provider did not answer; reconciliation asks again", { refundId: refund.id, error: (error as Error).message });
        await this.refunds.touch(refund.id);
        return (await this.refunds.find(refund.id))!;
      }
      outcome = { id: null, state: "failed", failureMessage: error.message.slice(0, 500) };
    }
    return this.settle(refund.id, outcome);
  }

  /**
   * Records what the provider holds for one refund, once: the one place a refund leaves PENDING.
   * Under the order's lock, then the refund's: a refund already settled changes nothing, so the
   * answer, its webhook and reconciliation may all come, in any order, at once. `event`: the
   * provider's event that told, recorded in the same transaction.
   */
  async settle(refundId: string, outcome: Outcome, event?: PaymentEventRecord): Promise<RefundRecord> {
    const seen = await this.refunds.find(refundId);
    if (!seen) throw notFound(`No refund ${refundId}`);
    const settled = await this.db.transaction().execute(async (trx) => {
      if (event && !(await this.events.recordEvent(event, trx))) return { refund: (await this.refunds.lock(refundId, trx))!, changed: false };
      const order = await this.transitions.lockForRefund(seen.orderId, trx);
      const refund = (await this.refunds.lock(refundId, trx))!;
      if (outcome.id && refund.providerRefundId === null) await this.refunds.setProviderId(refund.id, outcome.id, trx);
      if (refund.status !== "PENDING" || outcome.state === "pending") return { refund: (await this.refunds.lock(refundId, trx))!, changed: false };
      if (outcome.state === "succeeded") {
        await this.refunds.setStatus(refund.id, "SUCCEEDED", null, trx);
        const after = (await this.refunds.lock(refundId, trx))!;
        const changed = await this.transitions.recordRefunded(
          order,
          refund.amountCents,
          { actor: refund.actor, message: `Refunded ${formatMoney(refund.amountCents)} (${REFUND_REASON_LABELS[refund.reason]})`, details: `${formatMoney(refund.amountCents)} ${refund.reason}` },
          trx,
        );
        for (const effect of this.succeededEffects) await effect(changed, after, trx);
        return { refund: after, changed: true };
      }
      const message = outcome.failureMessage ?? "The provider did not make the refund.";
      await this.refunds.setStatus(refund.id, "FAILED", message, trx);
      await this.transitions.recordInTransaction(
        order,
        { actor: `provider:${refund.provider}`, action: "refund_failed", message: `Refund of ${formatMoney(refund.amountCents)} failed: ${message}`, details: message },
        trx,
      );
      return { refund: (await this.refunds.lock(refundId, trx))!, changed: true };
    });
    if (settled.changed) for (const listener of this.committedListeners) listener();
    return settled.refund;
  }

  /**
   * A refund the provider told of by webhook (refund.updated, refund.failed): ours by its reference
   * or its provider id, settled from what the provider holds; one made at the provider itself is
   * recorded. Answers the refund, or null when it belongs to no order of ours.
   */
  async refundChanged(answer: ProviderRefund, event: PaymentEventRecord): Promise<RefundRecord | null> {
    const known = await this.knownRefund(answer);
    if (known) return this.settle(known.id, answer, event);
    return this.recordProviderRefund(answer, event);
  }

  /**
   * A payment refunded at the provider (charge.refunded): every refund it holds for the payment is
   * brought into the ledger, each once. Answers how many refunds of the order there were, or null
   * for a payment that made no order of ours.
   */
  async paymentRefunded(paymentId: string, event: PaymentEventRecord): Promise<number | null> {
    const orderId = await this.refunds.orderOfPayment(this.provider.name, paymentId);
    if (!orderId) return null;
    const answers = await this.provider.refundsOf(paymentId);
    for (const answer of answers) {
      const known = await this.knownRefund(answer);
      if (known) await this.settle(known.id, answer);
      else await this.recordProviderRefund(answer);
    }
    await this.db.transaction().execute((trx) => this.events.recordEvent(event, trx));
    return answers.length;
  }

  /**
   * Asks the provider about refunds it has not heard back on: one never answered is asked for again
   * with the same key (the provider answers the refund it made, or makes it now); one answered but
   * still pending is looked up.
   */
  async reconcile(now: Date = new Date(), options: { askAll?: boolean } = {}): Promise<{ succeeded: number; failed: number; pending: number }> {
    const report = { succeeded: 0, failed: 0, pending: 0 };
    for (const pending of await this.refunds.findPending(100, options.askAll ? 0 : RECONCILE_IDLE_MS, now)) {
      try {
        const refund = pending.providerRefundId ? await this.settle(pending.id, await this.provider.lookupRefund(pending.providerRefundId)) : await this.send(pending);
        if (refund.status === "PENDING") await this.refunds.touch(refund.id);
        report[refund.status === "SUCCEEDED" ? "succeeded" : refund.status === "FAILED" ? "failed" : "pending"] += 1;
      } catch (error) {
        await this.refunds.touch(pending.id);
        this.logger.warn("refund reconciliation: a refund could not be settled", { refundId: pending.id, error: (error as Error).message });
      }
    }
    return report;
  }

  private async knownRefund(answer: ProviderRefund): Promise<RefundRecord | null> {
    // Our id, as the provider keeps it in the refund's metadata (a refund made elsewhere has none).
    const ours = answer.reference && isUuid(answer.reference) ? await this.refunds.find(answer.reference) : null;
    if (ours && ours.provider === this.provider.name) return ours;
    return this.refunds.findByProviderId(this.provider.name, answer.id);
  }

  /** A refund made at the provider itself, recorded once (by its provider id) with the state it has there. */
  private async recordProviderRefund(answer: ProviderRefund, event?: PaymentEventRecord): Promise<RefundRecord | null> {
    const orderId = await this.refunds.orderOfPayment(this.provider.name, answer.paymentId);
    if (!orderId) return null;
    const recorded = await this.db.transaction().execute(async (trx) => {
      const order = await this.transitions.lockForRefund(orderId, trx);
      const existing = await this.refunds.findByProviderIdInTransaction(this.provider.name, answer.id, trx);
      if (existing) return existing;
      const actor = `provider:${this.provider.name}`;
      const refund = await this.refunds.insert(
        {
          orderId,
          amountCents: answer.amountCents,
          currencyCode: answer.currencyCode,
          reason: "OTHER",
          note: `Made at ${this.provider.name} itself`,
          actor,
          provider: this.provider.name,
          providerRefundId: answer.id,
        },
        trx,
      );
      await this.transitions.recordInTransaction(
        order,
        { actor, action: "refund_recorded", message: `A refund of ${formatMoney(answer.amountCents)} made at ${this.provider.name} was recorded`, details: answer.id },
        trx,
      );
      return refund;
    });
    return this.settle(recorded.id, answer, event);
  }
}
