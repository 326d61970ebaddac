// Entry point of the seed content: collections, products, memes and their generated SVG media.
// Pure and deterministic: every call builds fresh objects with identical content.

import type { SeedCollection, SeedData, SeedMedia, SeedMeme, SeedProduct } from "../seed.types.js";
import { renderBanner } from "../artwork/banner.js";
import { renderMeme } from "../artwork/memes.js";
import { expandProduct } from "./build-product.js";
import { COLLECTIONS } from "./collections.js";
import { MEMES } from "./memes.js";
import { ACCESSORIES } from "./products-accessories.js";
import { HOME_GOODS } from "./products-home.js";
import { HATS, MUGS } from "./products-mugs-hats.js";
import { TSHIRTS } from "./products-tshirts.js";
import type { ProductSpec } from "./spec.js";

/** How many of the newest products make up "New Arrivals". */
const NEW_ARRIVALS_COUNT = 6;
/** How many best sellers carry the "Hot Seller" tag. */
const HOT_SELLER_COUNT = 6;

const PRODUCT_SPECS: readonly ProductSpec[] = [...TSHIRTS, ...MUGS, ...HATS, ...ACCESSORIES, ...HOME_GOODS];

function topHandles(specs: readonly ProductSpec[], count: number, score: (s: ProductSpec) => string | number): Set<string> {
  const sorted = [...specs].sort((a, b) => {
    const sa = score(a);
    const sb = score(b);
    return sa < sb ? 1 : sa > sb ? -1 : a.handle.localeCompare(b.handle);
  });
  return new Set(sorted.slice(0, count).map((s) => s.handle));
}

function buildCollections(): { collections: SeedCollection[]; media: SeedMedia[] } {
  const collections: SeedCollection[] = [];
  const media: SeedMedia[] = [];
  COLLECTIONS.forEach((c, i) => {
    const path = `collections/${c.handle}.svg`;
    collections.push({ handle: c.handle, title: c.title, description: c.description, imagePath: path, position: i + 1 });
    media.push({ path, contentType: "image/svg+xml", body: renderBanner(c.banner) });
  });
  return { collections, media };
}

function buildProducts(): { products: SeedProduct[]; media: SeedMedia[] } {
  const newest = topHandles(PRODUCT_SPECS, NEW_ARRIVALS_COUNT, (s) => s.createdAt);
  const hot = topHandles(PRODUCT_SPECS, HOT_SELLER_COUNT, (s) => s.salesCount);
  const products: SeedProduct[] = [];
  const media: SeedMedia[] = [];
  for (const spec of PRODUCT_SPECS) {
    const built = expandProduct(spec, { isNew: newest.has(spec.handle), isHotSeller: hot.has(spec.handle) });
    products.push(built.product);
    media.push(...built.media);
  }
  return { products, media };
}

function buildMemes(): { memes: SeedMeme[]; media: SeedMedia[] } {
  const memes: SeedMeme[] = [];
  const media: SeedMedia[] = [];
  for (const { art, ...meme } of MEMES) {
    const imagePath = `memes/${meme.key}.svg`;
    memes.push({ ...meme, tags: [...meme.tags], imagePath });
    media.push({ path: imagePath, contentType: "image/svg+xml", body: renderMeme(art, meme.title) });
  }
  return { memes, media };
}

export function buildSeedData(): SeedData {
  const c = buildCollections();
  const p = buildProducts();
  const m = buildMemes();
  return {
    collections: c.collections,
    products: p.products,
    memes: m.memes,
    media: [...c.media, ...p.media, ...m.media],
  };
}
