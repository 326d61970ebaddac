import { DESIGN_ATTRIBUTE, designFileUrl } from "../../designs/design.records.js";
import { displayVariantTitle } from "../../cart/cart.records.js";
import { formatMoney } from "../../shared/money.js";
import { html, type SafeHtml } from "./html.js";
import { STORE_CSS_PATH } from "./store.css.js";

/** The whole document around a store page. */
export function layout(title: string, main: SafeHtml, headerNote = "Secure checkout"): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${title} · Satire Supply Co.</title>
<link rel="stylesheet" href="${STORE_CSS_PATH}">
</head>
<body>
<header class="store-header"><div class="inner">
<a class="brand" href="/">Satire Supply <span>Co.</span></a>
<span class="secure">${headerNote}</span>
</div></header>
<main>
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
}

function lineItem(line: DisplayLine): SafeHtml {
  const variant = line.variantTitle === null ? null : displayVariantTitle(line.variantTitle);
  // Shopify's convention: attributes whose key starts with "_" are for the shop, not the shopper.
  const attributes = line.customAttributes.filter((a) => !a.key.startsWith("_") && a.key !== DESIGN_ATTRIBUTE);
  // A custom design is shown as what it is: its own preview stands in for the product photo.
  const designId = line.customAttributes.find((a) => a.key === DESIGN_ATTRIBUTE)?.value;
  const thumbnail = designId
    ? html`<img src="${designFileUrl(designId, "preview")}" alt="Your custom design on ${line.title}" width="64" height="64">`
    : line.imageUrl
      ? html`<img src="${line.imageUrl}" alt="" width="64" height="64">`
      : "";
  return html`<li class="line">
<div class="thumb">${thumbnail}<span class="qty" aria-hidden="true">${line.quantity}</span></div>
<div>
<div class="line-title">${line.title}</div>
${variant ? html`<div class="line-meta">${variant}</div>` : ""}
${designId ? html`<div class="line-meta">Custom design</div>` : ""}
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
