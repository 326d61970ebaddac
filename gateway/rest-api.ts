import type { Router } from "express";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { describedRouter, jsonAnswer, NOT_MODIFIED, openApiDocument, type ApiMount, type ApiOperation } from "./http/openapi.js";
import { CATALOG_API } from "./catalog/catalog.rest.js";
import { MEMES_API } from "./memes/meme.rest.js";
import { MEME_ADMIN_API } from "./memes/meme-admin.rest.js";
import { AUTH_API } from "./customers/auth.rest.js";
import { ORDERS_API } from "./orders/order.rest.js";
import { ACCOUNT_EXPORT_API } from "./account-data/account-export.rest.js";
import { CART_API } from "./cart/cart.rest.js";
import { CART_DISCOUNT_API } from "./promotions/cart-discount.rest.js";
import { DESIGN_FILES_API, DESIGNS_API } from "./designs/design.rest.js";
import { MEDIA_API } from "./media/media.rest.js";
import { PRODUCT_IMAGES_API } from "./catalog/product-images.rest.js";
import { PRODUCT_MOCKUPS_API } from "./catalog/product-mockups.rest.js";
import { COLLECTION_ADMIN_API } from "./catalog/collection-admin.rest.js";
import { CATALOG_CSV_API } from "./catalog/catalog-csv.rest.js";
import { PROMOTION_ADMIN_API } from "./promotions/promotion-admin.rest.js";
import { ORDER_SELECTION_API } from "./orders/order-selection.rest.js";
import { PRINTFUL_WEBHOOK_API } from "./fulfillment/partners/printful-webhook.rest.js";
import { STRIPE_WEBHOOK_API } from "./checkout/stripe-webhook.rest.js";

// The REST API as one OpenAPI 3.1 document: every adapter's described operations under the path
// app.ts mounts its router at, and the gateway's own two routes (/healthz and the document itself).
// A new route is described where it is routed (its adapter's operations, registered through
// describedRouter); a new adapter adds its operations here. tests/openapi.test.ts fails when a
// route under /api, /media, /designs or /healthz has no operation here, or an operation no route.

const healthz: ApiOperation = {
  method: "get",
  path: "/healthz",
  tag: "gateway",
  summary: "Is the gateway up",
  description: "200 while the database answers, 503 otherwise (for load balancers and supervisors).",
  responses: {
    200: jsonAnswer("The database answers.", { type: "object", required: ["status"], additionalProperties: false, properties: { status: { const: "ok" } } }),
    503: jsonAnswer("The database does not answer.", { type: "object", required: ["status"], additionalProperties: false, properties: { status: { const: "unavailable" } } }),
  },
};

const openApi: ApiOperation = {
  method: "get",
  path: "/api/openapi.json",
  tag: "gateway",
  summary: "This document",
  description: "The REST API's OpenAPI 3.1 description, made from the routes and the input classes they read with; cacheable for an hour, revalidated by ETag.",
  responses: {
    200: jsonAnswer("The OpenAPI document.", { type: "object", required: ["openapi", "info", "paths"], properties: { openapi: { const: "3.1.0" } } }),
    304: NOT_MODIFIED,
  },
};

const GATEWAY_API = [healthz, openApi];

const INFO: OpenAPIObject["info"] = {
  title: "Satire Supply Co. REST API",
  version: "1.0.0",
  description:
    "The storefront's REST adapters (spec §7) and the webhook receivers of the print partner and of Stripe. GraphQL (/graphql) is the product's API; these calls answer the same shapes the older client reads. Requests send credentials (the session cookie); bodies are JSON unless said otherwise, at most 100 kB. Errors are {\"error\": \"…\"} (a 400 adds the `field` at fault). Whatever the path under /api: a path or method that names no call answers 404, a body that is not JSON 400, a body over 100 kB 413. A POST, PUT, PATCH or DELETE a browser sends from another site (Sec-Fetch-Site: cross-site, or an Origin that is not the shop's) is refused with 403, the signed webhooks excepted.",
};

const TAGS: OpenAPIObject["tags"] = [
  { name: "catalog", description: "Products and collections (spec §7)." },
  { name: "memes", description: "The meme gallery." },
  { name: "cart", description: "Server carts; a cart's id is a bearer token." },
  { name: "account", description: "Sign-in, registration and the signed-in customer's orders." },
  { name: "designs", description: "Custom designs from the Customize studio and their print files." },
  { name: "media", description: "The catalog's images." },
  { name: "admin", description: "The shop's side: for a staff session or an API token with the scope each call names." },
  { name: "webhooks", description: "Calls partners make to the shop." },
  { name: "gateway", description: "The gateway itself." },
];

/** The webhook receivers a gateway has: Printful's when Printful prints, Stripe's when Stripe takes the money. */
interface WebhookReceivers {
  printfulWebhook: boolean;
  stripeWebhook: boolean;
}

/** Where each adapter's operations are mounted, as app.ts mounts them; each webhook receiver only when the gateway has it. */
function restApiMounts({ printfulWebhook, stripeWebhook }: WebhookReceivers): ApiMount[] {
  return [
    { prefix: "", operations: GATEWAY_API },
    ...(printfulWebhook ? [{ prefix: "/api", operations: PRINTFUL_WEBHOOK_API }] : []),
    ...(stripeWebhook ? [{ prefix: "/api", operations: STRIPE_WEBHOOK_API }] : []),
    ...[CATALOG_API, MEMES_API, AUTH_API, ORDERS_API, ACCOUNT_EXPORT_API, CART_API, CART_DISCOUNT_API, DESIGNS_API, PRODUCT_IMAGES_API, PRODUCT_MOCKUPS_API, MEME_ADMIN_API, COLLECTION_ADMIN_API, CATALOG_CSV_API, PROMOTION_ADMIN_API, ORDER_SELECTION_API].map((operations) => ({ prefix: "/api", operations })),
    { prefix: "/media", operations: MEDIA_API },
    { prefix: "/designs", operations: DESIGN_FILES_API },
  ];
}

/** The paths of the calls partners' servers sign (the webhook receivers), which the cross-site refusal leaves alone. */
export function signedCallPaths(): string[] {
  return restApiMounts({ printfulWebhook: true, stripeWebhook: true }).flatMap(({ prefix, operations }) =>
    operations.filter((operation) => operation.signed).map((operation) => `${prefix}${operation.path}`),
  );
}

/** The OpenAPI document of a gateway (with the webhook receivers it has). */
export function restApiDocument(options: WebhookReceivers): OpenAPIObject {
  return openApiDocument(INFO, TAGS, restApiMounts(options));
}

/** GET /healthz and GET /api/openapi.json (mounted at the app's root, before sessions: neither reads one). */
export function gatewayRoutes({ ping, document }: { ping(): Promise<boolean>; document: OpenAPIObject }): Router {
  const api = describedRouter(GATEWAY_API);
  api.on(healthz, async (_req, res) => {
    const ok = await ping();
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "unavailable" });
  });
  const body = JSON.stringify(document);
  api.on(openApi, (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("json").send(body);
  });
  return api.done();
}
