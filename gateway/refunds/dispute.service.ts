import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { formatMoney } from "../shared/money.js";
import type { OrderRecord } from "../orders/order.records.js";
import type { OrderTransitionsService } from "../orders/order-transitions.service.js";
import type { PaymentEventRecord, ProviderDispute } from "../checkout/payment-provider.js";
import type { DisputeRecord } from "./refund.records.js";
import type { RefundRepository } from "./refund.repository.js";
import type { PaymentEvents } from "./refund.service.js";

/** What happens when a dispute opens (the owners' email), in its transaction. */
export type DisputeOpenedEffect = (order: OrderRecord, dispute: DisputeRecord, trx: Transaction<Database>) => Promise<void>;

/**
 * Chargebacks. A dispute flags its order (in /admin and adminOrder), holds it from the print
 * partner while it is open (the fulfilment job refuses to send an order with an open dispute), and
 * emails the owners; its close records the outcome, and a dispute won lets the order go to the
 * printer again. Each provider event is recorded once, with its effect.
 */
export class DisputeService {
  private readonly openedEffects: DisputeOpenedEffect[] = [];
  private readonly closedListeners: ((dispute: DisputeRecord) => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly refunds: RefundRepository,
    private readonly transitions: OrderTransitionsService,
    private readonly providerName: string,
    private readonly events: PaymentEvents,
  ) {}

  onOpened(effect: DisputeOpenedEffect): void {
    this.openedEffects.push(effect);
  }

  /** Told once a dispute's close committed (a won dispute's order may go to the printer again). */
  onClosed(listener: (dispute: DisputeRecord) => void): void {
    this.closedListeners.push(listener);
  }

  /** Whether the order must wait before it goes to the printer; the reason, or null. */
  async holdOf(orderId: string): Promise<string | null> {
    return (await this.refunds.hasOpenDispute(orderId)) ? "Held: the payment is disputed" : null;
  }

  findByOrders(orderIds: readonly string[]): Promise<Map<string, DisputeRecord[]>> {
    return this.refunds.disputesOf(orderIds);
  }

  /** A dispute opened, changed or closed at the provider. Answers it, or null for a payment that made no order of ours. */
  async changed(found: ProviderDispute, event: PaymentEventRecord): Promise<DisputeRecord | null> {
    const orderId = found.paymentId ? await this.refunds.orderOfPayment(this.providerName, found.paymentId) : null;
    if (!orderId) return null;
    const result = await this.db.transaction().execute(async (trx) => {
      if (!(await this.events.recordEvent(event, trx))) return null;
      const order = await this.transitions.lockForRefund(orderId, trx);
      const { dispute, created, closedNow } = await this.refunds.upsertDispute(
        { orderId, provider: this.providerName, providerDisputeId: found.id, amountCents: found.amountCents, currencyCode: found.currencyCode, reason: found.reason, status: found.status, outcome: found.outcome },
        trx,
      );
      const actor = `provider:${this.providerName}`;
      if (created) {
        const sent = order.fulfillmentStatus !== "UNFULFILLED";
        await this.transitions.recordInTransaction(
          order,
          {
            actor,
            action: "disputed",
            message: `The payment is disputed (${found.reason.replace(/_/g, " ")}, ${formatMoney(found.amountCents)})${sent ? "" : ": held from the printer until it closes"}`,
            details: found.id,
          },
          trx,
        );
        for (const effect of this.openedEffects) await effect(order, dispute, trx);
      }
      if (closedNow) {
        await this.transitions.recordInTransaction(
          order,
          { actor, action: "dispute_closed", message: `The dispute closed: ${dispute.outcome === "WON" ? "won" : "lost"}`, details: `${found.id} ${dispute.outcome}` },
          trx,
        );
      }
      return { dispute, closedNow };
    });
    if (result?.closedNow) for (const listener of this.closedListeners) listener(result.dispute);
    return result?.dispute ?? (await this.refunds.disputesOf([orderId])).get(orderId)!.find((d) => d.providerDisputeId === found.id) ?? null;
  }
}
