import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { CartService } from "../cart/cart.service.js";
import type { OrderService } from "../orders/order.service.js";
import type { OrderRecord } from "../orders/order.records.js";
import type { OrderLifecycle } from "../orders/order-lifecycle.service.js";
import type { PaymentAttempt, PaymentAttemptRepository, PaymentEventRecord } from "./payment-attempt.repository.js";
import type { PaymentProvider, ProviderPayment } from "./payment-provider.js";

export type Settled =
  | { kind: "paid"; order: OrderRecord }
  /** The shopper has not paid (yet): the session is open. */
  | { kind: "open" }
  /** Paid by a method whose money comes later: the order is made when it does. */
  | { kind: "processing" }
  /** That later money never came. */
  | { kind: "failed"; message: string }
  /** Closed without payment. */
  | { kind: "abandoned" }
  /** Paid, and given back: the cart was paid by another attempt, or what was paid is not what was asked. */
  | { kind: "voided" };

export interface ReconcileReport {
  completed: number;
  open: number;
  processing: number;
  failed: number;
  abandoned: number;
  voided: number;
}

/** What happens when an asynchronous payment fails (the customer's email), in the transaction that records it. */
type FailureHandler = (attempt: PaymentAttempt, message: string, trx: Transaction<Database>) => Promise<void>;

/** What else a placed order's attempt asked for (a signed-in shopper's "Save this address"), in the order's transaction. */
type PlacedHandler = (attempt: PaymentAttempt, order: OrderRecord, trx: Transaction<Database>) => Promise<void>;

/** Reconciliation leaves an attempt alone for this long after it was last looked at. */
const RECONCILE_IDLE_MS = 2 * 60 * 1000;

/** Why a payment cannot be this attempt's, or null when it is exactly what the attempt asked. */
function mismatch(attempt: PaymentAttempt, paid: Extract<ProviderPayment, { state: "paid" }>): string | null {
  if (paid.reference !== attempt.id) return `mismatch: reference ${String(paid.reference)}`;
  if (paid.currencyCode.toUpperCase() !== attempt.currencyCode.toUpperCase()) return `mismatch: currency ${paid.currencyCode}`;
  if (paid.amountCents !== attempt.amountCents) return `mismatch: amount ${paid.amountCents} of ${attempt.amountCents}`;
  return null;
}

/**
 * Turns what the provider holds for an attempt into the shop's record, exactly once. The one
 * place an order is made from a payment: the webhook, the return page and reconciliation all call
 * settle(). The provider is asked first (outside any transaction); then, in one transaction
 * holding the cart's lock and the attempt's row lock, the answer is recorded: a paid session
 * becomes the order (the first paid attempt of a cart), or is given back when the cart was paid
 * by another attempt or the money is not what the attempt asked. Calling it twice, or three times
 * at once, answers the same order.
 */
export class PaymentSettlement {
  private readonly failureHandlers: FailureHandler[] = [];
  private readonly placedHandlers: PlacedHandler[] = [];

  constructor(
    private readonly carts: CartService,
    private readonly orders: OrderService,
    private readonly attempts: PaymentAttemptRepository,
    private readonly provider: PaymentProvider,
    private readonly lifecycle: OrderLifecycle,
    private readonly logger: Logger,
  ) {}

  /** Registers what happens when an asynchronous payment fails (in its transaction). */
  onFailed(handler: FailureHandler): void {
    this.failureHandlers.push(handler);
  }

  /** Registers what else happens when an attempt becomes its order (in the order's transaction). */
  onPlaced(handler: PlacedHandler): void {
    this.placedHandlers.push(handler);
  }

  /**
   * Settles one attempt from what its provider holds now. `expire`: close the session first if it
   * is still open (a newer attempt replaces it, or it ran out of time). `event`: the provider's
   * event that asked, recorded in the same transaction as the effect; one already recorded has
   * had its effect, and changes nothing.
   */
  async settle(attemptId: string, options: { expire?: boolean; event?: PaymentEventRecord } = {}): Promise<Settled> {
    const seen = await this.attempts.findById(attemptId);
    if (!seen) throw new Error(`payment attempt ${attemptId} does not exist`);
    if (seen.status === "COMPLETED" && !options.event) return this.completedOrder(seen);
    if (seen.status === "VOIDED" && !options.event) return { kind: "voided" };
    if (seen.status === "VOIDING") return this.finishVoid(seen);

    const payment = await this.paymentOf(seen, options.expire ?? false);
    const outcome = await this.attempts.transaction(async (trx) => {
      // The cart's lock first, as every checkout step takes it, then the attempt's own row.
      const cart = await this.carts.lockForPayment({ id: seen.cartId }, trx);
      const attempt = (await this.attempts.lockById(attemptId, trx))!;
      if (options.event && !(await this.attempts.recordEvent(options.event, attempt.id, trx))) return { kind: "seen" as const, attempt };
      return this.record(attempt, payment, cart, trx);
    });

    switch (outcome.kind) {
      case "seen":
        return this.stateOf(outcome.attempt);
      case "placed":
        this.lifecycle.committed("paid", outcome.order);
        return { kind: "paid", order: outcome.order };
      case "void":
        return this.finishVoid(outcome.attempt);
      default:
        return outcome.settled;
    }
  }

