import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Link, useNavigationType } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../tests/mockClient";
import { renderScreen } from "../../tests/render";
import { loadCart } from "../features/cart/localCart";
import ProductRoute from "./ProductRoute";

const money = (amount: string) => ({ __typename: "Money", amount });
const image = (url: string, altText: string) => ({ __typename: "Image", url, altText, srcSet: null });
const front = image("/media/tee-black.svg", "Black tee");
const navyShot = image("/media/tee-navy.svg", "Navy tee");

const variant = (id: string, size: string, color: string, { availableForSale = true, imageUrl = null as string | null } = {}) => ({
  __typename: "Variant",
  id,
  title: `${size} / ${color}`,
  price: money("24.99"),
  compareAtPrice: null,
  selectedOptions: [
    { __typename: "SelectedOption", name: "Size", value: size },
    { __typename: "SelectedOption", name: "Color", value: color },
  ],
  availableForSale,
  image: imageUrl ? { __typename: "Image", url: imageUrl } : null,
});

const product = (handle = "subcommittee-tee") => ({
  __typename: "Product",
  id: "p-tee",
  handle,
  title: "Subcommittee Tee",
  description: "<p>Survived.</p>",
  tags: [],
  fulfillmentPartner: "Inkwell Print Co.",
  seo: { __typename: "SEO", title: "", description: "" },
  price: money("24.99"),
  compareAtPrice: null,
  images: [front, navyShot],
  options: [
    { __typename: "ProductOption", id: "o-size", name: "Size", values: ["S", "M"] },
    { __typename: "ProductOption", id: "o-color", name: "Color", values: ["Black", "Navy"] },
  ],
  variants: [
    variant("v-s-black", "S", "Black"),
    variant("v-s-navy", "S", "Navy", { imageUrl: navyShot.url }),
    variant("v-m-black", "M", "Black", { availableForSale: false }),
  ],
  collections: [],
});

const standingRule = { __typename: "FreeShippingRule", threshold: money("75.00"), offerTitle: null, endsAt: null };

function openProduct(route: string, answeredHandle?: string, freeShipping: object = standingRule) {
  const mocked = mockClient({
    ProductRoute: (variables) => ({
      data: { product: product(answeredHandle ?? String(variables.handle)), shop: { __typename: "Shop", freeShipping } },
    }),
    RelatedProducts: () => ({ data: { relatedProducts: [] } }),
    CartLimits: () => ({ data: { shop: { __typename: "Shop", maxLineQuantity: 99 } } }),
  });
  renderScreen(
    <>
      <ProductRoute />
      <NavigationType />
      <Link to="/product/subcommittee-tee?variant=v-m-black">a link to M / Black</Link>
    </>,
    { client: mocked.client, route, path: "/product/:handle" },
  );
  return mocked;
}

/** How the address last changed: a choice replaces it (Back leaves the product, not the last colour). */
function NavigationType() {
  return <output data-testid="navigation">{useNavigationType()}</output>;
}

const location = () => screen.getByTestId("location").textContent;
const group = (option: string) => screen.getByRole("group", { name: new RegExp(`^${option}:`) });
const pressed = (option: string) =>
  within(group(option))
    .getAllByRole("button")
    .filter((b) => b.getAttribute("aria-pressed") === "true")
    .map((b) => b.textContent);
const mainImage = () => screen.getByRole("button", { name: /^Zoom in:/ }).querySelector("img")!.getAttribute("src");

