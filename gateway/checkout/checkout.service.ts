import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { CURRENCY_CODE, formatMoney } from "../shared/money.js";
import { absoluteRasterImageUrl } from "../shared/image-urls.js";
import { linePicture } from "../designs/design.records.js";
import type { CartService } from "../cart/cart.service.js";
import { displayVariantTitle, type PricedCart } from "../cart/cart.records.js";
import type { OrderService } from "../orders/order.service.js";
import type { OrderRecord } from "../orders/order.records.js";
import type { OrderLifecycle } from "../orders/order-lifecycle.service.js";
import { validateCheckoutForm, type CheckoutDetails, type CheckoutFormInput, type FieldErrors } from "./checkout.form.js";
import { MAX_CHARGE_CENTS, MIN_CHARGE_CENTS, type PaymentProvider, type PaymentRequest } from "./payment-provider.js";
import type { CartDiscountService } from "../promotions/cart-discount.service.js";
import type { FreeShippingService } from "../promotions/free-shipping.service.js";
import type { FreeShippingRule } from "../promotions/promotion.rules.js";
import type { OrderDraft, PaymentAttempt, PaymentAttemptRepository, PaymentEventRecord } from "./payment-attempt.repository.js";
import { PaymentSettlement, type ReconcileReport, type Settled } from "./payment-settlement.js";
import { quoteShipping, shippingRates, type ShippingQuote, type ShippingRate } from "./shipping.js";

/** An open checkout as its page shows it. */
export interface CheckoutSummary {
  cart: PricedCart;
  quotes: ShippingQuote[];
  /** Fingerprint of the lines and prices shown; a payment for a different summary is sent back for review. */
  summaryKey: string;
  testMode: boolean;
  /** Why it cannot be paid for as it is: a line whose variant can no longer be bought, in words naming it; null when it can. */
  unavailable: string | null;
  /** The free-shipping rule the quotes were priced by. */
  freeShipping: FreeShippingRule;
}

export type CheckoutView =
  | { kind: "not-found" }
  | { kind: "empty" }
  | { kind: "completed"; order: OrderRecord }
  | { kind: "open"; summary: CheckoutSummary };

export type BeginOutcome =
  | { kind: "not-found" }
  | { kind: "empty" }
  | { kind: "paid"; order: OrderRecord }
  /** Paid by a method whose money comes later: the order follows by email. */
  | { kind: "processing" }
  | { kind: "invalid"; summary: CheckoutSummary; errors: FieldErrors }
  | { kind: "changed"; summary: CheckoutSummary }
  | { kind: "too-large"; summary: CheckoutSummary; message: string }
  /** A line's variant can no longer be bought: nothing opens until the shopper removes it. */
  | { kind: "unavailable"; summary: CheckoutSummary; message: string }
  /** The total is below what a card payment can be, or the cart's code was refused as the payment opened (used up, used by this shopper): nothing opened. */
  | { kind: "refused"; summary: CheckoutSummary; message: string }
  /** Go and pay at the provider. */
  | { kind: "redirect"; summary: CheckoutSummary; sessionId: string; url: string };

/** What the return from the provider's page comes to. */
export type ReturnOutcome = { kind: "not-found" } | Settled;

export interface BeginRequest {
  form: CheckoutFormInput;
  /** The summaryKey of the page the shopper paid from, when the form sent it. */
  summaryKey: string | null;
  /** The customer signed in at the moment of payment (never matched by email). */
  customerId: string | null;
  /** A signed-in customer asked to keep the address in their address book once the order is placed (ignored for a guest). */
  saveAddress?: boolean;
}

export interface CheckoutSettings {
  publicUrl: string;
  /** How long a provider's payment page takes a payment. */
  sessionMinutes: number;
}

type AttemptStep =
  | { kind: "not-found" }
  | { kind: "empty" }
  | { kind: "paid"; order: OrderRecord }
  | { kind: "processing" }
  | { kind: "changed"; summary: CheckoutSummary }
  | { kind: "too-large"; summary: CheckoutSummary; message: string }
  | { kind: "unavailable"; summary: CheckoutSummary; message: string }
  | { kind: "refused"; summary: CheckoutSummary; message: string }
  | { kind: "replace"; attempt: PaymentAttempt }
  | { kind: "begin"; attempt: PaymentAttempt; summary: CheckoutSummary };

/** A session this close to its end is not sent to again: a new attempt gets a fresh one. */
const RESUME_MARGIN_MS = 5 * 60 * 1000;

