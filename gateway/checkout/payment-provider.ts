import type { CardDetails } from "./card.js";

/**
 * The most one payment takes, in cents: $999,999.99, the ceiling card processors commonly put on
 * one USD charge (Stripe's, for one). Checkout refuses a larger order before any money moves, which
 * also keeps every order, order line and payment amount inside its int4 column.
 */
export const MAX_CHARGE_CENTS = 99_999_999;

export interface ChargeRequest {
  amountCents: number;
  currencyCode: string;
  card: CardDetails;
  /**
   * The checkout's payment attempt id. A provider charges once per key: a second charge with the
   * same key (a retry, a double submit, a re-submission after a crash) answers the first charge.
   */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { status: "approved"; reference: string; brand: string; last4: string }
  | { status: "declined"; message: string };

/** What the provider holds for a key, as reconciliation asks after a crash. */
export type ChargeRecord = ChargeResult | { status: "voided"; reference: string };

/**
 * Where the money is taken. Checkout never calls it inside a database transaction: the attempt
 * (and its key) is committed before charge(), and the approval is recorded before the order is.
 */
export interface PaymentProvider {
  /** True for a provider that moves no money; the checkout page then shows the test cards. */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The charge made with this idempotency key, or null when none reached the provider. */
  findCharge(idempotencyKey: string): Promise<ChargeRecord | null>;
  /** Gives the money of an approved charge back (a charge that can no longer become an order). */
  void(reference: string): Promise<void>;
}
