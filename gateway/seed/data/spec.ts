// Authoring types for the seed catalog: compact product specs that build-product.ts expands
// into SeedProduct records, images and media.

import type { Design } from "../artwork/design.js";
import type { ItemKind } from "../artwork/mockup.js";

/** The "type" collections; new-arrivals is derived from createdAt. */
export type TypeCollection = "t-shirts" | "mugs" | "hats" | "accessories" | "home-goods";

type Partner = "Inkwell Print Co." | "Capitol Stitch Works" | "Ballot Box Printing" | "Rotunda Home Goods";

/** Image angles: the hero front, back, other side, the 2nd/3rd colour, or a close-up of the design. */
export type ShotSpec = "front" | "back" | "side" | "alt" | "alt2" | "closeup";

export interface SizeOptionSpec {
  name: string;
  values: string[];
  /** Extra cents for particular values, e.g. { XXL: 200 }. */
  surcharge?: Record<string, number>;
}

export interface ProductSpec {
  handle: string;
  title: string;
  kind: ItemKind;
  collection: TypeCollection;
  design: Design;
  /** Opening paragraph of the description (plain text, escaped when rendered). */
  pitch: string;
  /** Named colours (see artwork/palette.ts); the first is the hero colour. */
  colors: string[];
  /** Offer the colours as a "Color" option. */
  colorOption: boolean;
  /** A size-like option; omitted means the kind's default (t-shirts and mugs) or none. */
  sizeOption?: SizeOptionSpec;
  priceCents: number;
  /** When set, the product is on sale: every variant's compare-at price is its price plus this. */
  saleOffCents?: number;
  /** Descriptive tags; "Sale", "New" and "Hot Seller" are added by the builder. */
  tags: string[];
  partner: Partner;
  rating: number;
  reviewCount: number;
  salesCount: number;
  createdAt: string;
  /** Image list; defaults by kind when omitted. */
  shots?: ShotSpec[];
}
