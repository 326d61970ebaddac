import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import AdminRoute from "../../../routes/AdminRoute";
import { owner, userError } from "../adminTestData";
import { adminProduct, adminVariant, productsPage } from "./productTestData";

// Whole admin screens render several times per step; a machine shared by several test runs needs more than 1 s.
configure({ asyncUtilTimeout: 4000 });

const mockup = (color: string | null, offered = true) => ({
  __typename: "AdminProductMockup",
  color,
  url: `/media/mockups/${color ?? "blank"}.png`,
  width: 1000,
  height: 800,
  offered,
});
const TEE_AREA = { x: 0.3275, y: 0.29, width: 0.345, height: 0.395, widthInches: 11, heightInches: 12.6 };
const printArea = (area = TEE_AREA) => ({ __typename: "AdminPrintArea", ...area, printWidthPx: Math.round(area.widthInches * 300), printHeightPx: Math.round(area.heightInches * 300) });

/** A customisable tee in Black and Navy. */
const tee = (overrides: Record<string, unknown> = {}) =>
  adminProduct({
    customizable: true,
    options: [{ __typename: "AdminProductOption", id: "opt-color", name: "Color", values: ["Black", "Navy"] }],
    variants: [adminVariant("v-black", ["Color", "Black"]), adminVariant("v-navy", ["Color", "Navy"])],
    ...overrides,
  });

const payload = (product: object | null, userErrors: object[] = []) => ({ __typename: "ProductPrintAreaSetPayload", product, userErrors });

function openEditor(product: () => object, answers: Parameters<typeof mockClient>[0] = {}) {
  const mocked = mockClient({
    StaffMe: () => ({ data: { staffMe: owner } }),
    AdminProduct: () => ({ data: { adminProduct: product() } }),
    AdminProducts: () => productsPage([]),
    ...answers,
  });
  renderScreen(<AdminRoute />, { client: mocked.client, route: "/admin/products/p-1", path: "/admin/*" });
  return mocked;
}

const panel = () => screen.getByRole("region", { name: "Mock-ups and print area" });
const blanks = () => within(panel()).getByRole("list", { name: "Blanks" });
const field = (label: string) => within(panel()).getByLabelText(label) as HTMLInputElement;
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

