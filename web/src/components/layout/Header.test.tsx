import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { renderScreen } from "../../../tests/render";
import { MenuAccountLink } from "../../features/auth/MenuAccountLink";
import { Header } from "./Header";
import { shopSearchHref } from "./HeaderSearch";

const ada = { __typename: "Customer", id: "c-1", email: "ada@example.com", displayName: "Ada", hasPassword: true, googleLinked: false };

/** The header as the route table fills it in (the cart and the bar's account slot are left out here). */
function renderHeader(route: string, me: typeof ada | null = null) {
  const { client } = mockClient({ Session: () => ({ data: { me } }) });
  return renderScreen(<Header account={null} cart={null} menuAccount={<MenuAccountLink />} />, { client, route });
}

const location = () => screen.getByTestId("location").textContent;
const menuButton = () => screen.getByRole("button", { name: /^(Open|Close) menu$/ });

function openMenu() {
  fireEvent.click(menuButton());
  return document.getElementById("mobile-menu")!;
}

describe("the header's menu (phones)", () => {
  it("holds the search, the four links, Sign in and Track Order", async () => {
    renderHeader("/memes");
    const menu = openMenu();
    expect(menuButton().getAttribute("aria-expanded")).toBe("true");
    expect(within(menu).getByRole("search")).toBeTruthy();
    expect(within(menu).getByRole("searchbox", { name: "Search products" })).toBeTruthy();
    const nav = within(menu).getByRole("navigation", { name: "Main" });
    expect(within(nav).getAllByRole("link").map((a) => a.textContent)).toEqual(["Home", "Shop", "Memes", "Customize"]);
    expect((await within(menu).findByRole("link", { name: "Sign in" })).getAttribute("href")).toBe("/login?next=%2Fmemes");
    expect(within(menu).getByRole("link", { name: "Track Order" }).getAttribute("href")).toBe("/track");
    expect(within(menu).queryByRole("link", { name: "Account" })).toBeNull();
  });

  it("offers Account, not Sign in, to a signed-in customer", async () => {
    renderHeader("/", ada);
    const menu = openMenu();
    expect((await within(menu).findByRole("link", { name: "Account" })).getAttribute("href")).toBe("/dashboard");
    expect(within(menu).queryByRole("link", { name: "Sign in" })).toBeNull();
  });

  it("closes with Escape, from inside it or on its button, and gives the focus back to the button", () => {
    renderHeader("/memes");
    const menu = openMenu();
    const track = within(menu).getByRole("link", { name: "Track Order" });
    track.focus();
    fireEvent.keyDown(track, { key: "Escape" });
    expect(document.getElementById("mobile-menu")).toBeNull();
    expect(document.activeElement).toBe(menuButton());
    expect(menuButton().getAttribute("aria-expanded")).toBe("false");

    openMenu();
    fireEvent.keyDown(menuButton(), { key: "Escape" });
    expect(document.getElementById("mobile-menu")).toBeNull();
  });

  it("searches from the menu: /shop?search=…, on the first page, and the menu closes", () => {
    renderHeader("/product/filibuster-fuel-mug");
    const menu = openMenu();
    const box = within(menu).getByRole("searchbox", { name: "Search products" });
    fireEvent.change(box, { target: { value: "  filibustr  " } });
    fireEvent.submit(box.closest("form")!);
    expect(location()).toBe("/shop?search=filibustr");
    expect(document.getElementById("mobile-menu")).toBeNull();
  });

  it("has no search of its own on /shop, whose own box shows the search", () => {
    renderHeader("/shop?search=mug");
    const menu = openMenu();
    expect(within(menu).queryByRole("search")).toBeNull();
    expect(within(menu).getByRole("link", { name: "Track Order" })).toBeTruthy();
  });
});

describe("the header's search (wide screens)", () => {
  it("goes to /shop?search=… from any page; an empty search opens the shop", () => {
    renderHeader("/memes");
    // The bar's form (the menu is closed): the one search landmark on the page.
    const form = screen.getByRole("search");
    const box = within(form).getByRole("searchbox", { name: "Search products" });
    fireEvent.change(box, { target: { value: "mug & hat" } });
    fireEvent.click(within(form).getByRole("button", { name: "Search" }));
    expect(location()).toBe("/shop?search=mug+%26+hat");
  });

  it("submits to /shop even before its script runs", () => {
    renderHeader("/");
    const form = screen.getByRole("search") as HTMLFormElement;
    expect(form.getAttribute("action")).toBe("/shop");
    expect(form.getAttribute("method") ?? "get").toBe("get");
    expect(within(form).getByRole("searchbox").getAttribute("name")).toBe("search");
  });

  it("keeps its place on /shop but is out of the way there: not seen, not reached", () => {
    renderHeader("/shop");
    expect(screen.queryByRole("search")).toBeNull();
  });

  it("builds the shop's address as /shop reads it", () => {
    expect(shopSearchHref("filibustr")).toBe("/shop?search=filibustr");
    expect(shopSearchHref("  ")).toBe("/shop");
    expect(shopSearchHref("50% off")).toBe("/shop?search=50%25+off");
  });
});
