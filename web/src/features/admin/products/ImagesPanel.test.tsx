import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { owner, userError } from "../adminTestData";
import { adminImage, adminProduct, productsPage } from "./productTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

const threeImages = () => [adminImage("img-1", 1, "Front"), adminImage("img-2", 2, "Back"), adminImage("img-3", 3, "")];
const imagePayload = (images: object[]) => ({ __typename: "ProductImagePayload", product: adminProduct({ images }), userErrors: [] });
const imageRefusal = (...userErrors: object[]) => ({ __typename: "ProductImagePayload", product: null, userErrors });

function openImages(answers: Parameters<typeof mockClient>[0] = {}, { images = threeImages(), route = "/admin/products/p-1" }: { images?: object[]; route?: string } = {}) {
  const mocked = mockClient({
    StaffMe: () => ({ data: { staffMe: owner } }),
    AdminProduct: () => ({ data: { adminProduct: adminProduct({ images }) } }),
    AdminProducts: () => productsPage([]),
    ...answers,
  });
  renderScreen(<AdminRoute />, { client: mocked.client, route, path: "/admin/*" });
  return mocked;
}

const gallery = () => screen.getByRole("list", { name: "Images" });
const card = (n: number) => within(gallery()).getAllByRole("listitem")[n - 1]!;
const variablesOf = (calls: { operation: string; variables: Record<string, unknown> }[], operation: string) => calls.filter((c) => c.operation === operation).map((c) => c.variables);

