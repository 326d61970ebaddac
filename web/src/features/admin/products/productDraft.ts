import type { AdminProductEditor_ProductFragment, ProductInput, ProductStatus } from "../gql/graphql";

// The product editor's state: the fields as typed, and the options with the variants they make.
// Pure functions, so the rules of the grid (which variant keeps its id when the options change)
// are tested on their own (productDraft.test.ts). The gateway checks everything again on Save.

type Product = AdminProductEditor_ProductFragment;

/** The gateway takes at most three options (ProductInput.options). */
export const MAX_OPTIONS = 3;

export interface OptionDraft {
  /** Stable while editing: the option's id, or one made here for a new option. */
  key: string;
  name: string;
  /** Its values as typed, comma-separated ("S, M, L"). */
  values: string;
}

export interface VariantDraft {
  /** Stable while editing: the variant's id, or one made here for a new variant. */
  key: string;
  /** The saved variant this row is (kept on Save); null for a new one. */
  id: string | null;
  /** One value per option, by the option's key. */
  values: Record<string, string>;
  price: string;
  compareAtPrice: string;
  sku: string;
  availableForSale: boolean;
  /** One of the product's images, or "" for none. */
  imageId: string;
  partnerVariantId: string;
  /** An order names it: removing it archives it instead. */
  sold: boolean;
}

export interface ProductDraft {
  title: string;
  handle: string;
  status: ProductStatus;
  descriptionHtml: string;
  /** Comma-separated, as typed. */
  tags: string;
  productType: string;
  seoTitle: string;
  seoDescription: string;
  fulfillmentPartner: string;
  customizable: boolean;
  options: OptionDraft[];
  variants: VariantDraft[];
  /** Variants the options no longer make, kept while editing so that bringing a value back brings its variant (and id) back. */
  retired: VariantDraft[];
}

let lastKey = 0;
const newKey = (prefix: string) => `${prefix}-new-${++lastKey}`;

/** "S, M , ,L, s" → ["S", "M", "L"]: trimmed, no blanks, no repeats (the gateway compares values without case). */
export function parseList(text: string): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const part of text.split(",")) {
    const value = part.trim();
    if (!value || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    list.push(value);
  }
  return list;
}

function emptyVariant(values: Record<string, string>, price = ""): VariantDraft {
  return { key: newKey("variant"), id: null, values, price, compareAtPrice: "", sku: "", availableForSale: true, imageId: "", partnerVariantId: "", sold: false };
}

/** A new product: a draft with one variant and no options. */
export function newProductDraft(): ProductDraft {
  return {
    title: "",
    handle: "",
    status: "DRAFT",
    descriptionHtml: "",
    tags: "",
    productType: "",
    seoTitle: "",
    seoDescription: "",
    fulfillmentPartner: "",
    customizable: false,
    options: [],
    variants: [emptyVariant({})],
    retired: [],
  };
}

/** The draft of a saved product: what its form shows before any change. */
export function draftOf(product: Product): ProductDraft {
  const options = product.options.map((option) => ({ key: option.id, name: option.name, values: option.values.join(", ") }));
  const keyOfName = new Map(product.options.map((option) => [option.name.toLowerCase(), option.id]));
  return {
    title: product.title,
    handle: product.handle,
    status: product.status,
    descriptionHtml: product.descriptionHtml,
    tags: product.tags.join(", "),
    productType: product.productType,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    fulfillmentPartner: product.fulfillmentPartner,
    customizable: product.customizable,
    options,
    variants: product.variants.map((variant) => {
      const values: Record<string, string> = {};
      for (const selected of variant.selectedOptions) {
        const key = keyOfName.get(selected.name.toLowerCase());
        if (key) values[key] = selected.value;
      }
      return {
        key: variant.id,
        id: variant.id,
        values,
        price: variant.price,
        compareAtPrice: variant.compareAtPrice ?? "",
        sku: variant.sku,
        availableForSale: variant.availableForSale,
        imageId: variant.imageId ?? "",
        partnerVariantId: variant.partnerVariantId ?? "",
        sold: variant.sold,
      };
    }),
    retired: [],
  };
}

/** The options that make variants: those with at least one value, in order. */
export function activeOptions(options: readonly OptionDraft[]): { key: string; name: string; values: string[] }[] {
  return options.map((option) => ({ key: option.key, name: option.name.trim(), values: parseList(option.values) })).filter((option) => option.values.length > 0);
}

/** Every combination of the options' values, the first option's values outermost (as the shop lists variants). */
function combinations(options: { key: string; values: string[] }[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const option of options) combos = combos.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.key]: value })));
  return combos;
}

/** "S / Black" for a variant's values in the options' order; "Default Title" without options (as the gateway names it). */
export function variantTitle(values: Record<string, string>, options: readonly { key: string }[]): string {
  const parts = options.map((option) => values[option.key]).filter((value): value is string => Boolean(value));
  return parts.length === 0 ? "Default Title" : parts.join(" / ");
}

/**
 * The variants the options make, one per combination of their values. A combination that a
 * variant already stands for keeps that variant (its id, price, SKU…). Then a variant that
 * disagrees with a new combination on no option it has (an option was added or removed) takes
 * the first such combination, so adding "Color" to a product keeps its variants' ids. Only what
 * is left is new, priced like the first variant; variants no longer made are retired, and come
 * back if their combination does.
 */
