import { configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { homeAnswer, owner } from "../adminTestData";
import { browserTimeZone } from "./homeLinks";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

function openHome(answer: Parameters<typeof mockClient>[0][string]) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: owner } }), AdminHome: answer });
  renderScreen(<AdminRoute />, { client: mocked.client, route: "/admin", path: "/admin/*" });
  return mocked;
}

const figure = (name: RegExp) => within(screen.getByRole("region", { name: "Figures" })).getByRole("link", { name });

describe("the admin's Home", () => {
  it("shows each figure leading to the orders behind it, asked for in the browser's time zone", async () => {
    const { calls } = openHome(() => homeAnswer());
    expect(await screen.findByRole("heading", { level: 1, name: "Home" })).toBeTruthy();
    await screen.findByText("Days run midnight to midnight in Europe/Berlin.");
    expect(calls.find((c) => c.operation === "AdminHome")?.variables).toEqual({ timeZone: browserTimeZone() });

    const today = figure(/^Today/);
    expect(today.textContent).toBe("Today2 orders$60.00 net");
    expect(today.getAttribute("href")).toBe("/admin/orders?status=ALL&from=2026-11-20&to=2026-11-20");
    expect(figure(/^Last 7 days/).textContent).toBe("Last 7 days3 orders$79.99 net");
    expect(figure(/^Last 7 days/).getAttribute("href")).toBe("/admin/orders?status=ALL&from=2026-11-14&to=2026-11-20");
    expect(figure(/^Last 30 days/).textContent).toBe("Last 30 days6 orders$155.49 net");
    expect(figure(/^Last 30 days/).getAttribute("href")).toBe("/admin/orders?status=ALL&from=2026-10-22&to=2026-11-20");
    const toShip = figure(/^To ship/);
    expect(toShip.textContent).toMatch(/^To ship4 ordersOldest paid Nov 2, 2026, \d{1,2}:30 (AM|PM)$/);
    expect(toShip.getAttribute("href")).toBe("/admin/orders");
    const failed = figure(/^Print partner failed/);
    expect(failed.textContent).toBe("Print partner failed1 orderRetry from each order");
    expect(failed.getAttribute("href")).toBe("/admin/orders?status=ALL&partner=FAILED");

    // The chart: one bar per day with orders, and a summary for screen readers.
    const chart = screen.getByRole("group", { name: /^Orders and net revenue per day/ });
    expect(chart.getAttribute("aria-label")).toBe("Orders and net revenue per day from Oct 22 to Nov 20: 6 orders in all, at most 3 orders and $75.50 in a day.");
    expect([...chart.querySelectorAll(".home-bar")].map((bar) => bar.getAttribute("data-date"))).toEqual(["2026-10-25", "2026-11-18", "2026-11-20"]);
    expect([...chart.querySelectorAll("title")].at(-1)?.textContent).toBe("Nov 20: 2 orders, $60.00 net");
    // Each day leads to its orders.
    const lastDay = within(chart).getByRole("link", { name: "Nov 20: 2 orders, $60.00 net" });
    expect(lastDay.getAttribute("href")).toBe("/admin/orders?status=ALL&from=2026-11-20&to=2026-11-20");
  });

  it("lists the best sellers of the chosen period, each leading to its orders in that period", async () => {
    openHome(() => homeAnswer());
    const panel = await screen.findByRole("region", { name: "Best sellers" });
    const period = within(panel).getByRole("group", { name: "Period" });
    expect(within(period).getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("true");
    const rows = () => within(within(panel).getByRole("list")).getAllByRole("listitem").map((item) => item.textContent);
    expect(rows()).toEqual(["1Filibuster Tee3 sold$75.00", "2Red Tape Mug1 sold$14.00"]);
    expect(within(panel).getByRole("link", { name: "Filibuster Tee" }).getAttribute("href")).toBe("/admin/orders?status=ALL&product=p-tee&from=2026-11-14&to=2026-11-20");

    fireEvent.click(within(period).getByRole("button", { name: "30 days" }));
    expect(within(period).getByRole("button", { name: "30 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(period).getByRole("button", { name: "7 days" }).getAttribute("aria-pressed")).toBe("false");
    expect(rows()).toEqual(["1Filibuster Tee5 sold$125.00", "2Retired Hat1 sold$20.00", "3Red Tape Mug1 sold$14.00"]);
    expect(within(panel).getByRole("link", { name: "Filibuster Tee" }).getAttribute("href")).toBe("/admin/orders?status=ALL&product=p-tee&from=2026-10-22&to=2026-11-20");
    // A product kept without an id has nothing to filter by: named, not linked.
    expect(within(panel).queryByRole("link", { name: "Retired Hat" })).toBeNull();

    fireEvent.click(within(period).getByRole("button", { name: "Today" }));
    expect(rows()).toEqual(["1Filibuster Tee2 sold$50.00"]);
    expect(within(panel).getByRole("link", { name: "Filibuster Tee" }).getAttribute("href")).toBe("/admin/orders?status=ALL&product=p-tee&from=2026-11-20&to=2026-11-20");
  });

  it("says so when the shop has no orders yet, with its zeros still leading to the orders", async () => {
    openHome(() => homeAnswer({ quiet: true }));
    expect(await screen.findByRole("heading", { level: 2, name: "No orders yet" })).toBeTruthy();
    expect(figure(/^Today/).textContent).toBe("Today0 orders$0.00 net");
    expect(figure(/^To ship/).textContent).toBe("To ship0 ordersNothing waiting");
    expect(figure(/^Print partner failed/).textContent).toBe("Print partner failed0 ordersNo failed jobs");
    expect(screen.queryByRole("group", { name: /^Orders and net revenue/ })).toBeNull();
    expect(screen.queryByRole("region", { name: "Best sellers" })).toBeNull();
  });

  it("shows skeletons while loading, then the error with Try Again, which asks again", async () => {
    let answer: () => Promise<ReturnType<typeof homeAnswer>> | ReturnType<typeof homeAnswer> | Error = () => new Error("gateway down");
    const { calls } = openHome(() => answer());
    expect(await screen.findByRole("status", { name: "Loading the shop's figures" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Error loading the shop's figures" })).toBeTruthy();
    answer = () => homeAnswer();
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("region", { name: "Figures" })).toBeTruthy();
    expect(calls.filter((c) => c.operation === "AdminHome")).toHaveLength(2);
  });
});