/** Why an order above what one payment takes is refused (nothing is charged, the cart stays as it is). */
function tooLargeMessage(totalCents: number): string {
  return `This order comes to ${formatMoney(totalCents)}, more than the ${formatMoney(MAX_CHARGE_CENTS)} one payment can take. Nothing was charged: please lower some quantities in your cart and pay again.`;
}

/** Why a total above nothing but below a card payment's least is refused. */
function belowMinimumMessage(totalCents: number): string {
  return `This order comes to ${formatMoney(totalCents)}, less than the ${formatMoney(MIN_CHARGE_CENTS)} a card payment can be. Nothing was charged: please add to your cart or remove its discount code, then pay again.`;
}

/** Why a cart holding a line that can no longer be bought is refused (nothing is charged, the cart stays as it is). */
export function unavailableNotice(summary: CheckoutSummary): string | null {
  return summary.unavailable === null ? null : `${summary.unavailable}. Please remove it from your cart, then check out again.`;
}

/** The refusal the checkout page shows before payment when even the cheapest shipping puts the order above one payment. */
export function tooLargeNotice(summary: CheckoutSummary): string | null {
  const cheapest = Math.min(...summary.quotes.map((q) => q.pricing.totalCents));
  return cheapest > MAX_CHARGE_CENTS ? tooLargeMessage(cheapest) : null;
}

/** JSON with every object's keys sorted: the same value always writes the same text (jsonb keeps no key order). */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** What checkout asks of promotions: the free-shipping rule in force, and the cart's code judged and reserved for a payment. */
export interface CheckoutPromotions {
  freeShipping: Pick<FreeShippingService, "rule">;
  cartDiscounts: Pick<CartDiscountService, "judgeForPayment" | "reserve">;
}

/**
 * The store's hosted checkout. Paying is three steps, each durable before the next: under the
 * cart's lock, re-price every line and commit a payment attempt (the order to record, and our
 * reference at the provider); begin the provider's payment for that attempt and record its
 * session; send the browser to the provider's page. The outcome comes from the provider (its
 * webhook, the return page, reconciliation), and PaymentSettlement turns it into the order, once.
 * A crash between steps loses nothing: a re-submission resumes the same attempt and session, and
 * reconciliation settles what the provider took.
 */
export class CheckoutService {
  private readonly settlement: PaymentSettlement;

  constructor(
    private readonly carts: CartService,
    private readonly orders: OrderService,
    private readonly payments: PaymentProvider,
    private readonly attempts: PaymentAttemptRepository,
    private readonly settings: CheckoutSettings,
    private readonly promotions: CheckoutPromotions,
    lifecycle: OrderLifecycle,
    private readonly logger: Logger,
  ) {
    this.settlement = new PaymentSettlement(carts, orders, attempts, payments, lifecycle, logger);
  }

  /** The rates the shop offers under the free-shipping rule in force, for the client's banner and product page as well as the checkout page. */
  async shippingRates(): Promise<{ rates: ShippingRate[]; freeShipping: FreeShippingRule }> {
    const freeShipping = await this.promotions.freeShipping.rule();
    return { rates: shippingRates({ freeShippingThresholdCents: freeShipping.thresholdCents }), freeShipping };
  }

  /** Which provider takes the money ("test" or "stripe"). */
  get providerName(): string {
    return this.payments.name;
  }

  /** Records a provider's event once, in the transaction of its effect (a refund's, a dispute's); false when it was recorded before. */
  recordEvent(event: PaymentEventRecord, trx: Transaction<Database>): Promise<boolean> {
    return this.attempts.recordEvent(event, null, trx);
  }

  /** Registers what else happens when a payment becomes its order (in the order's transaction): the address the shopper asked to keep. */
  onOrderPlaced(handler: Parameters<PaymentSettlement["onPlaced"]>[0]): void {
    this.settlement.onPlaced(handler);
  }

  /** Registers what happens when an asynchronous payment fails (in its transaction): the customer's email. */
  onPaymentFailed(handler: Parameters<PaymentSettlement["onFailed"]>[0]): void {
    this.settlement.onFailed(handler);
  }

  async view(token: string): Promise<CheckoutView> {
    const found = await this.carts.findForCheckout(token);
    if (!found) return { kind: "not-found" };
    if (found.status === "COMPLETED") {
      const order = await this.orders.findByCartId(found.cartId);
      return order ? { kind: "completed", order } : { kind: "not-found" };
    }
    if (found.cart.lines.length === 0) return { kind: "empty" };
    return { kind: "open", summary: this.summarize(found.cart, await this.promotions.freeShipping.rule()) };
  }

