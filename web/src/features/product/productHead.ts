import type { ProductRouteQuery } from "../../gql/graphql";
import { SHOP_NAME, type PageHead } from "../../lib/pageHead";
import { summarize } from "../../lib/sanitizeHtml";
import { GALLERY_SIZES } from "./ProductGallery";

type RouteProduct = NonNullable<ProductRouteQuery["product"]>;
type RouteVariant = RouteProduct["variants"][number];

const CURRENCY = "USD";

/**
 * What crawlers and link previews read about a product: its title and description (the shop's SEO
 * ones when set, else the product's title and a plain-text summary), the image the gallery shows
 * first (the chosen variant's, else the first), schema.org Product (name, image, description, sku,
 * brand, offer for the chosen variant) and the breadcrumb the page shows (Shop > first collection >
 * product). The canonical address is the product's own, whichever variant is chosen.
 */
export function productHead(product: RouteProduct, publicUrl: string, variant: RouteVariant | null = product.variants[0] ?? null): PageHead {
  const path = `/product/${encodeURIComponent(product.handle)}`;
  const url = new URL(path, publicUrl).toString();
  const description = product.seo.description.trim() || summarize(product.description);
  const images = product.images.map((image) => new URL(image.url, publicUrl).toString());
  const shown = product.images.find((image) => image.url === variant?.image?.url) ?? product.images[0] ?? null;
  const firstCollection = product.collections[0];
  const crumbs = [
    { name: "Shop", path: "/shop" },
    ...(firstCollection ? [{ name: firstCollection.title, path: `/collections/${encodeURIComponent(firstCollection.handle)}` }] : []),
    { name: product.title, path },
  ];
  return {
    title: product.seo.title.trim() || product.title,
    description,
    canonicalPath: path,
    type: "product",
    image: shown ? { url: shown.url, alt: shown.altText || product.title } : null,
    preloadImage: shown ? { url: shown.url, srcSet: shown.srcSet, sizes: GALLERY_SIZES } : null,
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
          // Printed on demand: a variant on sale can always be ordered.
          availability: variant && !variant.availableForSale ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
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
