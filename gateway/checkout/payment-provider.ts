/**
 * The most one payment takes, in cents: $999,999.99, the ceiling card processors commonly put on
 * one USD charge (Stripe's, for one). Checkout refuses a larger order before any money moves, which
 * also keeps every order, order line and payment amount inside its int4 column.
 */
export const MAX_CHARGE_CENTS = 99_999_999;

/**
 * The least one card payment can be (Stripe's minimum charge in USD). An order whose discount
 * brings it below this but above nothing is refused before any money moves; one that comes to
 * nothing is placed without a payment (checkout.service.ts).
 */
export const MIN_CHARGE_CENTS = 50;

/** One line of what is paid for, as the provider's page shows it (priced by the pricing function). */
interface PaymentLine {
  name: string;
  unitAmountCents: number;
  quantity: number;
  /** A PNG or JPEG a provider's page can show; null when the line has none. */
  imageUrl: string | null;
}

/** The buyer's shipping address as a provider takes it (ISO country code, state code where one applies). */
interface PaymentShipping {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, e.g. "US". */
  countryCode: string;
  /** The state or province's code ("CA", "ON", "NSW"), where the country has them. */
  stateCode: string | null;
  phone: string | null;
}

/** A payment to begin for one attempt: every amount already priced, in integer cents. */
export interface PaymentRequest {
  /** The attempt's id: our reference the provider keeps (and the base of every idempotency key). */
  attemptId: string;
  cartId: string;
  amountCents: number;
  currencyCode: string;
  lines: PaymentLine[];
  /** The shipping method as its own line ("Standard (5–7 business days)"), 0 when free. */
  shipping: { label: string; amountCents: number };
  /** What the discount code takes off the lines (0 without one): amountCents is the lines plus shipping less this. */
  discount: { code: string; amountCents: number } | null;
  email: string;
  shippingAddress: PaymentShipping;
  /** Where the provider sends the browser once paid; "{SESSION_ID}" stands for the provider's session id. */
  returnUrl: string;
  /** Where the provider sends the browser when the shopper goes back. */
  cancelUrl: string;
  /** When the provider stops taking this payment. */
  expiresAt: Date;
}

/** Where the browser goes to pay, and the provider's name for this payment. */
export interface BegunPayment {
  sessionId: string;
  redirectUrl: string;
  expiresAt: Date;
}

/**
 * What the provider holds for a payment session, asked of the provider itself (a webhook only
 * says that something happened; the answer comes from here).
 */
export type ProviderPayment =
  /** The shopper has not paid yet (still on the provider's page, or gone from it). */
  | { state: "open"; expiresAt: Date }
  /** Confirmed, but the money is not there yet (a bank debit): an answer comes later. */
  | { state: "processing" }
  /** Paid. `reference` is the attempt id the provider holds, checked against ours before an order is made. */
  | {
      state: "paid";
      reference: string | null;
      amountCents: number;
      currencyCode: string;
      /** The provider's id of the money taken (what a void or refund names). */
      paymentId: string;
      card: { brand: string; last4: string } | null;
    }
  /** An asynchronous payment that failed after all. */
  | { state: "failed"; message: string }
  /** Closed without payment: expired, or expired by us. */
  | { state: "expired" };

/**
 * Where the money is taken: a two-phase port built for redirects. Checkout begins a payment for a
 * committed attempt and sends the browser where the provider says; the outcome is learned from the
 * provider (its signed webhook, the return page, or reconciliation asking), never from the browser.
 * Card details never reach the service layer. No method is called inside a database transaction.
 */
export interface PaymentProvider extends RefundingProvider {
  /** "test" or "stripe": recorded on each attempt. */
  readonly name: string;
  /** True for a provider that moves no money; the checkout page then says so and shows the test cards. */
  readonly testMode: boolean;
  /** Opens (or, for the same attempt, answers again) the payment session. Idempotent per attempt. */
  begin(request: PaymentRequest): Promise<BegunPayment>;
  /** What the provider holds for the session now. */
  lookup(sessionId: string): Promise<ProviderPayment>;
  /** Stops an open session from taking money; answers what it holds afterwards (a payment that won the race stays paid). */
  expire(sessionId: string): Promise<ProviderPayment>;
  /** Gives back all of a payment that can never become an order (a surplus or a mismatch). Idempotent per key. */
  void(paymentId: string, idempotencyKey: string): Promise<void>;
}

/** A provider's webhook event, recorded once (payment_events) in the transaction of its effect. */
export interface PaymentEventRecord {
  provider: string;
  eventId: string;
  type: string;
}

/** A refund to ask of the provider: part or all of one payment, once per idempotency key. */
export interface RefundRequest {
  /** The provider's id of the money taken (ProviderPayment's paymentId). */
  paymentId: string;
  amountCents: number;
  currencyCode: string;
  /** The shop's refund id: kept by the provider (metadata), so its later events name our row. */
  reference: string;
  /** "refund:{id}": the same refund asked twice (a retry, a crash before we recorded the answer) is made once. */
  idempotencyKey: string;
  /** Why, in the provider's own words where it has them (Stripe: duplicate, fraudulent, requested_by_customer). */
  reason: "duplicate" | "fraudulent" | "requested_by_customer" | null;
}

/** A refund as the provider holds it. */
export interface ProviderRefund {
  /** The provider's id of the refund. */
  id: string;
  /** The payment it gives money back from. */
  paymentId: string;
  state: "pending" | "succeeded" | "failed";
  amountCents: number;
  currencyCode: string;
  /** The shop's refund id when the shop asked for it; null for a refund made at the provider itself. */
  reference: string | null;
  /** Why it failed, in the provider's words; null unless failed. */
  failureMessage: string | null;
}

/** A dispute (chargeback) as the provider holds it: read back from the provider, never taken from a webhook's body. */
export interface ProviderDispute {
  id: string;
  /** The payment disputed (what our attempt calls its charge reference). */
  paymentId: string | null;
  amountCents: number;
  currencyCode: string;
  /** The bank's reason, in the provider's words. */
  reason: string;
  /** The provider's status. */
  status: string;
  /** WON or LOST once closed; null while open. */
  outcome: "WON" | "LOST" | null;
}

/** The provider refused the refund for good (more than remains, the payment not refundable): a retry cannot help. */
export class RefundRefusedError extends Error {}

/**
 * Money given back. Implemented by every provider that takes money; asked outside any database
 * transaction, after the shop's refund row is committed.
 */
export interface RefundingProvider {
  /** Makes (or, for the same idempotency key, answers again) the refund. Throws RefundRefusedError for a refusal. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** The refund as the provider holds it now. */
  lookupRefund(refundId: string): Promise<ProviderRefund>;
  /** Every refund of a payment, the shop's and those made at the provider itself. */
  refundsOf(paymentId: string): Promise<ProviderRefund[]>;
}
