import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../tests/render";
import { loadCart, saveCart } from "../features/cart/localCart";
import { readCheckoutResult } from "../features/checkout/checkoutResult";
import { fulfillmentLabel } from "../features/orders/orderStatus";
import CheckoutSuccessRoute from "./CheckoutSuccessRoute";

const ORIGIN = window.location.origin;
const line = { id: "v-tee", title: "Subcommittee Tee", image: "", price: 24.99, quantity: 1 };

function openAt(query: string) {
  saveCart([line]);
  renderScreen(<CheckoutSuccessRoute />, { route: `/checkout-success${query}`, path: "/checkout-success" });
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
