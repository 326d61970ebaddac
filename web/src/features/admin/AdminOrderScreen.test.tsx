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
const carriers = {
  data: {
    shippingCarriers: ["USPS", "UPS", "FedEx", "DHL"].map((name) => ({ __typename: "ShippingCarrier", name, trackingUrlTemplate: `https://${name.toLowerCase()}.test/{n}` })),
  },
};
const shipped = {
  __typename: "OrderTracking",
  carrier: "UPS",
  trackingNumber: "1Z999",
  trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
  shippedAt: "2026-11-21T10:00:00.000Z",
  deliveredAt: null,
};

describe("an order in the admin", () => {
  it("says so when the customer deleted their account, with the contact details erased or kept until when", async () => {
    const erased = orderDetail({
      email: "",
      customerName: null,
      accountDeletion: { __typename: "OrderAccountDeletion", deletedAt: "2026-11-21T10:00:00.000Z", contactEraseAfter: "2026-11-21T10:00:00.000Z", contactErasedAt: "2026-11-21T10:00:00.000Z" },
      shippingAddress: { __typename: "OrderShippingAddress", formatted: ["United Kingdom"], phone: null },
    });
    openOrder({}, erased);
    const customer = await screen.findByRole("region", { name: "Customer" });
    expect(within(customer).getByText("Customer deleted their account")).toBeTruthy();
    expect(within(customer).getByText("Email erased")).toBeTruthy();
    expect(within(customer).getByText(/^Contact details erased /)).toBeTruthy();
    expect(within(customer).queryByRole("link")).toBeNull();
    expect(within(customer).getByText("United Kingdom")).toBeTruthy();
  });

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

  it("warns on a line whose design may print blurry, with its resolution, and not on one that prints fine", async () => {
    const detail = orderDetail() as { lineItems: { design: object | null }[] };
    const [tee, mug] = detail.lineItems as [{ design: object }, { design: null }];
    const warning = "This image may print blurry at this size — make it smaller or use a larger picture";
    openOrder({}, { ...detail, lineItems: [{ ...tee, design: { ...tee.design, printDpi: 96, printWarning: warning } }, mug] });
    expect(await screen.findByRole("heading", { level: 1, name: "Order #1004" })).toBeTruthy();
    const items = section("Items");
    const title = within(items).getByText("Low resolution: 96 DPI at its printed size");
    expect(within(title.parentElement!).getByText(warning)).toBeTruthy();
    // On the tee's line, beside its print file; the mug has none.
    const [teeLine, mugLine] = within(items).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(teeLine.contains(title)).toBe(true);
    expect(within(teeLine).getByRole("link", { name: /Download print file for Custom Tee/ })).toBeTruthy();
    expect(mugLine.textContent).not.toContain("Low resolution");
  });

  it("shows no print-quality warning for a design that prints fine", async () => {
    openOrder({});
    expect(await screen.findByRole("heading", { level: 1, name: "Order #1004" })).toBeTruthy();
    expect(within(section("Items")).queryByText(/Low resolution/)).toBeNull();
    expect(within(section("Items")).queryByText(/print blurry/)).toBeNull();
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

  it("marks shipped with a carrier from the list, or another with its page: checks the form, shows the gateway's userErrors by field, then the shipment", async () => {
    let answer: object = payload(null, [userError("INVALID_INPUT", "Tracking number is too long", "trackingNumber")]);
    const { calls } = openOrder({ OrderFulfill: () => ({ data: { orderFulfill: answer } }), ShippingCarriers: () => carriers });
    await screen.findByRole("heading", { level: 1, name: "Order #1004" });
    const form = screen.getByRole("form", { name: "Mark shipped" });
    await within(form).findByRole("option", { name: "USPS" });
    fireEvent.click(within(form).getByRole("button", { name: "Mark shipped" }));
    expect(await within(form).findByText("Enter the tracking number")).toBeTruthy();
    type("Carrier", "OTHER");
    type("Tracking number", "1Z999");
    fireEvent.click(within(form).getByRole("button", { name: "Mark shipped" }));
    expect(await within(form).findByText("Enter the carrier's name")).toBeTruthy();
    expect(within(form).getByText("Enter the carrier's tracking page")).toBeTruthy();
    type("Carrier name", "Pigeon Post");
    type("Tracking page", "not a url");
    fireEvent.click(within(form).getByRole("button", { name: "Mark shipped" }));
    expect(await within(form).findByText("Enter a web address starting with https://")).toBeTruthy();
    expect(calls.some((c) => c.operation === "OrderFulfill")).toBe(false);

    type("Carrier", "UPS");
    fireEvent.click(within(form).getByRole("button", { name: "Mark shipped" }));
    expect(await within(form).findByText("Tracking number is too long")).toBeTruthy();
    expect(calls.find((c) => c.operation === "OrderFulfill")?.variables).toEqual({ orderId: "o-4", carrier: "UPS", trackingNumber: "1Z999", trackingUrl: null });

    answer = payload(orderDetail({ fulfillmentStatus: "FULFILLED", tracking: shipped }));
    fireEvent.click(within(form).getByRole("button", { name: "Mark shipped" }));
    const shipment = await screen.findByRole("region", { name: "Shipment" });
    expect(within(shipment).getByRole("link", { name: /1Z999/ }).getAttribute("href")).toBe("https://www.ups.com/track?tracknum=1Z999");
    expect(within(shipment).getByText("Not yet marked")).toBeTruthy();
    expect(screen.getByText("Fulfilled")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Mark shipped" })).toBeNull();
    expect(await screen.findByRole("form", { name: "Save tracking" })).toBeTruthy();
  });

  it("corrects a shipped order's tracking (emailing it again by default), resends the email, and marks it delivered", async () => {
    const { calls } = openOrder(
      {
        ShippingCarriers: () => carriers,
        OrderTrackingUpdate: (v) => ({ data: { orderTrackingUpdate: payload(orderDetail({ fulfillmentStatus: "FULFILLED", tracking: { ...shipped, trackingNumber: String(v.trackingNumber) } })) } }),
        OrderShippingEmailResend: () => ({ data: { orderShippingEmailResend: payload(orderDetail({ fulfillmentStatus: "FULFILLED", tracking: shipped })) } }),
        OrderMarkDelivered: () => ({ data: { orderMarkDelivered: payload(orderDetail({ fulfillmentStatus: "FULFILLED", tracking: { ...shipped, deliveredAt: "2026-11-24T10:00:00.000Z" } })) } }),
      },
      orderDetail({ fulfillmentStatus: "FULFILLED", tracking: shipped }),
    );
    const form = await screen.findByRole("form", { name: "Save tracking" });
    expect((within(form).getByLabelText("Carrier") as HTMLSelectElement).value).toBe("UPS");
    expect((within(form).getByLabelText("Tracking number") as HTMLInputElement).value).toBe("1Z999");
    type("Tracking number", "1Z998");
    fireEvent.click(within(form).getByRole("button", { name: "Save tracking" }));
    expect(await screen.findByRole("link", { name: /1Z998/ })).toBeTruthy();
    expect(calls.find((c) => c.operation === "OrderTrackingUpdate")?.variables).toEqual({ orderId: "o-4", carrier: "UPS", trackingNumber: "1Z998", trackingUrl: null, resendEmail: true });

    fireEvent.click(screen.getByRole("button", { name: "Resend shipping email" }));
    await screen.findByRole("link", { name: /1Z999/ });
    expect(calls.some((c) => c.operation === "OrderShippingEmailResend")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Mark delivered" }));
    expect(await within(section("Shipment")).findByText(/^Nov 24, 2026/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mark delivered" })).toBeNull();
  });

  it("cancels only with a reason, refunding what remains and emailing the customer by default, and then shows the reason", async () => {
    const { calls } = openOrder({
      OrderCancel: (variables) => ({
        data: {
          orderCancel: payload(
            orderDetail({ fulfillmentStatus: "CANCELLED", financialStatus: "REFUNDED", cancelReason: variables.reason, cancelCustomerMessage: "", cancelledAt: "2026-11-21T09:00:00.000Z" }),
          ),
        },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Order #1004" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel order…" }));
    const form = screen.getByRole("form", { name: "Cancel order" });
    expect((within(form).getByRole("checkbox", { name: "Refund $70.96 to the customer" }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole("checkbox", { name: "Email the customer" }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByText("For staff and the audit log: the customer never sees it.")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Cancel order" }));
    expect(await within(form).findByText("Say why the order is cancelled")).toBeTruthy();
    type("Reason for cancelling", "Customer asked by email");
    fireEvent.click(within(form).getByRole("button", { name: "Cancel order" }));
    const cancellation = await screen.findByRole("region", { name: "Cancellation" });
    expect(within(cancellation).getByText("Customer asked by email")).toBeTruthy();
    expect(within(cancellation).getByText("Emailed, without a message")).toBeTruthy();
    expect(calls.find((c) => c.operation === "OrderCancel")?.variables).toEqual({
      orderId: "o-4",
      reason: "Customer asked by email",
      refund: true,
      notifyCustomer: true,
      customerMessage: null,
    });
    expect(screen.getByText(/This order is cancelled: it will not be shipped/)).toBeTruthy();
  });

  it("cancels without a refund and with a message for the customer, and warns when the printer already has the order", async () => {
    const sent = orderDetail({ fulfillmentJob: { ...orderDetail().fulfillmentJob, state: "SUCCEEDED", lastError: null } });
    const { calls } = openOrder({ OrderCancel: () => ({ data: { orderCancel: payload(orderDetail({ fulfillmentStatus: "CANCELLED", cancelReason: "x" })) } }) }, sent);
    await screen.findByRole("heading", { level: 1, name: "Order #1004" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel order…" }));
    const form = screen.getByRole("form", { name: "Cancel order" });
    expect(within(form).getByText(/already sent to printful. Cancelling asks printful to take it back/)).toBeTruthy();
    type("Reason for cancelling", "Fraud suspected");
    fireEvent.click(within(form).getByText("Refund $70.96 to the customer"));
    expect(await within(form).findByText("Nothing is refunded now: it can be refunded later under Payment.")).toBeTruthy();
    type("Message to the customer (optional)", "  Sorry, we cannot ship this.  ");
    fireEvent.click(within(form).getByRole("button", { name: "Cancel order" }));
    await screen.findByRole("region", { name: "Cancellation" });
    expect(calls.find((c) => c.operation === "OrderCancel")?.variables).toEqual({
      orderId: "o-4",
      reason: "Fraud suspected",
      refund: false,
      notifyCustomer: true,
      customerMessage: "Sorry, we cannot ship this.",
    });
  });

  it("refunds part of the payment behind a confirmation, then lists the refund", async () => {
    const refunded = orderDetail({
      financialStatus: "PARTIALLY_REFUNDED",
      refundedPrice: { __typename: "Money", amount: "20.00", currencyCode: "USD" },
      refundablePrice: { __typename: "Money", amount: "50.96", currencyCode: "USD" },
      refunds: [
        {
          __typename: "Refund",
          id: "r-1",
          amount: { __typename: "Money", amount: "20.00", currencyCode: "USD" },
          reason: "DAMAGED",
          note: "Crushed box",
          actor: "staff:olive@shop.test",
          status: "SUCCEEDED",
          failureMessage: null,
          createdAt: "2026-11-21T10:00:00.000Z",
        },
      ],
    });
    const { calls } = openOrder({
      OrderRefund: () => ({ data: { orderRefund: { __typename: "OrderRefundPayload", order: refunded, refund: { __typename: "Refund", id: "r-1", status: "SUCCEEDED", failureMessage: null }, userErrors: [] } } }),
    });
    await screen.findByRole("heading", { level: 1, name: "Order #1004" });
    fireEvent.click(within(section("Payment")).getByRole("button", { name: "Refund…" }));
    const form = screen.getByRole("form", { name: "Refund" });
    expect((within(form).getByLabelText("Amount (USD)") as HTMLInputElement).value).toBe("70.96");
    type("Amount (USD)", "80");
    fireEvent.click(within(form).getByRole("button", { name: "Review refund" }));
    expect(await within(form).findByText("At most $70.96 remains refundable")).toBeTruthy();
    type("Amount (USD)", "20");
    fireEvent.change(within(form).getByRole("combobox", { name: "Reason" }), { target: { value: "DAMAGED" } });
    type("Note (optional)", "Crushed box");
    fireEvent.click(within(form).getByRole("button", { name: "Review refund" }));
    const confirm = screen.getByRole("group", { name: "Confirm refund" });
    expect(confirm.textContent).toContain("Refund $20.00 to Visa •••• 4242 (damaged in transit)?");
    expect(calls.some((c) => c.operation === "OrderRefund")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Refund $20.00" }));
    const list = await within(section("Payment")).findByRole("list", { name: "Refunds" });
    expect(list.textContent).toContain("$20.00 · Damaged in transit");
    expect(list.textContent).toContain("Note: Crushed box");
    expect(within(section("Payment")).getByText("Partially refunded")).toBeTruthy();
    expect(calls.find((c) => c.operation === "OrderRefund")?.variables).toEqual({ orderId: "o-4", amount: "20", reason: "DAMAGED", note: "Crushed box" });
  });

  it("shows the provider's refusal of a refund beside the form", async () => {
    openOrder({
      OrderRefund: () => ({
        data: { orderRefund: { __typename: "OrderRefundPayload", order: orderDetail(), refund: { __typename: "Refund", id: "r-2", status: "FAILED", failureMessage: "Stripe refused the refund: charge disputed" }, userErrors: [] } },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Order #1004" });
    fireEvent.click(within(section("Payment")).getByRole("button", { name: "Refund…" }));
    fireEvent.click(within(screen.getByRole("form", { name: "Refund" })).getByRole("button", { name: "Review refund" }));
    fireEvent.click(within(screen.getByRole("group", { name: "Confirm refund" })).getByRole("button", { name: "Refund $70.96" }));
    const form = await screen.findByRole("form", { name: "Refund" });
    expect((await within(form).findByRole("alert")).textContent).toContain("Stripe refused the refund: charge disputed");
  });

  it("flags an open dispute: the order is held from the printer", async () => {
    openOrder(
      {},
      orderDetail({
        disputes: [
          {
            __typename: "Dispute",
            id: "dp-1",
            amount: { __typename: "Money", amount: "70.96", currencyCode: "USD" },
            reason: "product_not_received",
            status: "needs_response",
            outcome: null,
            openedAt: "2026-11-22T10:00:00.000Z",
            closedAt: null,
          },
        ],
      }),
    );
    expect(await screen.findByText("Payment disputed")).toBeTruthy();
    expect(screen.getByText(/\$70\.96 \(product not received\)/).textContent).toContain("The order is held from the printer until the dispute closes.");
  });

  it("says when no order has the id", async () => {
    openOrder({}, null);
    expect(await screen.findByText("Order not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All orders" }).getAttribute("href")).toBe("/admin/orders");
  });
});
