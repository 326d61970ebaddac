import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../tests/mockClient";
import { renderScreen } from "../../tests/render";
import { loadCart } from "../features/cart/localCart";
import MemesRoute from "./MemesRoute";

const variant = (id: string, title: string, amount: string) => ({ __typename: "Variant", id, title, price: { __typename: "Money", amount } });
const meme = (id: string, title: string, product: object | null, productHandle: string | null = product ? `${id}-product` : null) => ({
  __typename: "Meme",
  id,
  title,
  description: `About ${title}`,
  imageUrl: `/media/memes/${id}.svg`,
  tags: ["Congress"],
  productHandle,
  unavailableReason: productHandle ? null : "This meme isn't available as a product yet.",
  product,
});
const tee = { __typename: "Product", id: "p-tee", title: "Professional Filibusterer Tee", variants: [variant("v-tee-s", "S / Black", "24.99"), variant("v-tee-m", "M / Black", "24.99")] };

const page = (memes: object[], totalPages = 2) => () => ({
  data: { memes: { __typename: "MemePage", memes, pageInfo: { __typename: "PageInfo", currentPage: 1, totalPages, totalCount: memes.length } } },
});

function openGallery(answers: Parameters<typeof mockClient>[0], route = "/memes") {
  const mocked = mockClient(answers);
  renderScreen(<MemesRoute />, { client: mocked.client, route });
  return mocked;
}

describe("the meme gallery (spec §2)", () => {
  it("shows eight skeletons, then the page of the address with numbered pages", async () => {
    const { calls } = openGallery({ MemesRoute: page([meme("m-1", "Filibuster Marathon", tee)], 3) }, "/memes?page=2");
    expect(screen.getAllByTestId("meme-skeleton")).toHaveLength(8);
    const card = await screen.findByRole("article", { name: "Filibuster Marathon" });
    expect(within(card).getByText("About Filibuster Marathon")).toBeTruthy();
    expect(within(card).getByText("Congress")).toBeTruthy();
    expect(within(card).getByRole("link", { name: /Customize/ }).getAttribute("href")).toBe("/customize?meme=m-1");
    expect(calls.find((c) => c.operation === "MemesRoute")?.variables).toEqual({ page: 2 });
    expect(screen.getByRole("link", { name: "Page 3" }).getAttribute("href")).toBe("/memes?page=3");
    expect(screen.getByRole("link", { name: "Page 1" }).getAttribute("href")).toBe("/memes");
  });

  it("says what Add to Cart adds, adds the meme's product (first variant, meme in the attributes) and opens the drawer", async () => {
    openGallery({ MemesRoute: page([meme("m-1", "Filibuster Marathon", tee)]) });
    fireEvent.click(await screen.findByRole("button", { name: "Add to Cart: Professional Filibusterer Tee · $24.99" }));
    expect(await screen.findByText("Added to Cart!")).toBeTruthy();
    expect(loadCart()).toEqual([
      {
        id: "v-tee-s",
        title: "Professional Filibusterer Tee",
        variantTitle: "S / Black",
        image: "/media/memes/m-1.svg",
        price: 24.99,
        quantity: 1,
        customAttributes: [{ key: "memeId", value: "m-1" }],
      },
    ]);
    expect(await screen.findByRole("dialog", { name: "Your Cart" })).toBeTruthy();
  });

  it("shows Not Available without a product handle, with its reason, and explains why the others can't be added", async () => {
    openGallery({
      MemesRoute: page([
        meme("m-solo", "Standalone Joke", null),
        { ...meme("m-archived", "Archived Product", null), unavailableReason: "Its product is no longer sold." },
        meme("m-gone", "Removed Product", null, "gone-product"),
        meme("m-empty", "No Variants", { ...tee, variants: [] }),
      ]),
    });
    const solo = await screen.findByRole("article", { name: "Standalone Joke" });
    expect((within(solo).getByRole("button", { name: "Not Available" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(solo).getByText("This meme isn't available as a product yet.")).toBeTruthy();
    const archived = screen.getByRole("article", { name: "Archived Product" });
    expect(within(archived).getByRole("button", { name: "Not Available" })).toBeTruthy();
    expect(within(archived).getByText("Its product is no longer sold.")).toBeTruthy();

    fireEvent.click(within(screen.getByRole("article", { name: "Removed Product" })).getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Can't add to cart")).toBeTruthy();
    // The toast says it too (besides the card of the meme without a product).
    expect(screen.getAllByText("This meme isn't available as a product yet.")).toHaveLength(2);

    fireEvent.click(within(screen.getByRole("article", { name: "No Variants" })).getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("No variants available")).toBeTruthy();
    expect(loadCart()).toEqual([]);
  });

  it("shows Error loading memes with a Try Again that asks again, and No memes available", async () => {
    let failing = true;
    openGallery({ MemesRoute: () => (failing ? new Error("offline") : page([])()) });
    expect(await screen.findByText("Error loading memes")).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("No memes available")).toBeTruthy();
  });

  it("says “Error loading featured meme” with Try Again when the Featured Meme tab cannot load (spec §8)", async () => {
    openGallery({ MemesRoute: page([]), FeaturedMemeTab: () => new Error("Failed to fetch") }, "/memes?tab=featured");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Error loading featured meme" })).toBeTruthy();
    expect(within(alert).getByText("Failed to fetch featured meme")).toBeTruthy();
    expect(within(alert).getByRole("button", { name: "Try Again" })).toBeTruthy();
    expect(screen.queryByText("Error loading memes")).toBeNull();
  });

  it("has a Featured Meme tab, with its empty state", async () => {
    openGallery({ MemesRoute: page([]), FeaturedMemeTab: () => ({ data: { featuredMeme: null } }) }, "/memes?tab=featured");
    expect(screen.getByRole("tab", { name: "Featured Meme" }).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByText("No featured meme available")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "All Memes" }));
    expect(await screen.findByText("No memes available")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/memes");
  });
});
