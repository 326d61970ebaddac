import helmet from "helmet";
import type { RequestHandler } from "express";

// Every security-header policy the gateway sends, in one place.

// Same-origin everything; inline styles are needed by the client's CSS-in-JS (Chakra/Emotion).
const CLIENT_CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  },
};

/** Helmet's headers with the client's CSP: the API, media, designs, the store pages and the built client. */
export function clientSecurityHeaders(): RequestHandler {
  return helmet({ contentSecurityPolicy: CLIENT_CONTENT_SECURITY_POLICY });
}

/** /graphql: helmet's headers but no CSP header; the Sandbox landing page brings its own nonce-based CSP in a meta tag, which a header would fight. */
export function graphqlSecurityHeaders(): RequestHandler {
  return helmet({ contentSecurityPolicy: false });
}

/**
 * The hosted checkout and order status pages: no scripts at all, styles only from the store's
 * stylesheet, forms only to ourselves; they hold personal data, so they are never cached or indexed.
 */
export function storePageHeaders(publicUrl: string): RequestHandler {
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${publicUrl}`,
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
