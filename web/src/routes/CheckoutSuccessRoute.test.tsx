import type { ApolloClient } from "@apollo/client";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../tests/mockClient";
import { renderScreen } from "../../tests/render";
import { loadCart, saveCart } from "../features/cart/localCart";
import { readCheckoutResult } from "../features/checkout/checkoutResult";
import { fulfillmentLabel } from "../features/orders/orderStatus";
import CheckoutSuccessRoute from "./CheckoutSuccessRoute";

const ORIGIN = window.location.origin;
const line = { id: "v-tee", title: "Subcommittee Tee", image: "", price: 24.99, quantity: 1 };

function openAt(query: string, client?: ApolloClient) {
  saveCart([line]);
  renderScreen(<CheckoutSuccessRoute />, { route: `/checkout-success${query}`, path: "/checkout-success", client });
}

describe("reading the store's redirect (spec §4)", () => {
  it.each([
    ["?id=o1&order_number=1001", "order"],
    ["?checkout=success", "order"],
    ["?id=o1", "incomplete"],
    ["?order_number=1001", "incomplete"],
    ["?checkout=cancelled", "incomplete"],
    ["", "incomplete"],
  ])("%s → %s", (query, kind) => {
    expect(readCheckoutResult(new URLSearchParams(query), ORIGIN).kind).toBe(kind);
  });

  it("defaults to Pending / Processing / unfulfilled", () => {
    expect(readCheckoutResult(new URLSearchParams("?checkout=success"), ORIGIN)).toMatchObject({
      orderNumber: "Processing",
      paymentStatus: "Pending",
      fulfillmentStatus: "unfulfilled",
      stage: "confirmed",
    });
  });

  // spec §4: FULFILLED is "Shipped", IN_PROGRESS "Processing", anything else "Pending" (one mapping everywhere).
  it.each([
    ["unfulfilled", "confirmed"],
    ["in_progress", "processing"],
    ["fulfilled", "shipped"],
    ["partial", "confirmed"],
  ])("fulfillment_status=%s puts the timeline at %s", (status, stage) => {
    expect(readCheckoutResult(new URLSearchParams({ checkout: "success", fulfillment_status: status }), ORIGIN)).toMatchObject({ stage });
  });

  it.each([
    [`${ORIGIN}/store/orders/tok_abcdefghijklmnop`, "tok_abcdefghijklmnop"],
    [`${ORIGIN}/store/orders/tok?x=1`, "tok"],
    [`${ORIGIN}/store/orders/a/b`, null],
    [`${ORIGIN}/elsewhere/tok_abcdefghijklmnop`, null],
    ["https://elsewhere.example/store/orders/tok_abcdefghijklmnop", null],
    [null, null],
  ])("reads the order's status token from the status link %s → %s", (url, token) => {
    const query = new URLSearchParams({ id: "o1", order_number: "1001" });
    if (url) query.set("order_status_url", url);
    const result = readCheckoutResult(query, ORIGIN);
    expect(result.kind === "order" && result.statusToken).toBe(token);
  });

  it.each([
    ["javascript:alert(1)", null],
    ["https://elsewhere.example/store/orders/abc", null],
    [`${ORIGIN}/store/orders/abc`, `${ORIGIN}/store/orders/abc`],
  ])("keeps the status link %s only on this origin", (url, expected) => {
    const result = readCheckoutResult(new URLSearchParams({ id: "o1", order_number: "1001", order_status_url: url }), ORIGIN);
    expect(result.kind === "order" && result.statusUrl).toBe(expected ?? null);
  });
});

