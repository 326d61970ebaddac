import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { owner, userError } from "../adminTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

const listed = (id: string, title: string, position: number, overrides: object = {}) => ({
  __typename: "AdminCollection",
  id,
  handle: title.toLowerCase().replace(/\W+/g, "-"),
  title,
  position,
  productCount: 4,
  activeProductCount: 3,
  footerLinked: false,
  image: null,
  ...overrides,
});

const product = (id: string, title: string, position: number, status = "ACTIVE") => ({
  __typename: "AdminCollectionProduct",
  position,
  id,
  handle: title.toLowerCase().replace(/\W+/g, "-"),
  title,
  status,
  price: "24.99",
  thumbnailUrl: null,
});

function editorCollection(overrides: object = {}, products = [product("p-1", "Veto Pen", 1), product("p-2", "Quorum Mug", 2), product("p-3", "Draft Hat", 3, "DRAFT")]) {
  return {
    ...listed("c-1", "Desk Picks", 2),
    description: "For the office.",
    onlineStorePath: "/collections/desk-picks",
    productCount: products.length,
    activeProductCount: products.filter((p) => p.status === "ACTIVE").length,
    products: { __typename: "AdminCollectionProductList", totalCount: products.length, page: 1, pageSize: 50, totalPages: 1, nodes: products },
    ...overrides,
  };
}

function open(route: string, answers: Parameters<typeof mockClient>[0]) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: owner } }), ...answers });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const calls = (all: { operation: string; variables: Record<string, unknown> }[], name: string) => all.filter((c) => c.operation === name).map((c) => c.variables);

