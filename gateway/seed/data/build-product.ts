// Expands a compact ProductSpec into a SeedProduct (options, variants, copy, images) plus its media.

import type { SeedImage, SeedMedia, SeedMockup, SeedOption, SeedPrintArea, SeedProduct, SeedVariant } from "../seed.types.js";
import { isPrintableKind, kindPrintArea, renderBlankMockup, renderProductShot, type Shot } from "../artwork/mockup.js";
import { EMBLEM_NAMES, KIND_COPY } from "./descriptions.js";
import type { ProductSpec, ShotSpec, SizeOptionSpec, TypeCollection } from "./spec.js";

const TSHIRT_SIZES: SizeOptionSpec = { name: "Size", values: ["S", "M", "L", "XL", "XXL"], surcharge: { XXL: 200 } };
const MUG_SIZES: SizeOptionSpec = { name: "Size", values: ["11 oz", "15 oz"], surcharge: { "15 oz": 300 } };

/** Print-on-demand lines where shoppers can upload their own design. */
const CUSTOMIZABLE: ReadonlySet<TypeCollection> = new Set<TypeCollection>(["t-shirts", "mugs", "hats"]);

/** Flags decided across the whole catalog (newest arrivals, best sellers). */
export interface CatalogFlags {
  isNew: boolean;
  isHotSeller: boolean;
}

function sizeOptionFor(spec: ProductSpec): SizeOptionSpec | undefined {
  if (spec.sizeOption) return spec.sizeOption;
  if (spec.kind === "tshirt") return TSHIRT_SIZES;
  if (spec.kind === "mug") return MUG_SIZES;
  return undefined;
}

function buildOptions(spec: ProductSpec): { options: SeedOption[]; surcharge: Record<string, number> } {
  const size = sizeOptionFor(spec);
  const options: SeedOption[] = [];
  if (size) options.push({ name: size.name, values: [...size.values] });
  if (spec.colorOption) options.push({ name: "Color", values: [...spec.colors] });
  return { options, surcharge: size?.surcharge ?? {} };
}

/** Cartesian product of option values, first option outermost. */
function combinations(options: SeedOption[]): { name: string; value: string }[][] {
  return options.reduce<{ name: string; value: string }[][]>(
    (acc, opt) => acc.flatMap((prefix) => opt.values.map((value) => [...prefix, { name: opt.name, value }])),
    [[]],
  );
}

function buildVariants(spec: ProductSpec, options: SeedOption[], surcharge: Record<string, number>): SeedVariant[] {
  const priced = (extra: number): Pick<SeedVariant, "priceCents" | "compareAtCents"> => {
    const priceCents = spec.priceCents + extra;
    return { priceCents, compareAtCents: spec.saleOffCents ? priceCents + spec.saleOffCents : null };
  };
  if (options.length === 0) {
    return [{ title: "Default Title", ...priced(0), selectedOptions: [{ name: "Title", value: "Default Title" }] }];
  }
  return combinations(options).map((selected) => ({
    title: selected.map((s) => s.value).join(" / "),
    ...priced(selected.reduce((sum, s) => sum + (surcharge[s.value] ?? 0), 0)),
    selectedOptions: selected,
  }));
}

