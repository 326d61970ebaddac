// What a discount code may do for a cart, as pure rules (docs/promotions.md): whether it applies
// now and if not why, in words a shopper can act on; which lines it may reach; what it gives.
import { randomInt } from "node:crypto";
import { formatMoney } from "../shared/money.js";
import type { PricingDiscount } from "../shared/pricing.js";
import type { DiscountCodeRecord, PromotionRecord } from "./promotion.records.js";

/** A code as staff and shoppers write it: 3–40 letters, digits, - or _ (the database holds the same rule). */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

/** A code typed by a shopper, trimmed; null when it cannot be any code (so no lookup is spent on it). */
export function normalizeCodeInput(input: string): string | null {
  const code = input.trim();
  return CODE_PATTERN.test(code) ? code : null;
}

/** Why a code does not apply, machine-readable (GraphQL's DiscountCodeRejection). */
export type CodeRejection =
  | { reason: "UNKNOWN" }
  | { reason: "NOT_STARTED"; startsAt: Date }
  | { reason: "ENDED" }
  | { reason: "MINIMUM_NOT_MET"; shortCents: number }
  | { reason: "NOT_ELIGIBLE" }
  | { reason: "USED_UP" }
  | { reason: "ALREADY_USED" };

export type PromotionState = "SCHEDULED" | "ACTIVE" | "ENDED" | "DISABLED";

/** Where a promotion stands at `now` (used up is a code's state, see codeUsedUp). */
export function promotionState(promotion: Pick<PromotionRecord, "startsAt" | "endsAt" | "disabledAt">, now: Date): PromotionState {
  if (promotion.disabledAt !== null) return "DISABLED";
  if (now.getTime() < promotion.startsAt.getTime()) return "SCHEDULED";
  if (promotion.endsAt !== null && now.getTime() >= promotion.endsAt.getTime()) return "ENDED";
  return "ACTIVE";
}

/** A line as the rules see it: its product and that product's collections. */
export interface EligibilityLine {
  productId: string;
  collectionIds: readonly string[];
}

/** Whether the promotion may reach this line: every line when it names no product and no collection. */
export function lineEligible(promotion: Pick<PromotionRecord, "productIds" | "collectionIds">, line: EligibilityLine): boolean {
  if (promotion.productIds.length === 0 && promotion.collectionIds.length === 0) return true;
  return promotion.productIds.includes(line.productId) || line.collectionIds.some((id) => promotion.collectionIds.includes(id));
}

/** What the code's promotion gives to the pricing function. */
export function pricingDiscountOf(promotion: Pick<PromotionRecord, "kind" | "percentOff" | "amountOffCents">): PricingDiscount {
  switch (promotion.kind) {
    case "percentage":
      return { kind: "percentage", percentOff: promotion.percentOff ?? 0 };
    case "fixed_amount":
      return { kind: "fixed_amount", amountOffCents: promotion.amountOffCents ?? 0 };
    case "free_shipping":
      return { kind: "free_shipping" };
  }
}

/** What the cart and its shopper bring to the question. */
export interface CodeContext {
  now: Date;
  /** The cart's subtotal before any code. */
  subtotalCents: number;
  /** Whether at least one line is one the promotion may reach. */
  anyLineEligible: boolean;
  /** Uses counted now (orders paid, and payments open) of this code. */
  uses: number;
  /** Whether this customer (account, or checkout email) has a counted use of the promotion. */
  usedByCustomer: boolean;
}

/**
 * Null when the code applies; otherwise why not, the first reason a shopper can act on or must
 * accept: off or ended, not yet started, used up, used by this customer, no line it reaches, then
 * the minimum.
 */
