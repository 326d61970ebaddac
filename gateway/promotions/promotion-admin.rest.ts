import { stringify } from "csv-stringify/sync";
import { route } from "../http/errors.js";
import { describedRouter, errorAnswer, type ApiOperation } from "../http/openapi.js";
import { requireShopAccess, type PrincipalResolver } from "../sessions/shop-access.js";
import { notFound } from "../shared/errors.js";
import { escapeCell } from "../catalog/catalog-csv-format.js";
import type { PromotionAdminService } from "./promotion-admin.service.js";

// A promotion's codes as CSV, for handing generated single-use codes to a mailing or a printer.
// Staff (either role) or a token with promotions:write; streamed a batch at a time, so ten thousand
// codes never sit in memory as one string.

const CODES_CSV_COLUMNS = ["code", "usage_limit", "uses", "created_at"];

const exportCodes: ApiOperation = {
  method: "get",
  path: "/admin/promotions/:id/codes.csv",
  tag: "admin",
  summary: "A promotion's discount codes as CSV",
  description:
    "For a staff session (either role) or `Authorization: Bearer` with an API token holding promotions:write. " +
    `Columns ${CODES_CSV_COLUMNS.join(", ")} (usage_limit empty for no limit; uses: orders paid and payments open with the code), oldest first. ` +
    "UTF-8 with a byte-order mark, CRLF line ends; a cell a spreadsheet would run as a formula (starting with = + - @) is written with a leading apostrophe. Streamed.",
  params: { id: "The promotion's id." },
  responses: {
    200: { description: "The CSV file (Content-Disposition: attachment).", content: { "text/csv": { type: "string" } } },
    401: errorAnswer("No staff session or token, or an unknown token."),
    403: errorAnswer("A customer's session, or a token without promotions:write."),
    404: errorAnswer('No promotion has this id ("No promotion with this id").'),
  },
};

export const PROMOTION_ADMIN_API = [exportCodes];

/** GET /api/admin/promotions/{id}/codes.csv. */
export function promotionAdminRoutes(promotions: PromotionAdminService, principalFor: PrincipalResolver) {
  const api = describedRouter(PROMOTION_ADMIN_API);
  api.on(
    exportCodes,
    requireShopAccess(principalFor, ["staff", "promotions:write"]),
    route(async (req, res) => {
      const promotion = await promotions.find(String(req.params.id));
      if (!promotion) throw notFound("No promotion with this id");
      const write = async (chunk: string) => {
        if (!res.write(chunk)) await new Promise<void>((resolve) => res.once("drain", resolve));
      };
      res.status(200);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="codes-${promotion.id}.csv"`);
      res.setHeader("Cache-Control", "no-store");
      await write(stringify([CODES_CSV_COLUMNS], { bom: true, record_delimiter: "windows" }));
      for await (const batch of promotions.codesForCsv(promotion.id)) {
        const rows = batch.map((c) => [escapeCell(c.code), c.usageLimit === null ? "" : String(c.usageLimit), String(c.uses), c.createdAt.toISOString()]);
        await write(stringify(rows, { record_delimiter: "windows" }));
      }
      res.end();
    }),
  );
  return api.done();
}
