import { route } from "../http/errors.js";
import { readCsvBody } from "../http/csv-body.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../http/openapi.js";
import { boolParam } from "../http/params.js";
import { requireShopAccess, shopPrincipal, type PrincipalResolver } from "../sessions/shop-access.js";
import { actorOf } from "../shared/actor.js";
import { OptionalBoolean } from "../shared/validation.js";
import { CSV_COLUMNS, MAX_CSV_BYTES, MAX_CSV_ROWS } from "./catalog-csv-format.js";
import type { CatalogCsvService } from "./catalog-csv.service.js";

// The catalog's CSV over REST (a file is a body, not a GraphQL argument: a 5,000-variant file is
// far over GraphQL's 100 kB request limit). Owners only, by their staff session: the guard runs
// before the body is read. The rules are in the service; this reads the bytes and writes the answer.

const MB = MAX_CSV_BYTES / (1024 * 1024);

/** The query of POST /admin/catalog/import. */
class CatalogImportQuery {
  @OptionalBoolean()
  apply?: boolean;
}

const ROW_ERROR_JSON = {
  type: "object",
  required: ["row", "column", "message"],
  additionalProperties: false,
  properties: {
    row: { type: ["integer", "null"], minimum: 1, description: "The row as a spreadsheet numbers it (the header is row 1); null for the whole file." },
    column: { type: ["string", "null"], description: 'The column at fault, by its header name (e.g. "Variant Price"); null for the whole row or file.' },
    message: { type: "string" },
  },
};

const IMPORT_REPORT_JSON = {
  title: "CatalogImportReport",
  description: "What an import did or (a preview) would do.",
  type: "object",
  required: ["applied", "rowCount", "created", "changed", "unchanged", "products", "errors", "notices"],
  additionalProperties: false,
  properties: {
    applied: { type: "boolean", description: "Whether the catalog was changed: false for a preview, a file with errors, or one that changes nothing." },
    rowCount: { type: "integer", minimum: 0, description: "The file's rows (variants) beside the header." },
    created: { type: "integer", minimum: 0 },
    changed: { type: "integer", minimum: 0 },
    unchanged: { type: "integer", minimum: 0 },
    products: {
      type: "array",
      items: {
        type: "object",
        required: ["row", "handle", "title", "action", "changes"],
        additionalProperties: false,
        properties: {
          row: { type: "integer", minimum: 2, description: "The product's first row." },
          handle: { type: "string" },
          title: { type: "string" },
          action: { enum: ["CREATE", "UPDATE", "UNCHANGED"] },
          changes: { type: "array", items: { type: "string" }, description: "What changes, in words." },
        },
      },
    },
    errors: { type: "array", items: ROW_ERROR_JSON, description: "Every problem; when there is any, nothing is written." },
    notices: { type: "array", items: { type: "string" }, description: "Columns ignored (images are never fetched from a CSV)." },
  },
};

const exportCsv: ApiOperation = {
  method: "get",
  path: "/admin/catalog/products.csv",
  tag: "admin",
  summary: "The catalog as CSV",
  description:
    "For the owner's staff session. Every product in every status, by handle, one row per variant (its fields on its first row), " +
    `in Shopify's product CSV layout with the columns ${CSV_COLUMNS.join(", ")} (docs/catalog.md describes them). ` +
    "UTF-8 with a byte-order mark, CRLF line ends; a cell a spreadsheet would run as a formula (starting with = + - @) is written with a leading apostrophe. Streamed.",
  responses: {
    200: { description: "The CSV file (Content-Disposition: attachment).", content: { "text/csv": { type: "string" } } },
    401: errorAnswer("No staff session."),
    403: errorAnswer("A staff member who is not the owner, an API token, or a customer's session."),
  },
};

const importCsv: ApiOperation = {
  method: "post",
  path: "/admin/catalog/import",
  tag: "admin",
  summary: "Preview or import a catalog CSV",
  description:
    `For the owner's staff session. The body is the CSV file itself (Content-Type text/csv), at most ${MB} MB and ${MAX_CSV_ROWS} rows, in the export's layout. ` +
    "Without apply=true it is a preview: nothing is written. With apply=true everything is checked again and the file is applied whole, in one transaction " +
    "(one audit entry, one announcement), or, when there is any error, not at all (applied: false). Products are matched by Handle, variants by Variant SKU, else by option values; " +
    "products the file does not name are left alone. Image columns are ignored: the shop never fetches a URL from a CSV. " +
    "Besides a request from another site, 403 answers a staff member who is not the owner, an API token and a customer's session.",
  query: CatalogImportQuery,
  body: { raw: "text/csv", description: "The CSV file (UTF-8, with or without a byte-order mark)." },
  responses: {
    200: jsonAnswer("The report: per product created, changed (with what changes) or unchanged, and every row's errors by row and column.", IMPORT_REPORT_JSON),
    400: errorAnswer("The body is not text/csv, or apply is not true or false."),
    401: errorAnswer("No staff session."),
    413: errorAnswer(`The file is larger than ${MB} MB (refused by its Content-Length before it is read, or while it is read).`),
  },
};

export const CATALOG_CSV_API = [exportCsv, importCsv];

/** GET /api/admin/catalog/products.csv and POST /api/admin/catalog/import, for the owner. */
export function catalogCsvRoutes(csv: CatalogCsvService, principalFor: PrincipalResolver) {
  const api = describedRouter(CATALOG_CSV_API);
  const ownerOnly = requireShopAccess(principalFor, ["owner"]);
  api.on(
    exportCsv,
    ownerOnly,
    route(async (_req, res) => {
      res.status(200);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="products-${new Date().toISOString().slice(0, 10)}.csv"`);
      res.setHeader("Cache-Control", "no-store");
      await csv.exportCsv(async (chunk) => {
        if (!res.write(chunk)) await new Promise<void>((resolve) => res.once("drain", resolve));
      });
      res.end();
    }),
  );
  api.on(
    importCsv,
    ownerOnly,
    route(async (req, res) => {
      const apply = boolParam(req, "apply") ?? false;
      const file = await readCsvBody(req, MAX_CSV_BYTES);
      const actor = actorOf(shopPrincipal(req));
      res.json(apply ? await csv.apply(file, actor) : await csv.preview(file));
    }),
  );
  return api.done();
}
