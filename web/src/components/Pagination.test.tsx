import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../tests/render";
import { pageItems, Pagination } from "./Pagination";

describe("page numbers (spec §9: the first five, then an ellipsis and the last page)", () => {
  it.each([
    [0, []],
    [1, [1]],
    [3, [1, 2, 3]],
    [5, [1, 2, 3, 4, 5]],
    [6, [1, 2, 3, 4, 5, "ellipsis", 6]],
    [12, [1, 2, 3, 4, 5, "ellipsis", 12]],
  ])("%i pages → %j", (total, expected) => {
    expect(pageItems(total)).toEqual(expected);
  });
});

function renderPagination(currentPage: number, totalPages: number) {
  renderScreen(<Pagination currentPage={currentPage} totalPages={totalPages} hrefFor={(page) => `/shop?page=${page}`} />);
  return screen.getByRole("navigation", { name: "Pagination" });
}

describe("Pagination", () => {
  it("disables Previous on page 1 and links the pages", () => {
    const nav = renderPagination(1, 9);
    expect((within(nav).getByRole("button", { name: "Previous page" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(nav).getByRole("link", { name: "Next page" }).getAttribute("href")).toBe("/shop?page=2");
    expect(within(nav).getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getAllByRole("link", { name: /^Page \d+$/ }).map((a) => a.textContent)).toEqual(["1", "2", "3", "4", "5", "9"]);
    expect(nav.textContent).toContain("…");
  });

  it("disables Next on the last page", () => {
    const nav = renderPagination(9, 9);
    expect((within(nav).getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(nav).getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe("/shop?page=8");
    expect(nav.textContent).toContain("Page 9 of 9");
  });

  it("shows nothing for a single page", () => {
    renderScreen(<Pagination currentPage={1} totalPages={1} hrefFor={() => "/shop"} />);
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });
});
