import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../tests/render";
import { fakeCartGateway } from "../../../tests/fakeCartGateway";
import { loadCart, saveCart } from "../cart/localCart";
import { ProductPurchase } from "./ProductPurchase";
import { offeredOptions, selectOption } from "./variantSelection";

// XL is listed but no variant has it; there is no M / Navy.
const options = [
  { id: "o-size", name: "Size", values: ["S", "M", "XL"] },
  { id: "o-color", name: "Color", values: ["Black", "Navy"] },
];
const variant = (id: string, size: string, color: string, amount: string) => ({
  id,
  title: `${size} / ${color}`,
  price: { amount },
  selectedOptions: [
    { name: "Size", value: size },
    { name: "Color", value: color },
  ],
});
const variants = [variant("v-s-black", "S", "Black", "24.99"), variant("v-s-navy", "S", "Navy", "24.99"), variant("v-m-black", "M", "Black", "26.99")];
type TestVariant = (typeof variants)[number];

describe("variant selection (spec §4: changing an option selects the variant whose selected options contain that name and value)", () => {
  it.each([
    // from, option, value → variant
    ["v-s-navy", "Size", "M", "v-m-black"], // Navy does not fit M: the first M variant
    ["v-m-black", "Size", "S", "v-s-black"], // Black still fits S: kept
    ["v-s-black", "Color", "Navy", "v-s-navy"],
    ["v-m-black", "Color", "Navy", "v-s-navy"], // no M / Navy: the first Navy variant
    [null, "Color", "Black", "v-s-black"],
  ])("from %s, %s = %s selects %s", (from, name, value, expected) => {
    const current = variants.find((v) => v.id === from) ?? null;
    expect(selectOption(options, variants, current, name, value)?.id).toBe(expected);
  });

  it("offers only values some variant has", () => {
    expect(offeredOptions(options, variants).map((o) => [o.name, o.values])).toEqual([
      ["Size", ["S", "M"]],
      ["Color", ["Black", "Navy"]],
    ]);
    expect(offeredOptions([{ id: "o-x", name: "Material", values: ["Tin"] }], variants)).toEqual([]);
    expect(selectOption(options, variants, variants[0]!, "Size", "XL")).toBeNull();
  });
});

/** The product page's purchase panel, holding the selected variant as ProductRoute does. */
function Purchase({ initial = variants[0]! as TestVariant | null, list = variants }: { initial?: TestVariant | null; list?: TestVariant[] }) {
  const [selected, setSelected] = useState<TestVariant | null>(initial);
  return <ProductPurchase<TestVariant> title="Subcommittee Tee" image="/media/tee.svg" options={options} variants={list} selectedVariant={selected} onSelectVariant={setSelected} />;
}

const optionButton = (option: string, value: string) => within(screen.getByRole("group", { name: new RegExp(`^${option}:`) })).getByRole("button", { name: value });
const pressed = (option: string) =>
  within(screen.getByRole("group", { name: new RegExp(`^${option}:`) }))
    .getAllByRole("button")
    .filter((b) => b.getAttribute("aria-pressed") === "true")
    .map((b) => b.textContent);

describe("the product page's options (no dead ends)", () => {
  it("starts on the first variant, never offers a value no variant has, and every choice lands on a real variant", async () => {
    renderScreen(<Purchase />);
    expect(pressed("Size")).toEqual(["S"]);
    expect(pressed("Color")).toEqual(["Black"]);
    expect(within(screen.getByRole("group", { name: /^Size:/ })).queryByRole("button", { name: "XL" })).toBeNull();

    fireEvent.click(optionButton("Color", "Navy"));
    expect(pressed("Color")).toEqual(["Navy"]);
    // M has no Navy: choosing M selects M / Black instead of an unavailable combination.
    fireEvent.click(optionButton("Size", "M"));
    expect(pressed("Size")).toEqual(["M"]);
    expect(pressed("Color")).toEqual(["Black"]);
    expect(screen.queryByText(/unavailable/i)).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));
    expect(loadCart()).toEqual([{ id: "v-m-black", title: "Subcommittee Tee", variantTitle: "M / Black", image: "/media/tee.svg", price: 26.99, quantity: 1 }]);
    expect(await screen.findByText("Added to Cart!")).toBeTruthy();
  });
});

