import { configure, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { clerk } from "../adminTestData";
import type { TrackingImportReport } from "./useTrackingImport";

configure({ asyncUtilTimeout: 4000 });

function open() {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: clerk } }) });
  renderScreen(<AdminRoute />, { client: mocked.client, route: "/admin/orders/import-tracking", path: "/admin/*" });
}

const row = (over: Partial<TrackingImportReport["rows"][number]>): TrackingImportReport["rows"][number] => ({
  row: 2,
  orderText: "#1004",
  orderNumber: 1004,
  orderId: "o-1004",
  carrier: "UPS",
  trackingNumber: "1Z1004",
  trackingUrl: "https://www.ups.com/track?tracknum=1Z1004",
  outcome: "WILL_SHIP",
  message: "Will ship with UPS 1Z1004",
  ...over,
});

const preview: TrackingImportReport = {
  applied: false,
  willShip: 1,
  shipped: 0,
  unchanged: 1,
  errors: 2,
  rows: [
    row({}),
    row({ row: 3, orderText: "1005", orderNumber: 1005, orderId: "o-1005", outcome: "UNCHANGED", message: "Already shipped with this tracking" }),
    row({ row: 4, orderText: "99999", orderNumber: 99999, orderId: null, outcome: "ERROR", message: "No order has the number #99999" }),
    row({ row: 5, orderText: "1006", orderNumber: 1006, orderId: "o-1006", carrier: "Pigeon", outcome: "ERROR", message: '"Pigeon" is not one of USPS, UPS, FedEx, DHL: give its tracking URL' }),
  ],
};

function answer(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((r) => within(r).getAllByRole("cell").map((c) => c.textContent));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Import tracking", () => {
  it("previews a chosen file row by row, nothing shipped, then ships and shows each row's result", async () => {
    const shipped: TrackingImportReport = {
      ...preview,
      applied: true,
      willShip: 0,
      shipped: 1,
      rows: preview.rows.map((r) => (r.outcome === "WILL_SHIP" ? { ...r, outcome: "SHIPPED", message: "Shipped with UPS 1Z1004" } : r.outcome === "ERROR" ? { ...r, outcome: "FAILED" } : r)),
    };
    const fetchMock = vi.fn((url: string, _init?: RequestInit) => answer(url.includes("apply=true") ? shipped : preview));
    vi.stubGlobal("fetch", fetchMock);
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Import tracking" })).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(["order number,carrier,tracking number\n#1004,UPS,1Z1004\n"], "tracking.csv", { type: "text/csv" })] } });

    const table = await screen.findByRole("table", { name: "Rows of the file" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, (init?.headers as Record<string, string>)["content-type"]]).toEqual(["/api/admin/orders/tracking-import", "POST", "text/csv"]);
    expect(cellsOf(table)).toEqual([
      ["2", "#1004UPS 1Z1004", "Will ship"],
      ["3", "#1005UPS 1Z1004", "UnchangedAlready shipped with this tracking"],
      ["4", "99999UPS 1Z1004", "ErrorNo order has the number #99999"],
      ["5", "#1006Pigeon 1Z1004", 'Error"Pigeon" is not one of USPS, UPS, FedEx, DHL: give its tracking URL'],
    ]);
    expect(within(table).getByRole("link", { name: "#1004" }).getAttribute("href")).toBe("/admin/orders/o-1004");
    const summary = screen.getByRole("list", { name: "Summary" });
    expect(within(summary).getByText("1 will ship")).toBeTruthy();
    expect(within(summary).getByText("2 errors")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Ship 1 order" }));
    expect(await screen.findByText(/1 order shipped and its customer emailed; 1 already shipped; 2 failed/)).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/admin/orders/tracking-import?apply=true");
    expect(screen.getByRole("heading", { name: "Result" })).toBeTruthy();
    expect(cellsOf(screen.getByRole("table", { name: "Rows of the file" }))[0]).toEqual(["2", "#1004UPS 1Z1004", "Shipped"]);
  });

  it("previews pasted rows, and will not apply when nothing would ship", async () => {
    const nothing: TrackingImportReport = { ...preview, willShip: 0, rows: preview.rows.slice(1) };
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => answer(nothing));
    vi.stubGlobal("fetch", fetchMock);
    open();
    await screen.findByRole("heading", { level: 1, name: "Import tracking" });
    const paste = screen.getByLabelText("Or paste the rows");
    expect(screen.getByRole("button", { name: "Preview pasted rows" }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(paste, { target: { value: "order,carrier,tracking\n1005,UPS,1Z1004\n" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview pasted rows" }));
    await screen.findByRole("table", { name: "Rows of the file" });
    expect(await (fetchMock.mock.calls[0]![1]!.body as Blob).text()).toBe("order,carrier,tracking\n1005,UPS,1Z1004\n");
    expect(screen.getByRole("button", { name: "Nothing to ship" }).hasAttribute("disabled")).toBe(true);
  });

  it("says why the gateway refused the file", async () => {
    vi.stubGlobal("fetch", vi.fn(() => answer({ error: "The file has more than 1000 rows beside the header: split it into smaller files", field: "csv" }, 400)));
    open();
    await screen.findByRole("heading", { level: 1, name: "Import tracking" });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(["x"], "big.csv", { type: "text/csv" })] } });
    expect(await screen.findByText("The file has more than 1000 rows beside the header: split it into smaller files")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
