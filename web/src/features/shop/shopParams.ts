import type { ProductSortKey } from "../../gql/graphql";

// spec §4 Shop list: the search, sort and page live in the URL query (shareable, reloadable,
// reachable with Back); defaults are left out of the address.
export const SORT_OPTIONS = [
  { value: "best-selling", label: "Best Selling", key: "BEST_SELLING" },
  { value: "newest", label: "Newest", key: "NEWEST" },
  { value: "price-low", label: "Price: Low to High", key: "PRICE_LOW" },
  { value: "price-high", label: "Price: High to Low", key: "PRICE_HIGH" },
] as const satisfies readonly { value: string; label: string; key: ProductSortKey }[];

export type ShopSort = (typeof SORT_OPTIONS)[number]["value"];

/** The gateway's limit on search text. */
export const MAX_SEARCH_LENGTH = 200;

export interface ShopParams {
  search: string;
  sort: ShopSort;
  page: number;
}

const DEFAULT_SHOP_PARAMS: ShopParams = { search: "", sort: "best-selling", page: 1 };

export function parseShopParams(query: URLSearchParams): ShopParams {
  const sort = SORT_OPTIONS.find((o) => o.value === query.get("sort"))?.value ?? DEFAULT_SHOP_PARAMS.sort;
  const page = Number(query.get("page"));
  return {
    search: (query.get("search") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a shop view, e.g. /shop?search=mug&sort=price-low&page=2. */
export function shopHref(params: Partial<ShopParams>, path = "/shop"): string {
  const query = new URLSearchParams();
  if (params.search) query.set("search", params.search);
  if (params.sort && params.sort !== DEFAULT_SHOP_PARAMS.sort) query.set("sort", params.sort);
  if (params.page && params.page > 1) query.set("page", String(params.page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function sortKey(sort: ShopSort): ProductSortKey {
  return SORT_OPTIONS.find((o) => o.value === sort)!.key;
}
