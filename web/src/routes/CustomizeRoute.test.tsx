import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockClient } from "../../tests/mockClient";
import { renderScreen } from "../../tests/render";
import { loadCart } from "../features/cart/localCart";
import { DESIGN_STORAGE_KEY } from "../features/customize/designStorage";
import CustomizeRoute from "./CustomizeRoute";

// jsdom has no canvas and loads no images: the pictures and the PNGs are stand-ins here (the real
// drawing is covered by the drawing tests and, in Chromium, by tests/e2e/customize.test.ts).
// A picture named "w1200.png" is 1200 pixels wide, everything else 800 × 800 (jsdom decodes no images).
vi.mock("../features/customize/designImages", async (importOriginal) => {
  const original = await importOriginal<typeof import("../features/customize/designImages")>();
  return {
    ...original,
    loadImage: vi.fn(async (url: string) => {
      const width = Number(/w(\d+)\.png$/.exec(url)?.[1] ?? 800);
      return { source: {} as CanvasImageSource, width, height: width };
    }),
    readImageFile: vi.fn(async (file: File) =>
      /^w\d+\.png$/.test(file.name) ? { ok: true, dataUrl: `data:image/png;name=${file.name}`, name: file.name } : original.readImageFile(file),
    ),
  };
});
const pictureOf = (width: number) => new File(["png"], `w${width}.png`, { type: "image/png" });
vi.mock("../features/customize/designExport", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../features/customize/designExport")>()),
  renderPreview: vi.fn(async () => new Blob(["preview"], { type: "image/png" })),
  renderPrintFile: vi.fn(async () => new Blob(["print"], { type: "image/png" })),
  saveFile: vi.fn(),
}));

const tee = {
  id: "p-tee",
  handle: "subcommittee-tee",
  title: "Subcommittee Tee",
  customizable: true,
  // A 10 × 10 in print area over the blank's middle half: an uploaded picture starts 8 in wide.
  printArea: { x: 0.25, y: 0.25, width: 0.5, height: 0.5, widthInches: 10, heightInches: 10, printWidthPx: 3000, printHeightPx: 3000 },
  mockups: [{ color: null, url: "/media/mockups/tee.svg", width: 800, height: 800 }],
  options: [{ id: "o-size", name: "Size", values: ["M", "L"] }],
  variants: [
    { id: "v-m", title: "M", price: { amount: "24.99" }, compareAtPrice: null, selectedOptions: [{ name: "Size", value: "M" }] },
    { id: "v-l", title: "L", price: { amount: "26.99" }, compareAtPrice: null, selectedOptions: [{ name: "Size", value: "L" }] },
  ],
};
// Listed as XL too, but no variant has XL; there is no M / Navy.
const cap = {
  ...tee,
  printArea: null,
  mockups: [],
  id: "p-cap",
  handle: "gavel-cap",
  title: "Gavel Cap",
  options: [
    { id: "o-cap-size", name: "Size", values: ["S", "M", "XL"] },
    { id: "o-cap-color", name: "Color", values: ["Black", "Navy"] },
  ],
  variants: [
    ["v-cap-s-black", "S", "Black", "19.99"],
    ["v-cap-s-navy", "S", "Navy", "19.99"],
    ["v-cap-m-black", "M", "Black", "21.99"],
  ].map(([id, size, color, amount]) => ({
    id,
    title: `${size} / ${color}`,
    price: { amount },
    compareAtPrice: null,
    selectedOptions: [
      { name: "Size", value: size },
      { name: "Color", value: color },
    ],
  })),
};
const WARNING = "This image may print blurry at this size — make it smaller or use a larger picture";
const recess = { id: "meme-1", title: "Recess Season", imageUrl: "/media/memes/recess.svg" };

function openStudio(route = "/customize") {
  return openStudioScreen(route).calls;
}

function openStudioScreen(route: string) {
  const { client, calls } = mockClient({
    CustomizeRoute: () => ({
      data: {
        customizableProducts: [
          { id: tee.id, title: tee.title, price: { amount: "24.99" } },
          { id: cap.id, title: cap.title, price: { amount: "19.99" } },
        ],
        printQuality: { minimumDpi: 150, warning: WARNING },
      },
    }),
    CustomizeProduct: ({ id }) => ({ data: { product: [tee, cap].find((p) => p.id === id) ?? null } }),
    CustomizeMeme: ({ id }) => ({ data: { meme: id === recess.id ? recess : null } }),
    MemePicker: () => ({ data: { memes: { memes: [recess], pageInfo: { currentPage: 1, totalPages: 1 } } } }),
  });
  const screenResult = renderScreen(<CustomizeRoute />, { route, path: "/customize", client });
  return { calls, unmount: screenResult.unmount };
}

