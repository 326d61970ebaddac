// The catalog's answers as the gateway sends them (AdminProduct, AdminProductList), for the product screens' tests.

import type { ProductStatus } from "../gql/graphql";

type Pair = [name: string, value: string];

/** A variant standing for option values given as [name, value] pairs; a last plain object overrides fields. */
export function adminVariant(id: string, ...rest: (Pair | Record<string, unknown>)[]) {
  const pairs = rest.filter((r): r is Pair => Array.isArray(r));
  const overrides = rest.find((r) => !Array.isArray(r)) ?? {};
  return {
    __typename: "AdminVariant",
    id,
    title: pairs.length ? pairs.map(([, value]) => value).join(" / ") : "Default Title",
    price: "24.99",
    compareAtPrice: null,
    sku: "",
    availableForSale: true,
    imageId: null,
    partnerVariantId: null,
    selectedOptions: pairs.map(([name, value]) => ({ __typename: "AdminSelectedOption", name, value })),
    sold: false,
    ...overrides,
  };
}

export function adminImage(id: string, position: number, altText = "") {
  return {
    __typename: "AdminImage",
    id,
    url: `/media/products/${id}.png`,
    altText,
    position,
    width: 1200,
    height: 1200,
    sources: [{ __typename: "AdminImageSource", url: `/media/products/${id}-400.webp`, width: 400, contentType: "image/webp" }],
  };
}

/** The Impeachment Tee: active, one size option with S and M, two variants, one image. */
export function adminProduct(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "AdminProduct",
    id: "p-1",
    handle: "impeachment-tee",
    previousHandles: [],
    title: "Impeachment Tee",
    status: "ACTIVE" as ProductStatus,
    descriptionHtml: "<p>Soft cotton.</p>",
    tags: ["Committees", "Gift"],
    productType: "T-Shirt",
    seoTitle: "",
    seoDescription: "",
    fulfillmentPartner: "Capitol Stitch Works",
    customizable: false,
    price: "24.99",
    options: [{ __typename: "AdminProductOption", id: "opt-size", name: "Size", values: ["S", "M"] }],
    variants: [adminVariant("v-s", ["Size", "S"]), adminVariant("v-m", ["Size", "M"], { sold: true })],
    archivedVariantCount: 0,
    images: [adminImage("img-1", 1, "The tee, front")],
    printArea: null,
    mockups: [],
    sold: true,
    onlineStorePath: "/product/impeachment-tee",
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-20T15:00:00.000Z",
    ...overrides,
  };
}

export function productRow(id: string, title: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: "AdminProductSummary",
    id,
    handle: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    title,
    status: "ACTIVE",
    price: "24.99",
    variantCount: 2,
    thumbnailUrl: `/media/products/${id}-160.webp`,
    updatedAt: "2026-11-20T15:00:00.000Z",
    ...overrides,
  };
}

export function productsPage(nodes: object[], { totalCount = nodes.length, page = 1, pageSize = 20 } = {}) {
  return {
    data: {
      adminProducts: {
        __typename: "AdminProductList",
        nodes,
        totalCount,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(totalCount / pageSize)),
      },
    },
  };
}

/** A productCreate/productUpdate answer. */
export const productPayload = (product: object | null, userErrors: object[] = []) => ({ __typename: "ProductPayload", product, userErrors });