export function checkCode(promotion: PromotionRecord, code: DiscountCodeRecord, context: CodeContext): CodeRejection | null {
  const state = promotionState(promotion, context.now);
  if (state === "DISABLED" || state === "ENDED") return { reason: "ENDED" };
  if (state === "SCHEDULED") return { reason: "NOT_STARTED", startsAt: promotion.startsAt };
  if (code.usageLimit !== null && context.uses >= code.usageLimit) return { reason: "USED_UP" };
  if (promotion.oncePerCustomer && context.usedByCustomer) return { reason: "ALREADY_USED" };
  if (!context.anyLineEligible) return { reason: "NOT_ELIGIBLE" };
  if (context.subtotalCents < promotion.minSubtotalCents) return { reason: "MINIMUM_NOT_MET", shortCents: promotion.minSubtotalCents - context.subtotalCents };
  return null;
}

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** The rejection in words for the shopper (the code as they typed it). */
export function rejectionMessage(code: string, rejection: CodeRejection): string {
  switch (rejection.reason) {
    case "UNKNOWN":
      return `“${code}” is not a discount code we know. Check the spelling and try again.`;
    case "NOT_STARTED":
      return `${code} starts on ${DATE_FORMAT.format(rejection.startsAt)}.`;
    case "ENDED":
      return `${code} has ended.`;
    case "MINIMUM_NOT_MET":
      return `Add ${formatMoney(rejection.shortCents)} more to use ${code}.`;
    case "NOT_ELIGIBLE":
      return `${code} applies to none of the items in your cart.`;
    case "USED_UP":
      return `${code} has been used as many times as it can be.`;
    case "ALREADY_USED":
      return `You have already used ${code}: it is once per customer.`;
  }
}

/** The characters of a generated code: Crockford's base 32 (no I, L, O or U to misread). */
const GENERATED_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 12 characters of 32: 60 bits of randomness each (the issue asks for at least 50). */
const GENERATED_CODE_LENGTH = 12;

/** A random single-use code, `PREFIX-XXXXXXXXXXXX` (or just the random part without a prefix). */
export function generateCode(prefix: string | null): string {
  let random = "";
  for (let i = 0; i < GENERATED_CODE_LENGTH; i += 1) random += GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)];
  return prefix ? `${prefix}-${random}` : random;
}

/** Who a use counts against, for once-per-customer: the account, else the checkout's email. */
export function customerKey(customerId: string | null, email: string | null): string | null {
  if (customerId) return `customer:${customerId}`;
  return email ? `email:${email.trim().toLowerCase()}` : null;
}

/** The free-shipping rule in force: the standing threshold, or a running offer's lower one. */
export interface FreeShippingRule {
  thresholdCents: number;
  /** The standing threshold (what applies when no offer runs). */
  standingCents: number;
  /** The running offer that sets it; null when the standing rule does. */
  offer: { id: string; title: string; endsAt: Date | null } | null;
  /** When the rule in force changes by the clock (an offer starts or ends); null when nothing is scheduled. */
  changesAt: Date | null;
}

/**
 * Free-shipping rules never stack: of the standing threshold and the automatic offers running at
 * `now`, the lowest threshold is the one in force (an offer above the standing one changes nothing).
 */
export function freeShippingRuleAt(standingCents: number, offers: readonly PromotionRecord[], now: Date): FreeShippingRule {
  let rule: FreeShippingRule = { thresholdCents: standingCents, standingCents, offer: null, changesAt: null };
  let changesAt: number | null = null;
  const soonest = (at: Date | null) => {
    if (at !== null && at.getTime() > now.getTime() && (changesAt === null || at.getTime() < changesAt)) changesAt = at.getTime();
  };
  for (const offer of offers) {
    if (!offer.automatic || offer.kind !== "free_shipping") continue;
    const state = promotionState(offer, now);
    if (state === "SCHEDULED") soonest(offer.startsAt);
    if (state !== "ACTIVE") continue;
    soonest(offer.endsAt);
    if (offer.minSubtotalCents < rule.thresholdCents) {
      rule = { thresholdCents: offer.minSubtotalCents, standingCents, offer: { id: offer.id, title: offer.title, endsAt: offer.endsAt }, changesAt: null };
    }
  }
  return { ...rule, changesAt: changesAt === null ? null : new Date(changesAt) };
}
