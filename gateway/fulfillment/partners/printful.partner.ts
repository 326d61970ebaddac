import { PermanentJobError } from "../../jobs/job.records.js";
import type { PrintfulClient, PrintfulOrderRequest } from "./printful.client.js";
import type { FulfillmentPartner, PartnerOrder } from "./partner.records.js";

/**
 * FULFILLMENT_PARTNER=printful: the order goes to Printful's order API with our order id as its
 * external_id, so a retry finds the order an earlier attempt made instead of making a second one.
 */
export class PrintfulPartner implements FulfillmentPartner {
  readonly name = "printful" as const;

  constructor(private readonly client: PrintfulClient) {}

  static request(order: PartnerOrder): PrintfulOrderRequest {
    const unmapped = order.lines.filter((l) => l.partnerVariantId === null);
    if (unmapped.length > 0) {
      // Named as staff find them in the product editor: the product's title, and the variant's when it has options.
      const names = unmapped.map((l) => (l.variantTitle ? `${l.productTitle} (${l.variantTitle})` : l.productTitle)).join(", ");
      // Retrying cannot help until staff set the id (in /admin, then retry the job).
      throw new PermanentJobError(`No Printful variant id: set the Printful variant id of ${names} in /admin/products, then retry`);
    }
    return {
      external_id: order.id,
      recipient: {
        name: order.recipient.name,
        address1: order.recipient.address1,
        ...(order.recipient.address2 ? { address2: order.recipient.address2 } : {}),
        city: order.recipient.city,
        ...(order.recipient.provinceCode ? { state_code: order.recipient.provinceCode } : {}),
        ...(order.recipient.province ? { state_name: order.recipient.province } : {}),
        zip: order.recipient.postalCode,
        country_code: order.recipient.countryCode,
        ...(order.recipient.phone ? { phone: order.recipient.phone } : {}),
        email: order.email,
      },
      items: order.lines.map((l) => ({
        external_id: `${order.id}:${l.position}`,
        variant_id: /^\d+$/.test(l.partnerVariantId!) ? Number(l.partnerVariantId) : l.partnerVariantId!,
        quantity: l.quantity,
        files: [{ url: l.printFile.url }],
      })),
    };
  }

  /** Cancels the order at Printful if it has not started on it (our order id is its external_id). */
  withdraw(order: { id: string }): Promise<"withdrawn" | "in_production"> {
    return this.client.cancelOrder(order.id);
  }

  async submit(order: PartnerOrder): Promise<{ externalId: string | null }> {
    const request = PrintfulPartner.request(order);
    // An attempt that died after Printful took the order left it there: look before sending.
    const existing = await this.client.findOrderByExternalId(order.id);
    const made = existing ?? (await this.client.createOrder(request));
    return { externalId: String(made.id) };
  }
}
