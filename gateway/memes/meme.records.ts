/**
 * Whether a meme can be bought as a product (spec §2: "Not Available" otherwise), and why not.
 * NO_PRODUCT: none is linked (or the one linked was deleted). The other two: a product is linked
 * but shoppers cannot see it (a draft not yet on sale, or an archived one withdrawn).
 */
export type MemeAvailability = "AVAILABLE" | "NO_PRODUCT" | "PRODUCT_NOT_YET_ON_SALE" | "PRODUCT_NO_LONGER_SOLD";

/** Why a meme is "Not Available", in the words its card shows (spec §8's toast for a meme without a product). */
const UNAVAILABLE_REASONS: Record<Exclude<MemeAvailability, "AVAILABLE">, string> = {
  NO_PRODUCT: "This meme isn't available as a product yet.",
  PRODUCT_NOT_YET_ON_SALE: "Its product isn't on sale yet.",
  PRODUCT_NO_LONGER_SOLD: "Its product is no longer sold.",
};

export function unavailableReason(availability: MemeAvailability): string | null {
  return availability === "AVAILABLE" ? null : UNAVAILABLE_REASONS[availability];
}

/** The availability of a meme whose linked product has `status` (null: no product linked). */
export function availabilityOf(status: "DRAFT" | "ACTIVE" | "ARCHIVED" | null): MemeAvailability {
  if (status === null) return "NO_PRODUCT";
  if (status === "ACTIVE") return "AVAILABLE";
  return status === "DRAFT" ? "PRODUCT_NOT_YET_ON_SALE" : "PRODUCT_NO_LONGER_SOLD";
}

/** A meme as shoppers see it (only memes with an image are shown). */
export interface MemeRecord {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  tags: string[];
  /** The current handle of the product this meme is printed on, or null when none is on sale ("Not Available"). */
  productHandle: string | null;
  availability: MemeAvailability;
  featured: boolean;
  createdAt: Date;
}

/** The product a meme is linked to, as staff see it (any status). */
export interface MemeProductRecord {
  id: string;
  handle: string;
  title: string;
  status: "DRAFT" | "ACTIVE" | "ARCHIVED";
}

/** A meme as staff manage it: with or without an image, linked to a product in any status. */
export interface AdminMemeRecord {
  id: string;
  title: string;
  description: string;
  /** Null until its image is uploaded: shoppers never see it before. */
  imageUrl: string | null;
  tags: string[];
  product: MemeProductRecord | null;
  availability: MemeAvailability;
  featured: boolean;
  /** The seed fixture it came from; null for one staff made. */
  key: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A meme's fields as a write gives them (checked at the edge; undefined = unchanged, productId null = no product). */
export interface MemeFields {
  title?: string;
  description?: string;
  tags?: string[];
  productId?: string | null;
}
