import { configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import AdminRoute from "../../routes/AdminRoute";
import { orderDetail, owner, userError } from "./adminTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

type Answers = Parameters<typeof mockClient>[0];

function openOrder(answers: Answers, order: object | null = orderDetail()) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: owner } }), AdminOrder: () => ({ data: { adminOrder: order } }), AdminOrders: () => ({ data: null }), ...answers });
  renderScreen(<AdminRoute />, { client: mocked.client, route: "/admin/orders/o-4", path: "/admin/*" });
  return mocked;
}

const payload = (order: object | null, userErrors: object[] = []) => ({ __typename: "AdminOrderPayload", order, userErrors });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const section = (name: string) => screen.getByRole("region", { name });

describe("an order in the admin", () => {
  it("shows the lines with design preview and print file, the address, payment, totals, history and the partner's job", async () => {
    openOrder({});
    expect(await screen.findByRole("heading", { level: 1, name: "Order #1004" })).toBeTruthy();
    const items = section("Items");
    expect(within(items).getByRole("img", { name: "Design preview for Custom Tee" }).getAttribute("src")).toBe("/media/designs/d-1/preview.png");
    const download = within(items).getByRole("link", { name: /Download print file for Custom Tee/ });
    expect(download.getAttribute("href")).toBe("/media/designs/d-1/print.png");
    expect(download.hasAttribute("download")).toBe(true);
    expect(within(items).getAllByRole("link")).toHaveLength(1);
    expect(within(items).getByText("M / Black")).toBeTruthy();
    expect(within(items).getByText("2 × $24.99")).toBeTruthy();

    const customer = section("Customer");
    expect(within(customer).getByText("12 Analytical Row")).toBeTruthy();
    expect(within(customer).getByText("Flat 3")).toBeTruthy();
    expect(within(customer).getByText("London N1 9GU")).toBeTruthy();
    expect(within(customer).getByText("Phone: +44 20 7946 0000")).toBeTruthy();
    expect(within(customer).getByRole("link", { name: "ada@example.com" })).toBeTruthy();

    const payment = section("Payment");
    expect(within(payment).getByText("Visa •••• 4242")).toBeTruthy();
    expect(within(payment).getByText("$64.97")).toBeTruthy();
    expect(within(payment).getByText("$5.99")).toBeTruthy();
    expect(within(payment).getByText("$70.96")).toBeTruthy();

    const history = within(section("History")).getAllByRole("listitem");
    expect(history.map((entry) => entry.firstChild?.textContent)).toEqual(["Order confirmation sent", "Paid $70.96 by Visa ending 4242"]);
    expect(history[0]!.textContent).toContain("System");

    const partner = section("Print partner");
    expect(within(partner).getByText("printful")).toBeTruthy();
    expect(within(partner).getByText("Failed")).toBeTruthy();
    expect(within(partner).getByText("Last error: Printful answered 503")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Customer's status page/ }).getAttribute("href")).toBe("http://shop.test/store/orders/tok-1004");
  });

  it("retries a failed partner job and shows the new state", async () => {
    const { calls } = openOrder({
      OrderRetryFulfillmentJob: () => ({
        data: { orderRetryFulfillmentJob: payload(orderDetail({ fulfillmentJob: { ...orderDetail().fulfillmentJob, state: "PENDING", lastError: null } })) },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Order #1004" });
    fireEvent.click(within(section("Print partner")).getByRole("button", { name: "Retry" }));
    expect(await within(section("Print partner")).findByText("Waiting")).toBeTruthy();
    expect(within(section("Print partner")).queryByRole("button", { name: "Retry" })).toBeNull();
    expect(calls.find((c) => c.operation === "OrderRetryFulfillmentJob")?.variables).toEqual({ orderId: "o-4" });
  });

  it("starts fulfilment; a refusal is shown beside the button", async () => {
    let refuse = true;
    openOrder({
      OrderStartFulfillment: () => ({
        data: {
          orderStartFulfillment: refuse
            ? payload(null, [userError("INVALID_TRANSITION", "Order #1004 is cancelled and cannot be fulfilled.")])
            : payload(orderDetail({ fulfillmentStatus: "IN_PROGRESS" })),
        },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Order #1004" });
    fireEvent.click(screen.getByRole("button", { name: "Start fulfilment" }));
    expect((await within(section("Actions")).findByRole("alert")).textContent).toContain("Order #1004 is cancelled and cannot be fulfilled.");
    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "Start fulfilment" }));
    expect(await screen.findByText("In progress")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Start fulfilment" })).toBeNull();
  });

  it("marks shipped with tracking: checks the form, shows the gateway's userErrors by field, then the shipment", async () => {
    let answer: object = payload(null, [userError("INVALID_INPUT", "Tracking number is too long", "trackingNumber")]);
    const { calls } = openOrder({ OrderFulfill: () => ({ data: { orderFulfill: answer } }) });
    await screen.findByRole("heading", { level: 1, name: "Order #1004" });
    const form = screen.getByRole("form", { name: "Mark shipped" });
    fireEvent.click(within(form).getByRole("button", { name: "Mark shipped" }));
    expect(await within(form).findByText("Enter the carrier")).toBeTruthy();
    expect(within(form).getByText("Enter the tracking number")).toBeTruthy();
    type("Carrier", "UPS");
    type("Tracking number", "1Z999");
    type("Tracking URL (optional)", "not a url");
    fireEvent.click(within(form).getByRole("button", { name: "Mark shipped" }));
    expect(await within(form).findByText("Enter a web address starting with https://")).toBeTruthy();
    expect(calls.some((c) => c.operation === "OrderFulfill")).toBe(false);

    type("Tracking URL (optional)", "https://ups.test/1Z999");
    fireEvent.click(within(form).getByRole("button", { name: "Mark shipped" }));
    expect(await within(form).findByText("Tracking number is too long")).toBeTruthy();
    expect(calls.find((c) => c.operation === "OrderFulfill")?.variables).toEqual({ orderId: "o-4", carrier: "UPS", trackingNumber: "1Z999", trackingUrl: "https://ups.test/1Z999" });

    answer = payload(
      orderDetail({
        fulfillmentStatus: "FULFILLED",
        tracking: { __typename: "OrderTracking", carrier: "UPS", trackingNumber: "1Z999", trackingUrl: "https://ups.test/1Z999", shippedAt: "2026-11-21T10:00:00.000Z" },
      }),
    );
    fireEvent.click(within(form).getByRole("button", { name: "Mark shipped" }));
    const shipment = await screen.findByRole("region", { name: "Shipment" });
    expect(within(shipment).getByRole("link", { name: /1Z999/ }).getAttribute("href")).toBe("https://ups.test/1Z999");
    expect(screen.getByText("Fulfilled")).toBeTruthy();
    expect(screen.getByText("This order has shipped: nothing more can happen to it.")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Mark shipped" })).toBeNull();
  });

  it("cancels only with a reason, and then shows the reason", async () => {
    const { calls } = openOrder({
      OrderCancel: (variables) => ({
        data: { orderCancel: payload(orderDetail({ fulfillmentStatus: "CANCELLED", cancelReason: variables.reason, cancelledAt: "2026-11-21T09:00:00.000Z" })) },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Order #1004" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel order…" }));
    const form = screen.getByRole("form", { name: "Cancel order" });
    fireEvent.click(within(form).getByRole("button", { name: "Cancel order" }));
    expect(await within(form).findByText("Say why the order is cancelled")).toBeTruthy();
    type("Reason for cancelling", "Customer asked by email");
    fireEvent.click(within(form).getByRole("button", { name: "Cancel order" }));
    const cancellation = await screen.findByRole("region", { name: "Cancellation" });
    expect(within(cancellation).getByText("Customer asked by email")).toBeTruthy();
    expect(calls.find((c) => c.operation === "OrderCancel")?.variables).toEqual({ orderId: "o-4", reason: "Customer asked by email" });
    expect(screen.getByText("This order is cancelled: nothing more can happen to it.")).toBeTruthy();
  });

  it("says when no order has the id", async () => {
    openOrder({}, null);
    expect(await screen.findByText("Order not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All orders" }).getAttribute("href")).toBe("/admin/orders");
  });
});
