import { createHmac, timingSafeEqual } from "node:crypto";
import { DomainError, invalidInput, notFound } from "../../shared/errors.js";
import { isUuid } from "../../shared/ids.js";
import type { PrintfulClient, PrintfulShipment } from "./printful.client.js";
import type { OrderTransitions } from "./fulfillment-job.service.js";

/** The header Printful's calls carry: HMAC-SHA256 of the raw body with PRINTFUL_WEBHOOK_SECRET, hex. */
export const PRINTFUL_SIGNATURE_HEADER = "x-pf-webhook-signature";

export function printfulSignature(secret: string, body: Buffer | string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

export type PrintfulWebhookOutcome = { handled: "fulfilled" | "already_fulfilled" | "ignored"; orderId: string | null };

/**
 * /api/webhooks/printful. Nothing in the call is trusted on its own: the signature proves it comes
 * from whoever holds the shared secret, and the shipment is then read back from Printful's API
 * (by our order id) before the order is marked FULFILLED with that tracking.
 */
export class PrintfulWebhookService {
  constructor(
    private readonly secret: string,
    private readonly client: PrintfulClient,
    private readonly transitions: () => OrderTransitions,
    private readonly orderStatus: (orderId: string) => Promise<string | null>,
  ) {}

  verify(rawBody: Buffer, signature: string | undefined): void {
    const expected = Buffer.from(printfulSignature(this.secret, rawBody), "hex");
    const given = /^[0-9a-f]{64}$/i.test(signature ?? "") ? Buffer.from(signature!, "hex") : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new DomainError("UNAUTHENTICATED", "Webhook signature does not match");
    }
  }

  async handle(rawBody: Buffer, signature: string | undefined): Promise<PrintfulWebhookOutcome> {
    this.verify(rawBody, signature);
    let event: { type?: unknown; data?: { order?: { external_id?: unknown }; shipment?: { tracking_number?: unknown } } };
    try {
      event = JSON.parse(rawBody.toString("utf8")) as typeof event;
    } catch {
      throw invalidInput("body", "The body is not JSON");
    }
    if (event.type !== "package_shipped") return { handled: "ignored", orderId: null };
    const orderId = event.data?.order?.external_id;
    if (typeof orderId !== "string" || !isUuid(orderId)) throw notFound("No order with this external_id");
    const status = await this.orderStatus(orderId);
    if (status === null) throw notFound("No order with this external_id");
    if (status === "FULFILLED") return { handled: "already_fulfilled", orderId };

    // Re-read: the partner's own record of the order, not the call's body, says what shipped.
    const remote = await this.client.findOrderByExternalId(orderId);
    if (!remote) throw new DomainError("CONFLICT", "Printful holds no order with this external_id");
    const claimed = event.data?.shipment?.tracking_number;
    const shipment: PrintfulShipment | undefined =
      remote.shipments.find((s) => claimed !== undefined && String(s.tracking_number) === String(claimed)) ?? remote.shipments.at(-1);
    if (!shipment || !shipment.carrier || shipment.tracking_number === undefined || shipment.tracking_number === "") {
      throw new DomainError("CONFLICT", "Printful reports no shipment for this order");
    }
    await this.transitions().fulfill(
      orderId,
      { carrier: shipment.carrier, trackingNumber: String(shipment.tracking_number), trackingUrl: shipment.tracking_url || null },
      "partner:printful",
    );
    return { handled: "fulfilled", orderId };
  }
}
