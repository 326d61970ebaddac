import type { CheckoutSummary } from "../checkout.service.js";
import { DEFAULT_COUNTRY, validateCheckoutForm, type CheckoutField, type CheckoutFormInput, type FieldErrors } from "../checkout.form.js";
import { TEST_CARDS } from "../test-payment-provider.js";
import type { CardField, CardFormInput } from "../card.js";
import { formatMoney } from "../../shared/money.js";
import { SHIPPING_COUNTRIES, subdivisionValue } from "../../shared/address.js";
import { formatDate, html, type SafeHtml } from "./html.js";
import { layout, lineList, lineWarning } from "./layout.js";
import { acceptedCards } from "./card-marks.js";
import type { ShopperModel } from "../checkout-prefill.rules.js";

/** The form's field names (what the browser posts), one per CheckoutFormInput field. */
export const FORM_NAMES: Record<CheckoutField, string> = {
  email: "email",
  name: "name",
  address: "address",
  city: "city",
  postalCode: "postal_code",
  country: "country",
  address2: "address2",
  province: "province",
  phone: "phone",
  shipping: "shipping",
};

/** The test provider's card fields (only in test mode: with a real provider, cards are typed on its page). */
export const CARD_NAMES: Record<CardField, string> = {
  cardNumber: "card_number",
  expiry: "expiry",
  cvc: "cvc",
};
export const SUMMARY_KEY_NAME = "summary_key";
/** The signed-in customer's "Save this address to my account" checkbox. */
export const SAVE_ADDRESS_NAME = "save_address";
/** The query parameter that fills the fields with one of the customer's saved addresses (the page's choice without script). */
export const SAVED_ADDRESS_PARAM = "address";

type PageField = CheckoutField | CardField;
const NAMES: Record<PageField, string> = { ...FORM_NAMES, ...CARD_NAMES };

const LABELS: Record<PageField, string> = {
  email: "Email",
  name: "Full name",
  address: "Address",
  city: "City",
  postalCode: "Postal code",
  country: "Country",
  address2: "Address line 2 (optional)",
  province: "State / Province",
  phone: "Phone (optional, for the courier)",
  shipping: "Shipping method",
  cardNumber: "Card number",
  expiry: "Expiry",
  cvc: "CVC",
};

export type PageErrors = FieldErrors & Partial<Record<CardField, string>>;

export interface CheckoutPageModel {
  summary: CheckoutSummary;
  /** What the shopper typed (card number and CVC are never echoed back). */
  values: Partial<CheckoutFormInput & Pick<CardFormInput, "expiry">>;
  errors: PageErrors;
  /** A message above the form: a declined card, or totals that changed since the page was shown. */
  notice: { text: string; kind: "error" | "notice" } | null;
  /** A signed-in customer's saved addresses and "Save this address"; absent for a guest. */
  shopper?: ShopperModel | null;
  /** The print-quality warning of each of the lines' designs that has one, by design id. */
  printWarnings: ReadonlyMap<string, string>;
}

const id = (field: PageField) => `f-${NAMES[field]}`;

const EMPTY_FORM: CheckoutFormInput = { email: "", name: "", address: "", city: "", postalCode: "", country: DEFAULT_COUNTRY, address2: "", province: "", phone: "", shipping: "standard" };
const errorsOf = (change: Partial<CheckoutFormInput>): FieldErrors => {
  const checked = validateCheckoutForm({ ...EMPTY_FORM, ...change });
  return checked.ok ? {} : checked.errors;
};
/**
 * What the server answers for a required field left empty, and for an email that is not one: the
 * page carries them (data-missing, data-malformed) for its script to say the same before Pay sends
 * the form, so a slip does not cost the shopper the card they typed.
 */
const MISSING = errorsOf({});
const MALFORMED_EMAIL = errorsOf({ email: "not an email" }).email!;

