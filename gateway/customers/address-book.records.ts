import type { ShippingAddress } from "../shared/address.js";

/** How many addresses one customer may keep: enough for home, work, family and friends, not a mailing list. */
export const MAX_SAVED_ADDRESSES = 20;

/** A saved address: checked and normalised as it ships (shared/address.ts), with its place in the book. */
export interface SavedAddress extends ShippingAddress {
  id: string;
  /** The address checkout offers first; exactly one while the book has any. */
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}
