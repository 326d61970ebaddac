import { configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { clerk, owner } from "../adminTestData";
import { productRow, productsPage } from "../products/productTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

const variant = (id: string, title: string, price: string, newPrice: string, compareAtPrice: string | null = null, newCompareAtPrice: string | null = null) => ({
  __typename: "BulkVariantPrice",
  id,
  title,
  price,
  newPrice,
  compareAtPrice,
  newCompareAtPrice,
});

const planned = (id: string, title: string, variants: ReturnType<typeof variant>[], over: Record<string, unknown> = {}) => ({
  __typename: "BulkProductChange",
  id,
  handle: title.toLowerCase().replace(/ /g, "-"),
  title,
  status: "ACTIVE",
  changes: true,
  refusal: null,
  variants,
  ...over,
});

function previewOf(products: ReturnType<typeof planned>[], over: Record<string, unknown> = {}) {
  return {
    data: {
      bulkPricePreview: {
        __typename: "BulkChangePreview",
        fingerprint: "fp-1",
        productCount: products.length,
        changedProductCount: products.filter((p) => p.changes).length,
        changedVariantCount: products.flatMap((p) => p.variants).length,
        endedSaleCount: 0,
        refusedCount: products.filter((p) => p.refusal).length,
        page: 1,
        pageSize: 25,
        totalPages: 1,
        products,
        ...over,
      },
    },
  };
}

const collections = () => ({
  data: {
    collections: [
      { __typename: "Collection", id: "c-1", handle: "t-shirts", title: "T-Shirts" },
      { __typename: "Collection", id: "c-2", handle: "mugs", title: "Mugs" },
    ],
  },
});

function open(route: string, answers: Parameters<typeof mockClient>[0], staff = owner) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: staff } }), BulkCollections: collections, ...answers });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const location = () => screen.getByTestId("location").textContent;

