import { createHash } from "node:crypto";
import helmet from "helmet";
import type { RequestHandler } from "express";

// Every security-header policy the gateway sends, in one place.

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** A <script> the browser runs (rather than a data block such as application/json or ld+json). */
function isExecutable(attributes: string): boolean {
  const match = TYPE_ATTRIBUTE.exec(attributes);
  const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim().toLowerCase();
  return type === "" || type === "module" || /^(text|application)\/(javascript|ecmascript)$/.test(type);
}

/**
 * The CSP sources ('sha256-…') for the inline scripts a page runs: its text as the browser hashes
 * it (the text between the tags, line breaks as the HTML parser leaves them, UTF-8). The gateway computes them from the built page it serves
 * (web/dist/index.html, the template of every rendered page), so the policy allows exactly the
 * scripts the page carries and cannot drift from them. HTML comments are skipped.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.replace(/<!--[\s\S]*?-->/g, "").matchAll(SCRIPT_ELEMENT)) {
    if (SRC_ATTRIBUTE.test(attributes) || !isExecutable(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Adds a page's own inline scripts (the CSP sources of the scripts the renderer declares that the
 * page holds: gateway/ssr/page-renderer.ts) to the client's CSP already set on this answer: the cart
 * page's mark of stored lines and a placed order's emptying of the cart are allowed on those pages
 * alone, and every other page's header stays as short as it was.
 */
export function allowPageScripts(res: { getHeader(name: string): unknown; setHeader(name: string, value: string): unknown }, hashes: readonly string[]): void {
  const policy = res.getHeader("Content-Security-Policy");
  if (hashes.length === 0 || typeof policy !== "string") return;
  res.setHeader(
    "Content-Security-Policy",
    policy
      .split(";")
      .map((directive) => (/^\s*script-src\s/i.test(directive) ? `${directive} ${hashes.filter((hash) => !directive.includes(hash)).join(" ")}`.trimEnd() : directive))
      .join(";"),
  );
}

// Same-origin everything; inline styles are needed by the client's CSS-in-JS (Chakra/Emotion).
const clientContentSecurityPolicy = (scriptHashes: readonly string[]) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    // The page's one inline script (the colour mode before the first paint) by its hash: an external
    // file would block the first paint for a round trip.
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  },
});

/**
 * Helmet's headers for browsers the shop does not support: X-XSS-Protection (helmet sends "0" to
 * turn off a filter no current browser has), X-Download-Options (Internet Explorer 8) and
 * X-Permitted-Cross-Domain-Policies (Flash and Acrobat). A page's first ~14.6 kB, headers included,
 * is what its first round trip carries: ~95 bytes on every response that protect nothing.
 */
const withoutObsoleteHeaders = { xXssProtection: false, xDownloadOptions: false, xPermittedCrossDomainPolicies: false } as const;

/**
 * Where the client's CSP is sent, two more of helmet's headers say nothing it does not:
 * X-Frame-Options (the CSP's frame-ancestors replaces it in every browser the shop supports, which
 * ignore X-Frame-Options when both are present) and X-DNS-Prefetch-Control: off (the shop's pages link
 * only to the shop itself). connect-src is left to default-src ('self'), as the CSP spec falls back.
 * With the three above, a product page's response fits TCP's first window.
 */
const coveredByClientCsp = { xFrameOptions: false, xDnsPrefetchControl: false } as const;

/**
 * Strict-Transport-Security only where the shop is served over https (`hsts`: PUBLIC_URL is
 * https). A shop on plain http (development on 127.0.0.1, a copy on a private network) has no https
 * for browsers to insist on: the header would at best be ignored, at worst hold its host name to
 * https for a year.
 */
const transportSecurity = (options: { hsts: boolean }) => (options.hsts ? {} : { strictTransportSecurity: false as const });

/**
 * Helmet's headers with the client's CSP: every answer but GraphQL's (the built client, the store
 * pages, the API, media, designs, /healthz). `scriptHashes`: the inline scripts the client's pages
 * run (inlineScriptHashes of the page).
 */
export function clientSecurityHeaders(scriptHashes: readonly string[], options: { hsts: boolean }): RequestHandler {
  return helmet({ contentSecurityPolicy: clientContentSecurityPolicy(scriptHashes), ...withoutObsoleteHeaders, ...coveredByClientCsp, ...transportSecurity(options) });
}

/** /graphql: helmet's headers but no CSP header; the Sandbox landing page brings its own nonce-based CSP in a meta tag, which a header would fight. */
export function graphqlSecurityHeaders(options: { hsts: boolean }): RequestHandler {
  return helmet({ contentSecurityPolicy: false, ...withoutObsoleteHeaders, ...transportSecurity(options) });
}

/**
 * The hosted checkout and order status pages: scripts and styles only from the shop's own files (the
 * store's one script and stylesheet; no inline script or style), nothing fetched by script, forms
 * only to ourselves (and, for the checkout's Pay, to the payment provider's page its answer
 * redirects to: browsers hold a form's redirects to form-action too); they hold personal data, so
 * they are never cached or indexed.
 */
export function storePageHeaders(publicUrl: string, paymentPageOrigins: readonly string[] = []): RequestHandler {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${[publicUrl, ...paymentPageOrigins].join(" ")}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return (_req, res, next) => {
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex");
    next();
  };
}

/** An image opened on its own (an SVG in particular) must not run anything. */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
