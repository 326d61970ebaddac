import { describe, expect, it } from "vitest";
import { parseShopParams, shopHref, sortKey } from "./shopParams";

describe("the shop's view lives in the URL query (spec §4 Shop list)", () => {
  it.each([
    ["", { search: "", sort: "best-selling", page: 1 }],
    ["?search=mug&sort=price-low&page=2", { search: "mug", sort: "price-low", page: 2 }],
    ["?sort=cheapest&page=zero", { search: "", sort: "best-selling", page: 1 }],
    ["?page=-3&search=%20%20tee%20", { search: "tee", sort: "best-selling", page: 1 }],
  ])("%s → %j", (query, expected) => {
    expect(parseShopParams(new URLSearchParams(query))).toEqual(expected);
  });

  it("writes only what differs from the defaults", () => {
    expect(shopHref({ search: "", sort: "best-selling", page: 1 })).toBe("/shop");
    expect(shopHref({ search: "red tape", sort: "newest", page: 3 })).toBe("/shop?search=red+tape&sort=newest&page=3");
  });

  it("maps the spec's sort names to the API's", () => {
    expect(sortKey("price-high")).toBe("PRICE_HIGH");
    expect(sortKey("best-selling")).toBe("BEST_SELLING");
  });
});
