import { describe, expect, it } from "vitest";
import { adminPromotionState, generateProblems, promotionProblems, type PromotionDraft } from "./promotion-admin.rules.js";

const now = new Date("2026-11-20T12:00:00Z");
const draft = (overrides: Partial<PromotionDraft> = {}): PromotionDraft => ({
  title: "Hearing day",
  kind: "percentage",
  percentOff: 20,
  amountOffCents: null,
  automatic: false,
  minSubtotalCents: 0,
  startsAt: new Date("2026-11-20T00:00:00Z"),
  endsAt: new Date("2026-11-21T00:00:00Z"),
  oncePerCustomer: false,
  productIds: [],
  collectionIds: [],
  ...overrides,
});
const known = { products: new Set(["p-1"]), collections: new Set(["c-1"]) };
const fields = (d: PromotionDraft) => promotionProblems(d, known).map((p) => p.field);

describe("what a promotion may be", () => {
  it("takes a valid code promotion and a valid automatic offer", () => {
    expect(fields(draft({ productIds: ["p-1"], collectionIds: ["c-1"], oncePerCustomer: true }))).toEqual([]);
    expect(fields(draft({ kind: "free_shipping", percentOff: null, automatic: true, minSubtotalCents: 5000, endsAt: null }))).toEqual([]);
  });

  it("names each field at fault", () => {
    expect(fields(draft({ title: "  ", percentOff: 101 }))).toEqual(["title", "percentOff"]);
    expect(fields(draft({ kind: "fixed_amount", percentOff: 20, amountOffCents: 0 }))).toEqual(["percentOff", "amountOff"]);
    expect(fields(draft({ kind: "fixed_amount", percentOff: null, amountOffCents: 100_000_000 }))).toEqual(["amountOff"]);
    expect(fields(draft({ minSubtotalCents: -1 }))).toEqual(["minimumSubtotal"]);
    expect(fields(draft({ automatic: true }))).toEqual(["automatic"]);
    expect(fields(draft({ kind: "free_shipping", percentOff: null, automatic: true, oncePerCustomer: true, collectionIds: ["c-1"] }))).toEqual(["oncePerCustomer", "collectionIds"]);
    expect(fields(draft({ endsAt: new Date("2026-11-20T00:00:00Z") }))).toEqual(["endsAt"]);
    expect(fields(draft({ productIds: ["p-1", "p-1", "p-2"] }))).toEqual(["productIds.1", "productIds.2"]);
  });

  it("bounds generated codes: 1–10,000, a prefix of capitals and digits", () => {
    expect(generateProblems(1, null, 1)).toEqual([]);
    expect(generateProblems(10_000, "HEAR1NG", null)).toEqual([]);
    expect(generateProblems(0, "hear", 0).map((p) => p.field)).toEqual(["count", "prefix", "usageLimit"]);
    expect(generateProblems(10_001, "ELEVENCHARS", 1).map((p) => p.field)).toEqual(["count", "prefix"]);
  });
});

describe("a promotion's state for staff", () => {
  const totals = (codeCount: number, limitedCount: number, usedUpCount: number) => ({ codeCount, limitedCount, usedUpCount, uses: usedUpCount });
  const p = draft();
  it("is USED_UP only while running, when every code has a limit and has reached it", () => {
    expect(adminPromotionState({ ...p, disabledAt: null }, totals(2, 2, 2), now)).toBe("USED_UP");
    expect(adminPromotionState({ ...p, disabledAt: null }, totals(2, 1, 1), now)).toBe("ACTIVE");
    expect(adminPromotionState({ ...p, disabledAt: null }, totals(2, 2, 1), now)).toBe("ACTIVE");
    expect(adminPromotionState({ ...p, disabledAt: null }, totals(0, 0, 0), now)).toBe("ACTIVE");
    expect(adminPromotionState({ ...p, disabledAt: now }, totals(2, 2, 2), now)).toBe("DISABLED");
    expect(adminPromotionState({ ...p, disabledAt: null, endsAt: now }, totals(2, 2, 2), now)).toBe("ENDED");
    expect(adminPromotionState({ ...p, disabledAt: null, startsAt: new Date("2026-11-21T00:00:00Z"), endsAt: null }, totals(1, 1, 0), now)).toBe("SCHEDULED");
  });
});
