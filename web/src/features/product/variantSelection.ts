// spec §4 Product page: "the selected variant defaults to the first variant; changing an option
// selects the variant whose selected options contain that name and value". A choice therefore
// always lands on a real variant, and a value no variant has is never offered.

export interface SelectableVariant {
  id: string;
  selectedOptions: readonly { name: string; value: string }[];
}

export interface ProductOptionLike {
  name: string;
  values: readonly string[];
}

type OptionSelection = Record<string, string>;

function offers(variant: SelectableVariant, name: string, value: string | undefined): boolean {
  return value !== undefined && variant.selectedOptions.some((o) => o.name === name && o.value === value);
}

/**
 * The options as the shopper is offered them: each option's values that some variant has, in the
 * option's order; an option no variant has a value for is left out.
 */
export function offeredOptions<O extends ProductOptionLike>(options: readonly O[], variants: readonly SelectableVariant[]): O[] {
  return options
    .map((option) => ({ ...option, values: option.values.filter((value) => variants.some((v) => offers(v, option.name, value))) }))
    .filter((option) => option.values.length > 0);
}

/** What a variant has chosen, option by option (the buttons shown pressed). */
export function selectionOf(variant: SelectableVariant | null): OptionSelection {
  return Object.fromEntries((variant?.selectedOptions ?? []).map((o) => [o.name, o.value]));
}

/**
 * spec §4: choosing `value` for option `name` selects the first variant that has it, keeping the
 * other current choices where they still fit (earlier options first); null only when no variant
 * has the value at all (such a value is not offered).
 */
export function selectOption<V extends SelectableVariant>(
  options: readonly ProductOptionLike[],
  variants: readonly V[],
  current: SelectableVariant | null,
  name: string,
  value: string,
): V | null {
  let candidates = variants.filter((v) => offers(v, name, value));
  const chosen = selectionOf(current);
  for (const option of options) {
    if (option.name === name) continue;
    const keeping = candidates.filter((v) => offers(v, option.name, chosen[option.name]));
    if (keeping.length > 0) candidates = keeping;
  }
  return candidates[0] ?? null;
}