describe("the admin's collections", () => {
  it("lists the collections in the shop's order, marks the home page's three and the footer's, and moves one by button and by keyboard", async () => {
    const collections = [
      listed("c-1", "T-Shirts", 1, { footerLinked: true }),
      listed("c-2", "Mugs", 2, { footerLinked: true, productCount: 1, activeProductCount: 1 }),
      listed("c-3", "Desk Picks", 3),
      listed("c-4", "Home Goods", 4),
    ];
    const { calls: all } = open("/admin/collections", {
      AdminCollections: () => ({ data: { adminCollections: collections } }),
      CollectionMove: (v) => ({ data: { collectionUpdate: { __typename: "CollectionPayload", collection: { ...collections.find((c) => c.id === v.id), position: v.position }, userErrors: [] } } }),
    });
    expect(await screen.findByText("4 collections")).toBeTruthy();
    const list = screen.getByRole("list", { name: "Collections, in the shop's order" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => within(r).getByRole("link").textContent)).toEqual(["T-Shirts", "Mugs", "Desk Picks", "Home Goods"]);
    expect(within(rows[0]!).getByText("On the home page")).toBeTruthy();
    expect(within(rows[0]!).getByText("In the footer")).toBeTruthy();
    expect(within(rows[3]!).queryByText("On the home page")).toBeNull();
    expect(within(rows[1]!).getByText("/collections/mugs · 1 product")).toBeTruthy();
    expect(within(rows[2]!).getByText("/collections/desk-picks · 4 products, 3 active")).toBeTruthy();
    expect(within(rows[2]!).getByRole("link").getAttribute("href")).toBe("/admin/collections/c-3");
    expect((within(rows[0]!).getByRole("button", { name: "Move up: T-Shirts" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(rows[3]!).getByRole("button", { name: "Move up: Home Goods" }));
    await waitFor(() => expect(calls(all, "CollectionMove")).toEqual([{ id: "c-4", position: 3 }]));

    // By keyboard: Space picks Desk Picks up, two arrows carry it to the top (said to screen readers), Enter drops it.
    const handle = within(rows[2]!).getByRole("button", { name: /^Reorder Desk Picks, at place 3 of 4/ });
    expect(handle.getAttribute("aria-describedby")).toBeTruthy();
    fireEvent.keyDown(handle, { key: " " });
    expect(handle.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/Desk Picks picked up, at place 3 of 4/)).toBeTruthy();
    fireEvent.keyDown(handle, { key: "ArrowUp" });
    fireEvent.keyDown(handle, { key: "ArrowUp" });
    fireEvent.keyDown(handle, { key: "ArrowUp" });
    expect(screen.getByText("Desk Picks: place 1 of 4.")).toBeTruthy();
    expect(within(rows[2]!).getByText("→ place 1")).toBeTruthy();
    fireEvent.keyDown(handle, { key: "Enter" });
    await waitFor(() => expect(calls(all, "CollectionMove").at(-1)).toEqual({ id: "c-3", position: 1 }));
    expect(screen.getByText("Desk Picks moved to place 1 of 4.")).toBeTruthy();

    // Escape puts it back without asking the gateway.
    fireEvent.keyDown(handle, { key: " " });
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    fireEvent.keyDown(handle, { key: "Escape" });
    expect(screen.getByText(/Move cancelled: Desk Picks is back at place 3/)).toBeTruthy();
    expect(calls(all, "CollectionMove")).toHaveLength(2);
  });

  it("edits a collection: the gateway's refusal at its field, Save, products added, moved and removed, drafts marked", async () => {
    let current = editorCollection();
    const { calls: all } = open("/admin/collections/c-1", {
      AdminCollection: () => ({ data: { adminCollection: current } }),
      CollectionUpdate: (v) => {
        const input = v.input as { handle?: string; title: string; description: string };
        if (input.handle === "mugs") return { data: { collectionUpdate: { __typename: "CollectionPayload", collection: null, userErrors: [userError("CONFLICT", 'Another collection already has the handle "mugs"', "handle")] } } };
        current = { ...current, ...input };
        return { data: { collectionUpdate: { __typename: "CollectionPayload", collection: current, userErrors: [] } } };
      },
      CollectionProductPicker: () => ({
        data: { adminProducts: { __typename: "AdminProductList", totalCount: 1, nodes: [{ __typename: "AdminProductSummary", id: "p-9", handle: "gavel-mug", title: "Gavel Mug", status: "ACTIVE", thumbnailUrl: null }] } },
      }),
      CollectionProductsAdd: () => {
        current = editorCollection({}, [...current.products.nodes, product("p-9", "Gavel Mug", 4)]);
        return { data: { collectionProductsAdd: { __typename: "CollectionPayload", collection: current, userErrors: [] } } };
      },
      CollectionProductMove: () => {
        current = editorCollection({}, [product("p-2", "Quorum Mug", 1), product("p-1", "Veto Pen", 2), product("p-3", "Draft Hat", 3, "DRAFT"), product("p-9", "Gavel Mug", 4)]);
        return { data: { collectionProductMove: { __typename: "CollectionPayload", collection: current, userErrors: [] } } };
      },
      CollectionProductsRemove: () => {
        current = editorCollection({}, [product("p-2", "Quorum Mug", 1), product("p-1", "Veto Pen", 2), product("p-9", "Gavel Mug", 3)]);
        return { data: { collectionProductsRemove: { __typename: "CollectionPayload", collection: current, userErrors: [] } } };
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Desk Picks" })).toBeTruthy();
    const products = screen.getByRole("list", { name: "Products of Desk Picks, in order" });
    expect(within(products).getAllByRole("listitem").map((r) => within(r).getByRole("link").textContent)).toEqual(["Veto Pen", "Quorum Mug", "Draft Hat"]);
    expect(within(within(products).getAllByRole("listitem")[2]!).getByText("Draft")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "mugs" } });
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText('Another collection already has the handle "mugs"')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Handle")));
    fireEvent.change(screen.getByLabelText("Handle"), { target: { value: "desk-essentials" } });
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Desk Essentials" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByText("Unsaved changes")).toBeNull());
    expect(calls(all, "CollectionUpdate").at(-1)).toEqual({ id: "c-1", input: { title: "Desk Essentials", description: "For the office.", handle: "desk-essentials" } });

    fireEvent.change(screen.getByRole("searchbox", { name: "Find products to add" }), { target: { value: "gavel" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    fireEvent.click(await screen.findByRole("button", { name: "Add Gavel Mug" }));
    await waitFor(() => expect(calls(all, "CollectionProductsAdd")).toEqual([{ collectionId: "c-1", productIds: ["p-9"], page: 1, pageSize: 50 }]));
    expect(await screen.findByRole("link", { name: "Gavel Mug" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Move up: Quorum Mug" }));
    await waitFor(() => expect(calls(all, "CollectionProductMove")).toEqual([{ collectionId: "c-1", productId: "p-2", position: 1, page: 1, pageSize: 50 }]));
    // The panel's buttons wait while a change is on its way: the move must have come back first.
    const remove = await screen.findByRole<HTMLButtonElement>("button", { name: "Remove Draft Hat from the collection" });
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    await waitFor(() => expect(calls(all, "CollectionProductsRemove")).toEqual([{ collectionId: "c-1", productIds: ["p-3"], page: 1, pageSize: 50 }]));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Draft Hat" })).toBeNull());
  });

  it("removes the image after a second click", async () => {
    const withImage = editorCollection({ image: { __typename: "AdminCollectionImage", url: "/media/collections/a.png", width: 1200, height: 600, sources: [{ __typename: "AdminImageSource", url: "/media/collections/a-640.webp", width: 640 }] } });
    const { calls: all } = open("/admin/collections/c-1", {
      AdminCollection: () => ({ data: { adminCollection: withImage } }),
      CollectionImageDelete: () => ({ data: { collectionImageDelete: { __typename: "CollectionPayload", collection: { ...withImage, image: null }, userErrors: [] } } }),
    });
    expect((await screen.findByRole("img", { name: "The image of Desk Picks" })).getAttribute("src")).toBe("/media/collections/a-640.webp");
    expect(screen.getByText(/This one is 1200 × 600 pixels/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove image" }));
    expect(calls(all, "CollectionImageDelete")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Yes, remove the image" }));
    await waitFor(() => expect(calls(all, "CollectionImageDelete")).toEqual([{ collectionId: "c-1" }]));
    expect(await screen.findByText("No image: the shop shows a placeholder")).toBeTruthy();
  });

  it("keeps a footer collection's handle and offers no delete; an empty collection says what shoppers see", async () => {
    open("/admin/collections/c-1", { AdminCollection: () => ({ data: { adminCollection: editorCollection({ handle: "mugs", title: "Mugs", footerLinked: true }, []) } }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Mugs" })).toBeTruthy();
    expect((screen.getByLabelText("Handle") as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText("The shop's footer links to /collections/mugs, so its handle stays.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete collection" })).toBeNull();
    expect(screen.getByText(/cannot be deleted/)).toBeTruthy();
    expect(screen.getByText("No products in this collection yet.")).toBeTruthy();
  });

  it("deletes a collection after a second click, back to the list", async () => {
    const { calls: all } = open("/admin/collections/c-1", {
      AdminCollection: () => ({ data: { adminCollection: editorCollection() } }),
      AdminCollections: () => ({ data: { adminCollections: [] } }),
      CollectionDelete: () => ({ data: { collectionDelete: { __typename: "CollectionDeletePayload", deletedCollectionId: "c-1", userErrors: [] } } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete collection" }));
    expect(calls(all, "CollectionDelete")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete “Desk Picks”" }));
    await screen.findByText("/admin/collections", { selector: "[data-testid=location]" });
    expect(calls(all, "CollectionDelete")).toEqual([{ id: "c-1" }]);
  });

  it("creates a collection from its title alone", async () => {
    const { calls: all } = open("/admin/collections/new", {
      CollectionCreate: () => ({ data: { collectionCreate: { __typename: "CollectionPayload", collection: editorCollection({ id: "c-7", title: "Election Season" }), userErrors: [] } } }),
      AdminCollection: () => ({ data: { adminCollection: editorCollection({ id: "c-7", title: "Election Season" }) } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Create collection" }));
    expect(await screen.findByText("Give the collection a title")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: " Election Season " } });
    fireEvent.click(screen.getByRole("button", { name: "Create collection" }));
    await screen.findByText("/admin/collections/c-7", { selector: "[data-testid=location]" });
    expect(calls(all, "CollectionCreate")).toEqual([{ input: { title: "Election Season", description: "" } }]);
  });
});