function input(model: CheckoutPageModel, field: PageField, attrs: { type?: string; autocomplete: string; inputmode?: string; placeholder?: string; maxlength?: number }): SafeHtml {
  const error = model.errors[field];
  const keep = field !== "cardNumber" && field !== "cvc";
  const missing = field in FORM_NAMES ? MISSING[field as CheckoutField] : undefined;
  return html`<div class="field${error ? " invalid" : ""}">
<label for="${id(field)}">${LABELS[field]}</label>
<input id="${id(field)}" name="${NAMES[field]}" type="${attrs.type ?? "text"}" autocomplete="${attrs.autocomplete}"${attrs.inputmode ? html` inputmode="${attrs.inputmode}"` : ""}${attrs.placeholder ? html` placeholder="${attrs.placeholder}"` : ""}${attrs.maxlength ? html` maxlength="${attrs.maxlength}"` : ""} value="${keep ? (model.values[field as keyof CheckoutPageModel["values"]] ?? "") : ""}" required${missing ? html` data-missing="${missing}"` : ""}${field === "email" ? html` data-malformed="${MALFORMED_EMAIL}"` : ""}${error ? html` aria-invalid="true" aria-describedby="${id(field)}-error"` : ""}>
${error ? html`<p class="error" id="${id(field)}-error">${error}</p>` : ""}
</div>`;
}

function countrySelect(model: CheckoutPageModel): SafeHtml {
  const chosen = model.values.country ?? DEFAULT_COUNTRY;
  const error = model.errors.country;
  return html`<div class="field${error ? " invalid" : ""}">
<label for="${id("country")}">Country</label>
<select id="${id("country")}" name="country" autocomplete="country-name" required${error ? html` aria-invalid="true" aria-describedby="${id("country")}-error"` : ""}>
${SHIPPING_COUNTRIES.map((c) => html`<option${c.name === chosen ? html` selected` : ""}${PROVINCE_MISSING.has(c.name) ? html` data-province-missing="${PROVINCE_MISSING.get(c.name)}"` : ""}>${c.name}</option>`)}
</select>
${error ? html`<p class="error" id="${id("country")}-error">${error}</p>` : ""}
</div>`;
}

/** An optional text field (address line 2, phone): no `required`, and what was typed is always kept. */
function optionalInput(model: CheckoutPageModel, field: CheckoutField, attrs: { type?: string; autocomplete: string; inputmode?: string; maxlength: number }): SafeHtml {
  const error = model.errors[field];
  return html`<div class="field${error ? " invalid" : ""}">
<label for="${id(field)}">${LABELS[field]}</label>
<input id="${id(field)}" name="${FORM_NAMES[field]}" type="${attrs.type ?? "text"}" autocomplete="${attrs.autocomplete}"${attrs.inputmode ? html` inputmode="${attrs.inputmode}"` : ""} maxlength="${attrs.maxlength}" value="${model.values[field] ?? ""}"${error ? html` aria-invalid="true" aria-describedby="${id(field)}-error"` : ""}>
${error ? html`<p class="error" id="${id(field)}-error">${error}</p>` : ""}
</div>`;
}

const WITH_SUBDIVISIONS = SHIPPING_COUNTRIES.filter((c) => c.subdivisions);
/** What the server says when a country that has a list is given no state or province ("Choose a state"). */
const PROVINCE_MISSING = new Map(WITH_SUBDIVISIONS.map((c) => [c.name, errorsOf({ country: c.name }).province!]));

/**
 * The state, province or territory: one list for every country that has one, grouped by country
 * (the page works without script, so a change of country cannot redraw it; the server checks that
 * the two belong together). Each option's value is its ISO 3166-2 code ("US-IL"), unique across
 * countries (Canada's and Australia's NT).
 */
