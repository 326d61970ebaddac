import type { RequestHandler } from "express";
import { DomainError } from "../shared/errors.js";

/** The methods that change something: a browser sends them cross-site from a form or a script. */
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The refusal's message (REST's {"error": …}, and the OpenAPI document's shared 403 answer). */
export const CROSS_SITE_REFUSAL = "Refused: this request was sent from another site. Changes are accepted only from the shop's own pages.";

/**
 * Refuses a state-changing request another site's page made a browser send (a form posted to the
 * shop's sign-out or checkout, which SameSite=Lax cookies alone leave to the browser's goodwill):
 * 403 when the browser says so (`Sec-Fetch-Site: cross-site`) or when `Origin` names another
 * origin than `publicUrl`'s. A request with neither header (a server, a command-line client, an
 * older browser) passes, and so does `Origin: null`, which names no origin: a browser sends it for
 * a form posted from a page whose Referrer-Policy is no-referrer, as the store's pages are, and
 * says `Sec-Fetch-Site` beside it. `exempt` paths (and what is under them) are left alone: GraphQL,
 * whose CSRF prevention refuses what a form can send, and the webhooks partners' servers sign.
 */
export function refuseCrossSiteWrites(options: { publicUrl: string; exempt: readonly string[] }): RequestHandler {
  const shopOrigin = new URL(options.publicUrl).origin;
  // Express matches routes without regard to case or a trailing slash: so does the exemption.
  const exempt = options.exempt.map((path) => path.toLowerCase().replace(/\/+$/, ""));
  const isExempt = (path: string) => {
    const lower = path.toLowerCase().replace(/\/+$/, "");
    return exempt.some((e) => lower === e || lower.startsWith(`${e}/`));
  };
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method) || isExempt(req.path)) return next();
    const site = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    const fromAnotherSite = site === "cross-site" || (origin !== undefined && origin !== "null" && origin !== shopOrigin);
    next(fromAnotherSite ? new DomainError("FORBIDDEN", CROSS_SITE_REFUSAL) : undefined);
  };
}