describe("the bulk price change screen", () => {
  it("previews the ticked products' old and new prices, then applies exactly that preview after confirming", async () => {
    const { calls } = open("/admin/prices?ids=p-1,p-2", {
      BulkPricePreview: () =>
        previewOf([planned("p-1", "Impeachment Tee", [variant("v-1", "S", "20.00", "17.00", "25.00", "21.25"), variant("v-2", "M", "24.00", "20.40", "20.50", null)]), planned("p-2", "Filibuster Mug", [variant("v-3", "Default Title", "15.00", "12.75")])], { endedSaleCount: 1 }),
      BulkPriceChange: () => ({ data: { bulkPriceChange: { __typename: "BulkChangePayload", result: { __typename: "BulkChangeResult", productCount: 2, variantCount: 3 }, userErrors: [] } } }),
    });
    expect(await screen.findByRole("heading", { name: "Bulk price change" })).toBeTruthy();
    expect((screen.getByLabelText("Choose products by") as HTMLSelectElement).value).toBe("ids");
    expect(screen.getByRole("option", { name: "Products ticked in the list (2)" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Enter a percentage such as -15 or 10 (at most two decimals)")).toBeTruthy();
    expect(calls.some((c) => c.operation === "BulkPricePreview")).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Percentage/), { target: { value: "-15" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const tee = await screen.findByRole("region", { name: "Impeachment Tee" });
    expect(calls.find((c) => c.operation === "BulkPricePreview")?.variables).toEqual({
      selection: { by: "PRODUCT_IDS", productIds: ["p-1", "p-2"] },
      change: { percent: "-15" },
      page: 1,
      pageSize: 25,
    });
    const rows = within(tee).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell").map((c) => c.textContent))).toEqual([
      ["S", "$20.00", "$17.00", "$25.00", "$21.25"],
      ["M", "$24.00", "$20.40", "$20.50", "Sale ends"],
    ]);
    expect(screen.getByText("2 products selected: 3 variant prices of 2 products would change.")).toBeTruthy();
    expect(screen.getByText("1 compare-at price would be removed: those sales end.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Apply to 2 products" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, change prices" }));
    expect(await screen.findByText("2 products, 3 variant prices. Shoppers see the new prices now.")).toBeTruthy();
    expect(calls.find((c) => c.operation === "BulkPriceChange")?.variables).toEqual({
      selection: { by: "PRODUCT_IDS", productIds: ["p-1", "p-2"] },
      change: { percent: "-15" },
      fingerprint: "fp-1",
    });
  });

  it("shows refused products with the reason and offers no Apply; the gateway's refusal at apply time is shown and nothing is said changed", async () => {
    open("/admin/prices?ids=p-1,p-2", {
      BulkPricePreview: () =>
        previewOf([
          planned("p-9", "Penny Sticker", [variant("v-9", "Default Title", "0.01", "0.00")], { refusal: "Default Title would cost $0.00, and a price must be more than 0.00" }),
          planned("p-1", "Impeachment Tee", [variant("v-1", "S", "20.00", "8.00")]),
        ]),
    });
    fireEvent.change(await screen.findByLabelText(/^Percentage/), { target: { value: "-60" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const sticker = await screen.findByRole("region", { name: "Penny Sticker" });
    expect(within(sticker).getByText("Refused: Default Title would cost $0.00, and a price must be more than 0.00")).toBeTruthy();
    expect(screen.getByText(/1 product would be refused, so nothing can be changed/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Apply/ })).toBeNull();
  });

  it("chooses a collection or a search, kept in the address; a change after the preview takes the preview away", async () => {
    const { calls } = open("/admin/prices", {
      BulkPricePreview: () => previewOf([planned("p-1", "Impeachment Tee", [variant("v-1", "S", "20.00", "22.00")])]),
    });
    const collection = (await screen.findByLabelText("Collection")) as HTMLSelectElement;
    await screen.findByRole("option", { name: "Mugs" });
    fireEvent.change(collection, { target: { value: "c-2" } });
    expect(location()).toBe("/admin/prices?by=collection&collection=c-2");
    fireEvent.change(screen.getByLabelText("Change prices"), { target: { value: "amount" } });
    fireEvent.change(screen.getByLabelText("New price in dollars"), { target: { value: "22" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByRole("region", { name: "Impeachment Tee" });
    expect(calls.filter((c) => c.operation === "BulkPricePreview").at(-1)?.variables).toMatchObject({ selection: { by: "COLLECTION", collectionId: "c-2" }, change: { amount: "22" } });

    fireEvent.change(screen.getByLabelText("Choose products by"), { target: { value: "search" } });
    expect(screen.queryByRole("region", { name: "Impeachment Tee" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Title, tag, handle or SKU"), { target: { value: "mug" } });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "DRAFT" } });
    expect(location()).toBe("/admin/prices?by=search&q=mug&status=DRAFT");
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByRole("region", { name: "Impeachment Tee" });
    expect(calls.filter((c) => c.operation === "BulkPricePreview").at(-1)?.variables).toMatchObject({ selection: { by: "SEARCH", search: "mug", status: "DRAFT" } });
  });

  it("is for owners only: staff are told so and have no menu entry", async () => {
    open("/admin/prices", {}, clerk);
    expect(await screen.findByText("Only the shop's owner can manage bulk price changes.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Bulk prices" })).toBeNull();
  });
});

describe("bulk actions in the products list", () => {
  it("ticks products across the page, sends them to the price screen, and publishes them after a preview and a confirmation", async () => {
    let published = false;
    const { calls } = open("/admin/products", {
      AdminProducts: () => productsPage([productRow("p-1", "Impeachment Tee", { status: "DRAFT" }), productRow("p-2", "Filibuster Mug", { status: "DRAFT" })], { totalCount: 2 }),
      BulkStatusPreview: () => ({
        data: {
          bulkStatusPreview: {
            __typename: "BulkChangePreview",
            fingerprint: "fp-s",
            productCount: 2,
            changedProductCount: 2,
            refusedCount: 0,
            products: [],
          },
        },
      }),
      BulkStatusChange: () => {
        published = true;
        return { data: { bulkStatusChange: { __typename: "BulkChangePayload", result: { __typename: "BulkChangeResult", productCount: 2 }, userErrors: [] } } };
      },
    });
    expect((await screen.findByRole("link", { name: "change the prices of all 2 products found" })).getAttribute("href")).toBe("/admin/prices?by=search");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select every product on this page" }));
    expect(screen.getByText("2 products selected")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Filibuster Mug" }));
    expect(screen.getByText("1 product selected")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Filibuster Mug" }));
    expect(screen.getByRole("link", { name: "Change prices…" }).getAttribute("href")).toBe("/admin/prices?ids=p-1,p-2");

    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, publish" }));
    await screen.findByText("Tick products to change their prices, publish or archive them together, or", { exact: false });
    expect(published).toBe(true);
    expect(calls.find((c) => c.operation === "BulkStatusChange")?.variables).toEqual({ selection: { by: "PRODUCT_IDS", productIds: ["p-1", "p-2"] }, status: "ACTIVE", fingerprint: "fp-s" });
  });

  it("names the products publishing would refuse, and changes nothing", async () => {
    const { calls } = open("/admin/products", {
      AdminProducts: () => productsPage([productRow("p-1", "Impeachment Tee", { status: "DRAFT" })], { totalCount: 1 }),
      BulkStatusPreview: () => ({
        data: {
          bulkStatusPreview: {
            __typename: "BulkChangePreview",
            fingerprint: "fp-s",
            productCount: 1,
            changedProductCount: 1,
            refusedCount: 1,
            products: [{ __typename: "BulkProductChange", id: "p-1", handle: "impeachment-tee", title: "Impeachment Tee", refusal: "The shop prints with Printful: S needs its Printful variant id before the product can be active" }],
          },
        },
      }),
    });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Impeachment Tee" }));
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    expect(await screen.findByText("Impeachment Tee: The shop prints with Printful: S needs its Printful variant id before the product can be active")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Yes, publish" })).toBeNull();
    expect(calls.some((c) => c.operation === "BulkStatusChange")).toBe(false);
  });

  it("offers no ticking to staff", async () => {
    open("/admin/products", { AdminProducts: () => productsPage([productRow("p-1", "Impeachment Tee")], { totalCount: 1 }) }, clerk);
    await screen.findByRole("link", { name: "Impeachment Tee" });
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});
