import { html, type SafeHtml } from "./html.js";

// The cards the shop takes, as small marks drawn inline (no request, nothing for the CSP to allow):
// each an image named by its brand for assistive technology. Their colours are the brands' own, so
// they read the same in light and dark.

const SANS = "Arial, Helvetica, sans-serif";

const MARKS: { name: string; body: SafeHtml }[] = [
  {
    name: "Visa",
    body: html`<rect width="38" height="24" rx="4" fill="#1a1f71"/><text x="19" y="16" text-anchor="middle" font-family="${SANS}" font-size="10.5" font-weight="700" font-style="italic" letter-spacing=".5" fill="#ffffff">VISA</text>`,
  },
  {
    name: "Mastercard",
    body: html`<rect width="38" height="24" rx="4" fill="#252525"/><circle cx="15" cy="12" r="7" fill="#eb001b"/><circle cx="23" cy="12" r="7" fill="#f79e1b"/><path d="M19 6.25a7 7 0 0 1 0 11.5a7 7 0 0 1 0-11.5z" fill="#ff5f00"/>`,
  },
  {
    name: "American Express",
    body: html`<rect width="38" height="24" rx="4" fill="#006fcf"/><text x="19" y="15.5" text-anchor="middle" font-family="${SANS}" font-size="8.5" font-weight="700" letter-spacing=".3" fill="#ffffff">AMEX</text>`,
  },
  {
    name: "Discover",
    body: html`<rect x=".5" y=".5" width="37" height="23" rx="3.5" fill="#ffffff" stroke="#d4d4d8"/><path d="M16 23.5 37.5 12v8a3.5 3.5 0 0 1-3.5 3.5z" fill="#f48120"/><text x="19" y="13.5" text-anchor="middle" font-family="${SANS}" font-size="6" font-weight="700" fill="#231f20">DISCOVER</text>`,
  },
];

/** "We accept" and the four marks, as a list named for what it is. */
export function acceptedCards(): SafeHtml {
  return html`<div class="accepted"><span id="accepted-cards">We accept</span>
<ul class="cards" aria-labelledby="accepted-cards">${MARKS.map(
    (mark) =>
      html`<li><svg class="card-mark" width="38" height="24" viewBox="0 0 38 24" role="img" aria-label="${mark.name}" focusable="false"><title>${mark.name}</title>${mark.body}</svg></li>`,
  )}</ul>
</div>`;
}
