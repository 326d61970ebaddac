import { describe, expect, it } from "vitest";
import type { DiscountCodeRecord, PromotionRecord } from "./promotion.records.js";
import { checkCode, customerKey, freeShippingRuleAt, generateCode, lineEligible, normalizeCodeInput, rejectionMessage } from "./promotion.rules.js";

const NOW = new Date("2026-11-26T12:00:00Z");
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

function promotion(overrides: Partial<PromotionRecord> = {}): PromotionRecord {
  return {
    id: "p",
    title: "Hearing day",
    kind: "percentage",
    percentOff: 20,
    amountOffCents: null,
    automatic: false,
    minSubtotalCents: 0,
    startsAt: hours(-1),
    endsAt: null,
    oncePerCustomer: false,
    productIds: [],
    collectionIds: [],
    disabledAt: null,
    createdAt: hours(-2),
    updatedAt: hours(-2),
    ...overrides,
  };
}

const code: DiscountCodeRecord = { id: "c", promotionId: "p", code: "HEARING20", usageLimit: 10, createdAt: hours(-2) };
const context = { now: NOW, subtotalCents: 5000, anyLineEligible: true, uses: 0, usedByCustomer: false };

describe("checkCode: the first reason a shopper can act on or must accept", () => {
  it("applies within its dates, under its limit, at or above its minimum", () => {
    expect(checkCode(promotion(), code, context)).toBeNull();
    expect(checkCode(promotion({ minSubtotalCents: 5000 }), code, context)).toBeNull();
  });
  it.each<[string, Partial<PromotionRecord>, Partial<typeof context>, string]>([
    ["ended", { endsAt: hours(0) }, {}, "ENDED"],
    ["turned off", { disabledAt: hours(-0.5) }, {}, "ENDED"],
    ["not started", { startsAt: hours(1) }, {}, "NOT_STARTED"],
    ["used up", {}, { uses: 10 }, "USED_UP"],
    ["used by this customer", { oncePerCustomer: true }, { usedByCustomer: true }, "ALREADY_USED"],
    ["no line it reaches", {}, { anyLineEligible: false }, "NOT_ELIGIBLE"],
    ["below its minimum", { minSubtotalCents: 6250 }, {}, "MINIMUM_NOT_MET"],
  ])("%s", (_name, p, c, reason) => {
    expect(checkCode(promotion(p), code, { ...context, ...c })?.reason).toBe(reason);
  });
  it("says how much more the minimum needs, and every reason in words", () => {
    const short = checkCode(promotion({ minSubtotalCents: 6250 }), code, context)!;
    expect(rejectionMessage("HEARING20", short)).toBe("Add $12.50 more to use HEARING20.");
    expect(rejectionMessage("HEARING20", { reason: "NOT_STARTED", startsAt: new Date("2026-12-01T09:00:00Z") })).toBe("HEARING20 starts on December 1, 2026.");
    expect(rejectionMessage("nope", { reason: "UNKNOWN" })).toBe("“nope” is not a discount code we know. Check the spelling and try again.");
  });
  it("once per customer only counts what a customer did (a guest by email, case aside)", () => {
    expect(checkCode(promotion(), code, { ...context, usedByCustomer: true })).toBeNull();
    expect(customerKey("u1", "a@b.c")).toBe("customer:u1");
    expect(customerKey(null, " A@B.c ")).toBe("email:a@b.c");
    expect(customerKey(null, null)).toBeNull();
  });
});

describe("which lines a promotion reaches", () => {
  it("all of them without a list; else the listed products and the products of the listed collections", () => {
    expect(lineEligible(promotion(), { productId: "x", collectionIds: [] })).toBe(true);
    expect(lineEligible(promotion({ productIds: ["x"] }), { productId: "x", collectionIds: [] })).toBe(true);
    expect(lineEligible(promotion({ productIds: ["x"] }), { productId: "y", collectionIds: ["t"] })).toBe(false);
    expect(lineEligible(promotion({ collectionIds: ["t"] }), { productId: "y", collectionIds: ["t"] })).toBe(true);
  });
});

describe("the free-shipping rule in force: the lowest of the standing threshold and the running offers, never stacked", () => {
  const offer = (overrides: Partial<PromotionRecord>) => promotion({ kind: "free_shipping", automatic: true, percentOff: null, ...overrides });
  it("is the standing one without an offer", () => {
    expect(freeShippingRuleAt(7500, [], NOW)).toEqual({ thresholdCents: 7500, standingCents: 7500, offer: null, changesAt: null });
  });
  it("is a running offer's lower threshold, with its end; a scheduled one says when the rule changes", () => {
    const week = offer({ id: "w", title: "Election week", minSubtotalCents: 5000, endsAt: hours(24 * 7) });
    const later = offer({ id: "l", title: "Later", minSubtotalCents: 2500, startsAt: hours(48), endsAt: hours(72) });
    expect(freeShippingRuleAt(7500, [week, later], NOW)).toEqual({
      thresholdCents: 5000,
      standingCents: 7500,
      offer: { id: "w", title: "Election week", endsAt: hours(24 * 7) },
      changesAt: hours(48),
    });
  });
  it("ignores an offer above the standing threshold, ended, disabled or not started", () => {
    const offers = [
      offer({ minSubtotalCents: 9000 }),
      offer({ minSubtotalCents: 1000, endsAt: hours(-0.5), startsAt: hours(-2) }),
      offer({ minSubtotalCents: 1000, disabledAt: hours(-1) }),
      offer({ minSubtotalCents: 1000, startsAt: hours(5) }),
    ];
    const rule = freeShippingRuleAt(7500, offers, NOW);
    expect(rule.thresholdCents).toBe(7500);
    expect(rule.offer).toBeNull();
  });
});

describe("codes", () => {
  it("are 3–40 letters, digits, - or _; a generated one has 12 random characters of 32 (60 bits)", () => {
    expect(normalizeCodeInput("  HEARING20 ")).toBe("HEARING20");
    expect(normalizeCodeInput("no spaces")).toBeNull();
    expect(normalizeCodeInput("ab")).toBeNull();
    expect(normalizeCodeInput("x".repeat(41))).toBeNull();
    const generated = new Set(Array.from({ length: 2000 }, () => generateCode("VOTE")));
    expect(generated.size).toBe(2000);
    for (const c of generated) expect(c).toMatch(/^VOTE-[0-9A-HJKMNP-TV-Z]{12}$/);
  });
});
