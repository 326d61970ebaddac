import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { Actor } from "../shared/actor.js";
import type { OrderRecord } from "../orders/order.records.js";
import type { OrderLifecycle } from "../orders/order-lifecycle.service.js";
import type { OrderTransitionsService } from "../orders/order-transitions.service.js";
import type { RefundRecord } from "./refund.records.js";
import type { RefundService } from "./refund.service.js";

export interface CancelRequest {
  orderId: string;
  /** Internal: staff and the audit log see it, the customer never does. */
  reason: string;
  /** Give back what remains of the payment in the same step. */
  refund: boolean;
  /** Email the customer (with customerMessage, if given). */
  notifyCustomer: boolean;
  customerMessage?: string | null;
}

/**
 * Cancelling an order as staff do it: the cancellation and, for a paid order, the refund of what
 * remains are written in one transaction under the order's lock (so the order is never cancelled
 * with its refund forgotten, nor refunded twice by two clicks); the provider is asked once that
 * committed. The customer is emailed when staff say so, with a message of its own.
 */
export class CancellationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly transitions: OrderTransitionsService,
    private readonly lifecycle: OrderLifecycle,
    private readonly refunds: RefundService,
    private readonly logger: Logger,
  ) {}

  async cancel(request: CancelRequest, actor: Actor): Promise<{ order: OrderRecord; refund: RefundRecord | null }> {
    const customerMessage = request.notifyCustomer ? (request.customerMessage ?? "") : null;
    const { order, refund } = await this.db.transaction().execute(async (trx) => {
      const locked = await this.transitions.lockForRefund(request.orderId, trx);
      const remaining = request.refund ? await this.refunds.remainingInTransaction(locked, trx) : 0;
      const order = await this.transitions.cancelInTransaction(locked.id, request.reason, actor, customerMessage, trx);
      const refund = remaining > 0 ? await this.refunds.requestInTransaction(order, { amountCents: remaining, reason: "CANCELLATION", note: order.cancelReason }, actor, trx) : null;
      return { order, refund };
    });
    this.lifecycle.committed("cancelled", order);
    if (!refund) return { order, refund: null };
    try {
      return { order, refund: await this.refunds.send(refund) };
    } catch (error) {
      // The refund is recorded (PENDING): reconciliation asks the provider again.
      this.logger.warn("cancellation: the refund could not be sent yet", { orderId: order.id, refundId: refund.id, error: (error as Error).message });
      return { order, refund };
    }
  }
}