/** Escape text for an HTML text node (quotes need no escaping there). */
function html(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** "a gavel", "an 'Approved in Committee' stamp". */
function withArticle(noun: string): string {
  return /^'?[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function describe(spec: ProductSpec): string {
  const copy = KIND_COPY[spec.kind];
  const facts = [...copy.facts, `Fulfilled by ${spec.partner}`];
  return `<p>${html(spec.pitch)}</p><p>${html(copy.made)}</p><ul>${facts.map((f) => `<li>${html(f)}</li>`).join("")}</ul>`;
}

function shotFor(spec: ProductSpec, s: ShotSpec): Shot {
  const color = s === "alt" ? spec.colors[1] : s === "alt2" ? spec.colors[2] : spec.colors[0];
  if (!color) throw new Error(`${spec.handle}: shot "${s}" needs another colour`);
  const view = s === "alt" || s === "alt2" ? "front" : s;
  return { view, color };
}

function altText(spec: ProductSpec, s: ShotSpec, color: string): string {
  const { noun, verb, emblemOnItem } = KIND_COPY[spec.kind];
  const slogan = `'${spec.design.slogan}'`;
  const emblemName = EMBLEM_NAMES[spec.design.emblem];
  switch (s) {
    case "back":
      return `Back view of the ${color} ${noun} with a small ${emblemName} print below the collar`;
    case "side":
      return `Other side of the ${color} ${noun} showing the ${emblemName} and '${spec.design.sub ?? "Est. 2026"}'`;
    case "closeup":
      return emblemOnItem ? `Close-up of the ${slogan} design with the ${emblemName}` : `Close-up of the ${slogan} design between rows of stars`;
    case "alt":
    case "alt2":
      return `${color} version of the ${noun} ${verb} ${slogan}`;
    case "front":
      if (spec.kind === "stickers") return `Sheet of five die-cut stickers including ${slogan} and '${spec.design.extras?.[0] ?? ""}'`;
      if (spec.kind === "poster") return `Framed poster ${verb} ${slogan} with a flowchart that ends in '${spec.design.extras?.at(-1) ?? ""}'`;
      if (spec.kind === "coasters") return `Set of four ${color.toLowerCase()} coasters ${verb} ${slogan} and other rulings`;
      return emblemOnItem ? `${color} ${noun} ${verb} ${slogan} and ${withArticle(emblemName)}` : `${color} ${noun} ${verb} ${slogan}`;
  }
}

function defaultShots(spec: ProductSpec): ShotSpec[] {
  switch (spec.kind) {
    case "tshirt":
      return ["front", "back", "alt"];
    case "mug":
      return ["front", "side", "closeup"];
    case "cap":
    case "beanie":
      return ["front", "alt", "closeup"];
    default:
      return spec.colorOption && spec.colors.length > 1 ? ["front", "alt", "closeup"] : ["front", "closeup"];
  }
}

/** "Heather Grey" → "heather-grey", for a media path. */
function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/**
 * A customisable product's blank mock-ups (one per Color value, or one in its colour without a
 * Color option) and its print area, where its photos carry the design.
 */
function studioBlanks(spec: ProductSpec, options: SeedOption[]): { printArea: SeedPrintArea; mockups: SeedMockup[]; media: SeedMedia[] } {
  if (!isPrintableKind(spec.kind)) throw new Error(`${spec.handle}: the design studio has no blank for a ${spec.kind}`);
  const kind = spec.kind;
  const colorOption = options.find((o) => o.name === "Color");
  const colors: { value: string | null; name: string }[] = colorOption ? colorOption.values.map((v) => ({ value: v, name: v })) : [{ value: null, name: spec.colors[0]! }];
  const mockups: SeedMockup[] = [];
  const media: SeedMedia[] = [];
  for (const { value, name } of colors) {
    const path = value === null ? `mockups/${spec.handle}.svg` : `mockups/${spec.handle}-${slug(value)}.svg`;
    mockups.push({ color: value, path, width: 800, height: 800 });
    media.push({ path, contentType: "image/svg+xml", body: renderBlankMockup(spec.handle, kind, name, `Blank ${name.toLowerCase()} ${KIND_COPY[kind].noun}`) });
  }
  return { printArea: kindPrintArea(kind), mockups, media };
}

export function expandProduct(spec: ProductSpec, flags: CatalogFlags): { product: SeedProduct; media: SeedMedia[] } {
  const { options, surcharge } = buildOptions(spec);
  // Text-only items get a text-only close-up so every photo shows the same print.
  const design = KIND_COPY[spec.kind].emblemOnItem ? spec.design : { ...spec.design, layout: "text" as const };
  const images: SeedImage[] = [];
  const media: SeedMedia[] = [];
  (spec.shots ?? defaultShots(spec)).forEach((s, i) => {
    const shot = shotFor(spec, s);
    const path = `products/${spec.handle}-${i + 1}.svg`;
    const altTextValue = altText(spec, s, shot.color);
    images.push({ path, altText: altTextValue });
    media.push({ path, contentType: "image/svg+xml", body: renderProductShot({ handle: spec.handle, kind: spec.kind, design }, shot, altTextValue) });
  });
  const tags = [...spec.tags];
  if (spec.saleOffCents) tags.push("Sale");
  if (flags.isNew) tags.push("New");
  if (flags.isHotSeller) tags.push("Hot Seller");
  const customizable = CUSTOMIZABLE.has(spec.collection);
  const blanks = customizable ? studioBlanks(spec, options) : null;
  if (blanks) media.push(...blanks.media);
  const product: SeedProduct = {
    handle: spec.handle,
    title: spec.title,
    descriptionHtml: describe(spec),
    collections: flags.isNew ? [spec.collection, "new-arrivals"] : [spec.collection],
    tags,
    fulfillmentPartner: spec.partner,
    rating: spec.rating,
    reviewCount: spec.reviewCount,
    salesCount: spec.salesCount,
    customizable,
    createdAt: spec.createdAt,
    options,
    variants: buildVariants(spec, options, surcharge),
    images,
    printArea: blanks?.printArea ?? null,
    mockups: blanks?.mockups ?? [],
  };
  return { product, media };
}
