// The shape of the seed: what the seed runner upserts (by handle / key / path) at every start.
// Prices are integer cents (DESIGN: money is cents inside). Media bodies are generated artwork.

export interface SeedMedia {
  /** Public path under /media, e.g. "products/rule-of-law-tee-1.svg" (no leading slash). */
  path: string;
  contentType: "image/svg+xml" | "image/png";
  body: string;
}

export interface SeedCollection {
  handle: string;
  title: string;
  description: string;
  /** A SeedMedia path, or null when the collection has no image. */
  imagePath: string | null;
  /** Display order on collection lists (ascending). */
  position: number;
}

export interface SeedOption {
  name: string;
  values: string[];
}

export interface SeedVariant {
  /** "Default Title" for a product without options, else the option values joined by " / ". */
  title: string;
  priceCents: number;
  compareAtCents: number | null;
  selectedOptions: { name: string; value: string }[];
}

export interface SeedImage {
  /** A SeedMedia path. */
  path: string;
  altText: string;
}

export interface SeedProduct {
  handle: string;
  title: string;
  descriptionHtml: string;
  collections: string[];
  tags: string[];
  fulfillmentPartner: string;
  rating: number;
  reviewCount: number;
  salesCount: number;
  customizable: boolean;
  /** ISO timestamp. */
  createdAt: string;
  options: SeedOption[];
  variants: SeedVariant[];
  images: SeedImage[];
  /** Where the design studio prints (customisable products); null for the others. */
  printArea: SeedPrintArea | null;
  /** Blank mock-ups for the design studio: one per Color value, or one (color null) without a Color option. */
  mockups: SeedMockup[];
}

/** A print area: fractions (0–1) of the blank mock-up, and the size it prints at in inches (two decimals at most). */
export interface SeedPrintArea {
  x: number;
  y: number;
  width: number;
  height: number;
  widthInches: number;
  heightInches: number;
}

export interface SeedMockup {
  /** A value of the product's Color option; null for a product without one. */
  color: string | null;
  /** A SeedMedia path. */
  path: string;
  width: number;
  height: number;
}

export interface SeedMeme {
  /** Stable key the seed upserts by. */
  key: string;
  title: string;
  description: string;
  tags: string[];
  productHandle: string | null;
  featured: boolean;
  createdAt: string;
  /** A SeedMedia path. */
  imagePath: string;
}

export interface SeedData {
  collections: SeedCollection[];
  products: SeedProduct[];
  memes: SeedMeme[];
  media: SeedMedia[];
}
