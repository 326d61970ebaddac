import type { CartService } from "../cart/cart.service.js";
import type { OrderService } from "../orders/order.service.js";
import type { OrderRecord } from "../orders/order.records.js";
import type { OrderLifecycle } from "../orders/order-lifecycle.service.js";
import type { CardDetails } from "./card.js";
import type { PaymentAttempt, PaymentAttemptRepository } from "./payment-attempt.repository.js";
import type { ChargeResult, PaymentProvider } from "./payment-provider.js";

export type Settled =
  | { kind: "paid"; order: OrderRecord }
  | { kind: "declined" }
  | { kind: "abandoned" }
  | { kind: "voided" }
  /** Pending, young, and the provider has nothing yet: perhaps still in flight elsewhere. */
  | { kind: "waiting" };

export interface ReconcileReport {
  completed: number;
  voided: number;
  declined: number;
  abandoned: number;
  waiting: number;
}

/** A pending attempt the provider never heard of is given up once it is this old. */
const ABANDON_AFTER_MS = 2 * 60 * 1000;

/**
 * Turns an approved charge into its order, exactly once. The order is written in one transaction
 * holding the cart's lock: the first approved attempt of a cart records the order and completes the
 * cart; a surplus approval (a cart already completed by another attempt) is voided at the provider.
 */
export class PaymentSettlement {
  constructor(
    private readonly carts: CartService,
    private readonly orders: OrderService,
    private readonly attempts: PaymentAttemptRepository,
    private readonly provider: PaymentProvider,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** Asks the provider for the money (outside any transaction) and records its answer before anything else. */
  async charge(attempt: PaymentAttempt, card: CardDetails, description: string): Promise<ChargeResult> {
    const result = await this.provider.charge({
      amountCents: attempt.amountCents,
      currencyCode: attempt.currencyCode,
      card,
      idempotencyKey: attempt.id,
      description,
    });
    if (result.status === "declined") await this.attempts.transition(attempt.id, ["PENDING", "ABANDONED"], "DECLINED");
    else await this.attempts.markApproved(attempt.id, result);
    return result;
  }

  /** Records the order of an approved attempt (or answers the order it already made). */
  async complete(attemptId: string): Promise<Settled> {
    const outcome = await this.attempts.transaction(async (trx) => {
      const seen = await this.attempts.findById(attemptId, trx);
      if (!seen) throw new Error(`payment attempt ${attemptId} does not exist`);
      // The cart's lock first, as every checkout step takes it: attempts of one cart queue up here.
      const locked = await this.carts.lockForPayment({ id: seen.cartId }, trx);
      const attempt = (await this.attempts.findById(attemptId, trx))!;
      if (attempt.status === "COMPLETED") {
        const order = await this.orders.findByCartIdInTransaction(attempt.cartId, trx);
        return order ? ({ kind: "paid", order } as const) : ({ kind: "surplus", attempt, existing: null } as const);
      }
      if (attempt.status !== "APPROVED") throw new Error(`payment attempt ${attemptId} is ${attempt.status}, not approved`);
      if (!locked || locked.status === "COMPLETED") {
        return { kind: "surplus", attempt, existing: locked ? await this.orders.findByCartIdInTransaction(locked.cartId, trx) : null } as const;
      }
      const order = await this.orders.place({ ...attempt.draft, cardBrand: attempt.cardBrand, cardLast4: attempt.cardLast4 }, trx);
      await this.carts.completeCheckout(locked.cart.id, trx);
      await this.attempts.markCompleted(attempt.id, order.id, trx);
      // The order's "paid" history entry and whatever other features do when an order is paid
      // (their jobs, in this same transaction).
      await this.lifecycle.paid(order, trx);
      return { kind: "paid", order, placed: true } as const;
    });
    if (outcome.kind === "paid") {
      if ("placed" in outcome) this.lifecycle.committed("paid", outcome.order);
      return { kind: "paid", order: outcome.order };
    }
    // Approved, but the cart was paid by another attempt (or is gone): give this money back.
    if (outcome.attempt.chargeReference) await this.provider.void(outcome.attempt.chargeReference);
    await this.attempts.transition(outcome.attempt.id, ["APPROVED"], "VOIDED");
    return outcome.existing ? { kind: "paid", order: outcome.existing } : { kind: "voided" };
  }

  /**
   * Brings an open attempt to an end from what the provider holds for its key: an approved charge
   * becomes the order; a declined one closes it; none at all abandons it when `abandonUncharged`.
   */
  async settle(attempt: PaymentAttempt, abandonUncharged: boolean): Promise<Settled> {
    if (attempt.status === "PENDING") {
      const record = await this.provider.findCharge(attempt.id);
      if (!record) {
        if (!abandonUncharged) return { kind: "waiting" };
        await this.attempts.transition(attempt.id, ["PENDING"], "ABANDONED");
        return { kind: "abandoned" };
      }
      if (record.status === "declined") {
        await this.attempts.transition(attempt.id, ["PENDING"], "DECLINED");
        return { kind: "declined" };
      }
      if (record.status === "voided") {
        await this.attempts.transition(attempt.id, ["PENDING"], "VOIDED");
        return { kind: "voided" };
      }
      await this.attempts.markApproved(attempt.id, record);
    }
    return this.complete(attempt.id);
  }

  /** Settles every open attempt: run at start-up and periodically by every gateway process. */
  async reconcile(now: Date = new Date(), batch = 200): Promise<ReconcileReport> {
    const report: ReconcileReport = { completed: 0, voided: 0, declined: 0, abandoned: 0, waiting: 0 };
    for (const attempt of await this.attempts.findOpen(batch)) {
      const settled = await this.settle(attempt, now.getTime() - attempt.updatedAt.getTime() > ABANDON_AFTER_MS);
      if (settled.kind === "paid") report.completed += 1;
      else report[settled.kind] += 1;
    }
    return report;
  }
}
