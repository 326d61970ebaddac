// What staff may make a promotion, as pure rules: the whole promotion as it would be saved is judged
// at once (a create, or an update merged onto what is there), so every refusal names its field and
// nothing is written until all of it holds. The database's CHECKs say the same; these say it in words.
import { MAX_PRICE_CENTS } from "../catalog/catalog-rules.js";
import type { PromotionRecord } from "./promotion.records.js";
import { CODE_PATTERN, promotionState, type PromotionState } from "./promotion.rules.js";

const MAX_PROMOTION_TITLE = 100;
/** The most an amount (off, or a minimum) may be: the catalog's own bound for a price ($999,999.99). */
export const MAX_AMOUNT_CENTS = MAX_PRICE_CENTS;
/** How many codes one call may generate. */
const MAX_GENERATED_CODES = 10_000;
/** A generated code's prefix: 1–10 capital letters or digits. */
const PREFIX_PATTERN = /^[A-Z0-9]{1,10}$/;
/** The most products or collections a promotion may be limited to. */
const MAX_LIMITED_TO = 250;

/** A promotion as it would be saved: the record's fields staff set. */
export type PromotionDraft = Pick<
  PromotionRecord,
  "title" | "kind" | "percentOff" | "amountOffCents" | "automatic" | "minSubtotalCents" | "startsAt" | "endsAt" | "oncePerCustomer" | "productIds" | "collectionIds"
>;

export interface FieldProblem {
  field: string;
  message: string;
}

/** What the draft breaks (empty: it may be saved); `known` holds the product and collection ids that exist. */
export function promotionProblems(draft: PromotionDraft, known: { products: ReadonlySet<string>; collections: ReadonlySet<string> }): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const refuse = (field: string, message: string) => problems.push({ field, message });
  const title = draft.title.trim();
  if (title.length < 1 || title.length > MAX_PROMOTION_TITLE) refuse("title", `title must be 1 to ${MAX_PROMOTION_TITLE} characters`);
  if (draft.kind === "percentage") {
    if (draft.percentOff === null || !Number.isInteger(draft.percentOff) || draft.percentOff < 1 || draft.percentOff > 100) {
      refuse("percentOff", "percentOff must be a whole number from 1 to 100");
    }
  } else if (draft.percentOff !== null) refuse("percentOff", "percentOff is only for a PERCENTAGE promotion");
  if (draft.kind === "fixed_amount") {
    if (draft.amountOffCents === null || draft.amountOffCents <= 0) refuse("amountOff", "amountOff must be more than 0.00");
    else if (draft.amountOffCents > MAX_AMOUNT_CENTS) refuse("amountOff", "amountOff must be at most 999999.99");
  } else if (draft.amountOffCents !== null) refuse("amountOff", "amountOff is only for a FIXED_AMOUNT promotion");
  if (draft.minSubtotalCents < 0) refuse("minimumSubtotal", "minimumSubtotal must be 0.00 or more");
  else if (draft.minSubtotalCents > MAX_AMOUNT_CENTS) refuse("minimumSubtotal", "minimumSubtotal must be at most 999999.99");
  if (draft.automatic) {
    if (draft.kind !== "free_shipping") refuse("automatic", "Only a FREE_SHIPPING promotion can be automatic (a timed free-shipping offer)");
    if (draft.oncePerCustomer) refuse("oncePerCustomer", "An automatic offer applies to everyone: it cannot be once per customer");
    if (draft.productIds.length > 0) refuse("productIds", "An automatic offer applies to the whole cart: it cannot be limited to products");
    if (draft.collectionIds.length > 0) refuse("collectionIds", "An automatic offer applies to the whole cart: it cannot be limited to collections");
  }
  if (Number.isNaN(draft.startsAt.getTime())) refuse("startsAt", "startsAt must be a date and time");
  if (draft.endsAt !== null && draft.endsAt.getTime() <= draft.startsAt.getTime()) refuse("endsAt", "endsAt must be after startsAt");
  for (const [list, ids, set, noun] of [
    ["productIds", draft.productIds, known.products, "product"],
    ["collectionIds", draft.collectionIds, known.collections, "collection"],
  ] as const) {
    if (ids.length > MAX_LIMITED_TO) {
      refuse(list, `${list} may hold at most ${MAX_LIMITED_TO} ids`);
      continue;
    }
    const seen = new Set<string>();
    for (const [i, id] of ids.entries()) {
      if (seen.has(id)) refuse(`${list}.${i}`, `This ${noun} is listed twice`);
      else if (!set.has(id)) refuse(`${list}.${i}`, `No ${noun} with this id`);
      seen.add(id);
    }
  }
  return problems;
}

/** A code staff type: the shoppers' pattern (3–40 letters, digits, - or _), trimmed. */
export function codeProblem(code: string, field = "code"): FieldProblem | null {
  return CODE_PATTERN.test(code.trim()) ? null : { field, message: `${field} must be 3 to 40 letters, digits, - or _` };
}

export function usageLimitProblem(limit: number | null, field = "usageLimit"): FieldProblem | null {
  if (limit === null) return null;
  return Number.isInteger(limit) && limit >= 1 && limit <= 1_000_000 ? null : { field, message: `${field} must be a whole number from 1 to 1000000, or left out for no limit` };
}

export function generateProblems(count: number, prefix: string | null, usageLimit: number | null): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATED_CODES) problems.push({ field: "count", message: `count must be a whole number from 1 to ${MAX_GENERATED_CODES}` });
  if (prefix !== null && !PREFIX_PATTERN.test(prefix)) problems.push({ field: "prefix", message: "prefix must be 1 to 10 capital letters or digits" });
  const limit = usageLimitProblem(usageLimit);
  if (limit) problems.push(limit);
  return problems;
}

/** How a promotion's codes stand: how many, how many have a limit and have reached it. */
export interface CodeTotals {
  codeCount: number;
  limitedCount: number;
  usedUpCount: number;
  uses: number;
}

export type AdminPromotionState = PromotionState | "USED_UP";

/**
 * Where a promotion stands for staff: disabled, ended and scheduled as the shopper's rule says; a
 * running code promotion every one of whose codes has a limit and has reached it is USED_UP.
 */
export function adminPromotionState(promotion: Parameters<typeof promotionState>[0] & { automatic: boolean }, totals: CodeTotals, now: Date): AdminPromotionState {
  const state = promotionState(promotion, now);
  if (state !== "ACTIVE" || promotion.automatic) return state;
  return totals.codeCount > 0 && totals.limitedCount === totals.codeCount && totals.usedUpCount === totals.codeCount ? "USED_UP" : state;
}
