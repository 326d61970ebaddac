import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CollectionCard } from "../src/components/CollectionCard";
import { ProductCard } from "../src/components/product/ProductCard";
import { ProductTabs } from "../src/features/product/ProductTabs";
import ShopRoute from "../src/routes/ShopRoute";
import { mockClient } from "./mockClient";
import { renderScreen } from "./render";

// accessibility findings (Lighthouse and axe), checked as the rules state them.

const product = (id: string, title: string) => ({
  __typename: "Product",
  id,
  handle: id,
  title,
  tags: ["New"],
  price: { __typename: "Money", amount: "24.99" },
  compareAtPrice: null,
  featuredImage: { __typename: "Image", url: `/media/${id}.svg`, altText: title },
});

/** The levels of the headings in the page, in document order. */
const headingLevels = () => screen.getAllByRole("heading").map((h) => Number(h.tagName.slice(1)));

/** WCAG 2.5.3: the accessible name contains the visible label (Lighthouse/axe start with it). */
function expectLabelInName(element: HTMLElement) {
  const visible = element.textContent!.trim();
  const name = element.getAttribute("aria-label") ?? visible;
  expect(name.toLowerCase().startsWith(visible.toLowerCase())).toBe(true);
}

describe("accessibility", () => {
  it("the product page's definition lists hold only dt/dd groups (each in a div)", () => {
    renderScreen(
      <ProductTabs
        descriptionHtml="<p>Soft cotton.</p>"
        fulfillmentPartner="Printful"
        options={[
          { name: "Size", values: ["S", "M"] },
          { name: "Color", values: ["Black"] },
        ]}
        shop={null}
      />,
    );
    const lists = document.querySelectorAll("dl");
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) {
      for (const child of list.children) {
        if (child.tagName === "DT" || child.tagName === "DD") continue;
        expect(child.tagName).toBe("DIV");
        expect([...child.children].map((c) => c.tagName).sort()).toEqual(["DD", "DT"]);
      }
    }
    expect(within(document.querySelector("dl")!).getByText("Printful").tagName).toBe("DD");
  });

  it("the shop page's headings go down one level at a time", async () => {
    const { client } = mockClient({
      ShopRoute: () => ({
        data: {
          products: {
            __typename: "ProductPage",
            products: [product("p-1", "Filibuster Tee"), product("p-2", "Gavel Mug")],
            pageInfo: { __typename: "PageInfo", currentPage: 1, totalPages: 1, totalCount: 2 },
          },
        },
      }),
    });
    renderScreen(<ShopRoute />, { client, route: "/shop" });
    await screen.findByRole("heading", { name: "Filibuster Tee" });
    const levels = headingLevels();
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it("the shop page's error and empty states keep the order too", async () => {
    const { client } = mockClient({ ShopRoute: () => new Error("offline") });
    renderScreen(<ShopRoute />, { client, route: "/shop" });
    await screen.findByRole("heading", { name: "Error loading products" });
    expect(headingLevels()).toEqual([1, 2]);
  });

  it("the product card's button and the collection card's link are named starting with what they show", () => {
    renderScreen(
      <>
        <ProductCard product={product("p-1", "Filibuster Tee")} />
        <CollectionCard collection={{ handle: "mugs", title: "Mugs", description: "For long sessions." }} />
      </>,
    );
    const add = screen.getByRole("button", { name: "Add to Cart: Filibuster Tee" });
    expectLabelInName(add);
    const browse = screen.getByRole("link", { name: "Browse Collection: Mugs" });
    expectLabelInName(browse);
  });
});
