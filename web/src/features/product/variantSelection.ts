// spec §4 Product page: the first variant is selected by default; the selected variant is the one
// whose selected options match every chosen value; a value that no variant offers together with
// the other chosen values is shown unavailable.

export interface SelectableVariant {
  id: string;
  selectedOptions: readonly { name: string; value: string }[];
}

export interface ProductOptionLike {
  name: string;
  values: readonly string[];
}

export type OptionSelection = Record<string, string>;

/** The first variant's values, or each option's first value when there are no variants. */
export function initialSelection(options: readonly ProductOptionLike[], variants: readonly SelectableVariant[]): OptionSelection {
  const selection: OptionSelection = {};
  const first = variants[0];
  for (const option of options) {
    const value = first?.selectedOptions.find((o) => o.name === option.name)?.value ?? option.values[0];
    if (value !== undefined) selection[option.name] = value;
  }
  return selection;
}

function offers(variant: SelectableVariant, name: string, value: string | undefined): boolean {
  return value !== undefined && variant.selectedOptions.some((o) => o.name === name && o.value === value);
}

/** The variant matching every chosen value; null when no variant does (or some option has no value). */
export function findVariant<V extends SelectableVariant>(
  options: readonly ProductOptionLike[],
  variants: readonly V[],
  selection: OptionSelection,
): V | null {
  if (options.length === 0) return variants[0] ?? null;
  return variants.find((v) => options.every((o) => offers(v, o.name, selection[o.name]))) ?? null;
}

/** Whether choosing `value` for option `name`, keeping the other choices, names a variant. */
export function isValueAvailable(
  options: readonly ProductOptionLike[],
  variants: readonly SelectableVariant[],
  selection: OptionSelection,
  name: string,
  value: string,
): boolean {
  return findVariant(options, variants, { ...selection, [name]: value }) !== null;
}
