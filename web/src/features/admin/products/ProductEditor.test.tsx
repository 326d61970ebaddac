import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { owner, userError } from "../adminTestData";
import { adminProduct, adminVariant, productPayload, productsPage } from "./productTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

type Answers = Parameters<typeof mockClient>[0];

function openEditor(answers: Answers, route = "/admin/products/p-1") {
  const mocked = mockClient({
    StaffMe: () => ({ data: { staffMe: owner } }),
    AdminProduct: () => ({ data: { adminProduct: adminProduct() } }),
    AdminProducts: () => productsPage([]),
    ...answers,
  });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const form = () => screen.getByRole("form", { name: /^(Edit|Add) product$/ });
const field = (label: string) => within(form()).getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(within(form()).getByRole("button", { name: "Save" }));
const sentInput = (calls: { operation: string; variables: Record<string, unknown> }[], operation: string) =>
  calls.filter((c) => c.operation === operation).at(-1)?.variables as { id?: string; input: Record<string, any> } | undefined;
const location = () => screen.getByTestId("location").textContent;

describe("the product editor", () => {
  it("shows the saved product: its fields, its address, a link to its page, and a row per variant", async () => {
    openEditor({});
    expect(await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" })).toBeTruthy();
    expect(field("Title").value).toBe("Impeachment Tee");
    expect(field("Handle").value).toBe("impeachment-tee");
    expect(screen.getByText(/Its address: http:\/\/.*\/product\/impeachment-tee/)).toBeTruthy();
    expect((field("Description (HTML)") as unknown as HTMLTextAreaElement).value).toBe("<p>Soft cotton.</p>");
    expect((field("Status") as unknown as HTMLSelectElement).value).toBe("ACTIVE");
    expect(field("Tags").value).toBe("Committees, Gift");
    expect(field("Fulfilment partner").value).toBe("Capitol Stitch Works");
    expect(screen.getByRole("link", { name: /View in shop/ }).getAttribute("href")).toBe("/product/impeachment-tee");
    expect(field("Option 1 name").value).toBe("Size");
    expect(field("Option 1 values").value).toBe("S, M");
    const grid = screen.getByRole("table", { name: "Variants" });
    expect(within(grid).getAllByRole("row").slice(1).map((row) => row.querySelector("td")?.textContent)).toEqual(["S", "MOn orders"]);
    expect(field("Price for S").value).toBe("24.99");
    expect(within(grid).getByRole("combobox", { name: "Image for S" })).toBeTruthy();
    expect(within(grid).getByRole("checkbox", { name: "Available for sale: M" })).toBeTruthy();
    expect(screen.getByText("All changes saved")).toBeTruthy();
  });

  it("makes the variants from the options' values, keeping the saved variants' ids, and saves them with the rest in one productUpdate", async () => {
    const { calls } = openEditor({
      ProductUpdate: (variables) => {
        const input = variables.input as { variants: { id?: string }[] };
        expect(input.variants.map((v) => v.id ?? null)).toEqual(["v-s", "v-m", null, null]);
        return {
          data: {
            productUpdate: productPayload(
              adminProduct({
                title: "Impeachment Tee (2026)",
                options: [{ __typename: "AdminProductOption", id: "opt-size", name: "Size", values: ["S", "M", "L", "XL"] }],
                variants: [adminVariant("v-s", ["Size", "S"]), adminVariant("v-m", ["Size", "M"], { sold: true }), adminVariant("v-l", ["Size", "L"]), adminVariant("v-xl", ["Size", "XL"], { price: "26.99" })],
              }),
            ),
          },
        };
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
    type("Option 1 values", "S, M, L, XL");
    const grid = screen.getByRole("table", { name: "Variants" });
    expect(within(grid).getAllByRole("row").slice(1).map((row) => row.querySelector("td")?.textContent)).toEqual(["S", "MOn orders", "LNew", "XLNew"]);
    // A new variant starts at the first one's price.
    expect(field("Price for L").value).toBe("24.99");
    type("Price for XL", "26.99");
    type("SKU for XL", "TEE-XL");
    type("Title", "Impeachment Tee (2026)");
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    save();
    expect(await screen.findByText("All changes saved")).toBeTruthy();
    const sent = sentInput(calls, "ProductUpdate")!;
    expect(sent.id).toBe("p-1");
    expect(sent.input).toMatchObject({ title: "Impeachment Tee (2026)", handle: "impeachment-tee", options: [{ name: "Size", values: ["S", "M", "L", "XL"] }] });
    expect(sent.input.variants[3]).toEqual({ optionValues: ["XL"], price: "26.99", compareAtPrice: null, sku: "TEE-XL", availableForSale: true, imageId: null, partnerVariantId: null });
    // The saved variants now have ids: the grid shows them as saved.
    expect(within(screen.getByRole("table", { name: "Variants" })).queryByText("New")).toBeNull();
    expect(calls.filter((c) => c.operation === "ProductUpdate")).toHaveLength(1);
  });

  it("says which saved variants Save removes, and that one on orders is archived instead", async () => {
    openEditor({});
    await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
    type("Option 1 values", "S");
    expect(screen.getByText("Saving removes 1 variant")).toBeTruthy();
    expect(screen.getByText(/M is on orders, so archived instead of deleted/)).toBeTruthy();
  });

  it("shows the gateway's userErrors at their fields, the grid's at their cells, and focuses the first", async () => {
    openEditor({
      ProductUpdate: () => ({
        data: {
          productUpdate: productPayload(null, [
            userError("CONFLICT", 'Another product already has the handle "mug"', "handle"),
            userError("CONFLICT", 'Another product\'s variant already has the SKU "TEE-M"', "variants.1.sku"),
          ]),
        },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
    type("Handle", "mug");
    type("SKU for M", "TEE-M");
    save();
    expect(await screen.findByText('Another product already has the handle "mug"')).toBeTruthy();
    const handle = field("Handle");
    expect(handle.getAttribute("aria-invalid")).toBe("true");
    const sku = field("SKU for M");
    expect(sku.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(sku.getAttribute("aria-describedby")!)?.textContent).toBe('Another product\'s variant already has the SKU "TEE-M"');
    await waitFor(() => expect(document.activeElement).toBe(handle));
    // Typing in a field clears its message.
    type("Handle", "impeachment-tee-2");
    expect(screen.queryByText('Another product already has the handle "mug"')).toBeNull();
  });

  it("checks the title and prices before asking the gateway", async () => {
    const { calls } = openEditor({});
    await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
    type("Title", " ");
    type("Price for S", "12,50");
    save();
    expect(await screen.findByText("Enter the product's title")).toBeTruthy();
    expect(screen.getByText("Enter dollars and cents, e.g. 24.99")).toBeTruthy();
    expect(calls.some((c) => c.operation === "ProductUpdate")).toBe(false);
  });

  it("warns that a changed handle moves the product's address, the old one redirecting", async () => {
    openEditor({ AdminProduct: () => ({ data: { adminProduct: adminProduct({ previousHandles: ["impeach-tee"] }) } }) });
    await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
    expect(screen.getByText("Older addresses that lead here: /product/impeach-tee")).toBeTruthy();
    type("Handle", "impeachment-tee-2026");
    expect(screen.getByText("The old address, /product/impeachment-tee, will redirect to /product/impeachment-tee-2026.")).toBeTruthy();
  });

  it("previews the description as the shop shows it, without what the shop removes", async () => {
    openEditor({});
    await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
    fireEvent.change(field("Description (HTML)"), { target: { value: '<p>New <strong>cotton</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">' } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const preview = screen.getByRole("region", { name: "Description preview" });
    expect(within(preview).getByText("cotton").tagName).toBe("STRONG");
    expect(preview.innerHTML).not.toContain("script");
    expect(preview.innerHTML).not.toContain("onerror");
    expect(screen.getByRole("button", { name: "Edit HTML" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("asks before unsaved changes are left by a link or a reload, and leaves on Leave without saving", async () => {
    openEditor({ AdminOrders: () => ({ data: null, errors: [{ message: "not in this test" }] }) });
    await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
    type("Title", "Impeachment Tee, again");
    const menu = screen.getByRole("navigation", { name: "Admin" });

    fireEvent.click(within(menu).getByRole("link", { name: "Orders" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    expect(location()).toBe("/admin/products/p-1");
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(field("Title").value).toBe("Impeachment Tee, again");

    // Reloading or closing the tab: the browser's own question.
    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.click(within(menu).getByRole("link", { name: "Orders" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave without saving" }));
    await waitFor(() => expect(location()).toBe("/admin/orders"));
  });

  it("asks before Back leaves unsaved changes, where the browser lets a step through history be cancelled (the Navigation API)", async () => {
    const navigation = Object.assign(new EventTarget(), { currentEntry: { index: 4 } });
    vi.stubGlobal("navigation", navigation);
    const go = vi.spyOn(window.history, "go").mockImplementation(() => undefined);
    try {
      openEditor({});
      await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
      type("Title", "Impeachment Tee, again");
      const back = Object.assign(new Event("navigate", { cancelable: true }), { navigationType: "traverse", destination: { sameDocument: true, index: 3 } });
      navigation.dispatchEvent(back);
      expect(back.defaultPrevented).toBe(true);
      const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
      fireEvent.click(within(dialog).getByRole("button", { name: "Leave without saving" }));
      expect(go).toHaveBeenCalledWith(-1);
      // Taken again, the step goes through.
      const again = Object.assign(new Event("navigate", { cancelable: true }), { navigationType: "traverse", destination: { sameDocument: true, index: 3 } });
      navigation.dispatchEvent(again);
      expect(again.defaultPrevented).toBe(false);
    } finally {
      go.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it("asks nothing when nothing changed", async () => {
    openEditor({ AdminOrders: () => ({ data: null, errors: [{ message: "not in this test" }] }) });
    await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
    type("Title", "Something else");
    type("Title", "Impeachment Tee");
    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    fireEvent.click(within(screen.getByRole("navigation", { name: "Admin" })).getByRole("link", { name: "Orders" }));
    await waitFor(() => expect(location()).toBe("/admin/orders"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("adds a product with productCreate, then opens it as saved", async () => {
    const created = adminProduct({ id: "p-new", title: "Gavel Mug", handle: "gavel-mug", status: "DRAFT", options: [], variants: [adminVariant("v-new", { price: "14.99" })], images: [], onlineStorePath: null });
    const { calls } = openEditor(
      {
        ProductCreate: () => ({ data: { productCreate: productPayload(created) } }),
        AdminProduct: () => ({ data: { adminProduct: created } }),
      },
      "/admin/products/new",
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Add product" })).toBeTruthy();
    expect(screen.getByText("Left empty, it is made from the title.")).toBeTruthy();
    type("Title", "Gavel Mug");
    type("Price (USD)", "14.99");
    save();
    await waitFor(() => expect(location()).toBe("/admin/products/p-new"));
    expect(await screen.findByRole("heading", { level: 1, name: "Gavel Mug" })).toBeTruthy();
    const sent = sentInput(calls, "ProductCreate")!.input;
    expect(sent).not.toHaveProperty("handle");
    expect(sent).toMatchObject({ title: "Gavel Mug", status: "DRAFT", options: [], variants: [{ optionValues: [], price: "14.99" }] });
  });

  it("deletes after confirming, or says the product was archived instead when orders name it", async () => {
    let archive = true;
    const { calls } = openEditor({
      ProductDelete: () => ({
        data: {
          productDelete: archive
            ? { __typename: "ProductDeletePayload", deletedProductId: null, archivedProduct: adminProduct({ status: "ARCHIVED", onlineStorePath: null }), userErrors: [] }
            : { __typename: "ProductDeletePayload", deletedProductId: "p-1", archivedProduct: null, userErrors: [] },
        },
      }),
    });
    await screen.findByRole("heading", { level: 1, name: "Impeachment Tee" });
    fireEvent.click(screen.getByRole("button", { name: "Delete product" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete “Impeachment Tee”?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete product" }));
    expect(await screen.findByText("It has orders, so it was archived instead")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect((field("Status") as unknown as HTMLSelectElement).value).toBe("ARCHIVED");
    expect(screen.queryByRole("link", { name: /View in shop/ })).toBeNull();
    expect(location()).toBe("/admin/products/p-1");

    archive = false;
    fireEvent.click(screen.getByRole("button", { name: "Delete product" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete product" }));
    await waitFor(() => expect(location()).toBe("/admin/products"));
    expect(calls.filter((c) => c.operation === "ProductDelete").map((c) => c.variables)).toEqual([{ id: "p-1" }, { id: "p-1" }]);
  });

  it("says so when no product has the id", async () => {
    openEditor({ AdminProduct: () => ({ data: { adminProduct: null } }) }, "/admin/products/nope");
    expect(await screen.findByText("Product not found")).toBeTruthy();
  });
});
