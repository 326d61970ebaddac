import { createHash } from "node:crypto";
import { CURRENCY_CODE, formatMoney } from "../shared/money.js";
import type { CartService } from "../cart/cart.service.js";
import { displayVariantTitle, type PricedCart } from "../cart/cart.records.js";
import type { OrderService } from "../orders/order.service.js";
import type { OrderRecord } from "../orders/order.records.js";
import type { OrderLifecycle } from "../orders/order-lifecycle.service.js";
import { validateCheckoutForm, type CheckoutDetails, type CheckoutFormInput, type FieldErrors } from "./checkout.form.js";
import { MAX_CHARGE_CENTS, type PaymentProvider } from "./payment-provider.js";
import type { OrderDraft, PaymentAttempt, PaymentAttemptRepository } from "./payment-attempt.repository.js";
import { PaymentSettlement, type ReconcileReport } from "./payment-settlement.js";
import { quoteShipping, shippingRates, type ShippingQuote, type ShippingRate, type ShippingSettings } from "./shipping.js";

/** An open checkout as its page shows it. */
export interface CheckoutSummary {
  cart: PricedCart;
  quotes: ShippingQuote[];
  /** Fingerprint of the lines and prices shown; a payment for a different summary is sent back for review. */
  summaryKey: string;
  testMode: boolean;
}

export type CheckoutView =
  | { kind: "not-found" }
  | { kind: "empty" }
  | { kind: "completed"; order: OrderRecord }
  | { kind: "open"; summary: CheckoutSummary };

export type PayOutcome =
  | { kind: "not-found" }
  | { kind: "empty" }
  | { kind: "paid"; order: OrderRecord }
  | { kind: "invalid"; summary: CheckoutSummary; errors: FieldErrors }
  | { kind: "declined"; summary: CheckoutSummary; message: string }
  | { kind: "changed"; summary: CheckoutSummary }
  | { kind: "too-large"; summary: CheckoutSummary; message: string };

type AttemptStep =
  | { kind: "not-found" }
  | { kind: "empty" }
  | { kind: "paid"; order: OrderRecord }
  | { kind: "changed"; summary: CheckoutSummary }
  | { kind: "too-large"; summary: CheckoutSummary; message: string }
  | { kind: "settle-first"; attempt: PaymentAttempt }
  | { kind: "charge"; attempt: PaymentAttempt; summary: CheckoutSummary };

export interface PayRequest {
  form: CheckoutFormInput;
  /** The summaryKey of the page the shopper paid from, when the form sent it. */
  summaryKey: string | null;
  /** The customer signed in at the moment of payment (never matched by email). */
  customerId: string | null;
}

/** Why an order above what one payment takes is refused (nothing is charged, the cart stays as it is). */
function tooLargeMessage(totalCents: number): string {
  return `This order comes to ${formatMoney(totalCents)}, more than the ${formatMoney(MAX_CHARGE_CENTS)} one payment can take. Nothing was charged: please lower some quantities in your cart and pay again.`;
}

/** The refusal the checkout page shows before payment when even the cheapest shipping puts the order above one payment. */
export function tooLargeNotice(summary: CheckoutSummary): string | null {
  const cheapest = Math.min(...summary.quotes.map((q) => q.pricing.totalCents));
  return cheapest > MAX_CHARGE_CENTS ? tooLargeMessage(cheapest) : null;
}

/**
 * The store's hosted checkout. A payment is three steps, each durable before the next: under the
 * cart's lock, re-price every line and commit a payment attempt (the order to record and the
 * idempotency key); charge the provider with that key and record its answer; then, in one
 * transaction holding the cart's lock, record the order and complete the cart. A crash between
 * steps loses nothing: a re-submission charges the same key (the provider answers the first
 * charge) and reconciliation turns an approved attempt into its order. A second payment of the
 * same checkout (later or at the same moment) answers the order already made.
 */
export class CheckoutService {
  constructor(
    private readonly carts: CartService,
    private readonly orders: OrderService,
    private readonly payments: PaymentProvider,
    private readonly attempts: PaymentAttemptRepository,
    private readonly settings: ShippingSettings,
    lifecycle: OrderLifecycle,
  ) {
    this.settlement = new PaymentSettlement(carts, orders, attempts, payments, lifecycle);
  }

  private readonly settlement: PaymentSettlement;

  /** The rates the shop offers, for the client's banner and product page as well as the checkout page. */
  shippingRates(): ShippingRate[] {
    return shippingRates(this.settings);
  }

  get freeShippingThresholdCents(): number {
    return this.settings.freeShippingThresholdCents;
  }

  async view(token: string): Promise<CheckoutView> {
    const found = await this.carts.findForCheckout(token);
    if (!found) return { kind: "not-found" };
    if (found.status === "COMPLETED") {
      const order = await this.orders.findByCartId(found.cartId);
      return order ? { kind: "completed", order } : { kind: "not-found" };
    }
    return found.cart.lines.length === 0 ? { kind: "empty" } : { kind: "open", summary: this.summarize(found.cart) };
  }

