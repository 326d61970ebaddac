// The catalog's answers as the gateway sends them (AdminProduct, AdminProductList), for the product screens' tests.

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
