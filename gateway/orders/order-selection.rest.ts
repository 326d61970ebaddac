import { stringify } from "csv-stringify/sync";
import { route } from "../http/errors.js";
import { readCsvBody } from "../http/csv-body.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../http/openapi.js";
import { boolParam, stringParam } from "../http/params.js";
import { requireShopAccess, shopPrincipal, type PrincipalResolver } from "../sessions/shop-access.js";
import { actorOf } from "../shared/actor.js";
import { invalidInput } from "../shared/errors.js";
import { OptionalBoolean, RequiredTextAtMost } from "../shared/validation.js";
import { ADMIN_ORDERS_BY_IDS_MAX, type OrderAdminService } from "./order-admin.service.js";
import { ORDERS_CSV_COLUMNS, ordersCsvRows } from "./orders-csv.js";
import { MAX_TRACKING_CSV_BYTES, MAX_TRACKING_CSV_ROWS } from "./tracking-import.rules.js";
import type { TrackingImportService } from "./tracking-import.service.js";

// Orders in and out of a spreadsheet over REST: a selection exported as CSV, and a tracking import
// (a file is a body: a 1 MB file is far over GraphQL's 100 kB request limit). Staff, or a token
// with the scope; the rules are in the services.

const MB = MAX_TRACKING_CSV_BYTES / (1024 * 1024);

class OrdersCsvQuery {
  @RequiredTextAtMost(ADMIN_ORDERS_BY_IDS_MAX * 40)
  ids!: string;
}

class TrackingImportQuery {
  @OptionalBoolean()
  apply?: boolean;
}

const exportCsv: ApiOperation = {
  method: "get",
  path: "/admin/orders.csv",
  tag: "admin",
  summary: "A selection of orders as CSV",
  description:
    `For a staff session or \`Authorization: Bearer\` with an API token holding orders:read. \`ids\`: up to ${ADMIN_ORDERS_BY_IDS_MAX} order ids, separated by commas; ids that name no order are left out. ` +
    `One row per line item, in the order of the ids, with the columns ${ORDERS_CSV_COLUMNS.join(", ")} (prices as decimal dollars; status and financial_status as the API's enums). ` +
    "UTF-8 with a byte-order mark, CRLF line ends; a cell a spreadsheet would run as a formula (starting with = + - @) is written with a leading apostrophe.",
  query: OrdersCsvQuery,
  responses: {
    200: { description: 'The CSV file (Content-Disposition: attachment; filename="orders-YYYY-MM-DD.csv").', content: { "text/csv": { type: "string" } } },
    400: errorAnswer(`ids is missing, or names more than ${ADMIN_ORDERS_BY_IDS_MAX} orders.`),
    401: errorAnswer("No staff session or token, or an unknown token."),
    403: errorAnswer("A customer's session, or a token without orders:read."),
  },
};

const TRACKING_ROW_JSON = {
  type: "object",
  required: ["row", "orderText", "orderNumber", "orderId", "carrier", "trackingNumber", "trackingUrl", "outcome", "message"],
  additionalProperties: false,
  properties: {
    row: { type: "integer", minimum: 2, description: "The row as a spreadsheet numbers it (the header is row 1)." },
    orderText: { type: "string", description: "The order number cell as written." },
    orderNumber: { type: ["integer", "null"], description: "The order number read from it; null when it is not one." },
    orderId: { type: ["string", "null"], description: "The order's id when the number names an order." },
    carrier: { type: "string" },
    trackingNumber: { type: "string" },
    trackingUrl: { type: ["string", "null"] },
    outcome: { enum: ["WILL_SHIP", "SHIPPED", "UNCHANGED", "ERROR", "FAILED"], description: "A preview answers WILL_SHIP, UNCHANGED or ERROR; applying answers SHIPPED, UNCHANGED or FAILED." },
    message: { type: "string", description: "The outcome in words, or why the row is refused." },
  },
};

const TRACKING_REPORT_JSON = {
  title: "TrackingImportReport",
  description: "What a tracking import would do (a preview) or did.",
  type: "object",
  required: ["applied", "rows", "willShip", "shipped", "unchanged", "errors"],
  additionalProperties: false,
  properties: {
    applied: { type: "boolean", description: "Whether any order was shipped by this request." },
    rows: { type: "array", items: TRACKING_ROW_JSON },
    willShip: { type: "integer", minimum: 0 },
    shipped: { type: "integer", minimum: 0 },
    unchanged: { type: "integer", minimum: 0 },
    errors: { type: "integer", minimum: 0 },
  },
};

const importTracking: ApiOperation = {
  method: "post",
  path: "/admin/orders/tracking-import",
  tag: "admin",
  summary: "Preview or apply a tracking CSV",
  description:
    "For a staff session or `Authorization: Bearer` with an API token holding orders:write. " +
    `The body is the CSV file itself (Content-Type text/csv), at most ${MB} MB and ${MAX_TRACKING_CSV_ROWS} rows: a header row naming order number, carrier and tracking number (tracking url optional), one order per row. ` +
    "Without apply=true it is a preview: nothing is written. With apply=true the file and the orders are read again and each order the file can ship is marked shipped in a transaction of its own " +
    "(its customer emailed once); orders already shipped with the same tracking are left unchanged, so applying a file again changes nothing. " +
    "A file refused whole (not CSV, a column missing, no rows, too many rows) is 400 and changes nothing. " +
    "Besides a request from another site, 403 answers a customer's session and a token without orders:write.",
  query: TrackingImportQuery,
  body: { raw: "text/csv", description: "The CSV file (UTF-8, with or without a byte-order mark)." },
  responses: {
    200: jsonAnswer("The report: per row, the order and what happens (or happened) to it.", TRACKING_REPORT_JSON),
    400: errorAnswer("The body is not text/csv, apply is not true or false, or the file is refused whole (the message says why)."),
    401: errorAnswer("No staff session or token, or an unknown token."),
    413: errorAnswer(`The file is larger than ${MB} MB.`),
  },
};

export const ORDER_SELECTION_API = [exportCsv, importTracking];

/** GET /api/admin/orders.csv and POST /api/admin/orders/tracking-import. */
export function orderSelectionRoutes(orders: OrderAdminService, trackingImport: TrackingImportService, principalFor: PrincipalResolver) {
  const api = describedRouter(ORDER_SELECTION_API);
  api.on(
    exportCsv,
    requireShopAccess(principalFor, ["staff", "orders:read"]),
    route(async (req, res) => {
      const ids = (stringParam(req, "ids") ?? "").split(",").map((id) => id.trim()).filter((id) => id !== "");
      if (ids.length === 0) throw invalidInput("ids", "ids is required: order ids separated by commas");
      const { found } = await orders.findMany(ids);
      res.status(200);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`);
      res.setHeader("Cache-Control", "no-store");
      res.send(stringify([[...ORDERS_CSV_COLUMNS], ...ordersCsvRows(found)], { bom: true, record_delimiter: "windows" }));
    }),
  );
  api.on(
    importTracking,
    requireShopAccess(principalFor, ["staff", "orders:write"]),
    route(async (req, res) => {
      const apply = boolParam(req, "apply") ?? false;
      const file = await readCsvBody(req, MAX_TRACKING_CSV_BYTES);
      res.json(apply ? await trackingImport.apply(file, actorOf(shopPrincipal(req))) : await trackingImport.preview(file));
    }),
  );
  return api.done();
}
