import express, { type Router } from "express";
import { route } from "../http/errors.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../http/openapi.js";
import { STRIPE_SIGNATURE_HEADER, type StripeWebhookService } from "./stripe-webhook.service.js";

const stripeWebhook: ApiOperation = {
  method: "post",
  path: "/webhooks/stripe",
  tag: "webhooks",
  // Stripe's servers call it, proving themselves by the signature; no browser does.
  signed: true,
  summary: "Stripe's Checkout webhook",
  description:
    "Stripe calls it about Checkout Sessions (present when PAYMENT_PROVIDER=stripe). The raw body is checked first against the Stripe-Signature header (t=…,v1=…: HMAC-SHA256 of `t.body` with STRIPE_WEBHOOK_SECRET, at most 300 seconds old); a missing, wrong or stale signature is a 400 and nothing is written. The event is then believed only for its type and its session's id: the session is read back from Stripe's API and the payment attempt settled from what Stripe holds, with the event's id recorded in the same transaction (a replay changes nothing). checkout.session.completed, async_payment_succeeded, async_payment_failed and expired are acted on, and so are refund.created, refund.updated, refund.failed and charge.refunded (the refund is read back and recorded in the refunds ledger once, by its Stripe id; one made in Stripe's Dashboard is recorded too) and charge.dispute.created, updated and closed (the dispute is read back; it flags the order and holds it from the printer while open); other types, events of the other mode (test/live) than the key's, and sessions that are not the shop's are acknowledged and ignored. A failure of ours (Stripe or the database unreachable) is a 500 or 503, and Stripe calls again later.",
  body: { raw: "application/json", description: "Stripe's event, as Stripe sent it (the signature is over these bytes)." },
  responses: {
    200: jsonAnswer("Handled, or acknowledged and ignored.", {
      type: "object",
      required: ["received", "result"],
      additionalProperties: false,
      properties: {
        received: { const: true },
        result: {
          enum: ["paid", "open", "processing", "failed", "abandoned", "voided", "refund", "dispute", "not_ours", "ignored"],
          description:
            "The payment attempt's state after a Checkout Session event; refund or dispute once a refund or dispute event was recorded; not_ours for a session or payment that is not the shop's; ignored for an event the shop does not act on.",
        },
      },
    }),
    400: errorAnswer("The Stripe-Signature header is missing, does not match the body or is too old; or the signed body is not an event."),
    413: errorAnswer("The body is larger than 100 kB."),
    500: errorAnswer("A failure of ours (Stripe unreachable): Stripe calls again later."),
    503: errorAnswer("The database does not answer: Stripe calls again later."),
  },
};

export const STRIPE_WEBHOOK_API = [stripeWebhook];

/**
 * POST /api/webhooks/stripe (mounted before the API's JSON parser: the signature is over the raw
 * bytes). 200 {"received":true,"result":…} once the event has had its effect (or was ignored),
 * 400 for a bad signature, 5xx when we could not act on it (Stripe retries).
 */
export function stripeWebhookRoutes(service: StripeWebhookService): Router {
  const api = describedRouter(STRIPE_WEBHOOK_API);
  api.on(
    stripeWebhook,
    express.raw({ type: () => true, limit: "100kb" }),
    route(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await service.handle(body, req.get(STRIPE_SIGNATURE_HEADER));
      res.json({ received: true, result });
    }),
  );
  return api.done();
}
