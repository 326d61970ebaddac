import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../tests/render";
import { PLACEHOLDER_IMAGE } from "../../components/ProductImage";
import { ProductGallery } from "./ProductGallery";

const front = { url: "/media/products/tee-front.svg", altText: "Black tee, front" };
const back = { url: "/media/products/tee-back.svg", altText: "Black tee, back" };

describe("the product gallery (spec §2)", () => {
  it("says so when there are no images", () => {
    renderScreen(<ProductGallery images={[]} title="Tee" />);
    expect(screen.getByText("No product images available")).toBeTruthy();
  });

  it("shows thumbnails only when there is more than one image", () => {
    renderScreen(<ProductGallery images={[front]} title="Tee" />);
    expect(screen.queryByRole("group", { name: "Product images" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Next image" })).toBeNull();
  });

  it("switches images from the thumbnails and falls back to the placeholder when one fails", () => {
    renderScreen(<ProductGallery images={[front, back]} title="Tee" />);
    fireEvent.click(screen.getByRole("button", { name: "Show image 2 of 2" }));
    const main = screen.getByRole("img", { name: "Black tee, back" });
    expect(main.getAttribute("src")).toBe(back.url);
    fireEvent.error(main);
    expect(screen.getByRole("img", { name: "Black tee, back" }).getAttribute("src")).toBe(PLACEHOLDER_IMAGE);
  });

  it("opens on the chosen variant's image and shows the next one the choice names; an image it does not have changes nothing", () => {
    /** The page's chosen variant, as the gallery is given its image. */
    function Chosen() {
      const [shown, setShown] = useState<string | null>(back.url);
      return (
        <>
          <ProductGallery images={[front, back]} title="Tee" shownUrl={shown} />
          <button onClick={() => setShown("/media/elsewhere.svg")}>choose elsewhere</button>
          <button onClick={() => setShown(back.url)}>choose back</button>
        </>
      );
    }
    renderScreen(<Chosen />);
    const main = () => screen.getByRole("button", { name: /^Zoom in:/ }).querySelector("img")!.getAttribute("src");
    expect(main()).toBe(back.url);
    fireEvent.click(screen.getByRole("button", { name: "Show image 1 of 2" }));
    expect(main()).toBe(front.url);
    fireEvent.click(screen.getByRole("button", { name: "choose elsewhere" }));
    expect(main()).toBe(front.url);
    fireEvent.click(screen.getByRole("button", { name: "choose back" }));
    expect(main()).toBe(back.url);
  });

  it("opens a zoomed view on click", async () => {
    renderScreen(<ProductGallery images={[front, back]} title="Tee" />);
    fireEvent.click(screen.getByRole("button", { name: "Zoom in: Black tee, front" }));
    expect(await screen.findByRole("dialog", { name: "Tee" })).toBeTruthy();
  });

  it("zooms in for real: the largest size there is, at twice the view's width, in a frame that pans and lets the page pinch-zoom", async () => {
    const sized = { ...front, srcSet: "/media/tee-320.webp 320w, /media/tee-640.webp 640w, /media/tee-1600.webp 1600w" };
    renderScreen(<ProductGallery images={[sized]} title="Tee" />);
    const onPage = screen.getByRole("button", { name: /^Zoom in:/ }).querySelector("img")!;
    fireEvent.click(screen.getByRole("button", { name: "Zoom in: Black tee, front" }));
    const dialog = await screen.findByRole("dialog", { name: "Tee" });
    const frame = within(dialog).getByRole("group", { name: /^Zoomed image/ });
    const zoomed = within(frame).getByRole("img", { name: "Black tee, front" });
    // The page's image asks for the page's width; the zoomed one for twice a phone's (so the browser takes the widest copy).
    expect(onPage.getAttribute("sizes")).not.toContain("200vw");
    expect(zoomed.getAttribute("sizes")).toContain("200vw");
    expect(zoomed.getAttribute("srcset")).toBe(sized.srcSet);
    expect(zoomed.getAttribute("src")).toBe(front.url);
    // Reachable from the keyboard (the arrow keys scroll it), and panned by touch with pinch allowed.
    expect(frame.getAttribute("tabindex")).toBe("0");
    expect(getComputedStyle(frame).overflow).toBe("auto");
    expect(getComputedStyle(frame).touchAction).toBe("pan-x pan-y pinch-zoom");
  });
});
