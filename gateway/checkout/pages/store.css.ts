import { createHash } from "node:crypto";
import { SHIPPING_METHODS } from "../shipping.js";

/**
 * The store pages' colours: each the storefront's own token (web/src/theme/system.ts over Chakra's
 * theme) in light and dark, named here by its token so tests/store-theme.test.ts can hold the two
 * equal. The gateway never imports the client, so the values are written out.
 */
export const STORE_PALETTE = {
  "--bg": { token: "colors.bg", light: "#faf8f4", dark: "#0e1320" },
  "--panel": { token: "colors.bg.panel", light: "#ffffff", dark: "#161d2e" },
  "--subtle": { token: "colors.bg.subtle", light: "#f2efe8", dark: "#131a29" },
  "--muted-bg": { token: "colors.bg.muted", light: "#ebe7de", dark: "#1c2436" },
  "--text": { token: "colors.fg", light: "#09090b", dark: "#fafafa" },
  "--muted": { token: "colors.fg.muted", light: "#52525b", dark: "#a1a1aa" },
  "--border": { token: "colors.border", light: "#e2ddd2", dark: "#2a3348" },
  // Fields a step stronger than the storefront's cards, so an empty one is seen.
  "--field-border": { token: "colors.border.emphasized", light: "#d4d4d8", dark: "#3f3f46" },
  "--brand-solid": { token: "colors.brand.solid", light: "#1b2a4a", dark: "#4169e1" },
  "--brand-contrast": { token: "colors.brand.contrast", light: "#ffffff", dark: "#ffffff" },
  "--brand-fg": { token: "colors.brand.fg", light: "#24375d", dark: "#aebfdc" },
  "--brand-subtle": { token: "colors.brand.subtle", light: "#eef2f9", dark: "#131e36" },
  "--brand-muted": { token: "colors.brand.muted", light: "#d5deee", dark: "#1b2a4a" },
  "--focus": { token: "colors.brand.focusRing", light: "#3c5a91", dark: "#7f97c2" },
  "--error": { token: "colors.fg.error", light: "#991919", dark: "#fca5a5" },
  "--error-bg": { token: "colors.bg.error", light: "#fef2f2", dark: "#1f0808" },
  "--error-border": { token: "colors.border.error", light: "#ef4444", dark: "#f87171" },
  "--notice-bg": { token: "colors.bg.info", light: "#eff6ff", dark: "#0c142e" },
  "--notice-border": { token: "colors.border.info", light: "#3b82f6", dark: "#60a5fa" },
  "--test-bg": { token: "colors.orange.subtle", light: "#ffedd5", dark: "#3b1106" },
  "--test-fg": { token: "colors.orange.fg", light: "#92310a", dark: "#fdba74" },
  "--test-border": { token: "colors.orange.muted", light: "#fed7aa", dark: "#6c2710" },
  "--done": { token: "colors.green.700", light: "#116932", dark: "#116932" },
  "--warning": { token: "colors.orange.fg", light: "#92310a", dark: "#fdba74" },
} as const;

