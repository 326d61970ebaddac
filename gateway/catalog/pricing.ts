/** spec §9: a compare-at price counts (SALE badge, struck-through price) only when it is above the price. */
export function effectiveCompareAtCents(priceCents: number, compareAtCents: number | null): number | null {
  return compareAtCents !== null && compareAtCents > priceCents ? compareAtCents : null;
}
