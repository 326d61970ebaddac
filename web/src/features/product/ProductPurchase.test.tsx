import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../tests/render";
import { loadCart } from "../cart/localCart";
import { ProductPurchase } from "./ProductPurchase";
import { findVariant, initialSelection, isValueAvailable } from "./variantSelection";

const options = [
  { id: "o-size", name: "Size", values: ["S", "M"] },
  { id: "o-color", name: "Color", values: ["Black", "Navy"] },
];
// No M / Navy: that combination is unavailable.
const variants = [
  { id: "v-s-black", title: "S / Black", price: { amount: "24.99" }, selectedOptions: [{ name: "Size", value: "S" }, { name: "Color", value: "Black" }] },
  { id: "v-s-navy", title: "S / Navy", price: { amount: "24.99" }, selectedOptions: [{ name: "Size", value: "S" }, { name: "Color", value: "Navy" }] },
  { id: "v-m-black", title: "M / Black", price: { amount: "26.99" }, selectedOptions: [{ name: "Size", value: "M" }, { name: "Color", value: "Black" }] },
];

describe("variant selection (spec §4)", () => {
  it("starts at the first variant and matches every chosen value", () => {
    const selection = initialSelection(options, variants);
    expect(selection).toEqual({ Size: "S", Color: "Black" });
    expect(findVariant(options, variants, { Size: "M", Color: "Black" })?.id).toBe("v-m-black");
    expect(findVariant(options, variants, { Size: "M", Color: "Navy" })).toBeNull();
  });

  it("marks a value unavailable when no variant has it with the other choices", () => {
    expect(isValueAvailable(options, variants, { Size: "M", Color: "Black" }, "Color", "Navy")).toBe(false);
    expect(isValueAvailable(options, variants, { Size: "S", Color: "Black" }, "Color", "Navy")).toBe(true);
  });

  it("takes the only variant of a product without options", () => {
    const only = [{ id: "v-only", selectedOptions: [{ name: "Title", value: "Default Title" }] }];
    expect(findVariant([], only, {})?.id).toBe("v-only");
  });
});

function renderPurchase(selectedVariant: (typeof variants)[number] | null | { id: string; title: string; price: { amount: string } | null }, selection = { Size: "M", Color: "Navy" }) {
  renderScreen(
    <ProductPurchase
      title="Subcommittee Tee"
      image="/media/tee.svg"
      options={options}
      variants={variants}
      selection={selection}
      onSelect={() => undefined}
      selectedVariant={selectedVariant}
    />,
  );
}

describe("Add to Cart (spec §4/§5/§8)", () => {
  it("shows unavailable combinations and refuses without a variant", async () => {
    renderPurchase(null);
    expect(screen.getByRole("button", { name: "Navy (unavailable)" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "S" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));
    expect(await screen.findByText("Please select options")).toBeTruthy();
    expect(screen.getByText("Please select all required options before adding to cart")).toBeTruthy();
    expect(loadCart()).toEqual([]);
  });

  it("refuses a variant without a valid price", async () => {
    renderPurchase({ id: "v-x", title: "S / Black", price: { amount: "0.00" } }, { Size: "S", Color: "Black" });
    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));
    expect(await screen.findByText("Price data missing")).toBeTruthy();
    expect(screen.getByText("Unable to add item to cart due to missing price information")).toBeTruthy();
    expect(loadCart()).toEqual([]);
  });

  it("adds the chosen quantity, opens the drawer and toasts", async () => {
    renderPurchase(variants[2], { Size: "M", Color: "Black" });
    const stepper = screen.getByRole("group", { name: "Quantity of Subcommittee Tee" });
    const minus = within(stepper).getByRole("button", { name: "Decrease quantity" }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    fireEvent.click(within(stepper).getByRole("button", { name: "Increase quantity" }));
    expect(minus.disabled).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));

    expect(loadCart()).toEqual([{ id: "v-m-black", title: "Subcommittee Tee", variantTitle: "M / Black", image: "/media/tee.svg", price: 26.99, quantity: 2 }]);
    expect(await screen.findByText("Added to Cart!")).toBeTruthy();
    expect(screen.getByText("2 × Subcommittee Tee added to your cart.")).toBeTruthy();
    expect(await screen.findByRole("dialog", { name: "Your Cart" })).toBeTruthy();
  });
});
