import express, { Router } from "express";
import { route } from "../../http/errors.js";
import { PRINTFUL_SIGNATURE_HEADER, type PrintfulWebhookService } from "./printful-webhook.service.js";

/**
 * POST /api/webhooks/printful (mounted before the API's JSON parser: the signature is over the raw
 * bytes). 200 {"ok":true,"result":…} when handled or ignored, 401 for a bad signature, 400 for a
 * body that is not JSON, 404 for an order we do not have, 409 when Printful itself reports no
 * shipment; anything else (Printful unreachable) is a 500, and Printful calls again later.
 */
export function printfulWebhookRoutes(service: PrintfulWebhookService): Router {
  const router = Router();
  router.post(
    "/webhooks/printful",
    express.raw({ type: () => true, limit: "100kb" }),
    route(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await service.handle(body, req.get(PRINTFUL_SIGNATURE_HEADER));
      res.json({ ok: true, result: outcome.handled });
    }),
  );
  return router;
}
