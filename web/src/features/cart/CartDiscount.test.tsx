import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeCartGateway, type FakeDiscountCode } from "../../../tests/fakeCartGateway";
import { renderScreen } from "../../../tests/render";
import CartRoute from "../../routes/CartRoute";
import { CartButton } from "./CartButton";
import { saveCart, type LocalCartLine } from "./localCart";

// The browser's stored price (24.99) is not the store's (25.00): every amount shown with a code is the store's.
const tee: LocalCartLine = { id: "v-tee", title: "Subcommittee Tee", variantTitle: "M / Black", image: "", price: 24.99, quantity: 2 };
const prices = { "v-tee": 2500 };
const HEARING20: FakeDiscountCode = { code: "HEARING20", percentOff: 20 };
const BIGSPENDER: FakeDiscountCode = { code: "BIGSPENDER", percentOff: 10, minimumCents: 7500 };
const SHIPFREE: FakeDiscountCode = { code: "SHIPFREE", freeShipping: true };

async function openDrawer(gateway: ReturnType<typeof fakeCartGateway>) {
  renderScreen(<CartButton />, { client: gateway.client, serverCart: true });
  fireEvent.click(screen.getByRole("button", { name: /^Cart, /, hidden: true }));
  // The drawer's code is a chunk of its own: the first opening in a run waits for it.
  const drawer = await screen.findByRole("dialog", { name: "Your Cart" }, { timeout: 5000 });
  // The mirror has carried the local cart over (the code field needs the server cart).
  await waitFor(() => expect(gateway.storedId() && gateway.lines()).toHaveLength(1));
  return drawer;
}

function applyCode(scope: HTMLElement, code: string) {
  fireEvent.change(within(scope).getByRole("textbox", { name: "Discount code" }), { target: { value: code } });
  fireEvent.click(within(scope).getByRole("button", { name: "Apply" }));
}

/** The drawer's summary rows, as "label value" lines. */
const rows = (drawer: HTMLElement) =>
  within(drawer)
    .getAllByText(/^(Subtotal|Shipping|Total|Discount \(.*\))$/)
    .map((label) => `${label.textContent} ${label.nextElementSibling?.textContent}`);