describe("the product's mock-ups and print area", () => {
  it("is shown for a customisable product only", async () => {
    openEditor(() => adminProduct({ customizable: false }));
    await screen.findByRole("region", { name: "Status and organisation" });
    expect(screen.queryByRole("region", { name: "Mock-ups and print area" })).toBeNull();
    // Ticking "customizable" shows it (the blanks belong to the saved product, so it can be set up before Save).
    fireEvent.click(screen.getByLabelText("Offered in the design studio (customizable)"));
    expect(await screen.findByRole("region", { name: "Mock-ups and print area" })).toBeTruthy();
  });

  it("lists a blank per Color value: uploaded ones to replace or remove, missing ones to upload", async () => {
    openEditor(() => tee({ mockups: [mockup("Navy")] }));
    await screen.findByRole("region", { name: "Mock-ups and print area" });
    const [black, navy] = within(blanks()).getAllByRole("listitem");
    expect(black!.getAttribute("aria-label")).toBe("Black");
    expect(within(black!).getByText("No blank yet")).toBeTruthy();
    expect(within(black!).getByRole("button", { name: "Upload the blank for Black" })).toBeTruthy();
    expect(within(black!).queryByRole("button", { name: "Remove the blank for Black" })).toBeNull();
    expect((within(navy!).getByRole("img", { name: "The blank for Navy" }) as HTMLImageElement).getAttribute("src")).toBe("/media/mockups/Navy.png");
    expect(within(navy!).getByText("1000 × 800 px")).toBeTruthy();
    expect(within(navy!).getByRole("button", { name: "Replace the blank for Navy" })).toBeTruthy();
  });

  it("uploads a colour's blank with its colour and progress, then shows it; a refusal says why", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeUpload);
    let uploaded = false;
    openEditor(() => tee({ mockups: uploaded ? [mockup("Black")] : [] }));
    await screen.findByRole("region", { name: "Mock-ups and print area" });
    const file = new File(["png"], "black-tee.png", { type: "image/png" });
    fireEvent.change(field("Image for the blank for Black"), { target: { files: [file] } });
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const sent = FakeUpload.sent[0]!;
    expect([sent.method, sent.url]).toEqual(["POST", "/api/admin/products/p-1/mockups"]);
    expect([...sent.body!.keys()]).toEqual(["color", "image"]);
    expect(sent.body!.get("color")).toBe("Black");
    sent.progress(30, 100);
    await waitFor(() => expect(screen.getByRole("progressbar", { name: "Uploading the blank for Black" }).getAttribute("aria-valuenow")).toBe("30"));
    uploaded = true;
    sent.answer(201, { color: "Black" });
    expect(await within(panel()).findByRole("img", { name: "The blank for Black" })).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();

    fireEvent.change(field("Image for the blank for Navy"), { target: { files: [new File(["png"], "navy.png", { type: "image/png" })] } });
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(2));
    FakeUpload.sent[1]!.answer(400, { error: "image does not decode as a whole JPEG, PNG or WebP image (it is truncated or corrupt)", field: "image" });
    expect(await within(panel()).findByText("image does not decode as a whole JPEG, PNG or WebP image (it is truncated or corrupt)")).toBeTruthy();

    // Not an image the gateway takes: refused here, never sent.
    fireEvent.change(field("Image for the blank for Navy"), { target: { files: [new File(["svg"], "navy.svg", { type: "image/svg+xml" })] } });
    expect(await within(panel()).findByText("navy.svg is not a JPEG, PNG or WebP image.")).toBeTruthy();
    expect(FakeUpload.sent).toHaveLength(2);
  });

  it("removes a blank after confirming, and offers removing one whose colour the product no longer has", async () => {
    let removed: string[] = [];
    const current = () => tee({ mockups: [mockup("Black"), mockup("Red", false)].filter((m) => !removed.includes(m.color!)) });
    const { calls } = openEditor(current, {
      ProductMockupDelete: (variables) => {
        removed = [...removed, String(variables.color)];
        return { data: { productMockupDelete: { __typename: "ProductMockupDeletePayload", product: current(), userErrors: [] } } };
      },
    });
    await screen.findByRole("region", { name: "Mock-ups and print area" });
    const retired = within(panel()).getByRole("list", { name: /no longer offers/ });
    expect(within(retired).getByRole("img", { name: "The blank for Red" })).toBeTruthy();
    fireEvent.click(within(retired).getByRole("button", { name: "Remove the blank for Red" }));
    fireEvent.click(within(retired).getByRole("button", { name: "Remove blank" }));
    await waitFor(() => expect(within(panel()).queryByRole("list", { name: /no longer offers/ })).toBeNull());

    fireEvent.click(within(blanks()).getByRole("button", { name: "Remove the blank for Black" }));
    fireEvent.click(within(blanks()).getByRole("button", { name: "Remove blank" }));
    await waitFor(() => expect(within(blanks()).getAllByText("No blank yet")).toHaveLength(2));
    // The confirmation's buttons are gone: focus goes to the colour's Upload, not to the page.
    await waitFor(() => expect(document.activeElement).toBe(within(blanks()).getByRole("button", { name: "Upload the blank for Black" })));
    expect(variablesOf(calls, "ProductMockupDelete")).toEqual([
      { productId: "p-1", color: "Red" },
      { productId: "p-1", color: "Black" },
    ]);
  });

  it("shows the saved print area in percent and inches, drawn over the chosen blank, with its print file's size", async () => {
    openEditor(() => tee({ mockups: [mockup("Black"), mockup("Navy")], printArea: printArea() }));
    await screen.findByRole("region", { name: "Mock-ups and print area" });
    expect([field("Left edge (%)"), field("Top edge (%)"), field("Width (%)"), field("Height (%)"), field("Print width (in)"), field("Print height (in)")].map((f) => f.value)).toEqual([
      "32.75",
      "29",
      "34.5",
      "39.5",
      "11",
      "12.6",
    ]);
    expect(within(panel()).getByText("Print file: 3300 × 3780 px at 300 DPI")).toBeTruthy();
    const preview = within(panel()).getByRole("img", { name: "Preview: the print area on the Black blank" });
    expect(preview.querySelector("img")!.getAttribute("src")).toBe("/media/mockups/Black.png");
    const rectangle = preview.querySelector<HTMLElement>("[data-print-area]")!;
    expect([rectangle.style.left, rectangle.style.top, rectangle.style.width, rectangle.style.height]).toEqual(["32.75%", "29%", "34.5%", "39.5%"]);

    // The preview follows the fields as they are typed, and the blank chosen.
    fireEvent.change(field("Left edge (%)"), { target: { value: "20" } });
    expect(rectangle.style.left).toBe("20%");
    fireEvent.change(field("Print width (in)"), { target: { value: "14" } });
    fireEvent.change(field("Print height (in)"), { target: { value: "14" } });
    expect(within(panel()).getByText("Print file: 4200 × 4200 px at 300 DPI")).toBeTruthy();
    expect(within(panel()).getByText(/more than 16 megapixels/)).toBeTruthy();
    fireEvent.change(within(panel()).getByLabelText("Preview on"), { target: { value: "Navy" } });
    expect(within(panel()).getByRole("img", { name: "Preview: the print area on the Navy blank" })).toBeTruthy();
  });

  it("saves the print area in fractions and inches, and puts the gateway's refusal on its field", async () => {
    let refuse = true;
    const { calls } = openEditor(() => tee({ mockups: [mockup("Black")] }), {
      ProductPrintAreaSet: (variables) => ({
        data: {
          productPrintAreaSet: refuse
            ? payload(null, [userError("INVALID_INPUT", "printArea.widthInches must be between 1 and 20 inches", "printArea.widthInches")])
            : payload(tee({ mockups: [mockup("Black")], printArea: printArea(variables.printArea as typeof TEE_AREA) })),
        },
      }),
    });
    await screen.findByRole("region", { name: "Mock-ups and print area" });
    expect(within(panel()).getByText(/No print area yet/)).toBeTruthy();
    const values: [string, string][] = [
      ["Left edge (%)", "32.75"],
      ["Top edge (%)", "29"],
      ["Width (%)", "34.5"],
      ["Height (%)", "39.5"],
      ["Print width (in)", "25"],
      ["Print height (in)", "12.6"],
    ];
    for (const [label, value] of values) fireEvent.change(field(label), { target: { value } });
    // Enter in a field saves the print area, not the product.
    fireEvent.keyDown(field("Print height (in)"), { key: "Enter" });
    expect(await within(panel()).findByText("printArea.widthInches must be between 1 and 20 inches")).toBeTruthy();
    expect(field("Print width (in)").getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.operation === "ProductUpdate")).toBe(false);

    refuse = false;
    fireEvent.change(field("Print width (in)"), { target: { value: "11" } });
    fireEvent.click(within(panel()).getByRole("button", { name: "Save print area" }));
    await waitFor(() => expect(within(panel()).queryByText(/No print area yet/)).toBeNull());
    expect(variablesOf(calls, "ProductPrintAreaSet")).toEqual([
      { productId: "p-1", printArea: { ...TEE_AREA, widthInches: 25 } },
      { productId: "p-1", printArea: TEE_AREA },
    ]);
    expect((within(panel()).getByRole("button", { name: "Save print area" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a refusal of the print file's size above the buttons, and removes the print area after confirming", async () => {
    let area: object | null = printArea();
    const { calls } = openEditor(() => tee({ mockups: [mockup("Black")], printArea: area }), {
      ProductPrintAreaSet: (variables) => {
        if (variables.printArea) return { data: { productPrintAreaSet: payload(null, [userError("INVALID_INPUT", "At 300 DPI the print file would be 6000 × 6000 px", "printArea")]) } };
        area = null;
        return { data: { productPrintAreaSet: payload(tee({ mockups: [mockup("Black")], printArea: null })) } };
      },
    });
    await screen.findByRole("region", { name: "Mock-ups and print area" });
    fireEvent.change(field("Print width (in)"), { target: { value: "20" } });
    fireEvent.change(field("Print height (in)"), { target: { value: "20" } });
    fireEvent.click(within(panel()).getByRole("button", { name: "Save print area" }));
    expect((await within(panel()).findByRole("alert")).textContent).toContain("At 300 DPI the print file would be 6000 × 6000 px");

    fireEvent.click(within(panel()).getByRole("button", { name: "Remove the print area" }));
    fireEvent.click(within(panel()).getByRole("button", { name: "Remove print area" }));
    expect(await within(panel()).findByText(/No print area yet/)).toBeTruthy();
    expect(variablesOf(calls, "ProductPrintAreaSet").at(-1)).toEqual({ productId: "p-1", printArea: null });
  });

  it("asks for numbers before sending", async () => {
    const { calls } = openEditor(() => tee());
    await screen.findByRole("region", { name: "Mock-ups and print area" });
    fireEvent.change(field("Top edge (%)"), { target: { value: "" } });
    fireEvent.click(within(panel()).getByRole("button", { name: "Save print area" }));
    expect(await within(panel()).findByText("Enter a number.")).toBeTruthy();
    expect(calls.some((c) => c.operation === "ProductPrintAreaSet")).toBe(false);
  });
});
