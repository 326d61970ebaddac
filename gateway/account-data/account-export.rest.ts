import type { Router } from "express";
import { route } from "../http/errors.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../http/openapi.js";
import type { JsonSchema } from "../shared/validation.js";
import { currentCustomerId, requireSignedIn } from "../sessions/current-customer.js";
import type { AccountExportService } from "./account-export.service.js";

const text = { type: "string" };
const nullableText = { type: ["string", "null"] };
const decimal = { type: "string", pattern: "^-?\\d+\\.\\d{2}$" };
const dateTime = { type: "string", format: "date-time" };
const object = (properties: Record<string, JsonSchema>, optional: string[] = []) => ({
  type: "object",
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  additionalProperties: false,
  properties,
});
const nullable = (schema: JsonSchema) => ({ anyOf: [schema, { type: "null" }] });
const IMAGE_INFO = object({ contentType: { enum: ["image/png", "image/jpeg"] }, width: { type: "integer" }, height: { type: "integer" } });

/** AccountExportService.exportFor's document as JSON Schema. */
const ACCOUNT_EXPORT_JSON = {
  title: "AccountExport",
  description: "Everything the shop keeps about the account: its profile, saved addresses, orders and custom designs. Amounts are decimal strings in currencyCode.",
  ...object({
    format: { const: "satire-supply-account-export/1" },
    exportedAt: dateTime,
    currencyCode: text,
    profile: object({ id: text, email: text, displayName: nullableText, hasPassword: { type: "boolean" }, googleLinked: { type: "boolean" }, createdAt: dateTime }),
    addresses: { type: "array", description: "The address book's saved addresses.", items: { type: "object" } },
    orders: {
      type: "array",
      description: "Newest first, each with the address it shipped to as the order kept it.",
      items: object({
        id: text,
        orderNumber: { type: "integer" },
        processedAt: dateTime,
        email: text,
        financialStatus: text,
        fulfillmentStatus: text,
        currencyCode: text,
        subtotalPrice: decimal,
        totalDiscountPrice: decimal,
        discountCode: { type: ["string", "null"] },
        totalShippingPrice: decimal,
        totalPrice: decimal,
        refundedPrice: decimal,
        shippingMethod: text,
        shippingAddress: { type: "object" },
        payment: nullable(object({ brand: text, last4: text })),
        tracking: nullable(object({ carrier: text, trackingNumber: text, trackingUrl: nullableText, shippedAt: dateTime, deliveredAt: nullable(dateTime) })),
        cancelledAt: nullable(dateTime),
        cancelMessage: nullableText,
        statusUrl: text,
        lineItems: {
          type: "array",
          items: object({
            title: text,
            variantTitle: nullableText,
            productHandle: text,
            quantity: { type: "integer" },
            unitPrice: decimal,
            totalPrice: decimal,
            customAttributes: { type: "array", items: object({ key: text, value: text }) },
            designId: nullableText,
          }),
        },
      }),
    },
    designs: {
      type: "array",
      description: "The custom designs uploaded while signed in, oldest first; their images are at previewUrl and printFileUrl.",
      items: object({ id: text, createdAt: dateTime, previewUrl: text, printFileUrl: text, preview: IMAGE_INFO, print: IMAGE_INFO, state: { type: "object" } }),
    },
  }),
};

const customerExport: ApiOperation = {
  method: "get",
  path: "/customer/export",
  tag: "account",
  summary: "Download my data",
  description:
    "The signed-in customer's data as a JSON file (Content-Disposition: attachment; satire-supply-account-YYYY-MM-DD.json): profile, saved addresses, orders with their lines, addresses, statuses and totals, and custom designs. Never cached (Cache-Control: no-store); at most 20 downloads per account an hour.",
  responses: {
    200: jsonAnswer("The account's data.", ACCOUNT_EXPORT_JSON, {
      "Content-Disposition": { description: 'attachment; filename="satire-supply-account-YYYY-MM-DD.json" (the day of the download, UTC).', schema: { type: "string" } },
    }),
    401: errorAnswer('No customer is signed in ("Not signed in").'),
    429: errorAnswer("Too many downloads for this account this hour; Retry-After says when to try again."),
  },
};

export const ACCOUNT_EXPORT_API = [customerExport];

/** GET /api/customer/export: "Download my data" for the browser (GraphQL's Customer.dataExport is the same document). */
export function accountExportRoutes(exports: AccountExportService): Router {
  const api = describedRouter(ACCOUNT_EXPORT_API);
  api.on(
    customerExport,
    requireSignedIn,
    route(async (req, res) => {
      const now = new Date();
      const document = await exports.exportFor(currentCustomerId(req)!, now);
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Disposition", `attachment; filename="satire-supply-account-${now.toISOString().slice(0, 10)}.json"`);
      res.type("json").send(JSON.stringify(document, null, 2));
    }),
  );
  return api.done();
}