describe("the cart drawer's discount code", () => {
  it("without a code: spec §2's summary, the total equal to the subtotal", async () => {
    saveCart([tee]);
    const drawer = await openDrawer(fakeCartGateway({ discountCodes: [HEARING20], prices }));
    expect(rows(drawer)).toEqual(["Subtotal $49.98", "Shipping Calculated at checkout", "Total $49.98"]);
    expect(within(drawer).queryByText(/Discount \(/)).toBeNull();
  });

  it("applies a code: the discount line between subtotal and total, every amount the store's", async () => {
    saveCart([tee]);
    const gateway = fakeCartGateway({ discountCodes: [HEARING20], prices });
    const drawer = await openDrawer(gateway);
    applyCode(drawer, " hearing20 ");
    expect(await within(drawer).findByText("Discount (HEARING20)")).toBeTruthy();
    expect(rows(drawer)).toEqual(["Subtotal $50.00", "Discount (HEARING20) −$10.00", "Shipping Calculated at checkout", "Total $40.00"]);
    expect(gateway.code()).toBe("HEARING20");
    expect(within(drawer).getByRole("button", { name: "Remove discount code HEARING20" })).toBeTruthy();
    expect((within(drawer).getByRole("textbox", { name: "Discount code" }) as HTMLInputElement).value).toBe("");
  });

  it("shows a refusal under the field (role=alert, the field pointing at it), and nothing comes off", async () => {
    saveCart([tee]);
    const gateway = fakeCartGateway({ discountCodes: [HEARING20], prices });
    const drawer = await openDrawer(gateway);
    applyCode(drawer, "NOPE");
    const alert = await within(drawer).findByRole("alert");
    expect(alert.textContent).toBe("“NOPE” is not a discount code we know. Check the spelling and try again.");
    const field = within(drawer).getByRole("textbox", { name: "Discount code" });
    expect(field.getAttribute("aria-describedby")).toBe(alert.id);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(rows(drawer)).toEqual(["Subtotal $49.98", "Shipping Calculated at checkout", "Total $49.98"]);
    expect(gateway.code()).toBeNull();
  });

  it("keeps a code the cart does not meet yet with its message, and applies it once the cart changes to meet it", async () => {
    saveCart([tee]);
    const gateway = fakeCartGateway({ discountCodes: [BIGSPENDER], prices });
    const drawer = await openDrawer(gateway);
    applyCode(drawer, "BIGSPENDER");
    expect(await within(drawer).findByText("Add $25.00 more to use BIGSPENDER.")).toBeTruthy();
    expect(within(drawer).queryByRole("alert")).toBeNull();
    expect(within(drawer).getByText("BIGSPENDER")).toBeTruthy();
    expect(rows(drawer)).toEqual(["Subtotal $49.98", "Shipping Calculated at checkout", "Total $49.98"]);

    fireEvent.click(within(within(drawer).getByRole("group", { name: "Quantity of Subcommittee Tee" })).getByRole("button", { name: "Increase quantity" }));
    expect(await within(drawer).findByText("Discount (BIGSPENDER)")).toBeTruthy();
    expect(rows(drawer)).toEqual(["Subtotal $75.00", "Discount (BIGSPENDER) −$7.50", "Shipping Calculated at checkout", "Total $67.50"]);
    expect(within(drawer).queryByText(/more to use BIGSPENDER/)).toBeNull();

    // And stops applying when the cart falls below it again: its message is back, the spec's summary too.
    fireEvent.click(within(within(drawer).getByRole("group", { name: "Quantity of Subcommittee Tee" })).getByRole("button", { name: "Decrease quantity" }));
    expect(await within(drawer).findByText("Add $25.00 more to use BIGSPENDER.")).toBeTruthy();
    await waitFor(() => expect(rows(drawer)).toEqual(["Subtotal $49.98", "Shipping Calculated at checkout", "Total $49.98"]));
  });

  it("removes the code: the summary is spec §2's again", async () => {
    saveCart([tee]);
    const gateway = fakeCartGateway({ discountCodes: [HEARING20], prices });
    const drawer = await openDrawer(gateway);
    applyCode(drawer, "HEARING20");
    fireEvent.click(await within(drawer).findByRole("button", { name: "Remove discount code HEARING20" }));
    await waitFor(() => expect(within(drawer).queryByText("Discount (HEARING20)")).toBeNull());
    expect(rows(drawer)).toEqual(["Subtotal $49.98", "Shipping Calculated at checkout", "Total $49.98"]);
    expect(gateway.code()).toBeNull();
  });

  it("a free-shipping code says what it gives instead of an amount", async () => {
    saveCart([tee]);
    const drawer = await openDrawer(fakeCartGateway({ discountCodes: [SHIPFREE], prices }));
    applyCode(drawer, "SHIPFREE");
    expect(await within(drawer).findByText("Discount (SHIPFREE)")).toBeTruthy();
    expect(rows(drawer)).toEqual(["Subtotal $50.00", "Discount (SHIPFREE) Free shipping at checkout", "Shipping Calculated at checkout", "Total $50.00"]);
  });

  it("shows the code the server cart already holds when it opens", async () => {
    saveCart([tee]);
    const gateway = fakeCartGateway({ discountCodes: [HEARING20], prices });
    const first = await openDrawer(gateway);
    applyCode(first, "HEARING20");
    await within(first).findByText("Discount (HEARING20)");
    fireEvent.click(within(first).getByRole("button", { name: "Close cart" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Your Cart" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: /^Cart, /, hidden: true }));
    const again = await screen.findByRole("dialog", { name: "Your Cart" });
    expect(await within(again).findByText("Discount (HEARING20)")).toBeTruthy();
    expect(gateway.count("ServerCartCreate")).toBe(1);
  });
});

describe("the cart page's discount code", () => {
  it("without a code: spec §2's subtotal and note, no total line", async () => {
    saveCart([tee]);
    const gateway = fakeCartGateway({ discountCodes: [HEARING20], prices });
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    await waitFor(() => expect(gateway.storedId() && gateway.lines()).toHaveLength(1));
    expect(screen.getByText("Subtotal").nextElementSibling?.textContent).toBe("$49.98");
    expect(screen.getByText("Shipping & taxes calculated at checkout")).toBeTruthy();
    expect(screen.queryByText("Total", { selector: "p" })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Discount code" })).toBeTruthy();
  });

  it("applies a code on a cart the shopper had only locally: one server cart, made and synced first", async () => {
    saveCart([tee]);
    const gateway = fakeCartGateway({ discountCodes: [HEARING20], prices });
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    applyCode(document.body, "HEARING20");
    expect(await screen.findByText("Discount (HEARING20)")).toBeTruthy();
    expect(screen.getByText("Discount (HEARING20)").nextElementSibling?.textContent).toBe("−$10.00");
    expect(screen.getByText("Subtotal").nextElementSibling?.textContent).toBe("$50.00");
    expect(screen.getByText("Total", { selector: "p" }).nextElementSibling?.textContent).toBe("$40.00");
    expect(screen.getByText("Shipping & taxes calculated at checkout")).toBeTruthy();
    expect(gateway.count("ServerCartCreate")).toBe(1);
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 2, attributes: [] }]);
    expect(gateway.code()).toBe("HEARING20");
  });

  it("says so under the field when the store cannot be reached", async () => {
    saveCart([tee]);
    const gateway = fakeCartGateway({ discountCodes: [HEARING20], prices });
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    await waitFor(() => expect(gateway.storedId() && gateway.lines()).toHaveLength(1));
    gateway.failing.add("CartDiscountCodesUpdate");
    applyCode(document.body, "HEARING20");
    expect((await screen.findByRole("alert")).textContent).toBe("The discount code could not be applied right now. Please try again.");
  });
});
