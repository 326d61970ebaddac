import type { FulfillmentPartnerName } from "../../config.js";
import type { ShippingAddress } from "../../shared/address.js";

/** Where a line's print file comes from: the customer's design, or the catalog artwork of a stock product. */
export type PrintFileSource = { kind: "design"; designId: string } | { kind: "media"; path: string };

interface PartnerOrderLine {
  position: number;
  variantId: string | null;
  productHandle: string;
  productTitle: string;
  variantTitle: string | null;
  quantity: number;
  /** The partner's own id for the variant: the one the line was sold with, else the variant's current one (partner_variants); null when neither is kept. */
  partnerVariantId: string | null;
  printFile: PrintFileSource & {
    /** The name the file has in a package (line-1-design-….png). */
    fileName: string;
    /** Where the partner can download it (PUBLIC_URL + /designs/{id}/print or /media/…). */
    url: string;
  };
}

/** What the print partner gets for an order: who receives it and what to print. */
export interface PartnerOrder {
  id: string;
  orderNumber: number;
  email: string;
  fulfillmentStatus: string;
  /** The order's shipping address: with the country's ISO code, the state/province code where the country has one, line 2 and phone when given. */
  recipient: ShippingAddress;
  lines: PartnerOrderLine[];
}

export interface PrintFileBody {
  contentType: string;
  body: Buffer;
}

/** The printer's side of the shop (FULFILLMENT_PARTNER): hands over an order, idempotently per order. */
export interface FulfillmentPartner {
  readonly name: FulfillmentPartnerName;
  /** Sends the order; sending one order again must not make a second one at the partner. */
  submit(order: PartnerOrder): Promise<{ externalId: string | null }>;
  /**
   * Takes back an order it was sent (the shop cancelled it): "withdrawn", or "in_production" when
   * the partner has started on it and refuses. A partner that cannot be asked leaves it out.
   */
  withdraw?(order: { id: string; orderNumber: number }): Promise<"withdrawn" | "in_production">;
}

/** The job that withdraws a cancelled order from the partner that already has it: one per order. */
export const WITHDRAW_JOB_KIND = "fulfillment.withdraw";
export const withdrawJobKey = (orderId: string) => `fulfillment-withdraw:${orderId}`;

/** The job that sends an order to the partner: one per order, ever (its dedupe key). */
export const FULFILLMENT_JOB_KIND = "fulfillment.submit";
export const fulfillmentJobKey = (orderId: string) => `fulfillment:${orderId}`;