  /**
   * An attempt of nothing to pay (a code took off all of it, shipping free): it becomes its order at
   * once, through the same record() as a provider's payment, with no provider and no card.
   */
  async settleWithoutPayment(attemptId: string): Promise<Settled> {
    const seen = await this.attempts.findById(attemptId);
    if (!seen) throw new Error(`payment attempt ${attemptId} does not exist`);
    const outcome = await this.attempts.transaction(async (trx) => {
      const cart = await this.carts.lockForPayment({ id: seen.cartId }, trx);
      const attempt = (await this.attempts.lockById(attemptId, trx))!;
      if (attempt.amountCents !== 0) throw new Error(`payment attempt ${attemptId} has ${attempt.amountCents} to pay`);
      const nothing: ProviderPayment = { state: "paid", reference: attempt.id, amountCents: 0, currencyCode: attempt.currencyCode, paymentId: `no-payment:${attempt.id}`, card: null };
      return this.record(attempt, nothing, cart, trx);
    });
    if (outcome.kind === "placed") {
      this.lifecycle.committed("paid", outcome.order);
      return { kind: "paid", order: outcome.order };
    }
    if (outcome.kind === "void") return { kind: "voided" };
    return outcome.settled;
  }

  /** Records an event that has nothing to settle (a session that is not ours), so a replay is known. */
  async recordEventOnly(event: PaymentEventRecord): Promise<void> {
    await this.attempts.transaction((trx) => this.attempts.recordEvent(event, null, trx));
  }

  /**
   * Settles every attempt whose outcome is still open, in every gateway process: every minute the
   * ones not looked at for a while, and at start-up (`askAll`) all of them at once.
   */
  async reconcile(now: Date = new Date(), options: { askAll?: boolean; batch?: number } = {}): Promise<ReconcileReport> {
    const report: ReconcileReport = { completed: 0, open: 0, processing: 0, failed: 0, abandoned: 0, voided: 0 };
    for (const attempt of await this.attempts.findOpen(options.batch ?? 200, options.askAll ? 0 : RECONCILE_IDLE_MS, now)) {
      const expired = attempt.expiresAt !== null && attempt.expiresAt.getTime() <= now.getTime();
      // An attempt never sent to a provider (the process stopped between committing it and asking)
      // has nothing to learn; a young one may still be on its way there.
      if (attempt.status === "PENDING" && attempt.sessionId === null) {
        if (now.getTime() - attempt.updatedAt.getTime() < RECONCILE_IDLE_MS) continue;
        await this.attempts.transition(attempt.id, ["PENDING"], "ABANDONED");
        report.abandoned += 1;
        continue;
      }
      try {
        const settled = await this.settle(attempt.id, { expire: expired });
        if (settled.kind === "open") await this.attempts.touch(attempt.id);
        report[settled.kind === "paid" ? "completed" : settled.kind] += 1;
      } catch (error) {
        // One provider answer failing leaves the others to settle; this one is asked again next time.
        await this.attempts.touch(attempt.id);
        this.logger.warn("payment reconciliation: an attempt could not be settled", { attemptId: attempt.id, error: (error as Error).message });
      }
    }
    return report;
  }

  private async paymentOf(attempt: PaymentAttempt, expire: boolean): Promise<ProviderPayment> {
    if (attempt.sessionId === null) {
      // An attempt approved before payments had sessions: its approval is on the attempt itself.
      if (attempt.status === "APPROVED" && attempt.chargeReference) {
        const card = attempt.cardBrand && attempt.cardLast4 ? { brand: attempt.cardBrand, last4: attempt.cardLast4 } : null;
        return { state: "paid", reference: attempt.id, amountCents: attempt.amountCents, currencyCode: attempt.currencyCode, paymentId: attempt.chargeReference, card };
      }
      return { state: "expired" };
    }
    return expire ? this.provider.expire(attempt.sessionId) : this.provider.lookup(attempt.sessionId);
  }

