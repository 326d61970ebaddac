import { centsToDollars } from "../shared/money.js";
import type { CatalogLoaders } from "./catalog.loaders.js";
import type { CollectionRecord, ProductRecord } from "./catalog.records.js";
import { effectiveCompareAtCents } from "./pricing.js";
import { toPrintArea, type PrintAreaView } from "./product-mockups.view.js";

// The REST shapes of spec §3, built in one place from domain records.

export interface ProductJson {
  id: string;
  handle: string;
  title: string;
  description: string;
  images: { id: string; url: string; altText: string }[];
  price: number;
  compareAtPrice?: number;
  variants: { id: string; title: string; price: number; selectedOptions: { name: string; value: string }[]; availableForSale: boolean; sku: string | null }[];
  options: { name: string; values: string[] }[];
  collections: { handle: string; title: string }[];
  tags: string[];
  fulfillmentPartner: string;
  rating: number;
  reviewCount: number;
}

/** One product's answer: spec §3's product and what the design studio draws on. */
export interface ProductDetailJson extends ProductJson {
  printArea: PrintAreaView | null;
  mockups: { color: string | null; url: string; width: number; height: number }[];
}

export interface CollectionJson {
  id: string;
  handle: string;
  title: string;
  description: string;
  image: { url: string } | null;
}

// The same shapes as JSON Schema, for the REST API's description (http/openapi.ts).
const text = { type: "string" };
const strings = { type: "array", items: text };
const object = (properties: Record<string, unknown>, optional: string[] = []) => ({
  type: "object",
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  additionalProperties: false,
  properties,
});

export const PRODUCT_JSON = {
  title: "Product",
  description:
    "A product as spec §3 shows it: prices are numbers of dollars; compareAtPrice only when it is above the price (a sale). Only products the shop offers (ACTIVE) are ever answered.",
  ...object(
    {
      id: text,
      handle: text,
      title: text,
      description: { type: "string", description: "HTML." },
      images: { type: "array", items: object({ id: text, url: text, altText: text }) },
      price: { type: "number" },
      compareAtPrice: { type: "number" },
      variants: {
        type: "array",
        description: "The variants offered (archived ones are left out), sold out ones included.",
        items: object({
          id: text,
          title: text,
          price: { type: "number" },
          selectedOptions: { type: "array", items: object({ name: text, value: text }) },
          availableForSale: { type: "boolean", description: "False: the variant is sold out (shown, but it cannot be bought)." },
          sku: { type: ["string", "null"], description: "The stock keeping unit; null when it has none." },
        }),
      },
      options: { type: "array", items: object({ name: text, values: strings }) },
      collections: { type: "array", items: object({ handle: text, title: text }) },
      tags: strings,
      fulfillmentPartner: text,
      rating: { type: "number" },
      reviewCount: { type: "integer" },
    },
    ["compareAtPrice"],
  ),
};

const fraction = (what: string) => ({ type: "number", minimum: 0, maximum: 1, description: what });

export const PRODUCT_DETAIL_JSON = {
  title: "ProductDetail",
  description: "One product: spec §3's product, with its print area and blank mock-ups for the design studio (as GraphQL's Product.printArea and Product.mockups).",
  ...object(
    {
      ...PRODUCT_JSON.properties,
      printArea: {
        description: "Where a design goes on the blank mock-ups and the size it prints at; null when not set (the studio then uses its whole canvas).",
        anyOf: [
          object({
            x: fraction("Left edge, a fraction of the mock-up's width."),
            y: fraction("Top edge, a fraction of the mock-up's height."),
            width: fraction("A fraction of the mock-up's width."),
            height: fraction("A fraction of the mock-up's height."),
            widthInches: { type: "number", minimum: 1, maximum: 20 },
            heightInches: { type: "number", minimum: 1, maximum: 20 },
            printWidthPx: { type: "integer", description: "widthInches at 300 DPI." },
            printHeightPx: { type: "integer", description: "heightInches at 300 DPI." },
          }),
          { type: "null" },
        ],
      },
      mockups: {
        type: "array",
        description: "The blank mock-ups (the item without a design), one per Color value in that option's order, or the one blank of a product without a Color option.",
        items: object({
          color: { type: ["string", "null"], description: "The Color option's value; null for a product without a Color option." },
          url: { type: "string", description: "Same-origin /media/… address." },
          width: { type: "integer" },
          height: { type: "integer" },
        }),
      },
    },
    ["compareAtPrice"],
  ),
};

const collectionFields = { id: text, handle: text, title: text, description: text, image: { anyOf: [object({ url: text }), { type: "null" }] } };

export const COLLECTION_JSON = { title: "Collection", ...object(collectionFields) };

export const COLLECTION_WITH_PRODUCTS_JSON = {
  title: "CollectionWithProducts",
  description: "A collection and its products.",
  ...object({ ...collectionFields, products: { type: "array", items: PRODUCT_JSON } }),
};

/** Products with their relations, loaded in one batch per relation whatever the list's length. */
export async function toProductsJson(products: ProductRecord[], loaders: CatalogLoaders): Promise<ProductJson[]> {
  const ids = products.map((p) => p.id);
  const [images, variants, options, collections, descriptions] = await Promise.all([
    loaders.imagesByProductId.loadMany(ids),
    loaders.variantsByProductId.loadMany(ids),
    loaders.optionsByProductId.loadMany(ids),
    loaders.collectionsByProductId.loadMany(ids),
    loaders.descriptionByProductId.loadMany(ids),
  ]);
  const ok = <T>(value: T | Error): T => {
    if (value instanceof Error) throw value;
    return value;
  };
  return products.map((product, i) => {
    const compareAt = effectiveCompareAtCents(product.priceCents, product.compareAtCents);
    return {
      id: product.id,
      handle: product.handle,
      title: product.title,
      description: ok(descriptions[i]),
      images: ok(images[i]).map((img) => ({ id: img.id, url: img.url, altText: img.altText })),
      price: centsToDollars(product.priceCents),
      ...(compareAt === null ? {} : { compareAtPrice: centsToDollars(compareAt) }),
      variants: ok(variants[i]).map((v) => ({
        id: v.id,
        title: v.title,
        price: centsToDollars(v.priceCents),
        selectedOptions: v.selectedOptions,
        availableForSale: v.availableForSale,
        sku: v.sku || null,
      })),
      options: ok(options[i]).map((o) => ({ name: o.name, values: o.values })),
      collections: ok(collections[i]).map((c) => ({ handle: c.handle, title: c.title })),
      tags: product.tags,
      fulfillmentPartner: product.fulfillmentPartner,
      rating: product.rating,
      reviewCount: product.reviewCount,
    };
  });
}

/** One product with its print area and blank mock-ups (REST's /api/products/{handleOrId}). */
export async function toProductDetailJson(product: ProductRecord, loaders: CatalogLoaders): Promise<ProductDetailJson> {
  const [[json], mockups] = await Promise.all([toProductsJson([product], loaders), loaders.mockupsByProductId.load(product.id)]);
  return {
    ...json!,
    printArea: product.printArea ? toPrintArea(product.printArea) : null,
    mockups: mockups.map(({ color, url, width, height }) => ({ color, url, width, height })),
  };
}

export function toCollectionJson(collection: CollectionRecord): CollectionJson {
  return {
    id: collection.id,
    handle: collection.handle,
    title: collection.title,
    description: collection.description,
    image: collection.imageUrl ? { url: collection.imageUrl } : null,
  };
}