describe("Add to Cart (spec §4/§5/§8)", () => {
  it("refuses without a variant (a product that has none)", async () => {
    renderScreen(<Purchase initial={null} list={[]} />);
    expect(screen.queryByRole("group", { name: /^Size:/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));
    expect(await screen.findByText("Please select options")).toBeTruthy();
    expect(screen.getByText("Please select all required options before adding to cart")).toBeTruthy();
    expect(loadCart()).toEqual([]);
  });

  it("refuses a variant without a valid price", async () => {
    const free = { ...variants[0]!, price: { amount: "0.00" } };
    renderScreen(<Purchase initial={free} list={[free]} />);
    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));
    expect(await screen.findByText("Price data missing")).toBeTruthy();
    expect(screen.getByText("Unable to add item to cart due to missing price information")).toBeTruthy();
    expect(loadCart()).toEqual([]);
  });

  it("adds the chosen quantity, opens the drawer and toasts", async () => {
    renderScreen(<Purchase initial={variants[2]!} />);
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

describe("the store's quantity bound on the product page", () => {
  const inCart = { id: "v-m-black", title: "Subcommittee Tee", variantTitle: "M / Black", image: "/media/tee.svg", price: 26.99 };

  it("stops the stepper at the maximum with a note, and adds only what the cart can still hold", async () => {
    saveCart([{ ...inCart, quantity: 3 }]);
    const { client } = fakeCartGateway({ maxLineQuantity: 5 });
    renderScreen(<Purchase initial={variants[2]!} />, { client });
    const stepper = screen.getByRole("group", { name: "Quantity of Subcommittee Tee" });
    const plus = within(stepper).getByRole("button", { name: "Increase quantity" }) as HTMLButtonElement;
    const field = within(stepper).getByRole("textbox") as HTMLInputElement;
    fireEvent.change(field, { target: { value: "12" } });
    fireEvent.blur(field);
    await waitFor(() => expect(field.value).toBe("5"));
    expect(plus.disabled).toBe(true);
    expect(screen.getByText("Maximum 5 per item")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));
    expect(loadCart()[0]!.quantity).toBe(5);
    expect(await screen.findByText("2 × Subcommittee Tee added to your cart. Your cart now holds 5, the most you can order at once.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/, hidden: true }));
    expect(await screen.findByText("Quantity limit reached")).toBeTruthy();
    expect(loadCart()[0]!.quantity).toBe(5);
  });
});

describe("the size guide", () => {
  it("sits beside the sizes (only there) and links to the FAQ's answer on fit", () => {
    renderScreen(<Purchase />);
    const sizes = screen.getByRole("group", { name: /^Size:/ });
    expect(within(sizes).getByRole("link", { name: "Size guide" }).getAttribute("href")).toBe("/faq#sizes");
    expect(within(screen.getByRole("group", { name: /^Color:/ })).queryByRole("link")).toBeNull();
    expect(screen.getAllByRole("link", { name: "Size guide" })).toHaveLength(1);
  });
});

describe("a quantity far above the usual (over 100)", () => {
  const typeQuantity = (value: string) => {
    const field = within(screen.getByRole("group", { name: "Quantity of Subcommittee Tee" })).getByRole("textbox");
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  };
  const addToCart = () => fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));

  it("asks before adding: Cancel adds nothing, Confirm adds them all (spec §5 sets no maximum)", async () => {
    renderScreen(<Purchase />);
    typeQuantity("250");
    addToCart();
    const question = screen.getByRole("group", { name: "Add 250 to your cart?" });
    expect(loadCart()).toEqual([]);
    expect(document.activeElement).toBe(within(question).getByRole("button", { name: "Confirm" }));

    fireEvent.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group", { name: "Add 250 to your cart?" })).toBeNull();
    expect(loadCart()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Add to Cart/ }));

    addToCart();
    fireEvent.click(within(screen.getByRole("group", { name: "Add 250 to your cart?" })).getByRole("button", { name: "Confirm" }));
    expect(loadCart()[0]!.quantity).toBe(250);
    expect(await screen.findByText("250 × Subcommittee Tee added to your cart.")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Add 250 to your cart?" })).toBeNull();
  });

  it("adds 100 at once, and drops the question when the quantity changes", async () => {
    renderScreen(<Purchase />);
    typeQuantity("1000");
    addToCart();
    expect(screen.getByRole("group", { name: "Add 1,000 to your cart?" })).toBeTruthy();
    typeQuantity("100");
    expect(screen.queryByRole("group", { name: /to your cart\?$/ })).toBeNull();
    addToCart();
    expect(loadCart()[0]!.quantity).toBe(100);
    expect(await screen.findByText("100 × Subcommittee Tee added to your cart.")).toBeTruthy();
  });
});
