import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import AdminRoute from "../../routes/AdminRoute";
import { orderRow, ordersPage, owner, refused } from "./adminTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

function openOrders(adminOrders: Parameters<typeof mockClient>[0][string], route = "/admin/orders") {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: owner } }), AdminOrders: adminOrders });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const ordersCalls = (calls: { operation: string; variables: Record<string, unknown> }[]) => calls.filter((c) => c.operation === "AdminOrders").map((c) => c.variables);

describe("the admin's orders", () => {
  it("lists the orders with number, customer, payment and fulfilment badges, items, total and the count", async () => {
    openOrders(() =>
      ordersPage(
        [
          orderRow("o-3", 1003, "CANCELLED"),
          orderRow("o-2", 1002, "FULFILLED"),
          orderRow("o-1", 1001, "UNFULFILLED"),
          orderRow("o-0", 1000, "IN_PROGRESS", { totalPrice: { __typename: "Money", amount: "5", currencyCode: "USD" } }),
        ],
        { totalCount: 4 },
      ),
    );
    expect(await screen.findByText("4 orders")).toBeTruthy();
    const table = screen.getByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual(["#1003", "#1002", "#1001", "#1000"]);
    const [cancelled, fulfilled, unfulfilled, inProgress] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(cancelled).getByText("Cancelled")).toBeTruthy();
    expect(within(fulfilled).getByText("Fulfilled")).toBeTruthy();
    expect(within(unfulfilled).getByText("Unfulfilled")).toBeTruthy();
    expect(within(inProgress).getByText("In progress")).toBeTruthy();
    expect(within(inProgress).getByText("$5.00")).toBeTruthy();
    expect(within(unfulfilled).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(unfulfilled).getByText("buyer1001@example.com")).toBeTruthy();
    expect(within(unfulfilled).getByText("Paid")).toBeTruthy();
    expect(within(unfulfilled).getByText("$49.98")).toBeTruthy();
    expect(within(unfulfilled).getByText("2")).toBeTruthy();
    expect(within(unfulfilled).getByRole("link").getAttribute("href")).toBe("/admin/orders/o-1");
    // Each cell names its column, for the stacked phone layout.
    expect(within(unfulfilled).getAllByRole("cell").map((cell) => cell.getAttribute("data-label"))).toEqual(["Select", "Order", "Date", "Customer", "Payment", "Fulfilment", "Items", "Total"]);
  });

  it("marks an order holding a design that may print blurry", async () => {
    const lowRes = { __typename: "AdminDesign", id: "d-9", printWarning: "This image may print blurry at this size — make it smaller or use a larger picture" };
    const fine = { __typename: "AdminDesign", id: "d-8", printWarning: null };
    const line = (id: string, design: object | null) => ({ __typename: "AdminOrderLine", id, quantity: 1, design });
    openOrders(() =>
      ordersPage([
        orderRow("o-2", 1002, "UNFULFILLED", { lineItems: [line("l-21", null), line("l-22", lowRes)] }),
        orderRow("o-1", 1001, "UNFULFILLED", { lineItems: [line("l-11", fine)] }),
      ]),
    );
    expect(await screen.findByText("2 orders")).toBeTruthy();
    const [blurry, sharp] = within(screen.getByRole("table")).getAllByRole("row").slice(1) as [HTMLElement, HTMLElement];
    expect(within(blurry).getByText("Low-res design")).toBeTruthy();
    expect(within(sharp).queryByText("Low-res design")).toBeNull();
  });

  it("opens on To ship, oldest first, with each tab's count; tabs, search, dates and sort stay in the address", async () => {
    const { calls } = openOrders(() => ordersPage([orderRow("o-1", 1001, "UNFULFILLED")]));
    await screen.findByText("1 order");
    expect(ordersCalls(calls)[0]).toEqual({
      view: "TO_SHIP",
      status: null,
      sort: null,
      search: null,
      placedFrom: null,
      placedBefore: null,
      productId: null,
      printJobFailed: null,
      first: 20,
      after: null,
    });
    const tabs = screen.getByRole("navigation", { name: "Order views" });
    expect(within(tabs).getAllByRole("link").map((l) => l.textContent)).toEqual(["To ship4", "All9", "Unfulfilled3", "In progress1", "Fulfilled4", "Cancelled1"]);
    expect(within(tabs).getByRole("link", { name: /To ship/ }).getAttribute("aria-current")).toBe("page");
    expect((screen.getByLabelText("Sort") as HTMLSelectElement).value).toBe("OLDEST_FIRST");

    fireEvent.click(within(tabs).getByRole("link", { name: /Unfulfilled/ }));
    await screen.findByText("/admin/orders?status=UNFULFILLED", { selector: "[data-testid=location]" });
    fireEvent.change(screen.getByLabelText("Order number or email"), { target: { value: " 1001 " } });
    fireEvent.submit(screen.getByRole("search", { name: "Search orders" }));
    await screen.findByText("/admin/orders?status=UNFULFILLED&q=1001", { selector: "[data-testid=location]" });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-20" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-21" } });
    fireEvent.click(screen.getByRole("button", { name: /^Total/ }));
    await screen.findByText("/admin/orders?status=UNFULFILLED&q=1001&from=2026-11-20&to=2026-11-21&sort=TOTAL_HIGHEST_FIRST", { selector: "[data-testid=location]" });
    await waitFor(() =>
      expect(ordersCalls(calls).at(-1)).toMatchObject({
        view: "ALL",
        status: "UNFULFILLED",
        search: "1001",
        sort: "TOTAL_HIGHEST_FIRST",
        placedFrom: new Date(2026, 10, 20).toISOString(),
        placedBefore: new Date(2026, 10, 22).toISOString(),
      }),
    );
    expect(screen.getByRole("columnheader", { name: /Total/ }).getAttribute("aria-sort")).toBe("descending");
  });

  it("selects orders and ships them together, each with its tracking, naming those refused", async () => {
    const rows = [orderRow("o-1", 1001, "UNFULFILLED"), orderRow("o-2", 1002, "IN_PROGRESS"), orderRow("o-3", 1003, "UNFULFILLED")];
    const mocked = mockClient({
      StaffMe: () => ({ data: { staffMe: owner } }),
      AdminOrders: () => ordersPage(rows),
      ShippingCarriers: () => ({ data: { shippingCarriers: ["USPS", "UPS"].map((name) => ({ __typename: "ShippingCarrier", name, trackingUrlTemplate: "https://x.test/{n}" })) } }),
      OrdersFulfill: (v) => ({
        data: {
          ordersFulfill: {
            __typename: "AdminOrdersBulkPayload",
            changedCount: 1,
            userErrors: [],
            results: (v.shipments as { orderId: string }[]).map((s, i) => ({
              __typename: "AdminOrderBulkResult",
              orderId: s.orderId,
              orderNumber: 1001 + i,
              order: i === 0 ? { ...rows[0], fulfillmentStatus: "FULFILLED" } : null,
              userErrors: i === 0 ? [] : [{ __typename: "UserError", field: null, message: `Order #${1001 + i} is cancelled and cannot be fulfilled.` }],
            })),
          },
        },
      }),
    });
    renderScreen(<AdminRoute />, { client: mocked.client, route: "/admin/orders", path: "/admin/*" });
    await screen.findByText("3 orders");
    fireEvent.click(screen.getByLabelText("Select order #1001"));
    fireEvent.click(screen.getByLabelText("Select order #1002"));
    const bar = await screen.findByRole("region", { name: "Selected orders" });
    expect(within(bar).getByText("2 selected")).toBeTruthy();
    expect(within(bar).getByRole("link", { name: /Packing slips/ }).getAttribute("href")).toBe("/admin/orders/packing-slips?ids=o-1,o-2");
    expect(within(bar).getByRole("link", { name: /Export CSV/ }).getAttribute("href")).toBe("/api/admin/orders.csv?ids=o-1,o-2");
    fireEvent.click(within(bar).getByRole("button", { name: /Mark shipped/ }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findAllByRole("option", { name: "UPS" });
    fireEvent.change(within(dialog).getByLabelText("Carrier for every order"), { target: { value: "UPS" } });
    fireEvent.change(within(dialog).getByLabelText("Tracking number for #1001"), { target: { value: "1Z1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /Mark shipped and email customers/ }));
    expect(await within(dialog).findByText("Enter the tracking number")).toBeTruthy();
    expect(mocked.calls.some((c) => c.operation === "OrdersFulfill")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Tracking number for #1002"), { target: { value: "1Z2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /Mark shipped and email customers/ }));
    expect(await within(dialog).findByText("Order #1002 is cancelled and cannot be fulfilled.")).toBeTruthy();
    expect(mocked.calls.find((c) => c.operation === "OrdersFulfill")?.variables).toEqual({
      shipments: [
        { orderId: "o-1", carrier: "UPS", trackingNumber: "1Z1", trackingUrl: null },
        { orderId: "o-2", carrier: "UPS", trackingNumber: "1Z2", trackingUrl: null },
      ],
    });
    // The shipped order left the selection; the refused one stays, with its reason.
    expect(within(screen.getByRole("region", { name: "Selected orders", hidden: true })).getByText("1 selected")).toBeTruthy();
  });

  it("pages by cursor: Next asks after the last cursor, Previous goes back", async () => {
    const { calls } = openOrders((variables) =>
      variables.after === "c-20"
        ? ordersPage([orderRow("o-21", 1021, "FULFILLED")], { totalCount: 21 })
        : ordersPage(
            Array.from({ length: 20 }, (_, i) => orderRow(`o-${i + 1}`, 1001 + i, "UNFULFILLED")),
            { totalCount: 21, hasNextPage: true, endCursor: "c-20" },
          ),
    );
    expect(await screen.findByText("Showing 1–20 of 21")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 21–21 of 21")).toBeTruthy();
    expect(ordersCalls(calls).at(-1)).toMatchObject({ after: "c-20" });
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByText("Showing 1–20 of 21")).toBeTruthy();
  });

  it("says when nothing matches the filters", async () => {
    openOrders(() => ordersPage([]), "/admin/orders?status=ALL&q=nobody");
    expect(await screen.findByText("No orders found")).toBeTruthy();
    expect(screen.getByText("No order matches these filters.")).toBeTruthy();
  });

  it("answers UNAUTHENTICATED (the session ended) by offering to sign in again", async () => {
    openOrders(() => refused("UNAUTHENTICATED"));
    expect(await screen.findByText("Your session has ended")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign in again" }));
    expect(await screen.findByRole("form", { name: "Staff sign in" })).toBeTruthy();
  });

  it("FORBIDDEN says the role cannot see orders", async () => {
    openOrders(() => refused("FORBIDDEN"));
    expect(await screen.findByText("Not allowed")).toBeTruthy();
  });
});
