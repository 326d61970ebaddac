import type { ImageSource } from "../db/schema.js";
import type { ProductStatus } from "./catalog.records.js";

// The collections as staff see them: every product in any status, in the collection's order.

export interface AdminCollectionImageRecord {
  url: string;
  width: number | null;
  height: number | null;
  /** The sizes made on upload (media URLs), narrowest first; none for the seed's vector art. */
  sources: { url: string; width: number; contentType: string }[];
}

export interface AdminCollectionRecord {
  id: string;
  handle: string;
  title: string;
  description: string;
  /** Its place among the collections, from 1 (the home page shows the first three). */
  position: number;
  image: AdminCollectionImageRecord | null;
  /** Products in it, in any status. */
  productCount: number;
  /** Of those, the ACTIVE ones: what shoppers see. */
  activeProductCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A product in a collection, at its place there. */
export interface CollectionProductRecord {
  /** Its place in the collection, from 1. */
  position: number;
  id: string;
  handle: string;
  title: string;
  status: ProductStatus;
  priceCents: number;
  thumbnailUrl: string | null;
}

/** A collection's fields as a write gives them (already checked at the edge; undefined = unchanged). */
export interface CollectionWrite {
  title?: string;
  handle?: string;
  description?: string;
  /** Where it goes among the collections (1 = first; past the end = last). */
  position?: number;
}

/** The stored image of a collection, as a replacement or removal needs it. */
export interface StoredCollectionImage {
  path: string;
  sources: ImageSource[];
}
