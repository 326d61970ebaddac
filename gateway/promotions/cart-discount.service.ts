import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { CartService } from "../cart/cart.service.js";
import type { CartDiscount, CartDiscounts, CartRecord, JudgedDiscount, PricedCart } from "../cart/cart.records.js";
import { RateLimitedError } from "../shared/errors.js";
import { priceOrder } from "../shared/pricing.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import type { CodeReads, PromotionRepository } from "./promotion.repository.js";
import {
  checkCode,
  customerKey,
  lineEligible,
  normalizeCodeInput,
  pricingDiscountOf,
  rejectionMessage,
  type CodeRejection,
} from "./promotion.rules.js";

/** Unknown codes a cart, and a client address, may try in UNKNOWN_CODE_WINDOW_SECONDS. */
const UNKNOWN_CODES_ALLOWED = 10;
const UNKNOWN_CODE_WINDOW_SECONDS = 10 * 60;

/** Why a code was not taken, for the caller's userErrors. */
export interface DiscountCodeError {
  code: "TOO_MANY_CODES" | "THROTTLED" | CodeRejection["reason"];
  field: string;
  message: string;
  /** THROTTLED: when another try may be made. */
  retryAfterSeconds?: number;
  /** Whether the code stays on the cart (its minimum or products not met yet). */
  kept?: boolean;
}

/** What applying codes came to: the cart as it is now, and why a code was not taken (empty when it was). */
export interface DiscountCodesOutcome {
  cart: PricedCart;
  errors: DiscountCodeError[];
}

/** A rejection the cart itself can cure (more in it, other items): such a code stays on the cart, judged again at each change. */
const CURABLE: ReadonlySet<CodeRejection["reason"]> = new Set(["MINIMUM_NOT_MET", "NOT_ELIGIBLE"]);

/**
 * Discount codes on carts: the code a shopper types (one per cart), judged every time the cart is
 * priced, so a code that stops applying when the cart changes says so (and never silently goes).
 * Only the checkout reserves a use (checkout.service.ts, under the promotion's lock).
 */
export class CartDiscountService implements CartDiscounts {
  constructor(
    private readonly promotions: PromotionRepository,
    private readonly carts: CartService,
    private readonly limiter: RateLimiter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The cart's code as it stands now (the cart's customer, when signed in, for once-per-customer). */
  judge(cart: CartRecord): Promise<JudgedDiscount | null> {
    if (cart.discountCodeId === null) return Promise.resolve(null);
    return this.judgeWith(this.promotions.reads(), cart, { codeId: cart.discountCodeId, customerId: cart.customerId, email: null, exceptAttemptId: null });
  }

  /** As judge, inside the transaction that holds the cart's lock. */
  judgeInTransaction(cart: CartRecord, trx: Transaction<Database>): Promise<JudgedDiscount | null> {
    if (cart.discountCodeId === null) return Promise.resolve(null);
    return this.judgeWith(this.promotions.readsIn(trx), cart, { codeId: cart.discountCodeId, customerId: cart.customerId, email: null, exceptAttemptId: null });
  }

  /** The code judged for this cart and this shopper (`email`: a guest's, at checkout), leaving out `exceptAttemptId`'s own use. */
  private async judgeWith(
    reads: CodeReads,
    cart: CartRecord,
    who: { codeId: string; customerId: string | null; email: string | null; exceptAttemptId: string | null },
  ): Promise<JudgedDiscount | null> {
    const found = await reads.findCodeById(who.codeId);
    if (!found) return null;
    const { code, promotion } = found;
    const collections = promotion.collectionIds.length > 0 ? await reads.collectionsOf(cart.lines.map((l) => l.merchandise.productId)) : null;
    const eligible = cart.lines.map((line) =>
      lineEligible(promotion, { productId: line.merchandise.productId, collectionIds: collections?.get(line.merchandise.productId) ?? [] }),
    );
    const usage = await reads.usage(code, customerKey(who.customerId, who.email), who.exceptAttemptId);
    const { subtotalCents } = priceOrder(
      cart.lines.map((l) => ({ unitPriceCents: l.merchandise.priceCents, quantity: l.quantity })),
      null,
    );
    const rejection = checkCode(promotion, code, {
      now: this.now(),
      subtotalCents,
      anyLineEligible: eligible.some(Boolean),
      uses: usage.uses,
      usedByCustomer: usage.usedByCustomer,
    });
    return {
      discount: {
        codeId: code.id,
        promotionId: promotion.id,
        code: code.code,
        applicable: rejection === null,
        reason: rejection?.reason ?? null,
        message: rejection ? rejectionMessage(code.code, rejection) : null,
        pricing: pricingDiscountOf(promotion),
      },
      eligible,
    };
  }

