import { configure, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { owner } from "../adminTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

const product = (id: string, title: string, status = "ACTIVE") => ({ __typename: "AdminMemeProduct", id, handle: title.toLowerCase().replace(/ /g, "-"), title, status });

function adminMeme(id: string, title: string, over: Record<string, unknown> = {}) {
  return {
    __typename: "AdminMeme",
    id,
    title,
    description: `About ${title}`,
    imageUrl: `/media/memes/${id}.png`,
    tags: ["Congress"],
    featured: false,
    visible: true,
    availability: "AVAILABLE",
    unavailableReason: null,
    product: product("p-pin", "Enamel pin"),
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    ...over,
  };
}

const page = (nodes: object[], totalCount = nodes.length) => ({
  data: { adminMemes: { __typename: "AdminMemeList", totalCount, page: 1, pageSize: 20, totalPages: Math.max(1, Math.ceil(totalCount / 20)), nodes } },
});
const payload = (name: string, meme: object | null, userErrors: object[] = []) => ({ data: { [name]: { __typename: "MemePayload", meme, userErrors } } });

function open(route: string, answers: Parameters<typeof mockClient>[0]) {
  const mocked = mockClient({ StaffMe: () => ({ data: { staffMe: owner } }), ...answers });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const location = () => screen.getByTestId("location").textContent;
let uploads: { url: string; file: File }[];

beforeEach(() => {
  uploads = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    uploads.push({ url, file: (init.body as FormData).get("image") as File });
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  });
  URL.createObjectURL = () => "blob:preview";
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

describe("the admin's memes", () => {
  it("lists memes with their picture, product and what shoppers see, searching and opening the editor", async () => {
    const { calls } = open("/admin/memes", {
      AdminMemes: () =>
        page([
          adminMeme("m-1", "Filibuster Marathon", { featured: true }),
          adminMeme("m-2", "Unfinished", { imageUrl: null, visible: false, product: null, availability: "NO_PRODUCT" }),
          adminMeme("m-3", "Withdrawn", { availability: "PRODUCT_NO_LONGER_SOLD", product: product("p-old", "Old Mug", "ARCHIVED") }),
        ]),
    });
    expect(await screen.findByText("3 memes")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Memes" }).getAttribute("aria-current")).toBe("page");
    const [first, second, third] = within(screen.getByRole("list", { name: "Memes" })).getAllByRole("listitem") as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole("link", { name: "Filibuster Marathon" }).getAttribute("href")).toBe("/admin/memes/m-1");
    expect(within(first).getByText("Meme of the week")).toBeTruthy();
    expect(first.textContent).toContain("Product: Enamel pin");
    expect(first.querySelector("img")?.getAttribute("src")).toBe("/media/memes/m-1.png");
    expect(within(second).getByText("Hidden: no image")).toBeTruthy();
    expect(second.textContent).toContain("No product");
    expect(second.querySelector("img")).toBeNull();
    expect(within(third).getByText("Not Available to buy")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Title, description or tag"), { target: { value: " vote " } });
    fireEvent.submit(screen.getByRole("search", { name: "Search memes" }));
    await screen.findByText("/admin/memes?q=vote", { selector: "[data-testid=location]" });
    await vi.waitFor(() => expect(calls.filter((c) => c.operation === "AdminMemes").at(-1)?.variables).toEqual({ search: "vote", page: 1, pageSize: 20 }));
  });

  it("will not create a meme without its image; creates it, uploads the image and opens it", async () => {
    const created = adminMeme("m-new", "Lame Duck", { product: null, availability: "NO_PRODUCT", unavailableReason: "This meme isn't available as a product yet." });
    const { calls } = open("/admin/memes/new", {
      MemeCreate: () => payload("memeCreate", { ...created, imageUrl: null, visible: false }),
      AdminMeme: () => ({ data: { adminMeme: created } }),
    });
    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: " Lame Duck " } });
    fireEvent.change(screen.getByLabelText("Tags"), { target: { value: "Congress, congress, Ducks" } });
    fireEvent.click(screen.getByRole("button", { name: "Create meme" }));
    expect(await screen.findByText("Choose the meme's image: shoppers see nothing of a meme without one.")).toBeTruthy();
    expect(calls.some((c) => c.operation === "MemeCreate")).toBe(false);

    const file = new File([new Uint8Array([0x89, 0x50])], "duck.png", { type: "image/png" });
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await screen.findByText("duck.png: uploaded when you save.")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Chosen image for Lame Duck" }).getAttribute("src")).toBe("blob:preview");
    fireEvent.click(screen.getByRole("button", { name: "Create meme" }));
    await screen.findByText("/admin/memes/m-new", { selector: "[data-testid=location]" });
    expect(calls.find((c) => c.operation === "MemeCreate")?.variables).toEqual({ input: { title: "Lame Duck", description: "", tags: ["Congress", "Ducks"], productId: null } });
    expect(uploads).toEqual([{ url: "/api/admin/memes/m-new/image", file: expect.any(File) }]);
    expect(uploads[0]!.file.name).toBe("duck.png");
  });

  it("links a product found by search, saving it by id; says why a meme is Not Available", async () => {
    const meme = adminMeme("m-1", "Order in the Court", { product: null, availability: "NO_PRODUCT", unavailableReason: "This meme isn't available as a product yet." });
    const { calls } = open("/admin/memes/m-1", {
      AdminMeme: () => ({ data: { adminMeme: meme } }),
      MemeProductPicker: () => ({
        data: {
          adminProducts: {
            __typename: "AdminProductList",
            totalCount: 1,
            nodes: [{ __typename: "AdminProductSummary", id: "p-mug", handle: "gavel-mug", title: "Gavel Mug", status: "DRAFT", thumbnailUrl: null }],
          },
        },
      }),
      MemeUpdate: () => payload("memeUpdate", { ...meme, product: product("p-mug", "Gavel Mug", "DRAFT"), availability: "PRODUCT_NOT_YET_ON_SALE", unavailableReason: "Its product isn't on sale yet." }),
    });
    expect(await screen.findByText("This meme isn't available as a product yet.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Choose a product"), { target: { value: "gavel" } });
    fireEvent.click(await screen.findByRole("button", { name: "Choose Gavel Mug" }));
    expect(screen.getByText("/product/gavel-mug")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Its product isn't on sale yet.")).toBeTruthy();
    expect(calls.find((c) => c.operation === "MemeProductPicker")?.variables).toEqual({ search: "gavel" });
    expect(calls.find((c) => c.operation === "MemeUpdate")?.variables).toEqual({
      id: "m-1",
      input: { title: "Order in the Court", description: "About Order in the Court", tags: ["Congress"], productId: "p-mug" },
    });
    expect(uploads).toEqual([]);
  });

  it("asks before leaving unsaved changes", async () => {
    open("/admin/memes/m-1", { AdminMeme: () => ({ data: { adminMeme: adminMeme("m-1", "Half Edited") } }), AdminMemes: () => page([]) });
    fireEvent.change(await screen.findByLabelText("Title"), { target: { value: "Not saved" } });
    fireEvent.click(screen.getByRole("link", { name: "All memes" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    expect(location()).toBe("/admin/memes/m-1");
    fireEvent.click(within(dialog).getByRole("button", { name: /Leave/ }));
    await screen.findByText("/admin/memes", { selector: "[data-testid=location]" });
  });

  it("places the gateway's refusals beside their fields", async () => {
    const meme = adminMeme("m-1", "Refused");
    open("/admin/memes/m-1", {
      AdminMeme: () => ({ data: { adminMeme: meme } }),
      MemeUpdate: () => payload("memeUpdate", null, [{ __typename: "UserError", code: "INVALID_INPUT", field: "tags", message: "tags[0] must be 1 to 60 characters" }]),
    });
    fireEvent.change(await screen.findByLabelText("Tags"), { target: { value: "x".repeat(61) } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("tags[0] must be 1 to 60 characters")).toBeTruthy();
    expect(screen.getByLabelText("Tags").getAttribute("aria-invalid")).toBe("true");
  });

  it("makes a meme the meme of the week after asking; the meme of the week cannot be deleted", async () => {
    let featured = false;
    const { calls } = open("/admin/memes/m-1", {
      AdminMeme: () => ({ data: { adminMeme: adminMeme("m-1", "Lame Duck Session", { featured }) } }),
      MemeFeature: () => {
        featured = true;
        return payload("memeFeature", adminMeme("m-1", "Lame Duck Session", { featured: true }));
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Make meme of the week" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Make “Lame Duck Session” the meme of the week?" });
    expect(calls.some((c) => c.operation === "MemeFeature")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Make meme of the week" }));
    await vi.waitFor(() => expect(calls.find((c) => c.operation === "MemeFeature")?.variables).toEqual({ id: "m-1" }));
    expect(await screen.findByText(/Make another meme the meme of the week to replace it/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Delete meme" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("deletes a meme after asking, back to the list", async () => {
    const { calls } = open("/admin/memes/m-2", {
      AdminMeme: () => ({ data: { adminMeme: adminMeme("m-2", "Short-Lived") } }),
      MemeDelete: () => ({ data: { memeDelete: { __typename: "MemeDeletePayload", deletedMemeId: "m-2", userErrors: [] } } }),
      AdminMemes: () => page([]),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete meme" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete “Short-Lived”?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete meme" }));
    await screen.findByText("/admin/memes", { selector: "[data-testid=location]" });
    expect(calls.find((c) => c.operation === "MemeDelete")?.variables).toEqual({ id: "m-2" });
    expect(location()).toBe("/admin/memes");
    expect(await screen.findByText("No memes yet")).toBeTruthy();
  });
});
