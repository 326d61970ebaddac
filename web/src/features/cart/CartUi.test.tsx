import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../../tests/render";
import { fakeCartGateway } from "../../../tests/fakeCartGateway";
import { mockClient } from "../../../tests/mockClient";
import { CartButton } from "./CartButton";
import CartRoute from "../../routes/CartRoute";
import { CART_STORAGE_KEY, loadCart, saveCart, type LocalCartLine } from "./localCart";

const tee: LocalCartLine = { id: "v-tee", title: "Subcommittee Tee", variantTitle: "M / Black", image: "", price: 24.99, quantity: 2 };
const mug: LocalCartLine = { id: "v-mug", title: "Filibuster Fuel Mug", image: "", price: 16.99, quantity: 1 };

// hidden: true, because an open drawer hides the rest of the page from assistive technology.
const cartButton = () => screen.getByRole("button", { name: /^Cart, /, hidden: true });

async function openDrawer() {
  fireEvent.click(cartButton());
  // The drawer's code is a chunk of its own: the first opening in a run waits for it.
  return screen.findByRole("dialog", { name: "Your Cart" }, { timeout: 5000 });
}

describe("the header's cart button", () => {
  it("counts the quantities, and follows changes in this tab and in others", () => {
    renderScreen(<CartButton />);
    expect(cartButton().getAttribute("aria-label")).toBe("Cart, 0 items");

    act(() => saveCart([tee, mug]));
    expect(cartButton().getAttribute("aria-label")).toBe("Cart, 3 items");

    // Another tab wrote the cart: the browser fires `storage` here.
    act(() => {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...mug, quantity: 1 }]));
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY }));
    });
    expect(cartButton().getAttribute("aria-label")).toBe("Cart, 1 item");
  });

  it("shows a corrupt stored cart as empty instead of crashing", () => {
    window.localStorage.setItem(CART_STORAGE_KEY, "{definitely not a list");
    renderScreen(<CartButton />);
    expect(cartButton().getAttribute("aria-label")).toBe("Cart, 0 items");
  });
});

