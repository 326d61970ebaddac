import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../../tests/render";
import { mockClient } from "../../../tests/mockClient";
import { CartButton } from "../../components/layout/CartButton";
import CartRoute from "../../routes/CartRoute";
import { CART_STORAGE_KEY, loadCart, saveCart, type LocalCartLine } from "./localCart";

const tee: LocalCartLine = { id: "v-tee", title: "Subcommittee Tee", variantTitle: "M / Black", image: "", price: 24.99, quantity: 2 };
const mug: LocalCartLine = { id: "v-mug", title: "Filibuster Fuel Mug", image: "", price: 16.99, quantity: 1 };

// hidden: true, because an open drawer hides the rest of the page from assistive technology.
const cartButton = () => screen.getByRole("button", { name: /^Cart, /, hidden: true });

async function openDrawer() {
  fireEvent.click(cartButton());
  return screen.findByRole("dialog", { name: "Your Cart" });
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

describe("the cart page's Proceed to Checkout", () => {
  it("refuses a cart with a line without a price, naming it, and calls nothing", async () => {
    saveCart([tee, { ...mug, price: null }]);
    const open = vi.spyOn(window, "open");
    const { client, calls } = mockClient({});
    renderScreen(<CartRoute />, { client });
    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    expect(await screen.findByText("Price data missing for item: Filibuster Fuel Mug")).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.operation === "CartSync")).toEqual([]);
  });

  it("syncs the local cart and sends the new tab to the checkout URL", async () => {
    saveCart([tee, mug]);
    const tab = { closed: false, opener: {}, location: { href: "" }, document: { title: "", body: { textContent: "" } }, close: vi.fn() };
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const { client, calls } = mockClient({
      CartRoute: () => ({ data: { shop: { __typename: "Shop", freeShippingThreshold: { __typename: "Money", amount: "75.00" } } } }),
      CartSync: () => ({
        data: { cartSync: { __typename: "CartSyncPayload", cartId: "gid://shop/Cart/1", checkoutUrl: "http://shop.test/store/checkout/tok", userErrors: [] } },
      }),
    });
    renderScreen(<CartRoute />, { client });
    expect(await screen.findByText("Add $8.03 more for free standard shipping.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    expect(await screen.findByText("Preparing checkout")).toBeTruthy();
    await waitFor(() => expect(tab.location.href).toBe("http://shop.test/store/checkout/tok"));
    expect(tab.opener).toBeNull();
    expect(calls.find((c) => c.operation === "CartSync")?.variables).toEqual({
      lines: [
        { merchandiseId: "v-tee", quantity: 2, title: "Subcommittee Tee" },
        { merchandiseId: "v-mug", quantity: 1, title: "Filibuster Fuel Mug" },
      ],
    });
  });

  it("shows the gateway's refusal and closes the waiting tab", async () => {
    saveCart([tee]);
    const tab = { closed: false, opener: {}, location: { href: "" }, document: { title: "", body: { textContent: "" } }, close: vi.fn() };
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    const { client } = mockClient({
      CartSync: () => ({
        data: {
          cartSync: {
            __typename: "CartSyncPayload",
            cartId: null,
            checkoutUrl: null,
            userErrors: [{ __typename: "CartUserError", code: "PRICE_MISSING", field: ["lines", "0"], message: "Price data missing for item: Subcommittee Tee" }],
          },
        },
      }),
    });
    renderScreen(<CartRoute />, { client });
    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    expect(await screen.findByText("Checkout error")).toBeTruthy();
    expect(screen.getByText("Price data missing for item: Subcommittee Tee")).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it("says so when the gateway cannot be reached", async () => {
    saveCart([tee]);
    vi.spyOn(window, "open").mockReturnValue(null);
    const { client } = mockClient({});
    renderScreen(<CartRoute />, { client });
    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    expect(await screen.findByText("Checkout Error")).toBeTruthy();
    expect(screen.getByText("Failed to proceed to checkout. Please try again.")).toBeTruthy();
  });
});
