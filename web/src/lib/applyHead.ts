import { headTags } from "./headTags";
import type { ResolvedHead } from "./pageHead";

// Loaded by pageHead.tsx on the first client-side navigation: the first page's head is
// the gateway's already.

const MANAGED = [
  "title",
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(",");

/** Replaces the head's managed elements with those of `head` (a client-side navigation). */
export function applyHeadToDocument(head: ResolvedHead) {
  const tags = document.createElement("template");
  tags.innerHTML = headTags(head);
  for (const element of document.head.querySelectorAll(MANAGED)) element.remove();
  document.head.append(tags.content);
}
