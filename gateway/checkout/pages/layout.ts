import { DESIGN_ATTRIBUTE, designIdOf, linePicture } from "../../designs/design.records.js";
import { displayVariantTitle } from "../../cart/cart.records.js";
import { formatMoney } from "../../shared/money.js";
import { html, type SafeHtml } from "./html.js";
import { STORE_CSS_PATH } from "./store.css.js";
import { STORE_SCRIPT_PATH } from "./store.script.js";

/** The storefront's logo mark (web/src/components/layout/BrandMark.tsx): a speech bubble with a ballot tick. */
const BRAND_MARK = html`<svg class="brand-mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
<rect class="bubble" x="1" y="1" width="30" height="24" rx="6"/><path class="bubble" d="M9 25l-2 6 8-6z"/>
<path d="M9 13.5l4.5 4.5L23 8.5" fill="none" stroke="#e0483c" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

const LOCK = html`<svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/></svg>`;

export interface LayoutOptions {
  /** What the header says on the right ("Secure checkout", "Order status"). */
  headerNote?: string;
  /** A strip under the header (the test provider's banner). */
  banner?: SafeHtml;
}

/**
 * The whole document around a store page, in the storefront's look: its header (the brand, linking
 * home), typefaces and colours, light or dark as the shopper chose in the shop (store.script.ts).
 */
export function layout(title: string, main: SafeHtml, { headerNote = "Secure checkout", banner }: LayoutOptions = {}): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${title} · Satire Supply Co.</title>
<script src="${STORE_SCRIPT_PATH}"></script>
<link rel="stylesheet" href="${STORE_CSS_PATH}">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
<header class="store-header"><div class="inner">
<a class="brand" href="/" aria-label="Satire Supply Co. home">${BRAND_MARK}<span class="brand-name">Satire Supply Co.</span></a>
<span class="header-note">${headerNote === "Secure checkout" ? LOCK : ""}${headerNote}</span>
</div>${banner ?? ""}</header>
<main id="main">
${main}
</main>
</body>
</html>
`.value;
}

/** A line as the store pages show it: image with quantity, titles, attributes, line total. */
export interface DisplayLine {
  title: string;
  /** The catalog's variant title ("Default Title" is not shown). */
  variantTitle: string | null;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  customAttributes: { key: string; value: string }[];
  /** A custom design's print-quality warning (the picture may print blurry); null when there is none. */
  printWarning: string | null;
}

/** The print-quality warning of a line's design, from the page's warnings by design id; null for a plain line or a design without one. */
export function lineWarning(printWarnings: ReadonlyMap<string, string>, customAttributes: readonly { key: string; value: string }[]): string | null {
  const designId = designIdOf(customAttributes);
  return designId === null ? null : (printWarnings.get(designId) ?? null);
}

function lineItem(line: DisplayLine): SafeHtml {
  const variant = line.variantTitle === null ? null : displayVariantTitle(line.variantTitle);
  // Shopify's convention: attributes whose key starts with "_" are for the shop, not the shopper.
  const attributes = line.customAttributes.filter((a) => !a.key.startsWith("_") && a.key !== DESIGN_ATTRIBUTE);
  // A custom design is shown as what it is: its mock-up stands in for the product photo.
  const picture = linePicture(line.customAttributes, line.imageUrl);
  const designId = picture?.designId ?? null;
  const thumbnail = picture
    ? html`<img src="${picture.url}" alt="${designId ? `Your custom design on ${line.title}` : ""}" width="64" height="64">`
    : "";
  return html`<li class="line">
<div class="thumb">${thumbnail}<span class="qty" aria-hidden="true">${line.quantity}</span></div>
<div>
<div class="line-title">${line.title}</div>
${variant ? html`<div class="line-meta">${variant}</div>` : ""}
${designId ? html`<div class="line-meta">Custom design</div>` : ""}
${line.printWarning ? html`<div class="line-warning"><span class="sr-only">Print quality: </span>${line.printWarning}</div>` : ""}
${attributes.map((a) => html`<div class="line-meta">${a.key}: ${a.value}</div>`)}
<div class="line-meta">Qty ${line.quantity} × ${formatMoney(line.unitPriceCents)}</div>
</div>
<div class="line-price">${formatMoney(line.lineTotalCents)}</div>
</li>`;
}

export function lineList(lines: DisplayLine[]): SafeHtml {
  return html`<ul class="lines">${lines.map(lineItem)}</ul>`;
}

/** A short page: a heading, a sentence and links (empty cart, not found, already paid). */
export function messagePage(title: string, text: string, links: { href: string; label: string; primary?: boolean }[]): string {
  return layout(
    title,
    html`<section class="center card">
<h1>${title}</h1>
<p class="muted">${text}</p>
<div class="actions">${links.map((l) => html`<a class="button${l.primary ? "" : " secondary"}" href="${l.href}">${l.label}</a>`)}</div>
</section>`,
  );
}