  /** Under the cart's and the attempt's locks: what the provider's answer makes of the attempt. */
  private async record(
    attempt: PaymentAttempt,
    payment: ProviderPayment,
    cart: Awaited<ReturnType<CartService["lockForPayment"]>>,
    trx: Transaction<Database>,
  ): Promise<{ kind: "placed"; order: OrderRecord } | { kind: "void"; attempt: PaymentAttempt } | { kind: "done"; settled: Settled }> {
    if (attempt.status === "COMPLETED") {
      const order = await this.orders.findByCartIdInTransaction(attempt.cartId, trx);
      if (!order) throw new Error(`payment attempt ${attempt.id} is completed without its order`);
      return { kind: "done", settled: { kind: "paid", order } };
    }
    if (attempt.status === "VOIDING" || attempt.status === "VOIDED") return { kind: "void", attempt };
    switch (payment.state) {
      case "open":
        return { kind: "done", settled: { kind: "open" } };
      case "processing":
        await this.attempts.transitionInTransaction(attempt.id, ["PENDING"], "PROCESSING", trx);
        return { kind: "done", settled: { kind: "processing" } };
      case "expired":
        await this.attempts.transitionInTransaction(attempt.id, ["PENDING", "PROCESSING"], "ABANDONED", trx);
        return { kind: "done", settled: { kind: "abandoned" } };
      case "failed": {
        if (await this.attempts.transitionInTransaction(attempt.id, ["PENDING", "PROCESSING"], "FAILED", trx)) {
          for (const handler of this.failureHandlers) await handler(attempt, payment.message, trx);
        }
        return { kind: "done", settled: { kind: "failed", message: payment.message } };
      }
      case "paid": {
        const wrong = mismatch(attempt, payment);
        const open = cart && cart.status === "OPEN" ? cart.cart : null;
        const reason = wrong ?? (open ? null : "surplus");
        if (reason || !open) {
          await this.attempts.markVoiding(attempt.id, { paymentId: payment.paymentId, reason: reason ?? "surplus" }, trx);
          if (wrong) this.logger.error("payment does not match its attempt: giving it back, no order", { attemptId: attempt.id, reason: wrong });
          return { kind: "void", attempt: { ...attempt, status: "VOIDING", chargeReference: payment.paymentId, voidReason: reason ?? "surplus" } };
        }
        const { saveAddress: _saveAddress, ...draft } = attempt.draft;
        const order = await this.orders.place({ ...draft, cardBrand: payment.card?.brand ?? null, cardLast4: payment.card?.last4 ?? null }, trx);
        await this.carts.completeCheckout(open.id, trx);
        await this.attempts.markCompleted(attempt.id, { orderId: order.id, paymentId: payment.paymentId, card: payment.card }, trx);
        // The order's "paid" history entry and whatever other features do when an order is paid
        // (their jobs, in this same transaction).
        await this.lifecycle.paid(order, trx);
        for (const handler of this.placedHandlers) await handler(attempt, order, trx);
        return { kind: "placed", order };
      }
    }
  }

  /** Gives a paid attempt's money back, then records it (a failure leaves it VOIDING for reconciliation). */
  private async finishVoid(attempt: PaymentAttempt): Promise<Settled> {
    if (attempt.status !== "VOIDED") {
      await this.provider.void(attempt.chargeReference!, `void:${attempt.id}`);
      await this.attempts.transition(attempt.id, ["VOIDING"], "VOIDED");
    }
    // A surplus attempt's cart was paid by another attempt: the shopper has that order.
    const order = attempt.voidReason === "surplus" ? await this.orders.findByCartId(attempt.cartId) : null;
    return order ? { kind: "paid", order } : { kind: "voided" };
  }

  private async completedOrder(attempt: PaymentAttempt): Promise<Settled> {
    const order = await this.orders.findByCartId(attempt.cartId);
    if (!order) throw new Error(`payment attempt ${attempt.id} is completed without its order`);
    return { kind: "paid", order };
  }

  /** An attempt's settled state as it stands (an event already recorded). */
  private async stateOf(attempt: PaymentAttempt): Promise<Settled> {
    switch (attempt.status) {
      case "COMPLETED":
        return this.completedOrder(attempt);
      case "VOIDING":
        return this.finishVoid(attempt);
      case "VOIDED":
        return { kind: "voided" };
      case "PROCESSING":
        return { kind: "processing" };
      case "FAILED":
      case "DECLINED":
        return { kind: "failed", message: "The payment failed." };
      case "ABANDONED":
        return { kind: "abandoned" };
      default:
        return { kind: "open" };
    }
  }
}
