import { escapeHtml } from "./sanitizeHtml";
import { SHOP_NAME, type ResolvedHead } from "./pageHead";

// The head's markup: written into the page by the gateway (entry-server.tsx) and, in the
// browser, only on client-side navigations (./applyHead.ts, which pageHead.tsx loads then), so a
// first visit's JavaScript carries neither it nor the HTML escaping it uses.

/** JSON that can sit inside a <script> element: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * The head elements of a page (title, description, canonical, Open Graph, Twitter card, JSON-LD).
 * The gateway puts them in the HTML it sends; the browser swaps them on every client-side navigation.
 */
export function headTags(head: ResolvedHead): string {
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta("name", "description", head.description)];
  if (head.noindex) tags.push(meta("name", "robots", "noindex"));
  if (head.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`);
  tags.push(meta("property", "og:site_name", SHOP_NAME), meta("property", "og:type", head.type), meta("property", "og:title", head.title));
  tags.push(meta("property", "og:description", head.description));
  if (head.canonicalUrl) tags.push(meta("property", "og:url", head.canonicalUrl));
  if (head.imageUrl) {
    tags.push(meta("property", "og:image", head.imageUrl));
    if (head.imageAlt) tags.push(meta("property", "og:image:alt", head.imageAlt));
  }
  tags.push(meta("name", "twitter:card", head.imageUrl ? "summary_large_image" : "summary"), meta("name", "twitter:title", head.title));
  tags.push(meta("name", "twitter:description", head.description));
  if (head.imageUrl) tags.push(meta("name", "twitter:image", head.imageUrl));
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join("\n    ");
}
