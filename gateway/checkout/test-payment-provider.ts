import { randomUUID } from "node:crypto";
import { cardBrand } from "./card.js";
import type { ChargeRequest, ChargeResult, PaymentProvider } from "./payment-provider.js";

/** The built-in test cards (README "Cart and checkout"). */
export const TEST_CARDS = {
  approved: "4242424242424242",
  declined: "4000000000000002",
} as const;

export const DECLINED_MESSAGE = "Your card was declined.";

/**
 * A provider that moves no money: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 and every
 * other number are declined (so a real card typed by mistake is never "approved").
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly testMode = true;

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.card.number !== TEST_CARDS.approved) return { status: "declined", message: DECLINED_MESSAGE };
    return { status: "approved", reference: `test_${randomUUID()}`, brand: cardBrand(request.card.number), last4: request.card.number.slice(-4) };
  }

  async void(): Promise<void> {}
}