async function openTab(name: "Product" | "Text" | "Design") {
  await userEvent.click(screen.getByRole("tab", { name }));
  await waitFor(() => expect(screen.getByRole("tab", { name }).getAttribute("aria-selected")).toBe("true"));
}

const preview = () => screen.getByRole("img", { name: /^Design preview:/ });

async function chooseTee() {
  fireEvent.change(await screen.findByRole("combobox", { name: "Product" }), { target: { value: tee.id } });
  await screen.findByRole("group", { name: /^Size:/ });
  await waitFor(() => expect(preview().getAttribute("aria-label")).toContain("on Subcommittee Tee (M)"));
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

describe("the Customize studio", () => {
  it("opens with no product, so Add to Cart asks for one and uploads nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    openStudio();
    expect(preview().getAttribute("aria-label")).toBe("Design preview: “Add your text here” on a #000000 background");
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Product Required")).toBeTruthy();
    expect(screen.getByText("Please select a product to add to cart.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(loadCart()).toEqual([]);
  });

  it("makes the Text and Design controls when their tab is opened, the gallery's first page fetched ahead", async () => {
    const calls = openStudio();
    // The products' place while they load, named for assistive technology (a status, as a generic
    // element may not carry a label).
    expect(screen.getByRole("status", { name: "Loading products" })).toBeTruthy();
    expect(await screen.findByRole("combobox", { name: "Product" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Text" })).toBeNull();
    expect(screen.queryByLabelText("Image file")).toBeNull();
    // Fetched while the Design tab is closed, once the browser is idle.
    await waitFor(() => expect(calls.filter((call) => call.operation === "MemePicker")).toEqual([{ operation: "MemePicker", variables: { page: 1 } }]));
    expect(screen.queryByRole("button", { name: `Use meme: ${recess.title}` })).toBeNull();
    await openTab("Design");
    // Opened with its memes at once: no loading state, and not asked for again.
    expect(screen.getByRole("button", { name: `Use meme: ${recess.title}` })).toBeTruthy();
    expect(calls.filter((call) => call.operation === "MemePicker")).toHaveLength(1);
    await openTab("Text");
    expect(screen.getByRole("textbox", { name: "Text" })).toBeTruthy();
  });

  it("says when the ?meme= link names no meme, and keeps working", async () => {
    openStudio("/customize?meme=nope");
    expect(await screen.findByText("Meme not found")).toBeTruthy();
    await openTab("Text");
    fireEvent.change(screen.getByRole("textbox", { name: "Text" }), { target: { value: "Still here" } });
    expect(preview().getAttribute("aria-label")).toBe("Design preview: “Still here” on a #000000 background");
  });

  it("loads the linked meme, keeps every change for a reload, and Reset Design restores the defaults", async () => {
    openStudio(`/customize?meme=${recess.id}`);
    await waitFor(() => expect(preview().getAttribute("aria-label")).toContain("with the meme Recess Season"));

    await openTab("Text");
    fireEvent.change(screen.getByRole("textbox", { name: "Text" }), { target: { value: "Read the bill" } });
    fireEvent.change(screen.getByRole("slider", { name: "Text size" }), { target: { value: "48" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Text color (hex code)" }), { target: { value: "#ffd400" } });
    fireEvent.click(within(screen.getByRole("group", { name: "Position" })).getByRole("button", { name: "Top" }));
    fireEvent.click(within(screen.getByRole("group", { name: "Alignment" })).getByRole("button", { name: "Left" }));
    fireEvent.click(screen.getByRole("button", { name: "Bold" }));
    fireEvent.click(screen.getByRole("button", { name: "Italic" }));
    expect(screen.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("true");
    await openTab("Design");
    fireEvent.change(screen.getByRole("textbox", { name: "Background color (hex code)" }), { target: { value: "#1b2a4a" } });

    const saved = () => JSON.parse(sessionStorage.getItem(DESIGN_STORAGE_KEY)!).design;
    expect(saved()).toEqual({
      memeId: recess.id,
      productId: null,
      variantId: null,
      text: "Read the bill",
      textColor: "#ffd400",
      textSize: 48,
      textPosition: "top",
      textAlign: "left",
      textBold: true,
      textItalic: true,
      backgroundColor: "#1b2a4a",
      textOffset: null,
      imageBox: null,
    });

    fireEvent.click(screen.getByRole("button", { name: "Reset Design" }));
    expect(saved()).toMatchObject({ memeId: null, text: "Add your text here", textSize: 32, textPosition: "bottom", textAlign: "center", textBold: false });
    expect(preview().getAttribute("aria-label")).toBe("Design preview: “Add your text here” on a #000000 background");
  });

  it("draws the meme the address names when the studio is opened again in this tab (spec §2)", async () => {
    const first = openStudioScreen("/customize");
    await openTab("Text");
    fireEvent.change(screen.getByRole("textbox", { name: "Text" }), { target: { value: "Mine" } });
    first.unmount();

    // A typed, pasted or bookmarked /customize?meme=… in the same tab: the meme is drawn, the work is kept.
    openStudioScreen(`/customize?meme=${recess.id}`);
    await waitFor(() => expect(preview().getAttribute("aria-label")).toBe("Design preview: “Mine” with the meme Recess Season on a #000000 background"));
  });

  it("keeps ?meme= in step with the meme the shopper picks or removes, so a reload opens the same design", async () => {
    openStudio(`/customize?meme=${recess.id}`);
    await waitFor(() => expect(preview().getAttribute("aria-label")).toContain("with the meme Recess Season"));
    await openTab("Design");
    fireEvent.click(screen.getByRole("button", { name: "Remove image" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/customize"));
    expect(preview().getAttribute("aria-label")).toBe("Design preview: “Add your text here” on a #000000 background");

    fireEvent.click(await screen.findByRole("button", { name: "Use meme: Recess Season" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/customize?meme=${recess.id}`));
  });

  it("lands every option choice on a real variant of the chosen product (spec §4)", async () => {
    openStudio();
    fireEvent.change(await screen.findByRole("combobox", { name: "Product" }), { target: { value: cap.id } });
    const size = await screen.findByRole("group", { name: /^Size:/ });
    const color = screen.getByRole("group", { name: /^Color:/ });
    await waitFor(() => expect(preview().getAttribute("aria-label")).toContain("on Gavel Cap (S / Black)"));
    expect(within(size).queryByRole("button", { name: "XL" })).toBeNull();

    fireEvent.click(within(color).getByRole("button", { name: "Navy" }));
    await waitFor(() => expect(preview().getAttribute("aria-label")).toContain("on Gavel Cap (S / Navy)"));
    // There is no M / Navy: M selects M / Black, and its price.
    fireEvent.click(within(size).getByRole("button", { name: "M" }));
    await waitFor(() => expect(preview().getAttribute("aria-label")).toContain("on Gavel Cap (M / Black)"));
    expect(within(color).getByRole("button", { name: "Black" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("$21.99")).toBeTruthy();
    expect(screen.queryByText(/unavailable/i)).toBeNull();
  });

  it("refuses a file that is not an image and changes nothing", async () => {
    openStudio();
    await openTab("Design");
    fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("Images only")).toBeTruthy();
    expect(preview().getAttribute("aria-label")).toBe("Design preview: “Add your text here” on a #000000 background");
  });

  it("uploads the design, then adds the variant as its own line with the design's attributes and opens the cart", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ id: "d-123", previewUrl: "/designs/d-123/preview", printFileUrl: "/designs/d-123/print" }), { status: 201 }),
    );
    openStudio(`/customize?meme=${recess.id}`);
    await chooseTee();
    fireEvent.click(within(screen.getByRole("group", { name: /^Size:/ })).getByRole("button", { name: "L" }));
    expect(await screen.findByText("$26.99")).toBeTruthy();
    await waitFor(() => expect(preview().getAttribute("aria-label")).toContain("with the meme Recess Season"));

    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Added to Cart!")).toBeTruthy();

    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/designs");
    const form = init!.body as FormData;
    expect((form.get("preview") as File).type).toBe("image/png");
    expect((form.get("print") as File).type).toBe("image/png");
    expect(JSON.parse(form.get("state") as string)).toMatchObject({ memeId: recess.id, productId: tee.id, variantId: "v-l", image: "meme" });
    expect(loadCart()).toEqual([
      {
        id: "v-l",
        title: "Subcommittee Tee",
        variantTitle: "L",
        image: "/designs/d-123/preview",
        price: 26.99,
        quantity: 1,
        customAttributes: [
          { key: "designId", value: "d-123" },
          { key: "memeId", value: recess.id },
        ],
      },
    ]);

    // The same design again is the same upload: the line's quantity goes up.
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart", hidden: true }));
    await waitFor(() => expect(loadCart()[0]!.quantity).toBe(2));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the gateway's refusal and adds nothing when the upload fails", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify({ error: "preview must be a PNG or JPEG image" }), { status: 400 }));
    openStudio();
    await chooseTee();
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Design upload failed")).toBeTruthy();
    expect(screen.getByText("preview must be a PNG or JPEG image")).toBeTruthy();
    expect(loadCart()).toEqual([]);
  });

  it("shows the chosen product's print area, and the background control only while it means something", async () => {
    openStudio();
    await openTab("Design");
    expect(screen.getByRole("textbox", { name: "Background color (hex code)" })).toBeTruthy();
    expect(screen.queryByTestId("print-area")).toBeNull();

    await openTab("Product");
    await chooseTee();
    // The print area is the blank's middle half: 150–450 of the 600-unit canvas.
    const area = screen.getByTestId("print-area");
    expect([area.style.left, area.style.top, area.style.width, area.style.height]).toEqual(["25%", "25%", "50%", "50%"]);
    await openTab("Design");
    expect(screen.queryByRole("textbox", { name: "Background color (hex code)" })).toBeNull();
  });

  it("warns below 150 DPI at the picture's printed size and not at 150, on the layer too, and follows + and −", async () => {
    openStudio();
    await chooseTee();
    await openTab("Design");
    // 1199 px at 8 in is 149.9 DPI; 1200 px is exactly 150.
    fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [pictureOf(1199)] } });
    expect(await screen.findByText(WARNING, { selector: "[role=status] *" })).toBeTruthy();
    const layer = await screen.findByRole("button", { name: "Your image layer" });
    expect(within(layer).getByTitle(/^Low resolution/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [pictureOf(1200)] } });
    await waitFor(() => expect(preview().getAttribute("aria-label")).toContain("your image w1200.png"));
    await waitFor(() => expect(screen.queryByText(WARNING, { selector: "[role=status] *" })).toBeNull());
    expect(within(screen.getByRole("button", { name: "Your image layer" })).queryByTitle(/^Low resolution/)).toBeNull();

    // + makes it 5% larger (8.4 in: 142.9 DPI), − back (150 DPI).
    fireEvent.keyDown(screen.getByRole("button", { name: "Your image layer" }), { key: "+" });
    expect(await screen.findByText(WARNING, { selector: "[role=status] *" })).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(DESIGN_STORAGE_KEY)!).design.imageBox.width).toBeCloseTo(0.84);
    fireEvent.keyDown(screen.getByRole("button", { name: "Your image layer" }), { key: "-" });
    await waitFor(() => expect(screen.queryByText(WARNING, { selector: "[role=status] *" })).toBeNull());
  });

  it("moves the text with the arrow keys and resizes it with + and −; choosing a position puts it back", async () => {
    openStudio();
    await chooseTee();
    const text = screen.getByRole("button", { name: "Text layer" });
    const saved = () => JSON.parse(sessionStorage.getItem(DESIGN_STORAGE_KEY)!).design;
    fireEvent.keyDown(text, { key: "ArrowUp", shiftKey: true });
    fireEvent.keyDown(screen.getByRole("button", { name: "Text layer" }), { key: "ArrowLeft" });
    await waitFor(() => expect(saved().textOffset).toEqual({ x: expect.closeTo(-0.01), y: expect.closeTo(-0.1) }));
    fireEvent.keyDown(screen.getByRole("button", { name: "Text layer" }), { key: "+" });
    await waitFor(() => expect(saved().textSize).toBe(34));

    await openTab("Text");
    fireEvent.click(within(screen.getByRole("group", { name: "Position" })).getByRole("button", { name: "Top" }));
    await waitFor(() => expect(saved()).toMatchObject({ textPosition: "top", textOffset: null, textSize: 34 }));
  });

  it("sends the picture's resolution at its printed size with the design, and the line keeps the gateway's warning", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ id: "d-9", previewUrl: "/designs/d-9/preview", printFileUrl: "/designs/d-9/print", printDpi: 100, printWarning: WARNING }), { status: 201 }),
    );
    openStudio();
    await chooseTee();
    await openTab("Design");
    fireEvent.change(screen.getByLabelText("Image file"), { target: { files: [pictureOf(800)] } });
    expect(await screen.findByText(WARNING, { selector: "[role=status] *" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Added to Cart!")).toBeTruthy();
    const form = fetch.mock.calls[0]![1]!.body as FormData;
    expect(JSON.parse(form.get("state") as string)).toMatchObject({ image: "upload", printDpi: 100, imageBox: null });
    expect(loadCart()[0]).toMatchObject({ image: "/designs/d-9/preview", printWarning: WARNING });
  });
});