function regenerateVariants(draft: ProductDraft): ProductDraft {
  const options = activeOptions(draft.options);
  const keys = options.map((option) => option.key);
  const combos = combinations(options);
  const pool = [...draft.variants, ...draft.retired];
  const used = new Set<VariantDraft>();
  const chosen: (VariantDraft | null)[] = combos.map(() => null);

  const same = (variant: VariantDraft, combo: Record<string, string>) =>
    keys.every((key) => variant.values[key] === combo[key]) && Object.keys(variant.values).every((key) => !variant.values[key] || keys.includes(key));
  const compatible = (variant: VariantDraft, combo: Record<string, string>) => keys.every((key) => !variant.values[key] || variant.values[key] === combo[key]);

  for (const match of [same, compatible]) {
    combos.forEach((combo, i) => {
      if (chosen[i]) return;
      // Saved variants first, so an id is kept where one can be.
      const found = pool.find((variant) => !used.has(variant) && variant.id !== null && match(variant, combo)) ?? pool.find((variant) => !used.has(variant) && match(variant, combo));
      if (found) {
        used.add(found);
        chosen[i] = found;
      }
    });
  }

  const price = draft.variants[0]?.price ?? "";
  const variants = combos.map((combo, i) => {
    const variant = chosen[i];
    return variant ? { ...variant, values: combo } : emptyVariant(combo, price);
  });
  return { ...draft, variants, retired: pool.filter((variant) => !used.has(variant)) };
}

/**
 * A new text for an option's values. Where the list keeps its length and only some values differ,
 * those are renamed (typing "Blk" into "Black" one letter at a time): the variants follow the new
 * name instead of being replaced. Reordering the same values renames nothing.
 */
export function changeOptionValues(draft: ProductDraft, key: string, text: string): ProductDraft {
  const option = draft.options.find((o) => o.key === key);
  if (!option) return draft;
  const before = parseList(option.values);
  const after = parseList(text);
  const renames = new Map<string, string>();
  if (before.length === after.length) {
    before.forEach((value, i) => {
      const next = after[i]!;
      if (value !== next && !after.includes(value) && !before.includes(next)) renames.set(value, next);
    });
  }
  const rename = (variant: VariantDraft): VariantDraft => {
    const value = variant.values[key];
    return value !== undefined && renames.has(value) ? { ...variant, values: { ...variant.values, [key]: renames.get(value)! } } : variant;
  };
  return regenerateVariants({
    ...draft,
    options: draft.options.map((o) => (o.key === key ? { ...o, values: text } : o)),
    variants: draft.variants.map(rename),
    retired: draft.retired.map(rename),
  });
}

export function addOption(draft: ProductDraft): ProductDraft {
  if (draft.options.length >= MAX_OPTIONS) return draft;
  return { ...draft, options: [...draft.options, { key: newKey("option"), name: "", values: "" }] };
}

export function removeOption(draft: ProductDraft, key: string): ProductDraft {
  return regenerateVariants({ ...draft, options: draft.options.filter((option) => option.key !== key) });
}

/** Which draft field each index of the sent lists stands for, to place the gateway's errors. */
export interface SentShape {
  optionKeys: string[];
  variantKeys: string[];
}

/**
 * The draft as ProductInput: every field, and the whole set of options and variants (a variant with
 * its id is kept, one without is new, one left out is removed). A handle left empty on a new product
 * is made from the title by the gateway. `imageIds` are the product's images now: a variant's image
 * that was removed meanwhile is sent as none.
 */
export function inputOf(draft: ProductDraft, { isNew, imageIds }: { isNew: boolean; imageIds: readonly string[] }): { input: ProductInput; sent: SentShape } {
  // A row left entirely empty is not an option yet.
  const options = draft.options.filter((option) => option.name.trim() || parseList(option.values).length > 0);
  const active = activeOptions(options);
  const handle = draft.handle.trim();
  const input: ProductInput = {
    title: draft.title.trim(),
    ...(isNew && !handle ? {} : { handle }),
    status: draft.status,
    descriptionHtml: draft.descriptionHtml,
    tags: parseList(draft.tags),
    productType: draft.productType.trim(),
    seoTitle: draft.seoTitle.trim(),
    seoDescription: draft.seoDescription.trim(),
    fulfillmentPartner: draft.fulfillmentPartner.trim(),
    customizable: draft.customizable,
    options: options.map((option) => ({ name: option.name.trim(), values: parseList(option.values) })),
    variants: draft.variants.map((variant) => ({
      ...(variant.id ? { id: variant.id } : {}),
      optionValues: active.map((option) => variant.values[option.key] ?? ""),
      price: variant.price.trim(),
      compareAtPrice: variant.compareAtPrice.trim() || null,
      sku: variant.sku.trim(),
      availableForSale: variant.availableForSale,
      imageId: variant.imageId && imageIds.includes(variant.imageId) ? variant.imageId : null,
      partnerVariantId: variant.partnerVariantId.trim() || null,
    })),
  };
  return { input, sent: { optionKeys: options.map((option) => option.key), variantKeys: draft.variants.map((variant) => variant.key) } };
}

/** Whether the draft would save anything different from `saved` (what each would send, compared). */
export function hasChanges(draft: ProductDraft, saved: ProductDraft, context: { isNew: boolean; imageIds: readonly string[] }): boolean {
  return JSON.stringify(inputOf(draft, context).input) !== JSON.stringify(inputOf(saved, context).input);
}