/** The storefront's typefaces (web/src/theme/system.ts, tokens fonts.heading and fonts.body). */
export const STORE_FONTS = {
  heading: { token: "fonts.heading", value: "Georgia, Cambria, 'Times New Roman', Times, serif" },
  body: { token: "fonts.body", value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
} as const;

const variables = (mode: "light" | "dark") =>
  Object.entries(STORE_PALETTE)
    .map(([name, colour]) => `${name}: ${colour[mode]};`)
    .join(" ");

/**
 * With the shipping method chosen, show only what goes with it: its total row and the Pay button's
 * label. Without :has() the page shows every total with its method named, and the Pay button the
 * label of the method the page was drawn with (the script moves it when the shopper picks another).
 */
const chosenShipping = SHIPPING_METHODS.map(
  (method) => `  body:has(#shipping-${method}:checked) [data-shipping]:not([data-shipping="${method}"]) { display: none; }
  body:has(#shipping-${method}:checked) .pay-label[data-shipping="${method}"] { display: inline; }`,
).join("\n");

// The store pages' one stylesheet: the storefront's look (its header, typefaces and colours) in
// light and dark, 360 px phones to desktops. Light and dark follow the storefront's stored choice
// (store.script.ts puts .light or .dark on <html> before the first paint), else the system's
// preference. Served as a file so the pages' CSP can forbid inline styles.
export const STORE_CSS = `
:root { color-scheme: light; ${variables("light")} }
@media (prefers-color-scheme: dark) {
  :root:not(.light) { color-scheme: dark; ${variables("dark")} }
}
:root.dark { color-scheme: dark; ${variables("dark")} }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.5 ${STORE_FONTS.body.value}; -webkit-text-size-adjust: 100%; }
a { color: var(--brand-fg); text-underline-offset: 3px; }
a:hover { text-decoration-thickness: 2px; }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
h1, h2, legend { font-family: ${STORE_FONTS.heading.value}; }
.store-header { background: var(--panel); border-bottom: 1px solid var(--border); box-shadow: 0 1px 2px rgb(24 24 27 / 10%); }
/* The storefront header's container (Container maxW="7xl" px={{ base: "3", md: "6" }}), so the brand stays put between the shop and these pages. */
.store-header .inner { max-width: 80rem; margin: 0 auto; padding: 0 12px; min-height: 64px; display: flex; align-items: center; justify-content: space-between; gap: 12px; }
@media (min-width: 768px) { .store-header .inner { padding: 0 24px; } }
.brand { display: inline-flex; align-items: center; gap: 8px; color: var(--text); text-decoration: none; border-radius: 6px; }
.brand:hover { text-decoration: none; }
.brand-mark { flex: none; }
.brand-mark .bubble { fill: var(--brand-solid); }
.brand-name { font-family: ${STORE_FONTS.heading.value}; font-weight: 700; font-size: 1.125rem; white-space: nowrap; }
@media (min-width: 480px) { .brand-name { font-size: 1.25rem; } }
.header-note { display: inline-flex; align-items: center; gap: 6px; font-size: .875rem; color: var(--muted); white-space: nowrap; }
.header-note svg { flex: none; }
/* Below the 360 px the pages are drawn for, the brand keeps the header's one line. */
@media (max-width: 359px) { .header-note { display: none; } }
.test-banner { background: var(--test-bg); color: var(--test-fg); border-bottom: 1px solid var(--test-border); }
.test-banner p { max-width: 80rem; margin: 0 auto; padding: 10px 12px; font-size: .875rem; }
@media (min-width: 768px) { .test-banner p { padding: 10px 24px; } }
.test-banner strong { display: inline-block; margin-right: 6px; padding: 0 8px; border-radius: 999px; border: 1px solid currentColor; font-size: .75rem; letter-spacing: .06em; text-transform: uppercase; }
main { max-width: 1100px; margin: 0 auto; padding: 16px 16px 48px; }
.back { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; font-weight: 600; text-decoration: none; border-radius: 6px; }
.back:hover { text-decoration: underline; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 4px 0 16px; }
@media (min-width: 768px) { h1 { font-size: 2.25rem; } }
h2 { font-size: 1.25rem; line-height: 1.3; margin: 0 0 12px; }
.muted { color: var(--muted); }
.small { font-size: .875rem; }
.card { background: var(--panel); border: 1px solid var(--border); border-radius: 12px; padding: 20px; }
.checkout { display: grid; gap: 20px; }
@media (min-width: 900px) {
  .checkout { grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); align-items: start; gap: 32px; }
  .checkout .summary { grid-column: 2; grid-row: 1; position: sticky; top: 20px; }
  .checkout form { grid-column: 1; grid-row: 1; }
}
.lines { list-style: none; margin: 0; padding: 0; }
.line { display: grid; grid-template-columns: 64px minmax(0, 1fr) auto; gap: 12px; align-items: center; padding: 10px 0; border-bottom: 1px solid var(--border); }
.line:last-child { border-bottom: 0; }
.thumb { position: relative; width: 64px; height: 64px; border-radius: 8px; border: 1px solid var(--border); background: var(--subtle); }
.thumb img { width: 100%; height: 100%; object-fit: cover; border-radius: 7px; display: block; }
.qty { position: absolute; top: -8px; right: -8px; min-width: 22px; height: 22px; padding: 0 6px; border-radius: 11px; background: var(--brand-solid); color: var(--brand-contrast); font-size: .75rem; font-weight: 700; display: flex; align-items: center; justify-content: center; }
.line-title { font-weight: 600; overflow-wrap: anywhere; }
.line-meta { font-size: .875rem; color: var(--muted); overflow-wrap: anywhere; }
.line-warning { font-size: .875rem; color: var(--warning); font-weight: 600; }
.line-price { font-weight: 600; white-space: nowrap; }
.totals { margin: 12px 0 0; padding: 12px 0 0; border-top: 1px solid var(--border); display: grid; gap: 6px; }
.totals div { display: flex; justify-content: space-between; gap: 12px; }
.totals dt { color: var(--muted); }
.totals dd { margin: 0; font-weight: 600; white-space: nowrap; }
.totals .grand { font-size: 1.2rem; padding-top: 6px; }
.totals .grand dt { color: var(--text); font-weight: 700; }
.pay-label { display: none; }
.pay-label.chosen { display: inline; }
@supports selector(:has(a)) {
  .pay-label.chosen { display: none; }
${chosenShipping}
  .totals .when { display: none; }
}
fieldset { border: 0; margin: 0 0 24px; padding: 0; min-width: 0; }
legend { font-size: 1.25rem; font-weight: 700; padding: 0; margin-bottom: 10px; }
.field { margin-bottom: 12px; }
.field label { display: block; font-weight: 600; font-size: .875rem; margin-bottom: 4px; }
.field input, .field select { width: 100%; font: inherit; color: var(--text); background: var(--panel); border: 1px solid var(--field-border); border-radius: 6px; padding: 10px 12px; min-height: 44px; }
.field input::placeholder { color: var(--muted); opacity: .8; }
.field input:focus-visible, .field select:focus-visible { outline-offset: 0; border-color: var(--focus); }
.field.invalid input, .field.invalid select { border-color: var(--error-border); box-shadow: 0 0 0 1px var(--error-border); }
.field .error { color: var(--error); font-size: .875rem; margin: 4px 0 0; font-weight: 600; }
.field .hint { margin: 4px 0 0; }
.field.check { display: grid; grid-template-columns: auto 1fr; gap: 4px 10px; align-items: center; }
.field.check input { width: 18px; height: 18px; min-height: 0; margin: 0; padding: 0; accent-color: var(--brand-solid); }
.field.check label { margin: 0; }
.field.check p { grid-column: 2; margin: 0; }
.saved-addresses { margin-bottom: 16px; }
.saved-title { font-weight: 600; font-size: .875rem; margin: 0 0 6px; }
.saved-addresses ul { list-style: none; margin: 0 0 6px; padding: 0; display: grid; gap: 8px; }
.saved-address { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; align-items: center; border: 1px solid var(--field-border); border-radius: 8px; padding: 12px; font-size: .875rem; }
.saved-address.chosen { border: 2px solid var(--brand-solid); padding: 11px; background: var(--brand-subtle); }
.saved-lines { grid-row: span 2; overflow-wrap: anywhere; }
.badge { justify-self: end; padding: 0 8px; border-radius: 999px; border: 1px solid currentColor; font-size: .75rem; font-weight: 600; }
.use-address { justify-self: end; font-weight: 600; white-space: nowrap; min-height: 44px; display: inline-flex; align-items: center; }
.row { display: grid; gap: 0 12px; }
@media (min-width: 340px) { .row { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } }
.rates { display: grid; gap: 8px; }
.rate { display: grid; grid-template-columns: auto 1fr auto; gap: 12px; align-items: center; border: 1px solid var(--field-border); border-radius: 8px; padding: 12px; cursor: pointer; background: var(--panel); }
.rate:has(input:checked) { border: 2px solid var(--brand-solid); padding: 11px; background: var(--brand-subtle); }
.rate:has(input:focus-visible) { outline: 2px solid var(--focus); outline-offset: 2px; }
.rate input { width: 18px; height: 18px; margin: 0; accent-color: var(--brand-solid); }
.rate input:focus-visible { outline: 0; }
.rate-title { font-weight: 600; }
.rate-price { font-weight: 600; white-space: nowrap; }
.button { display: inline-flex; align-items: center; justify-content: center; gap: 8px; text-align: center; text-decoration: none; font: inherit; font-weight: 600; border: 1px solid transparent; border-radius: 6px; padding: 10px 20px; min-height: 44px; cursor: pointer; background: var(--brand-solid); color: var(--brand-contrast); }
.button:hover { background: color-mix(in srgb, var(--brand-solid) 90%, transparent); }
.button.secondary { background: transparent; color: var(--text); border-color: var(--field-border); }
.button.secondary:hover { background: var(--muted-bg); }
.pay { width: 100%; min-height: 52px; font-size: 1.125rem; font-weight: 700; }
.pay-note { margin: 0 0 12px; }
.after-pay { margin-top: 16px; display: grid; gap: 12px; justify-items: center; text-align: center; }
.store-links { display: flex; flex-wrap: wrap; justify-content: center; gap: 4px 20px; margin: 0; padding: 0; list-style: none; font-size: .875rem; }
.store-links a { display: inline-block; padding: 4px 2px; }
.accepted { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 8px; font-size: .875rem; color: var(--muted); }
.cards { display: flex; gap: 6px; margin: 0; padding: 0; list-style: none; }
.cards li { display: flex; }
.card-mark { display: block; border-radius: 4px; }
.card-mark .edge { fill: none; stroke: var(--field-border); }
.alert { border-radius: 8px; padding: 12px 14px; margin: 0 0 16px; border: 1px solid var(--error-border); background: var(--error-bg); }
.alert.notice { border-color: var(--notice-border); background: var(--notice-bg); }
.alert p { margin: 0; }
.alert ul { margin: 6px 0 0; padding-left: 20px; }
.alert a { color: inherit; }
.center { max-width: 560px; margin: 40px auto; text-align: center; }
.center h1 { margin-top: 0; }
.actions { display: flex; flex-wrap: wrap; gap: 10px; justify-content: center; margin-top: 20px; }
.order-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; margin-bottom: 16px; }
.order-head h1, .order-head p { margin: 0; }
.order-grid { display: grid; gap: 20px; }
@media (min-width: 900px) { .order-grid { grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); align-items: start; } }
.timeline { list-style: none; margin: 0 0 8px; padding: 0; display: grid; gap: 12px; }
@media (min-width: 600px) { .timeline { grid-template-columns: repeat(3, 1fr); } }
.step { display: flex; align-items: center; gap: 10px; }
.dot { flex: none; width: 32px; height: 32px; border-radius: 50%; background: var(--muted-bg); display: flex; align-items: center; justify-content: center; font-size: .8rem; font-weight: 800; color: var(--muted); }
.step.done .dot { background: var(--done); color: #ffffff; }
.step.done .step-label { font-weight: 700; }
.status-badge { display: inline-block; border-radius: 999px; padding: 2px 10px; font-size: .875rem; font-weight: 600; background: var(--brand-subtle); color: var(--brand-fg); border: 1px solid var(--brand-muted); }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export const STORE_CSS_PATH = `/store/assets/store-${createHash("sha256").update(STORE_CSS).digest("hex").slice(0, 10)}.css`;
