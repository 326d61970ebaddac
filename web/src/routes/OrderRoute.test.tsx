import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../tests/mockClient";
import { renderScreen } from "../../tests/render";
import OrderRoute from "./OrderRoute";

const ada = { __typename: "Customer", id: "c-1", email: "ada@example.com", displayName: "Ada", hasPassword: true, googleLinked: false };
const money = (amount: string) => ({ __typename: "Money", amount });
const BLURRY = "This image may print blurry at this size — make it smaller or use a larger picture";
const order = {
  __typename: "Order",
  id: "o-1",
  orderNumber: 1001,
  processedAt: "2026-11-20T15:00:00.000Z",
  fulfillmentStatus: "IN_PROGRESS",
  financialStatus: "PAID",
  email: "ada@example.com",
  statusUrl: "http://shop.test/store/orders/tok",
  tracking: null,
  cancelReason: null,
  cancelledAt: null,
  shippingMethod: "Standard (5–7 business days)",
  shippingAddress: {
    __typename: "OrderShippingAddress",
    formatted: ["Ada Lovelace", "1 Committee Row", "Suite 200", "Springfield, IL 12345", "United States"],
    phone: "+1 217 555 0100",
  },
  subtotalPrice: money("74.97"),
  totalDiscountPrice: money("0.00"),
  discountCode: null,
  totalShippingPrice: money("5.99"),
  totalPrice: money("80.96"),
  refundedPrice: money("0.00"),
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
      image: { __typename: "Image", url: "/designs/d-1/preview", altText: "Your custom design on Subcommittee Tee" },
      customAttributes: [{ __typename: "Attribute", key: "designId", value: "d-1" }],
      design: { __typename: "Design", id: "d-1", printWarning: BLURRY },
    },
    {
      __typename: "OrderLineItem",
      id: "l-2",
      title: "Filibuster Fuel Mug",
      variantTitle: null,
      productHandle: "filibuster-fuel-mug",
      quantity: 1,
      originalUnitPrice: money("24.99"),
      originalTotalPrice: money("24.99"),
      image: null,
      customAttributes: [],
      design: null,
    },
  ],
};

function openOrder(answers: Parameters<typeof mockClient>[0]) {
  const mocked = mockClient(answers);
  renderScreen(<OrderRoute />, { client: mocked.client, route: "/order/o-1", path: "/order/:id" });
  return mocked;
}

describe("an order's page", () => {
  it("shows number, date, timeline, every line, totals, address and the status page", async () => {
    const { calls } = openOrder({ Session: () => ({ data: { me: ada } }), OrderRoute: () => ({ data: { order } }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Order #1001" })).toBeTruthy();
    expect(calls.find((c) => c.operation === "OrderRoute")?.variables).toEqual({ id: "o-1" });
    expect(screen.getByText("Placed on November 20, 2026")).toBeTruthy();
    const timeline = screen.getByRole("list", { name: "Order progress" });
    expect(within(timeline).getByText("Processing").closest("li")?.getAttribute("aria-current")).toBe("step");

    const items = screen.getByRole("list", { name: "Items in this order" });
    expect(within(items).getByRole("link", { name: "Subcommittee Tee" }).getAttribute("href")).toBe("/product/subcommittee-tee");
    expect(within(items).getByText("M / Black")).toBeTruthy();
    // A custom design's line shows the design's mock-up, and the print-quality warning its design carries.
    const tee = within(items).getByRole("link", { name: "Subcommittee Tee" }).closest("li")!;
    expect(within(tee).getByRole("img", { name: "Your custom design on Subcommittee Tee" }).getAttribute("src")).toBe("/designs/d-1/preview");
    expect(tee.textContent).toContain(`Print quality: ${BLURRY}`);
    const mug = within(items).getByRole("link", { name: "Filibuster Fuel Mug" }).closest("li")!;
    expect(mug.textContent).not.toContain("Print quality");
    expect(within(items).getByText("Qty 2 × $24.99")).toBeTruthy();
    expect(within(items).getAllByText("$49.98").length).toBeGreaterThan(0);
    expect(within(items).getByText("Filibuster Fuel Mug")).toBeTruthy();

    expect(screen.getByText("$74.97")).toBeTruthy();
    expect(screen.getByText("$5.99")).toBeTruthy();
    expect(screen.getByText("$80.96")).toBeTruthy();
    expect(screen.getByText("1 Committee Row")).toBeTruthy();
    expect(screen.getByText("Suite 200")).toBeTruthy();
    expect(screen.getByText("Springfield, IL 12345")).toBeTruthy();
    expect(screen.getByText("Phone: +1 217 555 0100")).toBeTruthy();
    expect(screen.getByRole("link", { name: /View order status page/ }).getAttribute("href")).toBe("http://shop.test/store/orders/tok");
  });

  it("shows someone else's or an unknown order as not found, and nothing of it", async () => {
    openOrder({ Session: () => ({ data: { me: ada } }), OrderRoute: () => ({ data: { order: null } }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Order Not Found" })).toBeTruthy();
    expect(screen.queryByText(/Order #/)).toBeNull();
    expect(screen.getByRole("link", { name: "Go to My Orders" }).getAttribute("href")).toBe("/dashboard");
  });

  it("waits for the session before asking, and asks a signed-out visitor to sign in", async () => {
    const { calls } = openOrder({ Session: () => ({ data: { me: null } }), OrderRoute: () => ({ data: { order: null } }) });
    expect(screen.getByRole("status", { name: "Loading the order" })).toBeTruthy();
    expect(calls.map((c) => c.operation)).toEqual(["Session"]);
    expect(await screen.findByRole("heading", { level: 1, name: "Order Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login?next=%2Forder%2Fo-1");
  });

  it("shows a shipped order's carrier with its tracking number linked to the carrier", async () => {
    const shipped = {
      ...order,
      fulfillmentStatus: "FULFILLED",
      tracking: { __typename: "OrderTracking", carrier: "UPS", trackingNumber: "1Z999", trackingUrl: "https://ups.example/t/1Z999", shippedAt: "2026-11-21T10:00:00.000Z" },
    };
    openOrder({ Session: () => ({ data: { me: ada } }), OrderRoute: () => ({ data: { order: shipped } }) });
    expect(await screen.findByText(/Shipped November 21, 2026 with UPS/)).toBeTruthy();
    const link = screen.getByRole("link", { name: "1Z999" });
    expect([link.getAttribute("href"), link.getAttribute("rel")]).toEqual(["https://ups.example/t/1Z999", "noopener noreferrer"]);
    const timeline = screen.getByRole("list", { name: "Order progress" });
    expect(within(timeline).getByText("Shipped").closest("li")?.getAttribute("aria-current")).toBe("step");
  });

  it("shows a cancelled order as Cancelled, with when and why, instead of the timeline", async () => {
    const cancelled = { ...order, fulfillmentStatus: "CANCELLED", cancelReason: "Out of stock", cancelledAt: "2026-11-21T10:00:00.000Z" };
    openOrder({ Session: () => ({ data: { me: ada } }), OrderRoute: () => ({ data: { order: cancelled } }) });
    expect(await screen.findByText("This order was cancelled on November 21, 2026: Out of stock")).toBeTruthy();
    expect(screen.getByText("Cancelled")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Order progress" })).toBeNull();
  });
});
