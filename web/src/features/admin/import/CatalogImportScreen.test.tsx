import { configure, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { clerk, owner } from "../adminTestData";
import type { CatalogImportReport } from "./useCatalogImport";

configure({ asyncUtilTimeout: 4000 });

function openAs(staff: typeof owner) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: staff } }) });
  renderScreen(<AdminRoute />, { client: mocked.client, route: "/admin/import", path: "/admin/*" });
}

const report = (over: Partial<CatalogImportReport> = {}): CatalogImportReport => ({
  applied: false,
  rowCount: 3,
  created: 1,
  changed: 1,
  unchanged: 4,
  products: [
    { row: 2, handle: "veto-tee", title: "Veto Tee", action: "UPDATE", changes: ["Variant M: Variant Price 21.00 → 22.50"] },
    { row: 4, handle: "import-cap", title: "Import Cap", action: "CREATE", changes: ["New product with 1 variant"] },
    { row: 5, handle: "same-mug", title: "Same Mug", action: "UNCHANGED", changes: [] },
  ],
  errors: [],
  notices: ["Images are not fetched from a CSV file; upload them in the product editor (ignored: Image Src)."],
  ...over,
});

function answer(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

async function chooseFile(text = "Handle,Variant Price\n") {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([text], "products.csv", { type: "text/csv" })] } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Import/Export (owner)", () => {
  it("offers the export, previews a chosen file without writing, then applies it and says so", async () => {
    const fetchMock = vi.fn((url: string, _init?: RequestInit) => answer(url.includes("apply=true") ? report({ applied: true }) : report()));
    vi.stubGlobal("fetch", fetchMock);
    openAs(owner);
    expect(await screen.findByRole("heading", { level: 1, name: "Import and export" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Download products\.csv/ }).getAttribute("href")).toBe("/api/admin/catalog/products.csv");
    expect(screen.getByRole("link", { name: "Import/Export" }).getAttribute("aria-current")).toBe("page");

    await chooseFile();
    expect(await screen.findByRole("heading", { name: "Preview" })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method, (init?.headers as Record<string, string>)["content-type"]]).toEqual(["/api/admin/catalog/import", "POST", "text/csv"]);
    const summary = screen.getByRole("list", { name: "Summary" });
    expect(within(summary).getByText("1 new")).toBeTruthy();
    expect(within(summary).getByText("4 unchanged")).toBeTruthy();
    expect(screen.getByText("Variant M: Variant Price 21.00 → 22.50")).toBeTruthy();
    expect(screen.queryByText("Same Mug")).toBeNull();
    expect(screen.getByText(/Images are not fetched/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Apply import" }));
    expect(await screen.findByText("Imported: 1 new, 1 changed. Shoppers see it on their next visit.")).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/admin/catalog/import?apply=true");
    expect(screen.getByRole("heading", { name: "Result" })).toBeTruthy();
  });

  it("shows every error by row and column and will not apply a file with errors", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        answer(
          report({
            errors: [
              { row: 3, column: "Variant Price", message: "Variant Price must be an amount in dollars and cents, e.g. 24.99" },
              { row: null, column: null, message: "The header names the column \"Title\" twice" },
            ],
          }),
        ),
      ),
    );
    openAs(owner);
    await screen.findByRole("heading", { level: 1, name: "Import and export" });
    await chooseFile();
    const table = await screen.findByRole("table", { name: "Errors by row and column" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell").map((c) => c.textContent))).toEqual([
      ["3", "Variant Price", "Variant Price must be an amount in dollars and cents, e.g. 24.99"],
      ["File", "—", 'The header names the column "Title" twice'],
    ]);
    expect(screen.getByRole("button", { name: "Apply import" }).hasAttribute("disabled")).toBe(true);
  });

  it("says why the gateway refused the file, and refuses a file over 10 MB before sending it", async () => {
    const fetchMock = vi.fn(() => answer({ error: "The file is larger than 10 MB" }, 413));
    vi.stubGlobal("fetch", fetchMock);
    openAs(owner);
    await screen.findByRole("heading", { level: 1, name: "Import and export" });
    await chooseFile();
    expect(await screen.findByText("The file is larger than 10 MB")).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File(["x"], "big.csv", { type: "text/csv" });
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText("The file is larger than 10 MB: split it into smaller files.")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("is the owner's: other staff neither see it in the menu nor may open it", async () => {
    vi.stubGlobal("fetch", vi.fn());
    openAs(clerk);
    expect(await screen.findByRole("heading", { name: "Owners only" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Import/Export" })).toBeNull();
  });
});