function provinceSelect(model: CheckoutPageModel): SafeHtml {
  const chosen = model.values.province ?? "";
  const error = model.errors.province;
  const hint = `${id("province")}-hint`;
  return html`<div class="field${error ? " invalid" : ""}">
<label for="${id("province")}">${LABELS.province}</label>
<select id="${id("province")}" name="${FORM_NAMES.province}" autocomplete="address-level1" aria-describedby="${hint}${error ? html` ${id("province")}-error` : ""}"${error ? html` aria-invalid="true"` : ""}>
<option value=""${chosen ? "" : html` selected`}>Choose…</option>
${WITH_SUBDIVISIONS.map(
  (c) => html`<optgroup label="${c.name}">
${c.subdivisions!.list.map((s) => {
  const value = subdivisionValue(c, s);
  return html`<option value="${value}"${value === chosen ? html` selected` : ""}>${s.name}</option>`;
})}
</optgroup>`,
)}
</select>
<p class="muted small" id="${hint}">Needed in the United States, Canada and Australia; leave it empty elsewhere.</p>
${error ? html`<p class="error" id="${id("province")}-error">${error}</p>` : ""}
</div>`;
}

function shippingChoice(model: CheckoutPageModel): SafeHtml {
  const chosen = model.values.shipping ?? "standard";
  const error = model.errors.shipping;
  return html`<fieldset>
<legend>Shipping method</legend>
<div class="rates">
${model.summary.quotes.map(
  (q) => html`<label class="rate" for="shipping-${q.rate.method}">
<input type="radio" id="shipping-${q.rate.method}" name="shipping" value="${q.rate.method}"${q.rate.method === chosen ? html` checked` : ""}>
<span><span class="rate-title">${q.rate.title}</span><br><span class="muted small">${q.rate.deliveryEstimate}</span></span>
<span class="rate-price">${q.pricing.shippingCents === 0 ? "Free" : formatMoney(q.pricing.shippingCents)}</span>
</label>`,
)}
</div>
${error ? html`<p class="error">${error}</p>` : ""}
</fieldset>`;
}

function summaryCard(model: CheckoutPageModel): SafeHtml {
  const { cart, quotes } = model.summary;
  const free = quotes.find((q) => q.rate.method === "standard" && q.rate.freeAtOrAboveCents !== null);
  return html`<aside class="summary card" aria-labelledby="summary-title">
<h2 id="summary-title">Order summary</h2>
${lineList(
  cart.lines.map((l) => ({
    title: l.merchandise.productTitle,
    variantTitle: l.merchandise.variantTitle,
    imageUrl: l.merchandise.imageUrl,
    quantity: l.quantity,
    unitPriceCents: l.merchandise.priceCents,
    lineTotalCents: l.subtotalCents,
    customAttributes: l.customAttributes,
    printWarning: lineWarning(model.printWarnings, l.customAttributes),
  })),
)}
<dl class="totals">
<div><dt>Subtotal</dt><dd>${formatMoney(cart.subtotalCents)}</dd></div>
${discountRows(model)}
${quotes.map(
  (q) => html`<div data-shipping="${q.rate.method}"><dt>Shipping · ${q.rate.title}</dt><dd>${q.pricing.shippingCents === 0 ? "Free" : formatMoney(q.pricing.shippingCents)}</dd></div>`,
)}
${quotes.map(
  (q) =>
    html`<div class="grand" data-shipping="${q.rate.method}"><dt>Total <span class="when muted small">with ${q.rate.title}</span></dt><dd>${formatMoney(q.pricing.totalCents)} <span class="muted small">USD</span></dd></div>`,
)}
</dl>
${free && free.pricing.shippingCents > 0 ? html`<p class="muted small" id="free-shipping-rule">Free Standard shipping on orders of ${formatMoney(free.rate.freeAtOrAboveCents!)} or more${offerNote(model)}.</p>` : ""}
</aside>`;
}

/** A running offer that lowers the threshold, named with its end ("Election week, until December 3, 2026"). */
function offerNote(model: CheckoutPageModel): string {
  const offer = model.summary.freeShipping.offer;
  if (!offer) return "";
  return offer.endsAt ? ` (${offer.title}, until ${formatDate(offer.endsAt)})` : ` (${offer.title})`;
}

/**
 * The cart's code: what it takes off (the same for every method: it is taken off the goods), or,
 * when it gives nothing now, why; a free-shipping code shows in the shipping rows as "Free".
 */