  async pay(token: string, request: PayRequest): Promise<PayOutcome> {
    const before = await this.view(token);
    if (before.kind !== "open") return before.kind === "completed" ? { kind: "paid", order: before.order } : before;
    const checked = validateCheckoutForm(request.form);
    if (!checked.ok) return { kind: "invalid", summary: before.summary, errors: checked.errors };

    // An earlier attempt for other contents of the cart is settled first (it may have been charged),
    // then the cart is looked at again; twice is enough, a third round means something is wrong.
    for (let round = 0; round < 3; round += 1) {
      const step = await this.openAttempt(token, request, checked.details);
      if (step.kind === "settle-first") {
        await this.settlement.settle(step.attempt, true);
        continue;
      }
      if (step.kind !== "charge") return step;
      const { attempt, summary } = step;
      const description = `Satire Supply Co. order (${summary.cart.totalQuantity} items)`;
      const result = await this.settlement.charge(attempt, checked.details.card, description);
      if (result.status === "declined") return { kind: "declined", summary, message: result.message };
      const settled = await this.settlement.complete(attempt.id);
      return settled.kind === "paid" ? settled : { kind: "not-found" };
    }
    throw new Error("checkout: an earlier payment attempt of this cart could not be settled");
  }

  /**
   * Under the cart's lock: re-price every line from the catalog, then open the payment attempt (or
   * take the one already open for the same contents, so a double submit charges one key once).
   * The attempt is committed before any money moves.
   */
  private openAttempt(token: string, request: PayRequest, details: CheckoutDetails): Promise<AttemptStep> {
    return this.attempts.transaction(async (trx): Promise<AttemptStep> => {
      const locked = await this.carts.lockForPayment({ checkoutToken: token }, trx);
      if (!locked) return { kind: "not-found" };
      if (locked.status === "COMPLETED") {
        const order = await this.orders.findByCartIdInTransaction(locked.cartId, trx);
        return order ? { kind: "paid", order } : { kind: "not-found" };
      }
      const { cart } = locked;
      if (cart.lines.length === 0) return { kind: "empty" };
      const summary = this.summarize(cart);
      const open = await this.attempts.findOpenForCart(cart.id, trx);
      if (open && open.summaryKey !== summary.summaryKey) return { kind: "settle-first", attempt: open };
      if (request.summaryKey !== null && request.summaryKey !== summary.summaryKey) return { kind: "changed", summary };
      if (open) return { kind: "charge", attempt: open, summary };
      const draft = this.orderDraft(summary, details, request.customerId);
      if (draft.totalCents > MAX_CHARGE_CENTS) return { kind: "too-large", summary, message: tooLargeMessage(draft.totalCents) };
      const attempt = await this.attempts.insert(
        { cartId: cart.id, summaryKey: summary.summaryKey, amountCents: draft.totalCents, currencyCode: CURRENCY_CODE, draft },
        trx,
      );
      return { kind: "charge", attempt, summary };
    });
  }

  /** Settles payments a crash left open (start-up and every minute, see app.ts). */
  reconcilePayments(): Promise<ReconcileReport> {
    return this.settlement.reconcile();
  }

  private summarize(cart: PricedCart): CheckoutSummary {
    const key = JSON.stringify(cart.lines.map((l) => [l.id, l.quantity, l.merchandise.priceCents, l.merchandise.variantId]));
    return {
      cart,
      quotes: quoteShipping(
        cart.lines.map((l) => ({ unitPriceCents: l.merchandise.priceCents, quantity: l.quantity })),
        this.settings,
      ),
      summaryKey: createHash("sha256").update(key).digest("base64url").slice(0, 22),
      testMode: this.payments.testMode,
    };
  }

  private orderDraft(summary: CheckoutSummary, details: CheckoutDetails, customerId: string | null): OrderDraft {
    const { cart } = summary;
    const quote = summary.quotes.find((q) => q.rate.method === details.shippingMethod)!;
    return {
      customerId,
      cartId: cart.id,
      email: details.email,
      subtotalCents: quote.pricing.subtotalCents,
      shippingCents: quote.pricing.shippingCents,
      totalCents: quote.pricing.totalCents,
      shippingMethod: quote.label,
      shippingAddress: details.shippingAddress,
      lines: cart.lines.map((line, i) => ({
        productId: line.merchandise.productId,
        variantId: line.merchandise.variantId,
        productHandle: line.merchandise.productHandle,
        productTitle: line.merchandise.productTitle,
        variantTitle: displayVariantTitle(line.merchandise.variantTitle),
        imageUrl: line.merchandise.imageUrl,
        quantity: line.quantity,
        unitPriceCents: line.merchandise.priceCents,
        lineTotalCents: quote.pricing.lines[i]!.totalCents,
        customAttributes: line.customAttributes,
      })),
    };
  }
}
