import { formatMoney } from "../adminFormat";
import type { PromotionEditor_PromotionFragment, PromotionInput, PromotionKind, PromotionState, PromotionsList_PromotionFragment } from "../gql/graphql";

// A promotion as its form holds it (text, as typed) and back to PromotionInput; its state and value
// in words. Times are typed in the viewer's own time zone and sent as ISO instants.

export const STATE_LABELS: Record<PromotionState, string> = { SCHEDULED: "Scheduled", ACTIVE: "Active", ENDED: "Ended", DISABLED: "Disabled", USED_UP: "Used up" };
export const STATE_PALETTE: Record<PromotionState, string> = { SCHEDULED: "blue", ACTIVE: "green", ENDED: "gray", DISABLED: "red", USED_UP: "orange" };

/** What the form offers: the three kinds of code, and the automatic free-shipping offer. */
export type PromotionType = "PERCENTAGE" | "FIXED_AMOUNT" | "FREE_SHIPPING" | "SHIPPING_OFFER";
export const TYPE_LABELS: Record<PromotionType, string> = {
  PERCENTAGE: "Percentage off (code)",
  FIXED_AMOUNT: "Amount off the order (code)",
  FREE_SHIPPING: "Free shipping (code)",
  SHIPPING_OFFER: "Free-shipping offer (automatic, no code)",
};

export interface Target {
  id: string;
  title: string;
}

export interface PromotionDraft {
  type: PromotionType;
  title: string;
  percentOff: string;
  amountOff: string;
  minimumSubtotal: string;
  startsAt: string;
  endsAt: string;
  oncePerCustomer: boolean;
  products: Target[];
  collections: Target[];
  code: string;
  usageLimit: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local input shows it, in the viewer's zone ("2026-11-20T15:00"). */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the viewer's zone) as an ISO instant; null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The viewer's time zone, for the form's note ("Europe/Berlin"). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "your time zone";
}

const typeOf = (kind: PromotionKind, automatic: boolean): PromotionType => (automatic ? "SHIPPING_OFFER" : kind);

/** A new promotion's draft: a code starting now, or (a shipping offer) free shipping over $50 for 7 days from now. */
export function newDraft(type: PromotionType, now = new Date()): PromotionDraft {
  const week = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  return {
    type,
    title: type === "SHIPPING_OFFER" ? "Free shipping week" : "",
    percentOff: "",
    amountOff: "",
    minimumSubtotal: type === "SHIPPING_OFFER" ? "50.00" : "",
    startsAt: toLocalInput(now.toISOString()),
    endsAt: type === "SHIPPING_OFFER" ? toLocalInput(week.toISOString()) : "",
    oncePerCustomer: false,
    products: [],
    collections: [],
    code: "",
    usageLimit: "",
  };
}

export function draftOf(p: PromotionEditor_PromotionFragment): PromotionDraft {
  return {
    type: typeOf(p.kind, p.automatic),
    title: p.title,
    percentOff: p.percentOff === null || p.percentOff === undefined ? "" : String(p.percentOff),
    amountOff: p.amountOff?.amount ?? "",
    minimumSubtotal: Number(p.minimumSubtotal.amount) === 0 ? "" : p.minimumSubtotal.amount,
    startsAt: toLocalInput(p.startsAt),
    endsAt: toLocalInput(p.endsAt),
    oncePerCustomer: p.oncePerCustomer,
    products: p.products.map((t) => ({ id: t.id, title: t.title })),
    collections: p.collections.map((t) => ({ id: t.id, title: t.title })),
    code: "",
    usageLimit: "",
  };
}

/** Form problems the shop would refuse too, caught before sending (the shop's own words come back otherwise). */
export function draftProblems(d: PromotionDraft, isNew: boolean): Partial<Record<keyof PromotionDraft, string>> {
  const problems: Partial<Record<keyof PromotionDraft, string>> = {};
  if (!d.title.trim()) problems.title = "Give the promotion a title";
  if (d.type === "PERCENTAGE" && !/^\d{1,3}$/.test(d.percentOff.trim())) problems.percentOff = "A whole percentage from 1 to 100";
  if (d.type === "FIXED_AMOUNT" && !/^\d{1,7}(\.\d{1,2})?$/.test(d.amountOff.trim())) problems.amountOff = "An amount such as 10.00";
  if (d.minimumSubtotal.trim() && !/^\d{1,7}(\.\d{1,2})?$/.test(d.minimumSubtotal.trim())) problems.minimumSubtotal = "An amount such as 50.00";
  if (!fromLocalInput(d.startsAt)) problems.startsAt = "Choose when it starts";
  if (d.endsAt.trim() && !fromLocalInput(d.endsAt)) problems.endsAt = "Choose a date and time, or leave it empty";
  if (isNew && d.usageLimit.trim() && !/^\d{1,7}$/.test(d.usageLimit.trim())) problems.usageLimit = "A whole number, or empty for no limit";
  return problems;
}

export function inputOf(d: PromotionDraft, isNew: boolean): PromotionInput {
  const automatic = d.type === "SHIPPING_OFFER";
  const kind: PromotionKind = d.type === "SHIPPING_OFFER" ? "FREE_SHIPPING" : d.type;
  const code = d.code.trim();
  return {
    title: d.title.trim(),
    kind,
    automatic,
    percentOff: kind === "PERCENTAGE" ? Number(d.percentOff) : null,
    amountOff: kind === "FIXED_AMOUNT" ? d.amountOff.trim() : null,
    minimumSubtotal: d.minimumSubtotal.trim() || "0",
    startsAt: fromLocalInput(d.startsAt),
    endsAt: fromLocalInput(d.endsAt),
    oncePerCustomer: automatic ? false : d.oncePerCustomer,
    productIds: automatic ? [] : d.products.map((p) => p.id),
    collectionIds: automatic ? [] : d.collections.map((c) => c.id),
    ...(isNew && !automatic && code ? { code, usageLimit: d.usageLimit.trim() ? Number(d.usageLimit) : null } : {}),
  };
}

/** "20% off", "$10.00 off", "Free shipping over $50.00". */
export function describeValue(p: Pick<PromotionsList_PromotionFragment, "kind" | "percentOff" | "amountOff" | "minimumSubtotal" | "automatic">): string {
  const value = p.kind === "PERCENTAGE" ? `${p.percentOff ?? 0}% off` : p.kind === "FIXED_AMOUNT" && p.amountOff ? `${formatMoney(p.amountOff)} off` : "Free shipping";
  const minimum = Number(p.minimumSubtotal.amount) > 0 ? ` over ${formatMoney(p.minimumSubtotal)}` : "";
  return `${value}${minimum}${p.automatic ? " (automatic)" : ""}`;
}
