import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { CURRENCY_CODE } from "../shared/money.js";
import type { CartRepository } from "../cart/cart.repository.js";
import { displayVariantTitle, type PricedCart } from "../cart/cart.records.js";
import { priceCart } from "../cart/cart.rules.js";
import type { OrderService } from "../orders/order.service.js";
import type { NewOrder, OrderRecord } from "../orders/order.records.js";
import { validateCheckoutForm, type CheckoutDetails, type CheckoutFormInput, type FieldErrors } from "./checkout.form.js";
import type { PaymentProvider } from "./payment-provider.js";
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
  | { kind: "changed"; summary: CheckoutSummary };

export interface PayRequest {
  form: CheckoutFormInput;
  /** The summaryKey of the page the shopper paid from, when the form sent it. */
  summaryKey: string | null;
  /** The customer signed in at the moment of payment (never matched by email). */
  customerId: string | null;
}

const CHECKOUT_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The store's hosted checkout. A payment runs in one transaction holding the cart's row lock:
 * re-price every line from the catalog, charge, record the order, complete the cart. A second
 * payment of the same checkout (later or at the same moment) finds the cart completed and answers
 * the order already made, so one checkout is one order and one charge.
 */
export class CheckoutService {
  constructor(
    private readonly carts: CartRepository,
    private readonly orders: OrderService,
    private readonly payments: PaymentProvider,
    private readonly settings: ShippingSettings,
  ) {}

  /** The rates the shop offers, for the client's banner and product page as well as the checkout page. */
  shippingRates(): ShippingRate[] {
    return shippingRates(this.settings);
  }

  get freeShippingThresholdCents(): number {
    return this.settings.freeShippingThresholdCents;
  }

  async view(token: string): Promise<CheckoutView> {
    if (!CHECKOUT_TOKEN.test(token)) return { kind: "not-found" };
    const cart = await this.carts.findCartByCheckoutToken(token);
    if (!cart) return { kind: "not-found" };
    if (cart.status === "COMPLETED") {
      const order = await this.orders.findByCartId(cart.id);
      return order ? { kind: "completed", order } : { kind: "not-found" };
    }
    const priced = priceCart(cart);
    return priced.lines.length === 0 ? { kind: "empty" } : { kind: "open", summary: this.summarize(priced) };
  }

  async pay(token: string, request: PayRequest): Promise<PayOutcome> {
    const before = await this.view(token);
    if (before.kind !== "open") return before.kind === "completed" ? { kind: "paid", order: before.order } : before;
    const checked = validateCheckoutForm(request.form);
    if (!checked.ok) return { kind: "invalid", summary: before.summary, errors: checked.errors };

    return this.carts.transaction(async (trx) => {
      const cart = await this.carts.lockCart({ checkoutToken: token }, trx);
      if (!cart) return { kind: "not-found" } as const;
      if (cart.status === "COMPLETED") {
        const order = await this.orders.findByCartId(cart.id, trx);
        return order ? ({ kind: "paid", order } as const) : ({ kind: "not-found" } as const);
      }
      // Re-priced under the lock: what is charged is what the catalog says now.
      const priced = priceCart({ ...cart, lines: await this.carts.findLines(cart.id, trx) });
      if (priced.lines.length === 0) return { kind: "empty" } as const;
      const summary = this.summarize(priced);
      if (request.summaryKey !== null && request.summaryKey !== summary.summaryKey) return { kind: "changed", summary } as const;
      return this.charge(summary, checked.details, request.customerId, trx);
    });
  }

  private summarize(cart: PricedCart): CheckoutSummary {
    const key = JSON.stringify(cart.lines.map((l) => [l.id, l.quantity, l.merchandise.priceCents, l.merchandise.variantId]));
    return {
      cart,
      quotes: quoteShipping(cart.subtotalCents, this.settings),
      summaryKey: createHash("sha256").update(key).digest("base64url").slice(0, 22),
      testMode: this.payments.testMode,
    };
  }

  private async charge(summary: CheckoutSummary, details: CheckoutDetails, customerId: string | null, trx: Kysely<Database>): Promise<PayOutcome> {
    const { cart } = summary;
    const quote = summary.quotes.find((q) => q.rate.method === details.shippingMethod)!;
    const totalCents = cart.subtotalCents + quote.cents;
    const result = await this.payments.charge({
      amountCents: totalCents,
      currencyCode: CURRENCY_CODE,
      card: details.card,
      idempotencyKey: cart.id,
      description: `Satire Supply Co. order (${cart.totalQuantity} items)`,
    });
    if (result.status === "declined") return { kind: "declined", summary, message: result.message };

    const newOrder: NewOrder = {
      customerId,
      cartId: cart.id,
      email: details.email,
      subtotalCents: cart.subtotalCents,
      shippingCents: quote.cents,
      totalCents,
      shippingMethod: quote.label,
      shippingAddress: details.shippingAddress,
      cardBrand: result.brand,
      cardLast4: result.last4,
      lines: cart.lines.map((line) => ({
        productId: line.merchandise.productId,
        variantId: line.merchandise.variantId,
        productHandle: line.merchandise.productHandle,
        productTitle: line.merchandise.productTitle,
        variantTitle: displayVariantTitle(line.merchandise.variantTitle),
        imageUrl: line.merchandise.imageUrl,
        quantity: line.quantity,
        unitPriceCents: line.merchandise.priceCents,
        lineTotalCents: line.merchandise.priceCents * line.quantity,
        customAttributes: line.customAttributes,
      })),
    };
    try {
      const order = await this.orders.place(newOrder, trx);
      await this.carts.setStatus(cart.id, "COMPLETED", trx);
      return { kind: "paid", order };
    } catch (error) {
      // Approved but not recorded: give the money back before the transaction rolls back.
      await this.payments.void(result.reference).catch(() => undefined);
      throw error;
    }
  }
}
