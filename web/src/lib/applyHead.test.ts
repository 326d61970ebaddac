import { afterEach, describe, expect, it } from "vitest";
import { applyHeadToDocument } from "./applyHead";
import { resolveHead } from "./pageHead";

// The browser writes a screen's head tags only after a client-side navigation, from a
// module loaded then (start.tsx); the first page's tags are the gateway's.
describe("applyHeadToDocument", () => {
  afterEach(() => document.head.replaceChildren());

  it("replaces the previous screen's head tags and leaves the page's other elements", () => {
    document.head.innerHTML = [
      '<meta charset="UTF-8">',
      "<title>Shop | Satire Supply Co.</title>",
      '<meta name="description" content="Shop political satire.">',
      '<link rel="canonical" href="https://shop.example/shop">',
      '<meta property="og:title" content="Shop | Satire Supply Co.">',
      '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>',
      '<style data-emotion="css abc">.css-abc{color:red;}</style>',
    ].join("");
    const head = resolveHead(
      {
        title: 'The "Veto" <Tee>',
        description: "A tee & more",
        type: "product",
        image: { url: "/media/products/veto-1.svg", alt: "A tee" },
        jsonLd: [{ "@type": "Product", name: "</script><b>" }],
      },
      "https://shop.example",
      "/product/veto-tee",
    );
    applyHeadToDocument(head);

    expect(document.title).toBe('The "Veto" <Tee> | Satire Supply Co.');
    expect(document.head.querySelectorAll("title")).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("A tee & more");
    expect([...document.head.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute("href"))).toEqual(["https://shop.example/product/veto-tee"]);
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute("content")).toBe("product");
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute("content")).toBe("https://shop.example/media/products/veto-1.png");
    const jsonLd = [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent ?? ""));
    expect(jsonLd).toEqual([{ "@type": "Product", name: "</script><b>" }]);
    expect(document.head.querySelector('meta[charset="UTF-8"]')).not.toBeNull();
    expect(document.head.querySelector("style[data-emotion]")).not.toBeNull();
  });
});
