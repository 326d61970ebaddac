import sanitizeHtml from "sanitize-html";

// A product's description is HTML written by staff (or an integration) and shown to every shopper:
// it is sanitised when saved, to an allowlist of text formatting and links, so no script, style,
// frame, event handler or javascript: address can reach a page.

const ALLOWED_TAGS = ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "a", "span", "hr"];

/** The description as it is stored: allowed formatting kept, everything else dropped; links open safely. */
export function sanitizeDescriptionHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ["href", "title", "rel"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
    },
  }).trim();
}
