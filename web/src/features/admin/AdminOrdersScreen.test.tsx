import { configure, fireEvent, screen, within } from "@testing-library/react";
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
    expect(within(unfulfilled).getAllByRole("cell").map((cell) => cell.getAttribute("data-label"))).toEqual(["Order", "Date", "Customer", "Payment", "Fulfilment", "Items", "Total"]);
  });

  it("filters by status at once and searches on submit, keeping both in the address", async () => {
    const { calls } = openOrders(() => ordersPage([orderRow("o-1", 1001, "UNFULFILLED")]));
    await screen.findByText("1 order");
    expect(ordersCalls(calls)[0]).toEqual({ status: null, search: null, first: 20, after: null });

    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "UNFULFILLED" } });
    await screen.findByText("/admin/orders?status=UNFULFILLED", { selector: "[data-testid=location]" });
    fireEvent.change(screen.getByLabelText("Order number or email"), { target: { value: " 1001 " } });
    fireEvent.submit(screen.getByRole("search", { name: "Search orders" }));
    await screen.findByText("/admin/orders?status=UNFULFILLED&q=1001", { selector: "[data-testid=location]" });
    await screen.findByText("1 order");
    expect(ordersCalls(calls).at(-1)).toEqual({ status: "UNFULFILLED", search: "1001", first: 20, after: null });
    expect(ordersCalls(calls).some((v) => v.status === "UNFULFILLED" && v.search === null)).toBe(true);
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
    openOrders(() => ordersPage([]), "/admin/orders?q=nobody");
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
