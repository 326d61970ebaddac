import Stripe from "stripe";
import { RefundRefusedError, type BegunPayment, type PaymentProvider, type PaymentRequest, type ProviderDispute, type ProviderPayment, type ProviderRefund, type RefundRequest } from "./payment-provider.js";

/** What the shop needs to talk to Stripe (config.ts `payments.stripe`). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The API version sent on every call; null: the one the installed SDK is pinned to. */
  apiVersion: string | null;
  /** Another host, port and protocol for the API (a test fake); null: Stripe's own. */
  apiUrl: URL | null;
}

/** How old a webhook's signed timestamp may be, in seconds (Stripe's own default). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Stripe Checkout's own page, where the browser is sent to pay (the store pages' CSP lets the form go there). */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/** The card networks as Stripe names them (charge.payment_method_details.card.brand), as the shop shows them. */
const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  cartes_bancaires: "Cartes Bancaires",
  eftpos_au: "eftpos",
  link: "Link",
};

const ASYNC_FAILED_MESSAGE = "Your bank did not confirm the payment.";

/** The session with its PaymentIntent and that intent's latest charge (the card's brand and last four). */
const SESSION_EXPAND = ["payment_intent", "payment_intent.latest_charge"];

/** A Checkout Session as the webhook receiver needs it: whose it is, and in which mode. */
export interface StripeSessionRef {
  id: string;
  livemode: boolean;
  /** Our attempt's id, as the session carries it. */
  clientReferenceId: string | null;
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

function cardOf(intent: Stripe.PaymentIntent): { brand: string; last4: string } | null {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  if (!card?.last4) return null;
  const brand = card.brand ?? "unknown";
  return { brand: CARD_BRANDS[brand] ?? "Card", last4: card.last4 };
}

/**
 * What a Checkout Session holds, as the port answers it (docs/payments.md "Stripe's answers"):
 * open → open until expires_at; complete and paid → paid (our reference, the amount, the currency,
 * the PaymentIntent); complete but unpaid → processing while its PaymentIntent is still on its
 * way, failed once the PaymentIntent has gone back to requires_payment_method or been canceled
 * (how Stripe leaves a delayed payment that failed: the checkout.session.async_payment_failed
 * event, the session still complete and unpaid); expired → expired.
 */
function toPayment(session: Stripe.Checkout.Session): ProviderPayment {
  switch (session.status) {
    case "open":
      return { state: "open", expiresAt: new Date(session.expires_at * 1000) };
    case "expired":
      return { state: "expired" };
    case "complete":
      break;
    default:
      throw new Error(`stripe: session ${session.id} has status ${String(session.status)}`);
  }
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  if (session.payment_status === "paid") {
    if (!intent) throw new Error(`stripe: paid session ${session.id} came without its PaymentIntent`);
    return {
      state: "paid",
      reference: session.client_reference_id,
      amountCents: session.amount_total ?? 0,
      currencyCode: (session.currency ?? "").toUpperCase(),
      paymentId: intent.id,
      card: cardOf(intent),
    };
  }
  // "no_payment_required" never comes for a session of ours (every order costs something): no money, no order.
  if (session.payment_status !== "unpaid") return { state: "failed", message: "Stripe took no payment for this order." };
  if (intent && (intent.status === "requires_payment_method" || intent.status === "canceled")) {
    return { state: "failed", message: intent.last_payment_error?.message?.slice(0, 300) || ASYNC_FAILED_MESSAGE };
  }
  return { state: "processing" };
}

/**
 * Stripe Checkout behind the payment port. One SDK client, built once, pinned to one API version
 * (sent on every call), pointed at STRIPE_API_URL when set. A session is created for the payment
 * only (mode=payment, automatic capture), every amount in integer cents from the pricing function,
 * with our attempt as its client_reference_id and an idempotency key of ours per attempt; what
 * Stripe holds is always read back from Stripe. Card numbers never reach the shop: they are typed
 * on Stripe's page.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe";
  readonly testMode = false;
  /** A live key (sk_live_/rk_live_) takes real money; its events and sessions say livemode: true. */
  readonly livemode: boolean;
  /** Where the browser is sent to pay (a fake's own host when STRIPE_API_URL points at one). */
  readonly checkoutOrigin: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(settings: StripeSettings) {
    const url = settings.apiUrl;
    this.stripe = new Stripe(settings.secretKey, {
      // The SDK's types describe its own pinned version; another one (STRIPE_API_VERSION) is sent as given.
      apiVersion: (settings.apiVersion ?? Stripe.API_VERSION) as Stripe.LatestApiVersion,
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(url
        ? {
            host: url.hostname,
            port: url.port || (url.protocol === "https:" ? 443 : 80),
            protocol: url.protocol === "https:" ? ("https" as const) : ("http" as const),
          }
        : {}),
    });
    this.webhookSecret = settings.webhookSecret;
    this.livemode = /^(sk|rk)_live_/.test(settings.secretKey);
    this.checkoutOrigin = url ? url.origin : STRIPE_CHECKOUT_ORIGIN;
  }