function discountRows(model: CheckoutPageModel): SafeHtml {
  const { cart, quotes } = model.summary;
  const discount = cart.discount;
  if (!discount) return html``;
  if (!discount.applicable) {
    return html`<div class="discount-note" id="discount-note"><dt>Code ${discount.code}</dt><dd class="muted small">${discount.message ?? "Does not apply"}</dd></div>`;
  }
  const cents = quotes[0]?.pricing.discountCents ?? 0;
  if (cents === 0) return html`<div id="discount"><dt>Code ${discount.code}</dt><dd>Free shipping</dd></div>`;
  return html`<div id="discount"><dt>Discount · ${discount.code}</dt><dd>−${formatMoney(cents)}</dd></div>`;
}

function errorSummary(errors: PageErrors): SafeHtml {
  const fields = (Object.keys(errors) as PageField[]).filter((f) => errors[f]);
  if (fields.length === 0) return html``;
  return html`<div class="alert" role="alert"><p><strong>Please check ${fields.length === 1 ? "this field" : "these fields"}:</strong></p>
<ul>${fields.map((f) => html`<li><a href="#${f === "shipping" ? "shipping-standard" : id(f)}">${LABELS[f]}: ${errors[f]}</a></li>`)}</ul></div>`;
}

/** The Pay button: a label per shipping method, the chosen one shown (store.css.ts); its name is what it shows. */
function payButton(model: CheckoutPageModel): SafeHtml {
  const chosen = chosenQuote(model).rate.method;
  return html`<button class="button pay" type="submit">${model.summary.quotes.map(
    (q) => html`<span class="pay-label${q.rate.method === chosen ? " chosen" : ""}" data-shipping="${q.rate.method}">Pay ${formatMoney(q.pricing.totalCents)}</span>`,
  )}</button>`;
}

/** Under Pay: the cards the shop takes, and its returns, privacy and contact pages. */
function afterPay(): SafeHtml {
  return html`<div class="after-pay">
${acceptedCards()}
<ul class="store-links" aria-label="Shop policies and contact">
<li><a href="/returns">Returns</a></li>
<li><a href="/privacy">Privacy Policy</a></li>
<li><a href="/contact">Contact Us</a></li>
</ul>
</div>`;
}

/** The test provider's page says so from the top: no money moves, and which cards to use. */
function testBanner(): SafeHtml {
  return html`<div class="test-banner" role="note" aria-label="Test mode"><p><strong>Test mode</strong>This is a test checkout: no money moves. Pay with ${spaced(TEST_CARDS.approved)}, any future expiry and any 3-digit CVC; ${spaced(TEST_CARDS.declined)} is declined.</p></div>`;
}