  /**
   * For a payment about to open (checkout, under the cart's lock): the cart's code judged again
   * under its promotion's row lock, which every reservation of that promotion's codes takes in turn,
   * so fifty checkouts racing for its last use see each other's reservations. `email` is the
   * checkout's (a guest's once-per-customer); `exceptAttemptId` an attempt of this cart being resumed.
   */
  async judgeForPayment(
    cart: CartRecord,
    who: { customerId: string | null; email: string; exceptAttemptId: string | null },
    trx: Transaction<Database>,
  ): Promise<JudgedDiscount | null> {
    if (cart.discountCodeId === null) return null;
    const reads = this.promotions.readsIn(trx);
    const found = await reads.findCodeById(cart.discountCodeId);
    if (!found) return null;
    await this.promotions.lockPromotion(found.promotion.id, trx);
    return this.judgeWith(reads, cart, { codeId: cart.discountCodeId, ...who });
  }

  /** Records the use a new payment attempt reserves, in the attempt's transaction (after judgeForPayment said it applies). */
  reserve(attemptId: string, discount: CartDiscount, who: { customerId: string | null; email: string }, discountCents: number, trx: Transaction<Database>): Promise<void> {
    return this.promotions.insertRedemption(
      { attemptId, codeId: discount.codeId, promotionId: discount.promotionId, customerKey: customerKey(who.customerId, who.email)!, discountCents },
      trx,
    );
  }

  /**
   * Shopify's cartDiscountCodesUpdate: the codes the cart should hold (one at most; none removes
   * it). A code that does not exist is refused and counted against the cart and the client (10 in
   * 10 minutes each, then every try waits); one that has ended, is used up or was used by this
   * customer is refused with its reason and the cart keeps what it had; one the cart can still come
   * to meet (its minimum, its products) is kept, with its reason, and applies once the cart does.
   */
  async apply(cartId: string, codes: readonly string[], client: { address: string }): Promise<DiscountCodesOutcome> {
    const wanted = codes.map((c) => c.trim()).filter((c) => c.length > 0);
    if (wanted.length > 1) {
      return { cart: await this.carts.get(cartId), errors: [{ code: "TOO_MANY_CODES", field: "discountCodes", message: "One discount code per cart: remove the one applied first." }] };
    }
    if (wanted.length === 0) return { cart: await this.carts.setDiscountCode(cartId, null), errors: [] };

    const typed = wanted[0]!;
    const cart = await this.carts.get(cartId);
    let reservation;
    try {
      reservation = await this.limiter.takeAll([
        { bucket: `discount-code:cart:${cartId}`, limit: UNKNOWN_CODES_ALLOWED, windowSeconds: UNKNOWN_CODE_WINDOW_SECONDS },
        { bucket: `discount-code:client:${client.address}`, limit: UNKNOWN_CODES_ALLOWED, windowSeconds: UNKNOWN_CODE_WINDOW_SECONDS },
      ]);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
      return {
        cart,
        errors: [
          {
            code: "THROTTLED",
            field: "discountCodes.0",
            message: `Too many codes that do not exist were tried. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
            retryAfterSeconds: error.retryAfterSeconds,
          },
        ],
      };
    }
    const normalized = normalizeCodeInput(typed);
    const found = normalized === null ? null : await this.promotions.reads().findCode(normalized);
    if (!found) {
      // Kept: it counts against the cart and the client.
      return { cart, errors: [{ code: "UNKNOWN", field: "discountCodes.0", message: rejectionMessage(typed, { reason: "UNKNOWN" }) }] };
    }
    await reservation.release();

    const judged = await this.judgeWith(this.promotions.reads(), cart, { codeId: found.code.id, customerId: cart.customerId, email: null, exceptAttemptId: null });
    const reason = judged?.discount.reason ?? null;
    if (reason !== null && !CURABLE.has(reason)) {
      return { cart, errors: [{ code: reason, field: "discountCodes.0", message: judged!.discount.message! }] };
    }
    const updated = await this.carts.setDiscountCode(cartId, found.code.id);
    const now = updated.discount;
    return {
      cart: updated,
      errors: now && !now.applicable && now.reason ? [{ code: now.reason, field: "discountCodes.0", message: now.message ?? "", kept: true }] : [],
    };
  }
}