// The spec's delays are checked as lower bounds from before the page mounts: a slow machine can
// only make them later, never make the test fail for the wrong reason.
describe("/checkout-success", () => {
  it("shows a paid order, empties the cart, and confirms with a toast after about 1.2 s", async () => {
    const started = Date.now();
    const statusUrl = `${ORIGIN}/store/orders/tok_abcdefghijklmnop`;
    openAt(
      `?id=o1&order_number=1001&order_status_url=${encodeURIComponent(statusUrl)}&email=ada%40example.com&total_price=30.98&financial_status=paid&fulfillment_status=unfulfilled`,
    );
    expect(screen.getByRole("heading", { name: "Thank you for your order!" })).toBeTruthy();
    expect(screen.getByText("#1001")).toBeTruthy();
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    expect(screen.getByText("Paid")).toBeTruthy();
    expect(screen.getByText("$30.98")).toBeTruthy();
    for (const step of ["Order Confirmed", "Processing", "Shipped"]) expect(screen.getByText(step)).toBeTruthy();
    expect(screen.getByRole("link", { name: /View your order at the store/ }).getAttribute("href")).toBe(statusUrl);
    expect(screen.getByRole("link", { name: "Continue Shopping" }).getAttribute("href")).toBe("/shop");
    expect(screen.getByRole("button", { name: /Share Your Purchase/ })).toBeTruthy();
    expect(loadCart()).toEqual([]);

    expect(screen.queryByText("Order placed successfully!")).toBeNull();
    expect(await screen.findByText("Order placed successfully!", undefined, { timeout: 5000 })).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1150);
  });

  it("marks only Order Confirmed done for an unfulfilled order, which the dashboard calls Pending (not Processing: In progress)", () => {
    openAt("?id=o1&order_number=1001&financial_status=paid&fulfillment_status=unfulfilled");
    expect(fulfillmentLabel("UNFULFILLED")).toBe("Pending");
    const steps = within(screen.getByRole("list", { name: "Order progress" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual(["Order ConfirmedDone", "ProcessingComing up", "ShippedComing up"]);
    expect(screen.queryByText("In progress")).toBeNull();
  });

  it.each([
    ["in_progress", ["Order ConfirmedDone", "ProcessingIn progress", "ShippedComing up"]],
    ["fulfilled", ["Order ConfirmedDone", "ProcessingDone", "ShippedDone"]],
  ])("marks the timeline of a %s order as the status page does", (status, expected) => {
    openAt(`?id=o1&order_number=1001&financial_status=paid&fulfillment_status=${status}`);
    expect(within(screen.getByRole("list", { name: "Order progress" })).getAllByRole("listitem").map((step) => step.textContent)).toEqual(expected);
  });

  it("shows checkout=success without an order number as Processing / Pending", () => {
    openAt("?checkout=success");
    expect(screen.getByText("Processing", { selector: "dd" })).toBeTruthy();
    expect(screen.getByText("Pending")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /View your order at the store/ })).toBeNull();
    expect(loadCart()).toEqual([]);
  });

  it("says Checkout incomplete, keeps the cart, and goes to /cart after 2 s", async () => {
    const started = Date.now();
    openAt("?id=o1");
    expect(await screen.findByText("Checkout incomplete", { selector: "[data-part=title]" })).toBeTruthy();
    expect(loadCart()).toHaveLength(1);
    expect(screen.getByTestId("location").textContent).toBe("/checkout-success?id=o1");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/cart"), { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1950);
  });
});

