import type { ProductRouteQuery } from "../../gql/graphql";
import { SHOP_NAME, type PageHead } from "../../lib/pageHead";
import { summarize } from "../../lib/sanitizeHtml";
import { GALLERY_SIZES } from "./ProductGallery";

type RouteProduct = NonNullable<ProductRouteQuery["product"]>;

const CURRENCY = "USD";

/**
 * What crawlers and link previews read about a product: its title, a plain-text
 * summary, its first image, schema.org Product (name, image, description, sku, brand, offer) and
 * the breadcrumb the page shows (Shop > first collection > product).
 */
export function productHead(product: RouteProduct, publicUrl: string): PageHead {
  const path = `/product/${encodeURIComponent(product.handle)}`;
  const url = new URL(path, publicUrl).toString();
  const description = summarize(product.description);
  const images = product.images.map((image) => new URL(image.url, publicUrl).toString());
  const variant = product.variants[0] ?? null;
  const firstCollection = product.collections[0];
  const crumbs = [
    { name: "Shop", path: "/shop" },
    ...(firstCollection ? [{ name: firstCollection.title, path: `/collections/${encodeURIComponent(firstCollection.handle)}` }] : []),
    { name: product.title, path },
  ];
  return {
    title: product.title,
    description,
    canonicalPath: path,
    type: "product",
    image: product.images[0] ? { url: product.images[0].url, alt: product.images[0].altText || product.title } : null,
    preloadImage: product.images[0] ? { url: product.images[0].url, srcSet: product.images[0].srcSet, sizes: GALLERY_SIZES } : null,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.title,
        image: images,
        description,
        sku: variant?.id ?? product.id,
        brand: { "@type": "Brand", name: SHOP_NAME },
        offers: {
          "@type": "Offer",
          url,
          price: variant?.price.amount ?? product.price.amount,
          priceCurrency: CURRENCY,
          // Printed on demand: every product in the catalog can be ordered.
          availability: "https://schema.org/InStock",
        },
      },
      breadcrumbList(crumbs, publicUrl),
    ],
  };
}

/** schema.org BreadcrumbList for a trail of pages, the last being the page itself. */
export function breadcrumbList(crumbs: readonly { name: string; path: string }[], publicUrl: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, publicUrl).toString(),
    })),
  };
}