export function checkoutPage(model: CheckoutPageModel): string {
  const { summary, notice } = model;
  return layout(
    "Checkout",
    html`<a class="back" href="/cart"><span aria-hidden="true">←</span> <span class="sr-only">Back to </span>Cart</a>
<h1>Checkout</h1>
${notice ? html`<div class="alert${notice.kind === "notice" ? " notice" : ""}" role="alert"><p>${notice.text}</p></div>` : ""}
${errorSummary(model.errors)}
<div class="checkout">
${summaryCard(model)}
<form class="checkout-form" method="post" novalidate>
<input type="hidden" name="${SUMMARY_KEY_NAME}" value="${summary.summaryKey}">
<fieldset>
<legend>Contact</legend>
${input(model, "email", { type: "email", autocomplete: "email", placeholder: "you@example.com", maxlength: 254 })}
</fieldset>
<fieldset>
<legend>Shipping address</legend>
${model.shopper && model.shopper.addresses.length > 0 ? savedAddresses(model.shopper) : ""}
${input(model, "name", { autocomplete: "name", maxlength: 100 })}
${input(model, "address", { autocomplete: "address-line1", maxlength: 200 })}
${optionalInput(model, "address2", { autocomplete: "address-line2", maxlength: 200 })}
<div class="row">
${input(model, "city", { autocomplete: "address-level2", maxlength: 100 })}
${input(model, "postalCode", { autocomplete: "postal-code", maxlength: 12 })}
</div>
<div class="row">
${countrySelect(model)}
${provinceSelect(model)}
</div>
${optionalInput(model, "phone", { type: "tel", autocomplete: "tel", inputmode: "tel", maxlength: 30 })}
${model.shopper?.canSave ? saveAddressBox(model.shopper) : ""}
</fieldset>
${shippingChoice(model)}
${summary.testMode ? cardFields(model) : html`<p class="muted small pay-note">You will pay on Stripe's secure page: your card details never reach this shop.</p>`}
${payButton(model)}
${afterPay()}
</form>
</div>`,
    { banner: summary.testMode ? testBanner() : undefined },
  );
}

/**
 * The customer's saved addresses: each a link that fills the fields with it (the server draws the
 * page again with it, ?address=id; the store script fills them in place). The fields stay the
 * shopper's to change, and what Pay posts is checked like any address.
 */
function savedAddresses(shopper: ShopperModel): SafeHtml {
  return html`<div class="saved-addresses">
<p class="saved-title" id="saved-addresses-title">Your saved addresses</p>
<ul aria-labelledby="saved-addresses-title">
${shopper.addresses.map((a) => {
  const chosen = a.id === shopper.chosenId;
  const fields = Object.fromEntries(Object.entries(a.fields).map(([field, value]) => [FORM_NAMES[field as CheckoutField], value]));
  return html`<li class="saved-address${chosen ? " chosen" : ""}">
<span class="saved-lines">${a.lines.map((line, i) => html`${i > 0 ? html`<br>` : ""}${line}`)}</span>
${a.isDefault ? html`<span class="badge">Default</span>` : ""}
<a class="use-address" href="?${SAVED_ADDRESS_PARAM}=${encodeURIComponent(a.id)}" data-address="${JSON.stringify(fields)}"${chosen ? html` aria-current="true"` : ""}><span class="use-label">${chosen ? "Shipping here" : "Ship here"}</span><span class="sr-only">: ${a.lines.slice(0, 3).join(", ")}</span></a>
</li>`;
})}
</ul>
<p class="muted small">Or type a new address below.</p>
</div>`;
}

/** "Save this address to my account": kept in the customer's address book once the order is placed. */
function saveAddressBox(shopper: ShopperModel): SafeHtml {
  return html`<div class="field check">
<input type="checkbox" id="f-${SAVE_ADDRESS_NAME}" name="${SAVE_ADDRESS_NAME}" value="1"${shopper.saveAddress ? html` checked` : ""} aria-describedby="f-${SAVE_ADDRESS_NAME}-hint">
<label for="f-${SAVE_ADDRESS_NAME}">Save this address to my account</label>
<p class="muted small" id="f-${SAVE_ADDRESS_NAME}-hint">Kept in your address book once your order is placed.</p>
</div>`;
}

/** The test provider's card fields (its "page": the card goes to it, never to the checkout service). */
function cardFields(model: CheckoutPageModel): SafeHtml {
  return html`<fieldset>
<legend>Payment</legend>
${input(model, "cardNumber", { autocomplete: "cc-number", inputmode: "numeric", placeholder: "1234 1234 1234 1234", maxlength: 23 })}
<div class="row">
${input(model, "expiry", { autocomplete: "cc-exp", inputmode: "numeric", placeholder: "MM / YY", maxlength: 7 })}
${input(model, "cvc", { autocomplete: "cc-csc", inputmode: "numeric", placeholder: "123", maxlength: 4 })}
</div>
</fieldset>`;
}

/** The shipping method the form has chosen (Standard until the shopper picks another). */
function chosenQuote(model: CheckoutPageModel) {
  const method = model.values.shipping ?? "standard";
  return model.summary.quotes.find((q) => q.rate.method === method) ?? model.summary.quotes[0]!;
}

function spaced(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}
