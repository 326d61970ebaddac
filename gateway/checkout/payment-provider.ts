import type { CardDetails } from "./card.js";

export interface ChargeRequest {
  amountCents: number;
  currencyCode: string;
  card: CardDetails;
  /** The same key for the same checkout: a provider must not charge twice for one key. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { status: "approved"; reference: string; brand: string; last4: string }
  | { status: "declined"; message: string };

/**
 * Where the money is taken. Checkout calls charge() while it holds the cart's lock, after the
 * amount is final, and void() when the order could not be recorded after an approval.
 */
export interface PaymentProvider {
  /** True for a provider that moves no money; the checkout page then shows the test cards. */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  void(reference: string): Promise<void>;
}