/** An XMLHttpRequest the test answers: what was sent, and the upload's progress and answer. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  method = "";
  url = "";
  body: FormData | null = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: object) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeUpload.sent = [];
});

describe("the product's images", () => {
  it("waits for a new product to be saved", async () => {
    openImages({}, { route: "/admin/products/new" });
    expect(await screen.findByText("Save the product to add its images.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add images" })).toBeNull();
  });

  it("lists the images in gallery order with their alt text, and moves one with the keyboard's buttons", async () => {
    const { calls } = openImages({ ProductImagesReorder: (variables) => ({ data: { productImagesReorder: imagePayload((variables.imageIds as string[]).map((id, i) => adminImage(id, i + 1, id === "img-1" ? "Front" : id === "img-2" ? "Back" : ""))) } }) });
    await screen.findByRole("list", { name: "Images" });
    expect(within(gallery()).getAllByRole("listitem").map((item) => item.getAttribute("aria-label"))).toEqual(["Image 1 of 3", "Image 2 of 3", "Image 3 of 3"]);
    expect((within(card(1)).getByLabelText("Alt text") as HTMLInputElement).value).toBe("Front");
    expect((within(card(1)).getByRole("button", { name: "Move earlier" }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(card(3)).getByRole("button", { name: "Move later" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(card(1)).getByRole("button", { name: "Move later" }));
    await waitFor(() => expect(variablesOf(calls, "ProductImagesReorder")).toEqual([{ productId: "p-1", imageIds: ["img-2", "img-1", "img-3"] }]));
    await waitFor(() => expect((within(card(2)).getByLabelText("Alt text") as HTMLInputElement).value).toBe("Front"));
    // The moved image's button keeps the focus, and the move is announced.
    await waitFor(() => expect(document.activeElement).toBe(within(card(2)).getByRole("button", { name: "Move later" })));
    expect(screen.getByText("Image moved to position 2 of 3.")).toBeTruthy();
    // The variants' image choices follow the gallery.
    expect(within(screen.getByRole("combobox", { name: "Image for S" })).getAllByRole("option").map((o) => o.textContent)).toEqual(["No image", "Image 1: Back", "Image 2: Front", "Image 3"]);
  });

  it("reorders by dragging a card by its handle onto another", async () => {
    const { calls } = openImages({ ProductImagesReorder: () => ({ data: { productImagesReorder: imagePayload(threeImages()) } }) });
    await screen.findByRole("list", { name: "Images" });
    const dataTransfer = { setData: vi.fn(), effectAllowed: "", dropEffect: "", types: ["text/plain"], files: [] };
    fireEvent.pointerDown(card(3).querySelector("[title='Drag to reorder']")!);
    fireEvent.dragStart(card(3), { dataTransfer });
    fireEvent.dragOver(card(1), { dataTransfer });
    fireEvent.drop(card(1), { dataTransfer });
    await waitFor(() => expect(variablesOf(calls, "ProductImagesReorder")).toEqual([{ productId: "p-1", imageIds: ["img-3", "img-1", "img-2"] }]));
  });

  it("saves an image's alt text on its own (Enter too), and shows the gateway's refusal beside it", async () => {
    let refuse = false;
    const { calls } = openImages({
      ProductImageUpdate: (variables) => ({
        data: {
          productImageUpdate: refuse
            ? imageRefusal(userError("INVALID_INPUT", "altText must be at most 512 characters", "altText"))
            : imagePayload([adminImage("img-1", 1, "Front"), adminImage("img-2", 2, "Back"), adminImage("img-3", 3, String(variables.altText))]),
        },
      }),
    });
    await screen.findByRole("list", { name: "Images" });
    const alt = within(card(3)).getByLabelText("Alt text");
    const saveAlt = within(card(3)).getByRole("button", { name: "Update alt text" }) as HTMLButtonElement;
    expect(saveAlt.disabled).toBe(true);
    fireEvent.change(alt, { target: { value: "  The tee, folded  " } });
    fireEvent.keyDown(alt, { key: "Enter" });
    await waitFor(() => expect(variablesOf(calls, "ProductImageUpdate")).toEqual([{ productId: "p-1", imageId: "img-3", altText: "The tee, folded" }]));
    await waitFor(() => expect((within(card(3)).getByRole("button", { name: "Update alt text" }) as HTMLButtonElement).disabled).toBe(true));
    // Enter saved the image's text only, not the product.
    expect(calls.some((c) => c.operation === "ProductUpdate")).toBe(false);

    refuse = true;
    fireEvent.change(alt, { target: { value: "x".repeat(20) } });
    fireEvent.click(within(card(3)).getByRole("button", { name: "Update alt text" }));
    expect(await within(card(3)).findByText("altText must be at most 512 characters")).toBeTruthy();
  });

  it("removes an image after confirming", async () => {
    const { calls } = openImages({ ProductImageDelete: () => ({ data: { productImageDelete: imagePayload([adminImage("img-1", 1, "Front"), adminImage("img-3", 2, "")]) } }) });
    await screen.findByRole("list", { name: "Images" });
    fireEvent.click(within(card(2)).getByRole("button", { name: "Remove" }));
    fireEvent.click(within(card(2)).getByRole("button", { name: "Remove image" }));
    await waitFor(() => expect(within(gallery()).getAllByRole("listitem")).toHaveLength(2));
    expect(variablesOf(calls, "ProductImageDelete")).toEqual([{ productId: "p-1", imageId: "img-2" }]);
  });

  it("uploads picked files one by one with their progress, then shows them; a refused one says why until dismissed", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeUpload);
    let uploaded = false;
    openImages({ AdminProduct: () => ({ data: { adminProduct: adminProduct({ images: uploaded ? [...threeImages(), adminImage("img-4", 4, "Impeachment Tee")] : threeImages() }) } }) });
    await screen.findByRole("list", { name: "Images" });
    const png = new File(["png"], "gavel.png", { type: "image/png" });
    const huge = new File(["jpg"], "poster.jpg", { type: "image/jpeg" });
    const gif = new File(["gif"], "dance.gif", { type: "image/gif" });
    fireEvent.change(screen.getByLabelText("Images to upload"), { target: { files: [png, huge, gif] } });

    // Not a JPEG, PNG or WebP: refused here, never sent.
    expect(await screen.findByText("dance.gif is not a JPEG, PNG or WebP image.")).toBeTruthy();
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const first = FakeUpload.sent[0]!;
    expect([first.method, first.url]).toEqual(["POST", "/api/admin/products/p-1/images"]);
    expect([...first.body!.keys()]).toEqual(["altText", "image"]);
    expect(first.body!.get("altText")).toBe("Impeachment Tee");
    expect((first.body!.get("image") as File).name).toBe("gavel.png");
    first.progress(40, 100);
    // The bar is drawn at 0 % when the upload starts; the progress event's render may come a tick later.
    await waitFor(() => expect(screen.getByRole("progressbar", { name: "Uploading gavel.png" }).getAttribute("aria-valuenow")).toBe("40"));
    uploaded = true;
    first.answer(201, { id: "img-4" });

    // The next one goes once the first is in; the gateway refuses it.
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(2));
    FakeUpload.sent[1]!.answer(413, { error: "The image is over 20 MB" });
    expect(await screen.findByText("The image is over 20 MB")).toBeTruthy();
    await waitFor(() => expect(within(gallery()).getAllByRole("listitem")).toHaveLength(4));
    expect(screen.queryByRole("progressbar")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss poster.jpg" }));
    expect(screen.queryByText("The image is over 20 MB")).toBeNull();
  });

  it("takes files dropped on the upload area", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeUpload);
    openImages({});
    await screen.findByRole("list", { name: "Images" });
    const png = new File(["png"], "dropped.png", { type: "image/png" });
    const zone = screen.getByRole("button", { name: "Add images" }).closest("div")!.parentElement!;
    fireEvent.dragOver(zone, { dataTransfer: { types: ["Files"], files: [png], dropEffect: "" } });
    fireEvent.drop(zone, { dataTransfer: { types: ["Files"], files: [png] } });
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect((FakeUpload.sent[0]!.body!.get("image") as File).name).toBe("dropped.png");
  });
});
