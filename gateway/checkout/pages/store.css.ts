import { createHash } from "node:crypto";

// The store pages' one stylesheet: the shop's house palette (navy, red, cream), light and dark
// from the system preference, 360 px phones to desktops. Served as a file so the pages' CSP can
// forbid inline styles and scripts alike.
export const STORE_CSS = `
:root {
  color-scheme: light dark;
  --bg: #fbf9f4; --surface: #ffffff; --text: #1b1b1f; --muted: #5c6170; --border: #e2dccf;
  --field: #ffffff; --field-border: #b9b3a6; --brand: #1f2a48; --brand-text: #ffffff;
  --accent: #b8323a; --accent-hover: #9c2830; --accent-text: #ffffff; --focus: #e8b23a;
  --error: #b3261e; --error-bg: #fdecea; --done: #2f6b3b; --notice-bg: #fff6dd; --notice-border: #e8b23a;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #121419; --surface: #1b1e26; --text: #ece9e2; --muted: #a4a9b6; --border: #2d3240;
    --field: #14171e; --field-border: #4a5061; --brand: #0e1424; --accent: #e0474f; --accent-hover: #c93b43;
    --error: #ff8a80; --error-bg: #3a1d1d; --done: #7cc48d; --notice-bg: #2e2614; --notice-border: #a77f22;
  }
}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.store-header { background: var(--brand); color: var(--brand-text); }
.store-header .inner { max-width: 1100px; margin: 0 auto; padding: 14px 16px; display: flex; align-items: center; justify-content: space-between; gap: 12px; }
.brand { color: var(--brand-text); text-decoration: none; font-weight: 800; font-size: 1.15rem; letter-spacing: .02em; }
.brand span { color: #e8b23a; }
.secure { font-size: .85rem; opacity: .85; }
main { max-width: 1100px; margin: 0 auto; padding: 20px 16px 48px; }
h1 { font-size: 1.6rem; line-height: 1.2; margin: 0 0 16px; }
h2 { font-size: 1.1rem; margin: 0 0 12px; }
.muted { color: var(--muted); }
.small { font-size: .875rem; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: 12px; padding: 20px; }
.checkout { display: grid; gap: 20px; }
@media (min-width: 900px) {
  .checkout { grid-template-columns: minmax(0, 1.15fr) minmax(0, 1fr); align-items: start; gap: 32px; }
  .checkout .summary { grid-column: 2; grid-row: 1; position: sticky; top: 20px; }
  .checkout form { grid-column: 1; grid-row: 1; }
}
.lines { list-style: none; margin: 0; padding: 0; }
.line { display: grid; grid-template-columns: 64px minmax(0, 1fr) auto; gap: 12px; align-items: center; padding: 10px 0; border-bottom: 1px solid var(--border); }
.line:last-child { border-bottom: 0; }
.thumb { position: relative; width: 64px; height: 64px; border-radius: 10px; border: 1px solid var(--border); background: #f1ece1; }
.thumb img { width: 100%; height: 100%; object-fit: cover; border-radius: 9px; display: block; }
.qty { position: absolute; top: -8px; right: -8px; min-width: 22px; height: 22px; padding: 0 6px; border-radius: 11px; background: var(--muted); color: var(--surface); font-size: .75rem; font-weight: 700; display: flex; align-items: center; justify-content: center; }
.line-title { font-weight: 600; overflow-wrap: anywhere; }
.line-meta { font-size: .85rem; color: var(--muted); overflow-wrap: anywhere; }
.line-price { font-weight: 600; white-space: nowrap; }
.totals { margin: 12px 0 0; padding: 12px 0 0; border-top: 1px solid var(--border); display: grid; gap: 6px; }
.totals div { display: flex; justify-content: space-between; gap: 12px; }
.totals dt { color: var(--muted); }
.totals dd { margin: 0; font-weight: 600; white-space: nowrap; }
.totals .grand { font-size: 1.2rem; padding-top: 6px; }
.totals .grand dt { color: var(--text); font-weight: 700; }
@supports selector(:has(a)) {
  body:has(#shipping-standard:checked) [data-shipping="expedited"],
  body:has(#shipping-expedited:checked) [data-shipping="standard"] { display: none; }
  .totals .when { display: none; }
}
fieldset { border: 0; margin: 0 0 22px; padding: 0; min-width: 0; }
legend { font-size: 1.1rem; font-weight: 700; padding: 0; margin-bottom: 10px; }
.field { margin-bottom: 12px; }
.field label { display: block; font-weight: 600; font-size: .9rem; margin-bottom: 4px; }
.field input, .field select { width: 100%; font: inherit; color: var(--text); background: var(--field); border: 1px solid var(--field-border); border-radius: 8px; padding: 10px 12px; min-height: 44px; }
.field.invalid input, .field.invalid select { border-color: var(--error); border-width: 2px; }
.field .error { color: var(--error); font-size: .875rem; margin: 4px 0 0; font-weight: 600; }
.row { display: grid; gap: 0 12px; }
@media (min-width: 340px) { .row { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } }
.rates { display: grid; gap: 8px; }
.rate { display: grid; grid-template-columns: auto 1fr auto; gap: 10px; align-items: center; border: 1px solid var(--field-border); border-radius: 10px; padding: 12px; cursor: pointer; background: var(--field); }
.rate:has(input:checked) { border: 2px solid var(--accent); padding: 11px; }
.rate input { width: 18px; height: 18px; margin: 0; accent-color: var(--accent); }
.rate-title { font-weight: 600; }
.rate-price { font-weight: 600; white-space: nowrap; }
.button { display: inline-block; text-align: center; text-decoration: none; font: inherit; font-weight: 700; border: 0; border-radius: 10px; padding: 12px 20px; min-height: 48px; cursor: pointer; background: var(--accent); color: var(--accent-text); }
.button:hover { background: var(--accent-hover); }
.button.secondary { background: transparent; color: var(--text); border: 1px solid var(--field-border); }
.pay { width: 100%; font-size: 1.1rem; }
.alert { border-radius: 10px; padding: 12px 14px; margin: 0 0 16px; border: 1px solid var(--error); background: var(--error-bg); }
.alert.notice { border-color: var(--notice-border); background: var(--notice-bg); }
.alert p { margin: 0; }
.alert ul { margin: 6px 0 0; padding-left: 20px; }
.alert a { color: inherit; }
.testmode { font-size: .85rem; color: var(--muted); margin-top: 12px; }
.center { max-width: 560px; margin: 40px auto; text-align: center; }
.actions { display: flex; flex-wrap: wrap; gap: 10px; justify-content: center; margin-top: 20px; }
.order-head { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; margin-bottom: 16px; }
.order-head h1, .order-head p { margin: 0; }
.order-grid { display: grid; gap: 20px; }
@media (min-width: 900px) { .order-grid { grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); align-items: start; } }
.timeline { list-style: none; margin: 0 0 8px; padding: 0; display: grid; gap: 12px; }
@media (min-width: 600px) { .timeline { grid-template-columns: repeat(3, 1fr); } }
.step { display: flex; align-items: center; gap: 10px; }
.dot { flex: none; width: 28px; height: 28px; border-radius: 50%; border: 2px solid var(--field-border); display: flex; align-items: center; justify-content: center; font-size: .8rem; font-weight: 800; color: var(--muted); }
.step.done .dot { background: var(--done); border-color: var(--done); color: var(--surface); }
.step.done .step-label { font-weight: 700; }
.status-badge { display: inline-block; border-radius: 999px; padding: 2px 10px; font-size: .85rem; font-weight: 700; border: 1px solid var(--border); }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export const STORE_CSS_PATH = `/store/assets/store-${createHash("sha256").update(STORE_CSS).digest("hex").slice(0, 10)}.css`;
