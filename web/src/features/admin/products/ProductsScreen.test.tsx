import { configure, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { clerk, owner, refused } from "../adminTestData";
import { productRow, productsPage } from "./productTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

function openProducts(adminProducts: Parameters<typeof mockClient>[0][string], { route = "/admin/products", staff = owner } = {}) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: staff } }), AdminProducts: adminProducts });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const listCalls = (calls: { operation: string; variables: Record<string, unknown> }[]) => calls.filter((c) => c.operation === "AdminProducts").map((c) => c.variables);
const location = () => screen.getByTestId("location").textContent;

describe("the admin's products", () => {
  it("lists each product with its thumbnail, status, price, variants and last change, the whole row opening its editor", async () => {
    openProducts(() =>
      productsPage(
        [
          productRow("p-1", "Impeachment Tee", { variantCount: 15 }),
          productRow("p-2", "Filibuster Mug", { status: "DRAFT", price: "16.99", variantCount: 1, thumbnailUrl: null }),
          productRow("p-3", "Old Hat", { status: "ARCHIVED" }),
        ],
        { totalCount: 3 },
      ),
    );
    expect(await screen.findByText("3 products")).toBeTruthy();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    const [tee, mug, hat] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(tee).getByRole("link", { name: "Impeachment Tee" }).getAttribute("href")).toBe("/admin/products/p-1");
    expect(within(tee).getByText("Active")).toBeTruthy();
    expect(within(tee).getByText("From $24.99")).toBeTruthy();
    expect(within(tee).getByText("15 variants")).toBeTruthy();
    expect(within(tee).getByText("/product/impeachment-tee")).toBeTruthy();
    expect(tee.querySelector("img")?.getAttribute("src")).toBe("/media/products/p-1-160.webp");
    expect(tee.textContent).toContain("Nov 20, 2026");
    expect(within(mug).getByText("Draft")).toBeTruthy();
    expect(within(mug).getByText("$16.99")).toBeTruthy();
    expect(within(mug).getByText("1 variant")).toBeTruthy();
    expect(mug.querySelector("img")).toBeNull();
    expect(within(hat).getByText("Archived")).toBeTruthy();
    // Each cell names its column, for the stacked phone layout.
    expect(within(tee).getAllByRole("cell").map((cell) => cell.getAttribute("data-label"))).toEqual([null, null, "Status", "Price", "Variants", "Updated"]);
    expect(screen.getByRole("link", { name: "Add product" }).getAttribute("href")).toBe("/admin/products/new");
  });

  it("filters by status at once, searches on submit and pages by number, all kept in the address", async () => {
    const { calls } = openProducts((variables) => productsPage([productRow(`p-${String(variables.page)}`, `Tee ${String(variables.page)}`)], { totalCount: 41, page: Number(variables.page) }));
    expect(await screen.findByText("Showing 1–1 of 41")).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ status: null, search: null, page: 1, pageSize: 20 });
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("/admin/products?page=2", { selector: "[data-testid=location]" });
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
    expect(listCalls(calls).at(-1)).toEqual({ status: null, search: null, page: 2, pageSize: 20 });

    // A new filter starts again at page 1.
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "DRAFT" } });
    await screen.findByText("/admin/products?status=DRAFT", { selector: "[data-testid=location]" });
    fireEvent.change(screen.getByLabelText("Title, tag, handle or SKU"), { target: { value: " mug " } });
    fireEvent.submit(screen.getByRole("search", { name: "Search products" }));
    await screen.findByText("/admin/products?status=DRAFT&q=mug", { selector: "[data-testid=location]" });
    await screen.findByText("Page 1 of 3");
    expect(listCalls(calls).at(-1)).toEqual({ status: "DRAFT", search: "mug", page: 1, pageSize: 20 });
  });

  it("opens on the filters the address holds", async () => {
    const { calls } = openProducts(() => productsPage([]), { route: "/admin/products?status=ARCHIVED&q=hat&page=2" });
    expect(await screen.findByText("No products found")).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ status: "ARCHIVED", search: "hat", page: 2, pageSize: 20 });
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("ARCHIVED");
    expect((screen.getByLabelText("Title, tag, handle or SKU") as HTMLInputElement).value).toBe("hat");
  });

  it("invites the first product when the shop has none", async () => {
    openProducts(() => productsPage([]));
    expect(await screen.findByText("No products yet")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Add product" })).toHaveLength(2);
  });

  it("is in the menu of staff members too, not only owners", async () => {
    openProducts(() => productsPage([productRow("p-1", "Impeachment Tee")]), { route: "/admin/orders", staff: clerk });
    const menu = await screen.findByRole("navigation", { name: "Admin" });
    expect(within(menu).getAllByRole("link").map((link) => link.textContent)).toEqual(["Home", "Orders", "Products", "Collections", "Memes", "Promotions", "Security"]);
    fireEvent.click(within(menu).getByRole("link", { name: "Products" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Products" })).toBeTruthy();
    expect(location()).toBe("/admin/products");
  });

  it("answers UNAUTHENTICATED (the session ended) by offering to sign in again", async () => {
    openProducts(() => refused("UNAUTHENTICATED"));
    expect(await screen.findByText("Your session has ended")).toBeTruthy();
  });
});
