import express, { type Router } from "express";
import { route } from "../../http/errors.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../../http/openapi.js";
import { PRINTFUL_SIGNATURE_HEADER, type PrintfulWebhookService } from "./printful-webhook.service.js";

const printfulWebhook: ApiOperation = {
  method: "post",
  path: "/webhooks/printful",
  tag: "webhooks",
  // Printful's servers call it, proving themselves by the signature; no browser does.
  signed: true,
  summary: "Printful's shipment webhook",
  description:
    "Printful calls it when a package ships (present when FULFILLMENT_PARTNER=printful). The raw body is signed (X-PF-Webhook-Signature: HMAC-SHA256 of the bytes with PRINTFUL_WEBHOOK_SECRET, hex) and checked first; the shipment is then read back from Printful's API by our order id before the order is marked FULFILLED. Events other than package_shipped are acknowledged and ignored; a failure of ours (Printful unreachable) is a 500, and Printful calls again later.",
  body: { raw: "application/json", description: "Printful's event, as Printful sent it (the signature is over these bytes)." },
  responses: {
    200: jsonAnswer("Handled, or ignored.", {
      type: "object",
      required: ["ok", "result"],
      additionalProperties: false,
      properties: { ok: { const: true }, result: { enum: ["fulfilled", "already_fulfilled", "ignored"] } },
    }),
    400: errorAnswer("The body is not JSON."),
    401: errorAnswer("The signature does not match."),
    404: errorAnswer("We have no order with the event's external_id."),
    409: errorAnswer("Printful itself reports no such order, or no shipment for it."),
    413: errorAnswer("The body is larger than 100 kB."),
  },
};

export const PRINTFUL_WEBHOOK_API = [printfulWebhook];

/**
 * POST /api/webhooks/printful (mounted before the API's JSON parser: the signature is over the raw
 * bytes). 200 {"ok":true,"result":…} when handled or ignored, 401 for a bad signature, 400 for a
 * body that is not JSON, 404 for an order we do not have, 409 when Printful itself reports no
 * shipment; anything else (Printful unreachable) is a 500, and Printful calls again later.
 */
export function printfulWebhookRoutes(service: PrintfulWebhookService): Router {
  const api = describedRouter(PRINTFUL_WEBHOOK_API);
  api.on(
    printfulWebhook,
    express.raw({ type: () => true, limit: "100kb" }),
    route(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await service.handle(body, req.get(PRINTFUL_SIGNATURE_HEADER));
      res.json({ ok: true, result: outcome.handled });
    }),
  );
  return api.done();
}
