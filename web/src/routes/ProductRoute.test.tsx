import { screen, waitFor } from "@testing-library/react";
import { useNavigationType } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../tests/mockClient";
import { renderScreen } from "../../tests/render";
import ProductRoute from "./ProductRoute";

const money = (amount: string) => ({ __typename: "Money", amount });
const image = (url: string, altText: string) => ({ __typename: "Image", url, altText });
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

function openProduct(route: string, answeredHandle?: string) {
  const mocked = mockClient({
    ProductRoute: (variables) => ({
      data: { product: product(answeredHandle ?? String(variables.handle)), shop: { __typename: "Shop", freeShippingThreshold: money("75.00") } },
    }),
    RelatedProducts: () => ({ data: { relatedProducts: [] } }),
    CartLimits: () => ({ data: { shop: { __typename: "Shop", maxLineQuantity: 99 } } }),
  });
  renderScreen(
    <>
      <ProductRoute />
      <NavigationType />
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

describe("a product asked by a handle it gave up", () => {
  it("is shown, and the address becomes its own (the query kept) without asking again", async () => {
    const { calls } = openProduct("/product/old-tee?variant=v-s-navy", "subcommittee-tee");
    await screen.findByRole("heading", { name: "Subcommittee Tee" });
    await waitFor(() => expect(location()).toBe("/product/subcommittee-tee?variant=v-s-navy"));
    expect(await screen.findByRole("heading", { name: "Subcommittee Tee" })).toBeTruthy();
    expect(calls.filter((c) => c.operation === "ProductRoute").map((c) => c.variables)).toEqual([{ handle: "old-tee" }]);
  });
});
