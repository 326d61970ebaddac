import type { Logger } from "../logger.js";
import { invalidInput } from "../shared/errors.js";
import type { CheckoutService } from "./checkout.service.js";
import { isSignatureError, type StripeDispute, type StripePaymentProvider } from "./stripe-payment-provider.js";
import type { PaymentEventRecord, ProviderRefund } from "./payment-provider.js";

/** The header Stripe signs each call with: `t=<unix seconds>,v1=<hex HMAC-SHA256>[,v1=…]`. */
export const STRIPE_SIGNATURE_HEADER = "stripe-signature";

/** The Checkout Session events the shop acts on; every other type is acknowledged and left alone. */
const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/** The refund events: a refund made, moved out of pending, or failed (ours, or made in Stripe's Dashboard). */
const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed"]);
/** A charge refunded (Stripe's Dashboard sends this one for its own refunds). */
const CHARGE_REFUNDED = "charge.refunded";
/** Chargebacks: opened, changed, closed. */
const DISPUTE_EVENTS = new Set(["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed"]);

/** What a call came to: the settled attempt's state, a refund or dispute recorded, or why nothing was done. */
export type StripeWebhookResult = "paid" | "open" | "processing" | "failed" | "abandoned" | "voided" | "refund" | "dispute" | "not_ours" | "ignored";

/**
 * Where the money-back events go once read back from Stripe (the refunds feature, wired in
 * services.ts). Each answers null for a payment that made no order of ours.
 */
export interface StripeMoneyEvents {
  refundChanged(refund: ProviderRefund, event: PaymentEventRecord): Promise<unknown>;
  paymentRefunded(paymentId: string, event: PaymentEventRecord): Promise<unknown>;
  disputeChanged(dispute: StripeDispute, event: PaymentEventRecord): Promise<unknown>;
}

/**
 * POST /api/webhooks/stripe. A call is believed only as far as its signature proves it (checked
 * on the raw bytes before anything is parsed), and even then only for its type and its session's
 * id: the session is read back from Stripe with our pinned API version, and the attempt is settled
 * from what Stripe holds (checkout's settleFromEvent, which records the event id in the same
 * transaction as its effect, so a replay changes nothing). An event of the other mode (test or
 * live) than our key's, or about a session that is not ours, is acknowledged and ignored. A
 * failure of ours (Stripe or the database unreachable) throws: the call is answered 5xx and Stripe
 * sends it again later.
 */
export class StripeWebhookService {
  constructor(
    private readonly stripe: StripePaymentProvider,
    private readonly checkout: Pick<CheckoutService, "settleFromEvent">,
    private readonly logger: Logger,
    private readonly money: StripeMoneyEvents | null = null,
  ) {}

  async handle(rawBody: Buffer, signature: string | undefined): Promise<StripeWebhookResult> {
    if (!signature) throw invalidInput(STRIPE_SIGNATURE_HEADER, "The Stripe-Signature header is missing");
    let event: ReturnType<StripePaymentProvider["verifyEvent"]>;
    try {
      event = this.stripe.verifyEvent(rawBody, signature);
    } catch (error) {
      if (isSignatureError(error)) {
        this.logger.warn("stripe webhook: signature refused", { reason: (error as Error).message.slice(0, 200) });
        throw invalidInput(STRIPE_SIGNATURE_HEADER, "The Stripe-Signature header does not match the body, or is too old");
      }
      // Signed, but not an event (not JSON): nothing to act on, and nothing Stripe should send again.
      throw invalidInput("body", "The body is not a Stripe event");
    }

    const fields = { eventId: event.id, type: event.type };
    if (event.livemode !== this.stripe.livemode) {
      this.logger.warn("stripe webhook: an event of the other mode ignored", { ...fields, livemode: event.livemode });
      return "ignored";
    }
    const object = event.data.object as { id?: unknown; object?: unknown };
    if (!SESSION_EVENTS.has(event.type)) return this.handleMoneyEvent(event, object);
    if (object.object !== "checkout.session" || typeof object.id !== "string") return "ignored";

    // Only the id is taken from the call: the session itself is read back from Stripe.
    const session = await this.stripe.session(object.id);
    if (!session || session.livemode !== this.stripe.livemode) {
      this.logger.warn("stripe webhook: no such session for our key", { ...fields, sessionId: object.id });
      return "not_ours";
    }
    const settled = await this.checkout.settleFromEvent(
      { provider: this.stripe.name, eventId: event.id, type: event.type },
      { sessionId: session.id, attemptId: session.clientReferenceId },
    );
    const result: StripeWebhookResult = settled.kind === "not-found" ? "not_ours" : settled.kind;
    this.logger.info("stripe webhook", { ...fields, sessionId: session.id, result });
    return result;
  }

  /** Refunds and disputes: only the object's id is taken from the call; the object is read back from Stripe. */
  private async handleMoneyEvent(event: { id: string; type: string }, object: { id?: unknown; object?: unknown }): Promise<StripeWebhookResult> {
    if (!this.money || typeof object.id !== "string") return "ignored";
    const record = { provider: this.stripe.name, eventId: event.id, type: event.type };
    let outcome: unknown;
    let result: StripeWebhookResult;
    if (REFUND_EVENTS.has(event.type) && object.object === "refund") {
      outcome = await this.money.refundChanged(await this.stripe.lookupRefund(object.id), record);
      result = "refund";
    } else if (event.type === CHARGE_REFUNDED && object.object === "charge") {
      const paymentId = await this.stripe.paymentOfCharge(object.id);
      outcome = paymentId ? await this.money.paymentRefunded(paymentId, record) : null;
      result = "refund";
    } else if (DISPUTE_EVENTS.has(event.type) && object.object === "dispute") {
      const dispute = await this.stripe.dispute(object.id);
      outcome = dispute ? await this.money.disputeChanged(dispute, record) : null;
      result = "dispute";
    } else {
      return "ignored";
    }
    if (outcome === null) result = "not_ours";
    this.logger.info("stripe webhook", { eventId: event.id, type: event.type, objectId: object.id, result });
    return result;
  }
}