describe("the cart drawer", () => {
  it("lists the stored lines, keeps quantities at 1 or more, and removes with a toast", async () => {
    saveCart([tee, { ...mug, price: null }]);
    renderScreen(<CartButton />);
    const drawer = await openDrawer();

    expect(within(drawer).getByText("Price error")).toBeTruthy();
    const mugRow = within(drawer).getByRole("group", { name: "Quantity of Filibuster Fuel Mug" });
    expect((within(mugRow).getByRole("button", { name: "Decrease quantity" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(mugRow).getByRole("button", { name: "Increase quantity" }));
    expect(loadCart().find((l) => l.id === "v-mug")?.quantity).toBe(2);

    fireEvent.click(within(drawer).getByRole("button", { name: "Remove Subcommittee Tee" }));
    expect(loadCart().map((l) => l.id)).toEqual(["v-mug"]);
    expect(await screen.findByText("Item removed")).toBeTruthy();
    expect(cartButton().getAttribute("aria-label")).toBe("Cart, 2 items");
  });

  it("clears the cart with a toast and then shows the empty state", async () => {
    saveCart([tee]);
    renderScreen(<CartButton />);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole("button", { name: "Clear Cart" }));
    expect(loadCart()).toEqual([]);
    expect(await screen.findByText("Cart cleared")).toBeTruthy();
    expect(within(drawer).getByText("Your cart is empty")).toBeTruthy();
  });

  it("keeps Clear Cart above the lines, away from Checkout at the foot of the drawer", async () => {
    saveCart([tee, mug]);
    renderScreen(<CartButton />);
    const drawer = await openDrawer();
    const clear = within(drawer).getByRole("button", { name: "Clear Cart" });
    const checkout = within(drawer).getByRole("button", { name: "Checkout" });
    // The lines (and the totals) stand between the two.
    const list = within(drawer).getByRole("list");
    expect(clear.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(list.compareDocumentPosition(checkout) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("reads the cart afresh each time it opens", async () => {
    saveCart([tee]);
    renderScreen(<CartButton />);
    let drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole("button", { name: "Close cart" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Your Cart" })).toBeNull());
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([mug]));
    drawer = await openDrawer();
    expect(within(drawer).getByText("Filibuster Fuel Mug")).toBeTruthy();
    expect(within(drawer).queryByText("Subcommittee Tee")).toBeNull();
  });

  it("stays open when focus lands outside it for a moment (a focus trap handing it back), and closes on Escape", async () => {
    saveCart([tee]);
    renderScreen(<CartButton />);
    const drawer = await openDrawer();
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    // What a busy phone showed: the trap gave focus back to the page's button for a moment.
    act(() => cartButton().focus());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole("dialog", { name: "Your Cart" })).toBe(drawer);
    fireEvent.keyDown(drawer, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Your Cart" })).toBeNull());
  });

  it("Checkout announces itself and goes to /cart", async () => {
    saveCart([tee]);
    renderScreen(<CartButton />);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole("button", { name: "Checkout" }));
    expect(await screen.findByText("Proceeding to checkout")).toBeTruthy();
    expect(screen.getByText("This would normally take you to checkout")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/cart");
  });
});

describe("the cart page's Proceed to Checkout (spec §4: the kept server cart is synced and checked out)", () => {
  const waitingTab = () => ({ closed: false, opener: {}, location: { href: "" }, document: { title: "", body: { textContent: "" } }, close: vi.fn() });

  it("refuses a cart with a line without a price, naming it, and opens nothing", async () => {
    saveCart([tee, { ...mug, price: null }]);
    const open = vi.spyOn(window, "open");
    const gateway = fakeCartGateway();
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    expect(await screen.findByText("Price data missing for item: Filibuster Fuel Mug")).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("brings the kept server cart to the local lines and sends the new tab to its checkout URL (one cart, not two)", async () => {
    saveCart([tee, mug]);
    const tab = waitingTab();
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const gateway = fakeCartGateway();
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    expect(await screen.findByText("Add $8.03 more for free standard shipping.")).toBeTruthy();
    // The mirror has carried the local cart over on start.
    await waitFor(() => expect(gateway.storedId()).not.toBeNull());
    await waitFor(() => expect(gateway.lines()).toHaveLength(2));
    const kept = gateway.storedId()!;

    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    expect(await screen.findByText("Preparing checkout")).toBeTruthy();
    await waitFor(() => expect(tab.location.href).toBe(`http://shop.test/store/checkout/${kept.split("/").pop()}`));
    // Its job done, the "opening…" toast goes: it would still say so when the shopper comes back to this tab.
    await waitFor(() => expect(screen.queryByText("Your secure checkout page is opening…")).toBeNull());
    expect(tab.opener).toBeNull();
    expect(gateway.storedId()).toBe(kept);
    expect(gateway.count("ServerCartCreate")).toBe(1);
    expect(gateway.lines()).toEqual([
      { merchandiseId: "v-tee", quantity: 2, attributes: [] },
      { merchandiseId: "v-mug", quantity: 1, attributes: [] },
    ]);
  });

  it("shows the store's refusal, naming the line, and closes the waiting tab", async () => {
    saveCart([tee, { ...mug, id: "v-gone", title: "Retired Mug" }]);
    const tab = waitingTab();
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const gateway = fakeCartGateway({ unknownVariants: ["v-gone"] });
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    expect(await screen.findByText("Checkout error")).toBeTruthy();
    expect(screen.getByText("Price data missing for item: Retired Mug")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe("");
  });

  it("says so when the gateway cannot be reached", async () => {
    saveCart([tee]);
    vi.spyOn(window, "open").mockReturnValue(null);
    const { client } = mockClient({});
    renderScreen(<CartRoute />, { client, serverCart: true });
    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    expect(await screen.findByText("Checkout Error")).toBeTruthy();
    expect(screen.getByText("Failed to proceed to checkout. Please try again.")).toBeTruthy();
  });
});

describe("the cart's toasts (spec §8)", () => {
  it("changing a quantity says Cart Updated", async () => {
    saveCart([tee]);
    renderScreen(<CartRoute />);
    const row = screen.getAllByRole("group", { name: "Quantity of Subcommittee Tee" })[0]!;
    fireEvent.click(within(row).getByRole("button", { name: "Increase quantity" }));
    expect(loadCart()[0]!.quantity).toBe(3);
    expect(await screen.findByText("Cart Updated")).toBeTruthy();
  });

  it.each([
    ["ServerCartLinesUpdate", "Increase quantity", "Failed to update item quantity"],
    ["ServerCartLinesRemove", "Remove", "Failed to remove item from cart"],
  ] as const)("when the store's %s fails after %s: “Error: %s”", async (operation, action, message) => {
    saveCart([tee, mug]);
    const gateway = fakeCartGateway();
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    await waitFor(() => expect(gateway.storedId() && gateway.lines()).toHaveLength(2));
    gateway.failing.add(operation);
    const row = screen.getAllByRole("group", { name: "Quantity of Subcommittee Tee" })[0]!;
    if (action === "Remove") fireEvent.click(screen.getAllByRole("button", { name: "Remove Subcommittee Tee" })[0]!);
    else fireEvent.click(within(row).getByRole("button", { name: action }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText("Error", { selector: "[data-part=title]" })).toBeTruthy();
  });

  it("a server cart that cannot be started: “Cart Error: There was a problem loading your cart. Please refresh the page.”", async () => {
    saveCart([tee]);
    const gateway = fakeCartGateway();
    gateway.failing.add("ServerCartCreate");
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    expect(await screen.findByText("Cart Error")).toBeTruthy();
    expect(screen.getByText("There was a problem loading your cart. Please refresh the page.")).toBeTruthy();
  });
});

describe("the store's quantity bound (no surprise at checkout)", () => {
  it("stops the stepper and the field at the store's maximum, with a note there, and keeps the cart within it", async () => {
    saveCart([{ ...tee, quantity: 4 }]);
    const gateway = fakeCartGateway({ maxLineQuantity: 5 });
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    const row = () => screen.getAllByRole("group", { name: "Quantity of Subcommittee Tee" })[0]!;
    const plus = () => within(row()).getByRole("button", { name: "Increase quantity" }) as HTMLButtonElement;
    await waitFor(() => expect(plus().disabled).toBe(false));
    fireEvent.click(plus());
    expect(loadCart()[0]!.quantity).toBe(5);
    await waitFor(() => expect(plus().disabled).toBe(true));
    expect(screen.getAllByText("Maximum 5 per item").length).toBeGreaterThan(0);

    const field = within(row()).getByRole("textbox", { name: "Quantity of Subcommittee Tee" }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "40" } });
    fireEvent.blur(field);
    expect(field.value).toBe("5");
    expect(loadCart()[0]!.quantity).toBe(5);
    await waitFor(() => expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 5, attributes: [] }]));
  });
});

describe("the gateway's own bound (99,999 a line; spec §5 sets no maximum)", () => {
  it("takes a 100-digit number as 99,999, says so, and totals the line to the cent", async () => {
    saveCart([{ ...tee, quantity: 2 }]);
    const gateway = fakeCartGateway();
    renderScreen(<CartRoute />, { client: gateway.client, serverCart: true });
    const row = () => screen.getAllByRole("group", { name: "Quantity of Subcommittee Tee" })[0]!;
    await waitFor(() => expect((within(row()).getByRole("button", { name: "Increase quantity" }) as HTMLButtonElement).disabled).toBe(false));
    const field = within(row()).getByRole("textbox", { name: "Quantity of Subcommittee Tee" }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "9".repeat(100) } });
    fireEvent.blur(field);
    expect(field.value).toBe("99999");
    expect(loadCart()[0]!.quantity).toBe(99_999);
    expect(screen.getAllByText("Maximum 99,999 per item").length).toBeGreaterThan(0);
    const cents = Math.round(tee.price! * 100) * 99_999;
    const total = `$${Math.trunc(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;
    expect(within(screen.getByRole("table")).getAllByRole("row")[1]!.textContent).toContain(total);
    await waitFor(() => expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 99_999, attributes: [] }]));
  });
});

describe("the cart page's money (one rounding, in cents)", () => {
  it("shows line totals that add up to the subtotal, cent for cent, and the gap to free shipping", async () => {
    // A stored price with a third decimal: rounded to the cent once, before it is multiplied.
    saveCart([
      { ...tee, price: 1.005, quantity: 3 },
      { ...mug, price: 0.29, quantity: 7 },
    ]);
    const gateway = fakeCartGateway({ freeShippingThreshold: "5.10" });
    renderScreen(<CartRoute />, { client: gateway.client });
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[3]!.textContent)).toEqual(["$3.00", "$2.03"]);
    expect(screen.getByText("Subtotal").nextElementSibling?.textContent).toBe("$5.03");
    expect(await screen.findByText("Add $0.07 more for free standard shipping.")).toBeTruthy();
  });
});

describe("a custom design's print-quality warning", () => {
  const BLURRY = "This image may print blurry at this size — make it smaller or use a larger picture";
  const designed: LocalCartLine = {
    ...tee,
    id: "v-tee-design",
    image: "/designs/d-1/preview",
    customAttributes: [{ key: "designId", value: "d-1" }],
    printWarning: BLURRY,
  };
  const sharp: LocalCartLine = { ...designed, id: "v-tee-sharp", title: "Sharp Tee", customAttributes: [{ key: "designId", value: "d-2" }], printWarning: undefined };

  it("is said under the design's line in the drawer, beside its mock-up, and nowhere else", async () => {
    saveCart([designed, sharp, mug]);
    renderScreen(<CartButton />);
    const drawer = await openDrawer();
    const mockUp = within(drawer).getByRole("img", { name: "Your design on Subcommittee Tee" });
    expect(mockUp.getAttribute("src")).toBe("/designs/d-1/preview");
    const line = mockUp.closest("li")!;
    expect(within(line).getByText(BLURRY)).toBeTruthy();
    // Read as what it is, not as a colour.
    expect(line.textContent).toContain(`Print quality: ${BLURRY}`);
    expect(within(drawer).getAllByText(BLURRY)).toHaveLength(1);
  });

  it("is said under the design's line on the cart page", async () => {
    saveCart([designed, mug]);
    const gateway = fakeCartGateway();
    renderScreen(<CartRoute />, { client: gateway.client });
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByText(BLURRY)).toBeTruthy();
    expect(rows[1]!.textContent).not.toContain(BLURRY);
  });
});

describe("Clear Cart's Undo", () => {
  const designed: LocalCartLine = {
    ...tee,
    id: "v-tee-design",
    quantity: 3,
    image: "/designs/d-1/preview",
    customAttributes: [{ key: "designId", value: "d-1" }],
    printWarning: "This image may print blurry at this size",
  };
  const memePrint: LocalCartLine = { ...mug, quantity: 4, customAttributes: [{ key: "memeId", value: "m-7" }] };

  it("puts back exactly the lines there were (designs, memes, quantities) from the drawer", async () => {
    const before = [tee, designed, memePrint];
    saveCart(before);
    renderScreen(<CartButton />);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole("button", { name: "Clear Cart" }));
    expect(loadCart()).toEqual([]);
    fireEvent.click(await screen.findByRole("button", { name: "Undo", hidden: true }));
    await waitFor(() => expect(loadCart()).toEqual(before));
    expect(await within(drawer).findByRole("img", { name: "Your design on Subcommittee Tee" })).toBeTruthy();
    expect(cartButton().getAttribute("aria-label")).toBe("Cart, 9 items");
  });

  it("offers Undo in the emptied drawer too, focused, where a keyboard reaches it; once", async () => {
    saveCart([tee, designed]);
    renderScreen(<CartButton />);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole("button", { name: "Clear Cart" }));
    const undo = await within(drawer).findByRole("button", { name: "Undo Clear Cart" });
    expect(document.activeElement).toBe(undo);
    fireEvent.click(undo);
    await waitFor(() => expect(loadCart()).toEqual([tee, designed]));
    // Emptied by hand afterwards: nothing to undo any more.
    for (const title of [tee.title, designed.title]) fireEvent.click(within(drawer).getAllByRole("button", { name: `Remove ${title}` })[0]!);
    expect(await within(drawer).findByText("Your cart is empty")).toBeTruthy();
    expect(within(drawer).queryByRole("button", { name: "Undo Clear Cart" })).toBeNull();
  });

  it("keeps what was added after clearing, after the lines it puts back", async () => {
    saveCart([tee, mug]);
    renderScreen(<CartButton />);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole("button", { name: "Clear Cart" }));
    const undo = await screen.findByRole("button", { name: "Undo", hidden: true });
    act(() => saveCart([{ ...mug, quantity: 2 }, designed]));
    fireEvent.click(undo);
    await waitFor(() => expect(loadCart()).toEqual([tee, { ...mug, quantity: 3 }, designed]));
  });

  it("on the cart page too, where Clear Cart sits above the lines, not beside Proceed to Checkout", async () => {
    saveCart([tee, designed]);
    renderScreen(<CartRoute />, { client: fakeCartGateway().client });
    const clear = screen.getByRole("button", { name: "Clear Cart" });
    expect(clear.compareDocumentPosition(screen.getByRole("table")) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(clear);
    expect(await screen.findByText("Your cart is empty")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Undo" }));
    await waitFor(() => expect(loadCart()).toEqual([tee, designed]));
    expect(await screen.findByRole("table")).toBeTruthy();
  });

  it("takes the server cart back to the one the lines were in, with its discount code, not a copy in the fresh one", async () => {
    saveCart([tee, designed]);
    const gateway = fakeCartGateway({ discountCodes: [{ code: "HEARING20", percentOff: 20 }] });
    renderScreen(<CartButton />, { client: gateway.client, serverCart: true });
    const drawer = await openDrawer();
    await waitFor(() => expect(gateway.storedId() && gateway.lines()).toHaveLength(2));
    const kept = gateway.storedId()!;
    fireEvent.change(within(drawer).getByRole("textbox", { name: "Discount code" }), { target: { value: "HEARING20" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Apply" }));
    await within(drawer).findByText("Discount (HEARING20)");
    const serverLines = gateway.lines();

    fireEvent.click(within(drawer).getByRole("button", { name: "Clear Cart" }));
    // spec §4: clearing makes a fresh server cart.
    await waitFor(() => expect(gateway.storedId()).not.toBe(kept));
    expect(gateway.lines()).toEqual([]);

    fireEvent.click(await screen.findByRole("button", { name: "Undo", hidden: true }));
    await waitFor(() => expect(gateway.storedId()).toBe(kept));
    expect(await within(drawer).findByText("Discount (HEARING20)")).toBeTruthy();
    expect(gateway.lines()).toEqual(serverLines);
    expect(gateway.count("ServerCartLinesAdd")).toBe(1);
  });
});
