import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../tests/render";
import { PLACEHOLDER_IMAGE, ProductImage } from "./ProductImage";

const SRC_SET = "/media/products/abc-320.webp 320w, /media/products/abc-640.webp 640w";

describe("a product image", () => {
  it("offers its sizes to the browser, which picks one by sizes", () => {
    renderScreen(<ProductImage src="/media/products/abc.jpg" srcSet={SRC_SET} sizes="50vw" alt="A mug" />);
    const img = screen.getByRole("img", { name: "A mug" });
    expect(img.getAttribute("src")).toBe("/media/products/abc.jpg");
    expect(img.getAttribute("srcset")).toBe(SRC_SET);
    expect(img.getAttribute("sizes")).toBe("50vw");
  });

  it("has no srcset without sizes (vector art), and drops it with the placeholder when the image fails", () => {
    renderScreen(<ProductImage src="/media/products/tee.svg" srcSet={null} alt="A tee" />);
    expect(screen.getByRole("img", { name: "A tee" }).hasAttribute("srcset")).toBe(false);

    renderScreen(<ProductImage src="/media/products/abc.jpg" srcSet={SRC_SET} sizes="50vw" alt="A hat" />);
    fireEvent.error(screen.getByRole("img", { name: "A hat" }));
    const placeholder = screen.getByRole("img", { name: "A hat" });
    expect(placeholder.getAttribute("src")).toBe(PLACEHOLDER_IMAGE);
    expect(placeholder.hasAttribute("srcset")).toBe(false);
  });
});
