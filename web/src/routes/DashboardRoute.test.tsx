import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../tests/mockClient";
import { renderScreen } from "../../tests/render";
import DashboardRoute from "./DashboardRoute";

const ada = { __typename: "Customer", id: "c-1", email: "ada@example.com", displayName: "Ada Lovelace", hasPassword: true, googleLinked: false };

const order = (id: string, orderNumber: number, fulfillmentStatus: string, total: string, quantities: number[]) => ({
  __typename: "Order",
  id,
  orderNumber,
  processedAt: "2026-11-20T15:00:00.000Z",
  fulfillmentStatus,
  statusUrl: `http://shop.test/store/orders/token-${orderNumber}`,
  totalPrice: { __typename: "Money", amount: total },
  lineItems: quantities.map((quantity, i) => ({ __typename: "OrderLineItem", id: `${id}-l${i}`, quantity })),
});

function openDashboard(answers: Parameters<typeof mockClient>[0], route = "/dashboard") {
  const mocked = mockClient(answers);
  renderScreen(<DashboardRoute />, { client: mocked.client, route });
  return mocked;
}

const signedIn = (customer: object = ada) => () => ({ data: { me: customer } });
const withOrders = (orders: object[]) => () => ({ data: { me: { __typename: "Customer", id: "c-1", orders } } });

describe("the dashboard (spec §2)", () => {
  it("waits for the session, showing three order skeletons, and only then sends a signed-out visitor home", async () => {
    openDashboard({ Session: () => ({ data: { me: null } }) });
    expect(screen.getAllByTestId("order-skeleton")).toHaveLength(3);
    expect(screen.getByTestId("location").textContent).toBe("/dashboard");
    await screen.findByText("/", { selector: "[data-testid=location]" });
  });

  it("says so, instead of redirecting, when the session could not be read", async () => {
    openDashboard({});
    expect(await screen.findByText("We couldn't check your sign-in")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/dashboard");
  });

  it("greets the customer and shows three skeletons while the orders load", async () => {
    let answerOrders = () => undefined as void;
    const ordersAnswered = new Promise<void>((resolve) => (answerOrders = resolve));
    openDashboard({ Session: signedIn(), DashboardRoute: () => ordersAnswered.then(withOrders([])) });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back, Ada Lovelace!" })).toBeTruthy();
    expect(screen.getAllByTestId("order-skeleton")).toHaveLength(3);
    answerOrders();
    expect(await screen.findByText("No orders yet")).toBeTruthy();
    expect(screen.queryAllByTestId("order-skeleton")).toHaveLength(0);
  });

  it("greets by email when there is no display name, and invites to shop when there are no orders", async () => {
    openDashboard({ Session: signedIn({ ...ada, displayName: null }), DashboardRoute: withOrders([]) });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome back, ada@example.com!" })).toBeTruthy();
    expect(await screen.findByText("No orders yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start Shopping" }).getAttribute("href")).toBe("/shop");
  });

  it("lists each order with number, date, status, total, item count, Track Order and View Details", async () => {
    openDashboard({
      Session: signedIn(),
      DashboardRoute: withOrders([
        order("o-3", 1003, "FULFILLED", "49.98", [2]),
        order("o-2", 1002, "IN_PROGRESS", "16.99", [1]),
        order("o-1", 1001, "UNFULFILLED", "80.96", [1, 2, 1]),
      ]),
    });
    const list = await screen.findByRole("list", { name: "My orders" });
    const cards = within(list).getAllByRole("article");
    expect(cards.map((card) => within(card).getByRole("heading").textContent)).toEqual(["Order #1003", "Order #1002", "Order #1001"]);

    const [shipped, processing, pending] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(shipped).getByText("Shipped")).toBeTruthy();
    expect(within(processing).getByText("Processing")).toBeTruthy();
    expect(within(pending).getByText("Pending")).toBeTruthy();
    expect(within(pending).getByText("Placed November 20, 2026")).toBeTruthy();
    expect(within(pending).getByText("$80.96")).toBeTruthy();
    expect(within(pending).getByText("4 items")).toBeTruthy();
    expect(within(processing).getByText("1 item")).toBeTruthy();

    const track = within(pending).getByRole("link", { name: /Track order #1001/ });
    expect(track.getAttribute("href")).toBe("http://shop.test/store/orders/token-1001");
    expect(track.getAttribute("target")).toBe("_blank");
    expect(track.getAttribute("rel")).toContain("noopener");
    expect(within(pending).getByRole("link", { name: /View details of order #1001/ }).getAttribute("href")).toBe("/order/o-1");
  });

  it("shows an error with Try Again when the orders cannot be loaded", async () => {
    openDashboard({ Session: signedIn() });
    expect(await screen.findByText("Error loading orders")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
  });

  it("shows the account details tab: email, name or Not set, and the way to /account", async () => {
    openDashboard({ Session: signedIn({ ...ada, displayName: null }), DashboardRoute: withOrders([]) });
    fireEvent.click(await screen.findByRole("tab", { name: "Account Details" }));
    expect(await screen.findByText("Not set")).toBeTruthy();
    expect(screen.getAllByText("ada@example.com").length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Manage Account" }).getAttribute("href")).toBe("/account");
    expect(screen.getByTestId("location").textContent).toBe("/dashboard?tab=account");
  });
});