  /** The form checked against an open checkout, opening nothing (a page that also has errors of its own to show). */
  async review(token: string, form: CheckoutFormInput): Promise<Exclude<BeginOutcome, { kind: "redirect" | "changed" | "too-large" | "unavailable" | "refused" | "processing" }>> {
    const view = await this.view(token);
    if (view.kind !== "open") return view.kind === "completed" ? { kind: "paid", order: view.order } : view;
    const checked = validateCheckoutForm(form);
    return { kind: "invalid", summary: view.summary, errors: checked.ok ? {} : checked.errors };
  }

  /**
   * The Pay button: checks the form, opens (or resumes) the attempt under the cart's lock and
   * begins the provider's payment for it. No money moves here; the answer says where to pay.
   */
  async begin(token: string, request: BeginRequest): Promise<BeginOutcome> {
    const before = await this.view(token);
    if (before.kind !== "open") return before.kind === "completed" ? { kind: "paid", order: before.order } : before;
    const checked = validateCheckoutForm(request.form);
    if (!checked.ok) return { kind: "invalid", summary: before.summary, errors: checked.errors };

    // An earlier attempt for something else is closed first (its session expired at the provider;
    // a payment that already won becomes its order), then the cart is looked at again. Twice is
    // enough: a third round means something is wrong.
    for (let round = 0; round < 3; round += 1) {
      // Read before the cart's transaction: the embedded database has one connection, which that transaction holds.
      const freeShipping = await this.promotions.freeShipping.rule();
      const step = await this.openAttempt(token, request, checked.details, freeShipping);
      if (step.kind === "replace") {
        await this.settlement.settle(step.attempt.id, { expire: true });
        continue;
      }
      if (step.kind !== "begin") return step;
      const { attempt, summary } = step;
      // Nothing to pay (a code took off all of it, and shipping is free): the order is placed
      // without asking a provider, as a payment of $0.00 would settle.
      if (attempt.amountCents === 0) {
        const settled = await this.settlement.settleWithoutPayment(attempt.id);
        if (settled.kind === "paid") return { kind: "paid", order: settled.order };
        throw new Error(`checkout: the attempt ${attempt.id} of nothing to pay settled as ${settled.kind}`);
      }
      const begun = await this.payments.begin(this.paymentRequest(token, attempt));
      if (attempt.sessionId !== begun.sessionId) await this.attempts.recordSession(attempt.id, begun);
      return { kind: "redirect", summary, sessionId: begun.sessionId, url: begun.redirectUrl };
    }
    throw new Error("checkout: an earlier payment attempt of this cart could not be closed");
  }

  /**
   * The browser back from the provider's page (its success address): settles the session, when it
   * is one of this checkout's, from what the provider holds.
   */
  async returned(token: string, sessionId: string): Promise<ReturnOutcome> {
    const found = await this.carts.findForCheckout(token);
    if (!found || sessionId.length > 255) return { kind: "not-found" };
    const attempt = await this.attempts.findBySession(this.payments.name, sessionId);
    const cartId = found.status === "COMPLETED" ? found.cartId : found.cart.id;
    if (!attempt || attempt.cartId !== cartId) return { kind: "not-found" };
    return this.settlement.settle(attempt.id);
  }

  /**
   * A provider's event about one of its sessions (its webhook, signature already checked): settled
   * from what the provider holds, with the event recorded in the same transaction as its effect.
   * `attemptId` is the reference the provider kept; null (or not ours) when the session is not ours.
   */
  async settleFromEvent(event: PaymentEventRecord, session: { sessionId: string; attemptId: string | null }): Promise<ReturnOutcome> {
    const attempt =
      (await this.attempts.findBySession(this.payments.name, session.sessionId)) ?? (session.attemptId ? await this.attemptById(session.attemptId) : null);
    if (!attempt || attempt.provider !== this.payments.name || (attempt.sessionId !== null && attempt.sessionId !== session.sessionId)) {
      await this.settlement.recordEventOnly(event);
      return { kind: "not-found" };
    }
    if (attempt.sessionId === null) await this.attempts.recordSession(attempt.id, { sessionId: session.sessionId, expiresAt: new Date(Date.now() + this.settings.sessionMinutes * 60_000) });
    return this.settlement.settle(attempt.id, { event });
  }