describe("the product page's chosen variant (spec §4)", () => {
  it("is the address's ?variant=, its image shown first; choosing another rewrites the address", async () => {
    openProduct("/product/subcommittee-tee?variant=v-s-navy");
    await screen.findByRole("heading", { name: "Subcommittee Tee" });
    expect(pressed("Color")).toEqual(["Navy"]);
    expect(mainImage()).toBe(navyShot.url);

    fireEvent.click(within(group("Color")).getByRole("button", { name: "Black" }));
    expect(location()).toBe("/product/subcommittee-tee?variant=v-s-black");
    expect(screen.getByTestId("navigation").textContent).toBe("REPLACE");
    expect(pressed("Color")).toEqual(["Black"]);
    // The black variant names no image: the gallery stays where it is.
    expect(mainImage()).toBe(navyShot.url);

    fireEvent.click(screen.getByRole("button", { name: "Show image 1 of 2" }));
    expect(mainImage()).toBe(front.url);
    // Choosing a colour whose variant names an image brings that image back.
    fireEvent.click(within(group("Color")).getByRole("button", { name: "Navy" }));
    expect(location()).toBe("/product/subcommittee-tee?variant=v-s-navy");
    expect(mainImage()).toBe(navyShot.url);

    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));
    expect(loadCart()).toEqual([{ id: "v-s-navy", title: "Subcommittee Tee", variantTitle: "S / Navy", image: navyShot.url, price: 24.99, quantity: 1 }]);
  });

  it("follows the address when it changes otherwise (a link, Back)", async () => {
    openProduct("/product/subcommittee-tee?variant=v-s-navy");
    await screen.findByRole("heading", { name: "Subcommittee Tee" });
    fireEvent.click(screen.getByRole("link", { name: "a link to M / Black" }));
    await waitFor(() => expect(pressed("Size")).toEqual(["M"]));
    expect(pressed("Color")).toEqual(["Black"]);
  });

  it("starts on the first variant without ?variant= (or with one the product no longer offers)", async () => {
    openProduct("/product/subcommittee-tee?variant=v-gone");
    await screen.findByRole("heading", { name: "Subcommittee Tee" });
    expect(pressed("Size")).toEqual(["S"]);
    expect(pressed("Color")).toEqual(["Black"]);
    expect(mainImage()).toBe(front.url);
  });

  it("a sold out variant cannot be added: Sold Out, disabled", async () => {
    openProduct("/product/subcommittee-tee");
    await screen.findByRole("heading", { name: "Subcommittee Tee" });
    fireEvent.click(within(group("Size")).getByRole("button", { name: "M" }));
    const soldOut = screen.getByRole("button", { name: "Sold Out" });
    expect(soldOut.hasAttribute("disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: /Add to Cart/ })).toBeNull();
    fireEvent.click(soldOut);
    expect(loadCart()).toEqual([]);
    fireEvent.click(within(group("Size")).getByRole("button", { name: "S" }));
    expect(screen.getByRole("button", { name: /Add to Cart/ }).hasAttribute("disabled")).toBe(false);
  });
});

describe("a product asked by a handle it gave up", () => {
  it("is shown, and the address becomes its own (the query kept) without asking again", async () => {
    const { calls } = openProduct("/product/old-tee?variant=v-s-navy", "subcommittee-tee");
    await screen.findByRole("heading", { name: "Subcommittee Tee" });
    await waitFor(() => expect(location()).toBe("/product/subcommittee-tee?variant=v-s-navy"));
    expect(await screen.findByRole("heading", { name: "Subcommittee Tee" })).toBeTruthy();
    expect(pressed("Color")).toEqual(["Navy"]);
    expect(calls.filter((c) => c.operation === "ProductRoute").map((c) => c.variables)).toEqual([{ handle: "old-tee" }]);
  });
});

describe("the product page's shipping info names the free-shipping rule in force", () => {
  it("the standing threshold", async () => {
    openProduct("/product/subcommittee-tee");
    expect(await screen.findByText("Free standard shipping on orders of $75.00 or more")).toBeTruthy();
  });

  it("a running offer's lower threshold, with its title and the day it ends (UTC, as the gateway writes it)", async () => {
    openProduct("/product/subcommittee-tee", undefined, { ...standingRule, threshold: money("50.00"), offerTitle: "Election week free shipping", endsAt: "2026-11-30T23:59:00.000Z" });
    expect(await screen.findByText("Free standard shipping on orders of $50.00 or more — Election week free shipping until 30 Nov")).toBeTruthy();
  });
});