// The items and the address, read by the status link's token (orderByStatusToken).
describe("/checkout-success: what was ordered and where it goes", () => {
  const TOKEN = "tok_abcdefghijklmnop";
  const placedAt = (extra = "") =>
    `?id=o1&order_number=1001&order_status_url=${encodeURIComponent(`${ORIGIN}/store/orders/${TOKEN}`)}&email=ada%40example.com&total_price=62.96&financial_status=paid&fulfillment_status=unfulfilled${extra}`;
  const money = (amount: string) => ({ __typename: "Money", amount });
  const placed = {
    __typename: "PublicOrder",
    orderNumber: 1001,
    discountCode: "HEARING20",
    totalDiscountPrice: money("5.00"),
    shippingMethod: "Standard (5–7 business days)",
    shippingAddress: { __typename: "PublicOrderAddress", lines: ["1 Committee Row", "Suite 200", "Springfield, IL 12345", "United States"] },
    lineItems: [
      {
        __typename: "OrderLineItem",
        id: "l-1",
        title: "Subcommittee Tee",
        variantTitle: "M / Black",
        productHandle: "subcommittee-tee",
        quantity: 2,
        originalUnitPrice: money("24.99"),
        originalTotalPrice: money("49.98"),
        image: { __typename: "Image", url: "/media/tee.svg", altText: "The tee" },
        customAttributes: [],
        design: null,
      },
      {
        __typename: "OrderLineItem",
        id: "l-2",
        title: "Red Tape Sticker Pack",
        variantTitle: null,
        productHandle: "red-tape-sticker-pack",
        quantity: 1,
        originalUnitPrice: money("6.99"),
        originalTotalPrice: money("6.99"),
        image: null,
        customAttributes: [],
        design: null,
      },
    ],
  };

  it("lists every item (image, title, variant, quantity, line total) and the address it ships to, below the confirmation", async () => {
    const { client, calls } = mockClient({ CheckoutSuccessOrder: () => ({ data: { orderByStatusToken: placed } }) });
    openAt(placedAt(), client);
    expect(screen.getByRole("heading", { name: "Thank you for your order!" })).toBeTruthy();
    const items = await screen.findByRole("list", { name: "Items in this order" });
    expect(calls).toEqual([{ operation: "CheckoutSuccessOrder", variables: { token: TOKEN } }]);
    const rows = within(items).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole("img", { name: "The tee" }).getAttribute("src")).toBe("/media/tee.svg");
    expect(within(rows[0]!).getByRole("link", { name: "Subcommittee Tee" }).getAttribute("href")).toBe("/product/subcommittee-tee");
    expect(within(rows[0]!).getByText("M / Black")).toBeTruthy();
    expect(within(rows[0]!).getByText("Qty 2 × $24.99")).toBeTruthy();
    expect(within(rows[0]!).getAllByText("$49.98").length).toBeGreaterThan(0);
    expect(within(rows[1]!).getByText("Red Tape Sticker Pack")).toBeTruthy();
    expect(within(rows[1]!).getByText("Qty 1 × $6.99")).toBeTruthy();
    // The discount code the order was paid with, below its items.
    expect(screen.getByText("Code HEARING20: −$5.00")).toBeTruthy();

    const address = screen.getByRole("region", { name: "Shipping to" }).querySelector("address")!;
    expect([...address.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["1 Committee Row", "Suite 200", "Springfield, IL 12345", "United States"]);
    expect(screen.getByText("Standard (5–7 business days)")).toBeTruthy();
    // spec §2's content stays as it was.
    expect(screen.getByText("#1001")).toBeTruthy();
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    expect(screen.getByRole("link", { name: /View your order at the store/ })).toBeTruthy();
    expect(loadCart()).toEqual([]);
  });

  it("shows skeletons while the items load, the confirmation already in place", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { client } = mockClient({ CheckoutSuccessOrder: () => new Promise((resolve) => (answer = resolve)) as never });
    openAt(placedAt(), client);
    expect(screen.getByRole("status", { name: "Loading your order's items" })).toBeTruthy();
    expect(screen.getByText("#1001")).toBeTruthy();
    answer({ data: { orderByStatusToken: placed } });
    expect(await screen.findByRole("list", { name: "Items in this order" })).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Loading your order's items" })).toBeNull();
  });

  it("says when the items could not be loaded, keeps the confirmation, and tries again on Try Again", async () => {
    let fail = true;
    const { client, calls } = mockClient({ CheckoutSuccessOrder: () => (fail ? new Error("network down") : { data: { orderByStatusToken: placed } }) });
    openAt(placedAt(), client);
    expect(await screen.findByRole("heading", { name: "Error loading your order's items" })).toBeTruthy();
    expect(screen.getByText("#1001")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Thank you for your order!" })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Items in this order" })).toBeTruthy();
    expect(calls.filter((c) => c.operation === "CheckoutSuccessOrder")).toHaveLength(2);
  });

  it("says so when the link names no order the store knows, keeping the confirmation", async () => {
    const { client } = mockClient({ CheckoutSuccessOrder: () => ({ data: { orderByStatusToken: null } }) });
    openAt(placedAt(), client);
    expect(await screen.findByRole("heading", { name: "Order details not available" })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Items in this order" })).toBeNull();
    expect(screen.getByText("#1001")).toBeTruthy();
  });

  it.each([
    ["checkout=success only", "?checkout=success"],
    ["no status link", "?id=o1&order_number=1001&financial_status=paid"],
    ["a status link elsewhere", `?id=o1&order_number=1001&order_status_url=${encodeURIComponent(`https://elsewhere.example/store/orders/${TOKEN}`)}`],
  ])("with %s, asks nothing and shows the confirmation as before", async (_case, query) => {
    const { client, calls } = mockClient({});
    openAt(query, client);
    expect(screen.getByRole("heading", { name: "Thank you for your order!" })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByRole("status", { name: "Loading your order's items" })).toBeNull();
    expect(screen.queryByRole("heading", { name: /Items in your order|Error loading|Order details/ })).toBeNull();
    expect(loadCart()).toEqual([]);
  });
});