  async begin(request: PaymentRequest): Promise<BegunPayment> {
    const currency = request.currencyCode.toLowerCase();
    const metadata = { attempt_id: request.attemptId, cart_id: request.cartId };
    const address = request.shippingAddress;
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = request.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency,
        unit_amount: line.unitAmountCents,
        product_data: { name: line.name, ...(line.imageUrl ? { images: [line.imageUrl] } : {}) },
      },
    }));
    // The shipping method as its own line; free shipping as a $0 shipping option, so Stripe's page says so.
    if (request.shipping.amountCents > 0) {
      lineItems.push({ quantity: 1, price_data: { currency, unit_amount: request.shipping.amountCents, product_data: { name: `Shipping: ${request.shipping.label}` } } });
    }
    const freeShipping: Stripe.Checkout.SessionCreateParams.ShippingOption[] =
      request.shipping.amountCents === 0
        ? [{ shipping_rate_data: { type: "fixed_amount", fixed_amount: { amount: 0, currency }, display_name: `Free shipping: ${request.shipping.label}`.slice(0, 100) } }]
        : [];
    // Our discount as one coupon for this attempt alone (its amount, once): Stripe's total is then
    // exactly ours. Stripe's own promotion-code field stays off (allow_promotion_codes unset).
    const discounts = request.discount ? [{ coupon: (await this.couponFor(request.attemptId, request.discount, currency)).id }] : [];
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: lineItems,
        ...(discounts.length > 0 ? { discounts } : {}),
        ...(freeShipping.length > 0 ? { shipping_options: freeShipping } : {}),
        client_reference_id: request.attemptId,
        customer_email: request.email,
        metadata,
        payment_intent_data: {
          metadata,
          shipping: {
            name: address.name,
            ...(address.phone ? { phone: address.phone } : {}),
            address: {
              line1: address.line1,
              ...(address.line2 ? { line2: address.line2 } : {}),
              city: address.city,
              postal_code: address.postalCode,
              country: address.countryCode,
              ...(address.stateCode ? { state: address.stateCode } : {}),
            },
          },
        },
        success_url: request.returnUrl.replace("{SESSION_ID}", "{CHECKOUT_SESSION_ID}"),
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      },
      // Ours per attempt: asked again for the same attempt (a double submit, a crash before the
      // session was recorded), Stripe answers the session it made the first time.
      { idempotencyKey: `checkout-session:${request.attemptId}` },
    );
    if (!session.url) throw new Error(`stripe: session ${session.id} came without its page's address`);
    if (session.amount_total !== request.amountCents) {
      throw new Error(`stripe: session ${session.id} totals ${String(session.amount_total)}, the attempt ${request.amountCents}`);
    }
    return { sessionId: session.id, redirectUrl: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  /** The attempt's coupon: made once (keyed by the attempt), asked again for the same attempt it answers the same coupon. */
  private couponFor(attemptId: string, discount: { code: string; amountCents: number }, currency: string): Promise<Stripe.Coupon> {
    return this.stripe.coupons.create(
      { amount_off: discount.amountCents, currency, duration: "once", max_redemptions: 1, name: discount.code.slice(0, 40), metadata: { attempt_id: attemptId } },
      { idempotencyKey: `coupon:${attemptId}` },
    );
  }

  async lookup(sessionId: string): Promise<ProviderPayment> {
    return toPayment(await this.stripe.checkout.sessions.retrieve(sessionId, { expand: SESSION_EXPAND }));
  }

  async expire(sessionId: string): Promise<ProviderPayment> {
    try {
      const session = await this.stripe.checkout.sessions.expire(sessionId);
      if (session.status === "expired") return { state: "expired" };
    } catch (error) {
      // Refused because the session is no longer open (paid meanwhile, or already expired): what it holds now is the answer.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400)) throw error;
    }
    const now = await this.lookup(sessionId);
    if (now.state === "open") throw new Error(`stripe: session ${sessionId} could not be expired`);
    return now;
  }

  /** A full refund of the PaymentIntent (automatic capture: the money was taken, so it is given back). */
  async void(paymentId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.refunds.create({ payment_intent: paymentId, metadata: { reason: "void" } }, { idempotencyKey });
    } catch (error) {
      // Refunded in full already (by us under another key, or from Stripe's Dashboard): nothing is left to give back.
      if (isStripeError(error) && error.code === "charge_already_refunded") return;
      throw error;
    }
  }

  /**
   * A refund of part or all of the PaymentIntent, with our refund's id in its metadata and our key
   * (refund:{id}): asked again after a crash, Stripe answers the refund it made the first time.
   * Stripe's refusals (more than is left, a payment that cannot be refunded) are RefundRefusedError;
   * a network failure or Stripe's own error throws as it is, and the refund is asked again later.
   */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: request.paymentId,
          amount: request.amountCents,
          ...(request.reason ? { reason: request.reason } : {}),
          metadata: { refund_id: request.reference },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toRefund(refund);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(`Stripe refused the refund: ${error.message}`);
      throw error;
    }
  }

  async lookupRefund(refundId: string): Promise<ProviderRefund> {
    return toRefund(await this.stripe.refunds.retrieve(refundId));
  }

  async refundsOf(paymentId: string): Promise<ProviderRefund[]> {
    const found: ProviderRefund[] = [];
    for await (const refund of this.stripe.refunds.list({ payment_intent: paymentId, limit: 100 })) found.push(toRefund(refund));
    return found;
  }

  /** The PaymentIntent a charge belongs to, as Stripe holds it; null when Stripe has no such charge for our key. */
  async paymentOfCharge(chargeId: string): Promise<string | null> {
    try {
      return idOf((await this.stripe.charges.retrieve(chargeId)).payment_intent);
    } catch (error) {
      if (isStripeError(error) && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** A dispute as Stripe holds it now (read with our pinned version); null when Stripe has none for our key. */
  async dispute(disputeId: string): Promise<StripeDispute | null> {
    try {
      const dispute = await this.stripe.disputes.retrieve(disputeId);
      const outcome = dispute.status === "won" || dispute.status === "warning_closed" ? "WON" : dispute.status === "lost" ? "LOST" : null;
      return {
        id: dispute.id,
        livemode: dispute.livemode,
        paymentId: idOf(dispute.payment_intent),
        amountCents: dispute.amount,
        currencyCode: dispute.currency.toUpperCase(),
        reason: dispute.reason,
        status: dispute.status,
        outcome,
      };
    } catch (error) {
      if (isStripeError(error) && error.statusCode === 404) return null;
      throw error;
    }
  }

  /**
   * The event of a webhook call, once its Stripe-Signature header proves it (HMAC-SHA256 with the
   * endpoint's secret over `${t}.${body}`, any of its v1 signatures, t within 300 seconds). Throws
   * before the body is read as JSON when it does not.
   */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  }

  /** The session as Stripe holds it now (read with our pinned version); null when Stripe has no such session for our key. */
  async session(sessionId: string): Promise<StripeSessionRef | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      return { id: session.id, livemode: session.livemode, clientReferenceId: session.client_reference_id };
    } catch (error) {
      if (isStripeError(error) && error.statusCode === 404) return null;
      throw error;
    }
  }
}

/** A dispute read back from Stripe (its PaymentIntent is the payment disputed), with its mode. */
export type StripeDispute = ProviderDispute & { livemode: boolean };

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === "string" ? value : value.id);

/** A Refund as the port answers it: pending (and requires_action) until it succeeds, failed (or canceled) for good. */
function toRefund(refund: Stripe.Refund): ProviderRefund {
  const state = refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
  return {
    id: refund.id,
    paymentId: idOf(refund.payment_intent) ?? "",
    state,
    amountCents: refund.amount,
    currencyCode: refund.currency.toUpperCase(),
    reference: refund.metadata?.refund_id ?? null,
    failureMessage: state === "failed" ? `Stripe: the refund ${refund.status === "canceled" ? "was canceled" : `failed (${refund.failure_reason ?? "unknown reason"})`}` : null,
  };
}

/** Whether a failure came from the signature check (the webhook answers 400 and writes nothing). */
export function isSignatureError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeSignatureVerificationError;
}