  /**
   * A cart changed: a payment session still open for what it held is expired, so nobody pays for
   * contents the cart no longer has. A payment that wins that race is still settled as what was
   * paid (the attempt's own order), or given back when the cart has been paid since.
   */
  /**
   * The customer is deleting the account (in that transaction): a payment begun while signed in and
   * not yet settled still becomes an order when it settles, a guest's, never one of the deleted account.
   */
  forgetCustomerInTransaction(customerId: string, trx: Transaction<Database>): Promise<void> {
    return this.attempts.detachCustomer(customerId, trx);
  }

  async cartChanged(cartId: string): Promise<void> {
    for (const attemptId of await this.attempts.findPendingIdsForCart(cartId)) {
      await this.settlement.settle(attemptId, { expire: true });
    }
  }

  /** Settles payments whose outcome is still open (start-up and every minute, see app.ts). */
  reconcilePayments(options: { atStartUp?: boolean } = {}): Promise<ReconcileReport> {
    return this.settlement.reconcile(new Date(), { askAll: options.atStartUp ?? false });
  }

  private async attemptById(id: string): Promise<PaymentAttempt | null> {
    return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? this.attempts.findById(id) : null;
  }

  /**
   * Under the cart's lock: re-price every line from the catalog, then open the payment attempt (or
   * resume the one already open for exactly this order, so a double submit pays once).
   * The attempt is committed before the provider is asked.
   */
  private openAttempt(token: string, request: BeginRequest, details: CheckoutDetails, freeShipping: FreeShippingRule): Promise<AttemptStep> {
    return this.attempts.transaction(async (trx): Promise<AttemptStep> => {
      const locked = await this.carts.lockForPayment({ checkoutToken: token }, trx);
      if (!locked) return { kind: "not-found" };
      if (locked.status === "COMPLETED") {
        const order = await this.orders.findByCartIdInTransaction(locked.cartId, trx);
        return order ? { kind: "paid", order } : { kind: "not-found" };
      }
      if (locked.cart.lines.length === 0) return { kind: "empty" };
      const open = await this.attempts.findOpenForCart(locked.cart.id, trx);
      if (open?.status === "PROCESSING") return { kind: "processing" };
      // The cart's code judged again for this shopper (a guest's email) under its promotion's lock:
      // a use reserved by another checkout a moment ago counts here.
      const who = { customerId: request.customerId, email: details.email };
      const judged = await this.promotions.cartDiscounts.judgeForPayment(locked.cart, { ...who, exceptAttemptId: open?.id ?? null }, trx);
      const cart = locked.cart.discountCodeId !== null ? this.carts.reprice(locked.cart, judged) : locked.cart;
      const summary = this.summarize(cart, freeShipping);
      const draft = this.orderDraft(summary, details, request.customerId, request.saveAddress === true);
      // Checked under the cart's lock, before any attempt opens or resumes: what can no longer be bought is never paid for.
      const unavailable = unavailableNotice(summary);
      if (unavailable) return { kind: "unavailable", summary, message: unavailable };
      // A code on the cart that does not apply for this shopper, unless the page they paid from
      // already showed it not applying (used up a moment ago, used before by this email): said in
      // words, and nothing opens. An order is never charged without its code unannounced.
      if (cart.discount && !cart.discount.applicable && request.summaryKey !== summary.summaryKey) {
        const why = cart.discount.message ?? `${cart.discount.code} does not apply.`;
        return { kind: "refused", summary, message: `${why} Your order is shown without it: nothing was charged. Pay again to buy without the code, or remove it from your cart.` };
      }
      if (open && !this.resumable(open, draft)) return { kind: "replace", attempt: open };
      if (request.summaryKey !== null && request.summaryKey !== summary.summaryKey) return { kind: "changed", summary };
      if (open) return { kind: "begin", attempt: open, summary };
      if (draft.totalCents > MAX_CHARGE_CENTS) return { kind: "too-large", summary, message: tooLargeMessage(draft.totalCents) };
      if (draft.totalCents > 0 && draft.totalCents < MIN_CHARGE_CENTS) return { kind: "refused", summary, message: belowMinimumMessage(draft.totalCents) };
      const attempt = await this.attempts.insert(
        { cartId: cart.id, summaryKey: summary.summaryKey, amountCents: draft.totalCents, currencyCode: CURRENCY_CODE, draft, provider: this.payments.name },
        trx,
      );
      // The code's use, reserved with the attempt: it counts while the attempt is open or paid.
      if (cart.discount?.applicable) await this.promotions.cartDiscounts.reserve(attempt.id, cart.discount, who, draft.discountCents, trx);
      if (!cart.paymentStarted) await this.carts.markPaymentStarted(cart.id, trx);
      return { kind: "begin", attempt, summary };
    });
  }

  /** An open attempt is paid again only for exactly the same order, at the same provider, with time left on its session. */
  private resumable(open: PaymentAttempt, draft: OrderDraft): boolean {
    if (open.status !== "PENDING" || open.provider !== this.payments.name) return false;
    if (open.expiresAt !== null && open.expiresAt.getTime() - Date.now() < RESUME_MARGIN_MS) return false;
    return canonicalJson(open.draft) === canonicalJson(draft);
  }

  private paymentRequest(token: string, attempt: PaymentAttempt): PaymentRequest {
    const { draft } = attempt;
    const base = `${this.settings.publicUrl}/store/checkout/${token}`;
    const address = draft.shippingAddress;
    return {
      attemptId: attempt.id,
      cartId: attempt.cartId,
      amountCents: attempt.amountCents,
      currencyCode: attempt.currencyCode,
      lines: draft.lines.map((line) => ({
        name: line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle,
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
        // The line's picture (a design's mock-up is a PNG already; a product's SVG has a PNG copy).
        imageUrl: absoluteRasterImageUrl(this.settings.publicUrl, linePicture(line.customAttributes, line.imageUrl)?.url ?? null),
      })),
      shipping: { label: draft.shippingMethod, amountCents: draft.shippingCents },
      discount: draft.discountCode !== null && draft.discountCents > 0 ? { code: draft.discountCode, amountCents: draft.discountCents } : null,
      email: draft.email,
      shippingAddress: {
        name: address.name,
        line1: address.address1,
        line2: address.address2,
        city: address.city,
        postalCode: address.postalCode,
        countryCode: address.countryCode,
        stateCode: address.provinceCode,
        phone: address.phone,
      },
      returnUrl: `${base}/return?session_id={SESSION_ID}`,
      cancelUrl: `${base}?cancelled=1`,
      // The same every time this attempt is asked for (counted from the attempt, not from now): a
      // provider that keys the request by the attempt (Stripe's Idempotency-Key) refuses the same
      // key with other parameters, as after a crash between its answer and recordSession.
      expiresAt: attempt.expiresAt ?? new Date(attempt.createdAt.getTime() + this.settings.sessionMinutes * 60_000),
    };
  }

  private summarize(cart: PricedCart, freeShipping: FreeShippingRule): CheckoutSummary {
    const discount = cart.discount?.applicable ? cart.discount : null;
    const quotes = quoteShipping(
      cart.lines.map((l) => ({ unitPriceCents: l.merchandise.priceCents, quantity: l.quantity, discountable: l.discountable })),
      { freeShippingThresholdCents: freeShipping.thresholdCents },
      discount?.pricing ?? null,
    );
    // What the shopper saw: the lines and prices, the code and what it took, the free-shipping rule.
    const key = JSON.stringify([
      cart.lines.map((l) => [l.id, l.quantity, l.merchandise.priceCents, l.merchandise.variantId]),
      discount ? [discount.codeId, quotes.map((q) => [q.pricing.discountCents, q.pricing.shippingCents])] : null,
      freeShipping.thresholdCents,
    ]);
    return {
      cart,
      quotes,
      summaryKey: createHash("sha256").update(key).digest("base64url").slice(0, 22),
      testMode: this.payments.testMode,
      unavailable: this.carts.unavailableLine(cart),
      freeShipping,
    };
  }

  private orderDraft(summary: CheckoutSummary, details: CheckoutDetails, customerId: string | null, saveAddress: boolean): OrderDraft {
    const { cart } = summary;
    const quote = summary.quotes.find((q) => q.rate.method === details.shippingMethod)!;
    return {
      // Only a signed-in customer has an address book; a guest's tick is ignored.
      ...(saveAddress && customerId !== null ? { saveAddress: true as const } : {}),
      customerId,
      cartId: cart.id,
      email: details.email,
      subtotalCents: quote.pricing.subtotalCents,
      discountCents: quote.pricing.discountCents,
      discountCode: cart.discount?.applicable ? cart.discount.code : null,
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
        // What the order shows the line as: the customer's design for a custom design's line.
        imageUrl: linePicture(line.customAttributes, line.merchandise.imageUrl)?.url ?? null,
        quantity: line.quantity,
        unitPriceCents: line.merchandise.priceCents,
        discountCents: quote.pricing.lines[i]!.discountCents,
        lineTotalCents: quote.pricing.lines[i]!.totalCents,
        customAttributes: line.customAttributes,
      })),
    };
  }
}
