// A fake Stripe on 127.0.0.1 for the tests: the real `stripe` SDK talks to it through STRIPE_API_URL.
// It speaks Stripe's wire format: form-encoded bracket bodies (line_items[0][price_data][unit_amount]=…)
// parsed into nested objects and arrays, `Authorization: Bearer sk_test_…`, the Stripe-Version header
// recorded, Idempotency-Key replay (the same key with the same parameters answers the same; with
// other parameters Stripe's 400 idempotency_error), and errors as {error: {type, message, code,
// param}}. Its objects are the SDK's own types (Stripe.Checkout.Session, Stripe.PaymentIntent,
// Stripe.Charge, Stripe.Refund, Stripe.Event), written with `satisfies`, so a field the SDK renames
// breaks the build. It serves the API calls the shop makes (Checkout Sessions: create, retrieve with
// expand, expire; PaymentIntents: retrieve; Refunds: create, retrieve, list; Charges and Disputes:
// retrieve) and a hosted payment page at each
// session's url; paying there (card 4242 4242 4242 4242) completes the session, makes the
// PaymentIntent and its Charge (brand and last four), sends the signed checkout.session.completed
// webhook and redirects (303) to success_url. The tests drive the rest through its methods: pay
// without a browser, payments that settle later (async success or failure), expiry, any event sent or
// replayed, signatures good, wrong or stale, webhooks held and released late, out of order or many at
// once, amounts tampered with, refunds pending, failing or made in the Dashboard, disputes opened
// and closed; and every request it received is kept for the tests to read.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";

/** Keys of the fake's account (test mode): what the shop is configured with. */
export const STRIPE_TEST_KEYS = {
  secretKey: "sk_test_FakeStripeSecretKey0123456789",
  webhookSecret: "whsec_FakeStripeWebhookSecret0123456789",
} as const;

/** The fake's approved and declined cards (Stripe's own test numbers). */
const STRIPE_TEST_CARDS = { approved: "4242424242424242", declined: "4000000000000002" } as const;

type SessionEventType = "checkout.session.completed" | "checkout.session.async_payment_succeeded" | "checkout.session.async_payment_failed" | "checkout.session.expired";

/** One request the fake received (API calls and its payment page alike). */
interface FakeStripeRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** "api": a call of the SDK; "page": the hosted payment page (the only place a card number goes). */
  kind: "api" | "page";
}

/** An API call as the fake understood it. */
interface FakeStripeCall {
  method: string;
  path: string;
  /** The parameters, from the form body (POST) or the query string (GET), as nested objects and arrays. */
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  status: number;
  replayed: boolean;
}

/** One webhook call the fake made. */
export interface Delivery {
  eventId: string;
  type: string;
  status: number | null;
  error: string | null;
  answer: string;
}

export type SignatureKind = "valid" | "wrong-secret" | "stale" | "several-v1" | "missing";

interface SessionRecord {
  session: Stripe.Checkout.Session;
  /** The create call's parameters (what the shop sent). */
  params: Record<string, unknown>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** Ids as Stripe writes them (letters and digits; never a long run of digits). */
function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = "";
  for (let i = 0; i < length; i += 1) id += BASE62[bytes[i]! % 62];
  return `${prefix}_${id.replace(/\d{6,}/g, (run) => run.slice(0, 3) + "x" + run.slice(4))}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Stripe's form encoding read back: `a[b][0][c]=1` is {a: {b: [{c: "1"}]}}. Every value stays a
 * string (Stripe converts each parameter to the type it expects); a malformed key is refused.
 */
function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.match(/^[^[\]]+|\[[^[\]]*\]/g);
    if (!parts || parts.join("") !== key) throw new ApiError(400, "invalid_request_error", `Invalid parameter name: ${key}`, "parameter_invalid_string", key);
    const path = parts.map((part, i) => (i === 0 ? part : part.slice(1, -1)));
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (next === undefined || typeof next !== "object") node[segment] = {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return arrays(root) as Record<string, unknown>;
}

/** Objects whose keys are 0, 1, 2, … become arrays (Stripe's indexed array format). */
function arrays(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  const keys = entries.map(([k]) => k);
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

/** The same parameters always write the same text (an idempotency key is compared on this). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}

const asObject = (value: unknown, param: string): Record<string, unknown> => {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new ApiError(400, "invalid_request_error", `Invalid object`, "parameter_invalid_string", param);
  return value as Record<string, unknown>;
};

/** Stripe refuses a parameter it does not know: so does the fake (a misspelt one in the shop fails its tests). */
function known(value: Record<string, unknown>, allowed: string[], prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new ApiError(400, "invalid_request_error", `Received unknown parameter: ${prefix}${key}`, "parameter_unknown", `${prefix}${key}`);
  }
}

function text(value: unknown, param: string, { required = false, max = 5000 } = {}): string | null {
  if (value === undefined || value === "") {
    if (required) throw new ApiError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);
    return null;
  }
  if (typeof value !== "string") throw new ApiError(400, "invalid_request_error", `Invalid string: ${param}`, "parameter_invalid_string", param);
  if (value.length > max) throw new ApiError(400, "invalid_request_error", `Invalid string: ${param} must be at most ${max} characters`, "parameter_invalid_string", param);
  return value;
}

function integer(value: unknown, param: string, { required = false, min = 0 } = {}): number | null {
  if (value === undefined) {
    if (required) throw new ApiError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);
    return null;
  }
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) throw new ApiError(400, "invalid_request_error", `Invalid integer: ${String(value)}`, "parameter_invalid_integer", param);
  const n = Number(value);
  if (n < min) throw new ApiError(400, "invalid_request_error", `This value must be greater than or equal to ${min}.`, "parameter_invalid_integer", param);
  return n;
}

function url(value: unknown, param: string, required = false): string | null {
  const raw = text(value, param, { required });
  if (raw === null) return null;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
  } catch {
    throw new ApiError(400, "invalid_request_error", "Not a valid URL", "url_invalid", param);
  }
  return raw;
}

function metadata(value: unknown, param: string): Record<string, string> {
  const found = asObject(value, param);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(found)) {
    if (k.length > 40) throw new ApiError(400, "invalid_request_error", `Metadata keys must be at most 40 characters`, "parameter_invalid_string", `${param}[${k}]`);
    out[k] = text(v, `${param}[${k}]`, { max: 500 }) ?? "";
  }
  return out;
}

function addressOf(value: unknown, param: string): Stripe.Address {
  const a = asObject(value, param);
  known(a, ["line1", "line2", "city", "postal_code", "country", "state"], `${param}[`);
  return {
    line1: text(a.line1, `${param}[line1]`, { required: true }),
    line2: text(a.line2, `${param}[line2]`),
    city: text(a.city, `${param}[city]`),
    postal_code: text(a.postal_code, `${param}[postal_code]`),
    country: text(a.country, `${param}[country]`, { max: 2 }),
    state: text(a.state, `${param}[state]`),
  };
}

/** A coupon as Stripe writes one (POST /v1/coupons): amount_off in a currency, or percent_off. */
function newCoupon(id: string, params: Record<string, unknown>, livemode: boolean): Stripe.Coupon {
  known(params, ["amount_off", "currency", "percent_off", "duration", "name", "max_redemptions", "metadata", "id"], "");
  const amountOff = integer(params.amount_off, "amount_off", { min: 1 });
  const currency = text(params.currency, "currency");
  if (amountOff !== null && currency === null) throw new ApiError(400, "invalid_request_error", "You must pass currency when passing amount_off", "parameter_missing", "currency");
  if (amountOff === null && params.percent_off === undefined) throw new ApiError(400, "invalid_request_error", "Must provide one of amount_off or percent_off", "parameter_missing", "amount_off");
  const duration = text(params.duration, "duration") ?? "once";
  if (!["once", "forever", "repeating"].includes(duration)) throw new ApiError(400, "invalid_request_error", `Invalid duration: ${duration}`, "parameter_invalid_string", "duration");
  return {
    id,
    object: "coupon",
    amount_off: amountOff,
    created: nowSeconds(),
    currency,
    duration: duration as Stripe.Coupon.Duration,
    duration_in_months: null,
    livemode,
    max_redemptions: integer(params.max_redemptions, "max_redemptions", { min: 1 }),
    metadata: metadata(params.metadata, "metadata"),
    name: text(params.name, "name", { max: 40 }),
    percent_off: params.percent_off === undefined ? null : Number(params.percent_off),
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  } as Stripe.Coupon;
}

/** A Checkout Session as Stripe writes one, from the create call's parameters. */
function newSession(
  id: string,
  params: Record<string, unknown>,
  baseUrl: string,
  livemode: boolean,
  coupons: ReadonlyMap<string, Stripe.Coupon> = new Map(),
): { session: Stripe.Checkout.Session; lines: number } {
  known(
    params,
    [
      "mode",
      "line_items",
      "client_reference_id",
      "customer_email",
      "metadata",
      "payment_intent_data",
      "success_url",
      "cancel_url",
      "expires_at",
      "expand",
      "submit_type",
      "locale",
      "discounts",
      "allow_promotion_codes",
      "shipping_options",
    ],
    "",
  );
  if (params.discounts !== undefined && params.allow_promotion_codes !== undefined) {
    throw new ApiError(400, "invalid_request_error", "You may only specify one of these parameters: allow_promotion_codes, discounts.", "parameter_invalid_string", "discounts");
  }
  const mode = text(params.mode, "mode", { required: true });
  if (mode !== "payment") throw new ApiError(400, "invalid_request_error", `The fake takes mode=payment only, not ${mode}`, "parameter_invalid_string", "mode");
  const items = params.line_items;
  if (!Array.isArray(items) || items.length === 0) throw new ApiError(400, "invalid_request_error", "Missing required param: line_items.", "parameter_missing", "line_items");
  let currency: string | null = null;
  let total = 0;
  items.forEach((raw, i) => {
    const item = asObject(raw, `line_items[${i}]`);
    known(item, ["price_data", "quantity"], `line_items[${i}][`);
    const quantity = integer(item.quantity, `line_items[${i}][quantity]`, { required: true, min: 1 })!;
    const price = asObject(item.price_data, `line_items[${i}][price_data]`);
    known(price, ["currency", "unit_amount", "product_data"], `line_items[${i}][price_data][`);
    const itemCurrency = text(price.currency, `line_items[${i}][price_data][currency]`, { required: true })!;
    if (currency !== null && itemCurrency !== currency) throw new ApiError(400, "invalid_request_error", "All line items must have the same currency", "parameter_invalid_string", `line_items[${i}][price_data][currency]`);
    currency = itemCurrency;
    const unit = integer(price.unit_amount, `line_items[${i}][price_data][unit_amount]`, { required: true, min: 0 })!;
    const product = asObject(price.product_data, `line_items[${i}][price_data][product_data]`);
    known(product, ["name", "images", "description"], `line_items[${i}][price_data][product_data][`);
    text(product.name, `line_items[${i}][price_data][product_data][name]`, { required: true });
    if (product.images !== undefined) {
      if (!Array.isArray(product.images) || product.images.length > 8) throw new ApiError(400, "invalid_request_error", "images: at most 8 URLs", "parameter_invalid_string", `line_items[${i}][price_data][product_data][images]`);
      product.images.forEach((image, j) => url(image, `line_items[${i}][price_data][product_data][images][${j}]`, true));
    }
    total += unit * quantity;
  });
  const subtotal = total;
  let discount = 0;
  const discounts: Stripe.Checkout.Session.Discount[] = [];
  if (params.discounts !== undefined) {
    if (!Array.isArray(params.discounts) || params.discounts.length > 1) throw new ApiError(400, "invalid_request_error", "discounts: at most one", "parameter_invalid_string", "discounts");
    for (const [i, raw] of params.discounts.entries()) {
      const entry = asObject(raw, `discounts[${i}]`);
      known(entry, ["coupon"], `discounts[${i}][`);
      const couponId = text(entry.coupon, `discounts[${i}][coupon]`, { required: true })!;
      const coupon = coupons.get(couponId);
      if (!coupon) throw new ApiError(400, "invalid_request_error", `No such coupon: '${couponId}'`, "resource_missing", `discounts[${i}][coupon]`);
      discount = coupon.amount_off !== null ? Math.min(coupon.amount_off, subtotal) : Math.round((subtotal * (coupon.percent_off ?? 0)) / 100);
      discounts.push({ coupon: couponId, promotion_code: null } as unknown as Stripe.Checkout.Session.Discount);
    }
  }
  let shippingAmount = 0;
  if (params.shipping_options !== undefined) {
    if (!Array.isArray(params.shipping_options) || params.shipping_options.length > 5) throw new ApiError(400, "invalid_request_error", "shipping_options: at most 5", "parameter_invalid_string", "shipping_options");
    params.shipping_options.forEach((raw, i) => {
      const option = asObject(raw, `shipping_options[${i}]`);
      known(option, ["shipping_rate_data"], `shipping_options[${i}][`);
      const rate = asObject(option.shipping_rate_data, `shipping_options[${i}][shipping_rate_data]`);
      known(rate, ["type", "fixed_amount", "display_name"], `shipping_options[${i}][shipping_rate_data][`);
      text(rate.display_name, `shipping_options[${i}][shipping_rate_data][display_name]`, { required: true, max: 100 });
      const fixed = asObject(rate.fixed_amount, `shipping_options[${i}][shipping_rate_data][fixed_amount]`);
      known(fixed, ["amount", "currency"], `shipping_options[${i}][shipping_rate_data][fixed_amount][`);
      const amount = integer(fixed.amount, `shipping_options[${i}][shipping_rate_data][fixed_amount][amount]`, { required: true, min: 0 })!;
      // The first option is the one chosen (the shopper chose ours before paying).
      if (i === 0) shippingAmount = amount;
    });
  }
  total = subtotal - discount + shippingAmount;
  if (total < 50) throw new ApiError(400, "invalid_request_error", `The Checkout Session's total amount due must add up to at least $0.50 ${String(currency)}`, "amount_too_small", "line_items");
  const now = nowSeconds();
  const expiresAt = integer(params.expires_at, "expires_at") ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 - 5) throw new ApiError(400, "invalid_request_error", "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "parameter_invalid_integer", "expires_at");
  if (expiresAt > now + 24 * 3600 + 5) throw new ApiError(400, "invalid_request_error", "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "parameter_invalid_integer", "expires_at");
  const successUrl = url(params.success_url, "success_url", true)!;
  const cancelUrl = url(params.cancel_url, "cancel_url");
  const email = text(params.customer_email, "customer_email");
  if (email !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new ApiError(400, "invalid_request_error", `Invalid email address: ${email}`, "email_invalid", "customer_email");
  const intentData = asObject(params.payment_intent_data, "payment_intent_data");
  known(intentData, ["metadata", "shipping", "description", "capture_method"], "payment_intent_data[");
  metadata(intentData.metadata, "payment_intent_data[metadata]");
  if (intentData.shipping !== undefined) {
    const shipping = asObject(intentData.shipping, "payment_intent_data[shipping]");
    known(shipping, ["name", "phone", "address"], "payment_intent_data[shipping][");
    text(shipping.name, "payment_intent_data[shipping][name]", { required: true });
    text(shipping.phone, "payment_intent_data[shipping][phone]");
    addressOf(shipping.address, "payment_intent_data[shipping][address]");
  }

  const session = {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: subtotal,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: cancelUrl,
    client_reference_id: text(params.client_reference_id, "client_reference_id", { max: 200 }),
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: "if_required",
    customer_details: email ? { address: null, business_name: null, email, individual_name: null, name: null, phone: null, tax_exempt: "none", tax_ids: [] } : null,
    customer_email: email,
    discounts,
    expires_at: expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode,
    locale: null,
    managed_payments: null,
    metadata: metadata(params.metadata, "metadata"),
    mode: "payment",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: discount, amount_shipping: shippingAmount, amount_tax: 0 },
    ui_mode: "hosted_page",
    url: `${baseUrl}/c/pay/${id}`,
    wallet_options: null,
  } satisfies Stripe.Checkout.Session;
  return { session, lines: items.length };
}

function newIntent(record: SessionRecord, status: Stripe.PaymentIntent.Status, chargeId: string): Stripe.PaymentIntent {
  const data = asObject(record.params.payment_intent_data, "payment_intent_data");
  const shipping = data.shipping ? asObject(data.shipping, "payment_intent_data[shipping]") : null;
  return {
    id: newId("pi"),
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount: record.session.amount_total ?? 0,
    amount_capturable: 0,
    amount_received: status === "succeeded" ? (record.session.amount_total ?? 0) : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: null,
    confirmation_method: "automatic",
    created: nowSeconds(),
    currency: record.session.currency ?? "usd",
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: chargeId,
    livemode: record.session.livemode,
    managed_payments: null,
    metadata: metadata(data.metadata, "payment_intent_data[metadata]"),
    next_action: null,
    on_behalf_of: null,
    payment_method: newId("pm"),
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: shipping
      ? {
          address: addressOf(shipping.address, "payment_intent_data[shipping][address]"),
          carrier: null,
          name: text(shipping.name, "payment_intent_data[shipping][name]", { required: true })!,
          phone: text(shipping.phone, "payment_intent_data[shipping][phone]"),
          tracking_number: null,
        }
      : null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status,
    transfer_group: null,
  } satisfies Stripe.PaymentIntent;
}

/** A Charge; paid by card (its brand and last four, the only card data Stripe hands out), or a bank debit on its way. */
function newCharge(id: string, intent: Stripe.PaymentIntent, card: string | null): Stripe.Charge {
  const settled = card !== null;
  return {
    id,
    object: "charge",
    amount: intent.amount,
    amount_captured: settled ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: "SATIRE SUPPLY",
    captured: settled,
    created: nowSeconds(),
    currency: intent.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: intent.livemode,
    metadata: {},
    on_behalf_of: null,
    outcome: null,
    paid: settled,
    payment_intent: intent.id,
    payment_method: typeof intent.payment_method === "string" ? intent.payment_method : null,
    payment_method_details: card
      ? {
          type: "card",
          card: {
            amount_authorized: intent.amount,
            authorization_code: null,
            brand: card.startsWith("4") ? "visa" : card.startsWith("5") ? "mastercard" : "unknown",
            checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
            country: "US",
            electronic_commerce_indicator: null,
            exp_month: 12,
            exp_year: new Date().getUTCFullYear() + 2,
            funding: "credit",
            installments: null,
            last4: card.slice(-4),
            mandate: null,
            network: "visa",
            network_transaction_id: null,
            regulated_status: "unregulated",
            three_d_secure: null,
            transaction_link_id: null,
            wallet: null,
          },
        }
      : null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: settled ? "succeeded" : "pending",
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.Charge;
}

function newRefund(intent: Stripe.PaymentIntent, charge: Stripe.Charge, amount: number, meta: Record<string, string>, status: "succeeded" | "pending" = "succeeded", reason: Stripe.Refund.Reason | null = null): Stripe.Refund {
  return {
    id: newId("re"),
    object: "refund",
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: null,
    customer_account: null,
    metadata: meta,
    payment_intent: intent.id,
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status,
    transfer_reversal: null,
  } satisfies Stripe.Refund;
}

const eventBase = (livemode: boolean) => ({
  id: newId("evt"),
  object: "event" as const,
  api_version: Stripe.API_VERSION,
  created: nowSeconds(),
  livemode,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
});

/** An event about a session, carrying the session as it is now (as Stripe's snapshot events do). */
function sessionEvent(type: SessionEventType, session: Stripe.Checkout.Session, livemode = session.livemode): Stripe.Event {
  const object = structuredClone(session);
  const base = eventBase(livemode);
  switch (type) {
    case "checkout.session.completed":
      return { ...base, type, data: { object } } satisfies Stripe.CheckoutSessionCompletedEvent;
    case "checkout.session.async_payment_succeeded":
      return { ...base, type, data: { object } } satisfies Stripe.CheckoutSessionAsyncPaymentSucceededEvent;
    case "checkout.session.async_payment_failed":
      return { ...base, type, data: { object } } satisfies Stripe.CheckoutSessionAsyncPaymentFailedEvent;
    case "checkout.session.expired":
      return { ...base, type, data: { object } } satisfies Stripe.CheckoutSessionExpiredEvent;
  }
}

function chargeRefundedEvent(charge: Stripe.Charge): Stripe.Event {
  return { ...eventBase(charge.livemode), type: "charge.refunded", data: { object: structuredClone(charge) } } satisfies Stripe.ChargeRefundedEvent;
}

function refundEvent(type: "refund.created" | "refund.updated" | "refund.failed", refund: Stripe.Refund, livemode: boolean): Stripe.Event {
  const object = structuredClone(refund);
  const base = eventBase(livemode);
  switch (type) {
    case "refund.created":
      return { ...base, type, data: { object } } satisfies Stripe.RefundCreatedEvent;
    case "refund.updated":
      return { ...base, type, data: { object } } satisfies Stripe.RefundUpdatedEvent;
    case "refund.failed":
      return { ...base, type, data: { object } } satisfies Stripe.RefundFailedEvent;
  }
}

/** A dispute as Stripe writes one when the card's bank disputes a charge (its evidence still empty). */
function newDispute(charge: Stripe.Charge, reason: string): Stripe.Dispute {
  const evidence = Object.fromEntries(
    [
      "access_activity_log", "billing_address", "cancellation_policy", "cancellation_policy_disclosure", "cancellation_rebuttal", "customer_communication",
      "customer_email_address", "customer_name", "customer_purchase_ip", "customer_signature", "duplicate_charge_documentation", "duplicate_charge_explanation",
      "duplicate_charge_id", "product_description", "receipt", "refund_policy", "refund_policy_disclosure", "refund_refusal_explanation", "service_date",
      "service_documentation", "shipping_address", "shipping_carrier", "shipping_date", "shipping_documentation", "shipping_tracking_number",
      "uncategorized_file", "uncategorized_text",
    ].map((key) => [key, null]),
  );
  return {
    id: newId("dp"),
    object: "dispute",
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: { ...evidence, enhanced_evidence: {} } as Stripe.Dispute.Evidence,
    evidence_details: { due_by: nowSeconds() + 7 * 86400, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0, submission_method: "manual" } as Stripe.Dispute.EvidenceDetails,
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: charge.livemode,
    metadata: {},
    payment_intent: typeof charge.payment_intent === "string" ? charge.payment_intent : null,
    reason,
    status: "needs_response",
  } satisfies Stripe.Dispute;
}

function disputeEvent(type: "charge.dispute.created" | "charge.dispute.closed", dispute: Stripe.Dispute): Stripe.Event {
  const object = structuredClone(dispute);
  const base = eventBase(dispute.livemode);
  return type === "charge.dispute.created"
    ? ({ ...base, type, data: { object } } satisfies Stripe.ChargeDisputeCreatedEvent)
    : ({ ...base, type, data: { object } } satisfies Stripe.ChargeDisputeClosedEvent);
}

/** The Stripe-Signature header for a body: `t=…,v1=HMAC-SHA256(secret, "${t}.${body}")`, as Stripe signs (or, for the tests, does not). */
export function stripeSignature(body: string, kind: SignatureKind = "valid", secret: string = STRIPE_TEST_KEYS.webhookSecret): string | null {
  const timestamp = kind === "stale" ? nowSeconds() - 301 : nowSeconds();
  const sign = (key: string) => Stripe.webhooks.generateTestHeaderString({ payload: body, secret: key, timestamp });
  switch (kind) {
    case "missing":
      return null;
    case "wrong-secret":
      return sign("whsec_NotTheEndpointsSecret000000");
    case "several-v1": {
      // As during a secret's roll: one v1 per secret, the endpoint's among them.
      const other = sign("whsec_TheOldSecretOfTheEndpoint00").split(",v1=")[1]!;
      const [t, v1] = sign(secret).split(",v1=");
      return `${t},v1=${other},v1=${v1}`;
    }
    default:
      return sign(secret);
  }
}

/** Any event as JSON with its Stripe-Signature header (for a call made by hand). */
export function signedStripeEvent(
  event: { id: string; type: string; object: Record<string, unknown>; livemode?: boolean },
  kind: SignatureKind = "valid",
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ ...eventBase(event.livemode ?? false), id: event.id, type: event.type, data: { object: event.object } });
  const signature = stripeSignature(body, kind);
  return { body, headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) } };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface FakeStripe {
  /** STRIPE_API_URL: the API and the hosted page's host. */
  url: string;
  /** Where events are posted (the shop's /api/webhooks/stripe); null: nowhere. */
  webhookUrl: string | null;
  /** Every request received, API and page, in order. */
  received: FakeStripeRequest[];
  /** Every API call as understood. */
  calls: FakeStripeCall[];
  /** Every webhook call made, in order. */
  deliveries: Delivery[];
  /** Every event made, in order. */
  events: Stripe.Event[];
  refunds: Stripe.Refund[];
  /**
   * How the next refunds asked through the API come out: "succeeded" (at once, as cards mostly
   * do), "pending" (settled later with settleRefund), or "unavailable" (Stripe answers 500, as
   * when it is down: nothing is made).
   */
  refundMode: "succeeded" | "pending" | "unavailable";
  /** A pending refund settles at Stripe: succeeded (refund.updated) or failed (refund.failed, the money back on the charge). */
  settleRefund(refundId: string, outcome: "succeeded" | "failed"): Promise<Stripe.Event>;
  /** Someone refunds in Stripe's Dashboard: the refund (no metadata of ours) and its charge.refunded event (sent unless held). */
  dashboardRefund(paymentIntentId: string, amount: number): Promise<{ refund: Stripe.Refund; event: Stripe.Event }>;
  /** The card's bank disputes the payment: charge.dispute.created (sent unless held). */
  openDispute(paymentIntentId: string, reason?: string): Promise<{ dispute: Stripe.Dispute; event: Stripe.Event }>;
  /** The dispute closes, won or lost: charge.dispute.closed (sent unless held). */
  closeDispute(disputeId: string, status: "won" | "lost"): Promise<Stripe.Event>;
  /** The session as the fake holds it now. */
  session(id: string): Stripe.Checkout.Session;
  /** The parameters the shop created the session with. */
  sessionParams(id: string): Record<string, unknown>;
  /** The session made for our attempt (its client_reference_id), if any. */
  sessionOfAttempt(attemptId: string): Stripe.Checkout.Session | undefined;
  intent(id: string): Stripe.PaymentIntent;
  charge(id: string): Stripe.Charge;
  /** The create calls of checkout sessions, in order. */
  sessionCalls(): FakeStripeCall[];
  /**
   * The shopper pays on Stripe's page (without a browser): card approved (4242…) completes the
   * session; `async` takes a bank debit whose money comes later (complete, unpaid, PaymentIntent
   * processing). The checkout.session.completed event is sent (awaited) unless webhooks are held.
   * Answers the event and the success address the browser would be sent to.
   */
  pay(sessionId: string, options?: { async?: boolean; card?: string }): Promise<{ event: Stripe.Event; successUrl: string }>;
  /** A later payment settles: succeeded (paid) or failed (the PaymentIntent back to requires_payment_method), with its event. */
  settleAsync(sessionId: string, outcome: "succeeded" | "failed"): Promise<Stripe.Event>;
  /** The session runs out of time at Stripe (expired, with its event). */
  expireSession(sessionId: string): Promise<Stripe.Event>;
  /** What Stripe holds for the session is changed behind everyone's back (a mismatch). */
  tamper(sessionId: string, change: { amountTotal?: number; currency?: string; clientReferenceId?: string | null }): void;
  /** A session made on the same account by something else than the shop (not ours). */
  foreignSession(): Stripe.Checkout.Session;
  /** An event about a session, made (and kept) but not sent. */
  sessionEvent(type: SessionEventType, sessionId: string, options?: { livemode?: boolean }): Stripe.Event;
  /** Sends an event (again): `copies` at once, signed as `signature` says. */
  deliver(event: Stripe.Event | string, options?: { copies?: number; signature?: SignatureKind }): Promise<Delivery[]>;
  /** Events made from now on wait until release(). */
  hold(): void;
  /** Sends the held events (in order, or `reverse`d), and stops holding. */
  release(options?: { reverse?: boolean }): Promise<Delivery[]>;
  /** The events waiting. */
  held(): Stripe.Event[];
  /** Drops the held events (Stripe gave up sending them) and stops holding. */
  discardHeld(): Stripe.Event[];
  /** Webhooks still on their way (the hosted page sends them in the background). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeStripe(options: { secretKey?: string; livemode?: boolean } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? STRIPE_TEST_KEYS.secretKey;
  const livemode = options.livemode ?? false;
  const sessions = new Map<string, SessionRecord>();
  const coupons = new Map<string, Stripe.Coupon>();
  const intents = new Map<string, Stripe.PaymentIntent>();
  const charges = new Map<string, Stripe.Charge>();
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  const received: FakeStripeRequest[] = [];
  const calls: FakeStripeCall[] = [];
  const deliveries: Delivery[] = [];
  const events: Stripe.Event[] = [];
  const refunds: Stripe.Refund[] = [];
  const disputes = new Map<string, Stripe.Dispute>();
  const waiting: Stripe.Event[] = [];
  const background = new Set<Promise<unknown>>();
  let holding = false;
  let baseUrl = "";

  const record = (id: string): SessionRecord => {
    const found = sessions.get(id);
    if (!found) throw new ApiError(404, "invalid_request_error", `No such checkout.session: '${id}'`, "resource_missing", "session");
    // Stripe closes a session once its time is up.
    if (found.session.status === "open" && found.session.expires_at <= nowSeconds()) expireNow(found);
    return found;
  };

  const deliverOnce = async (event: Stripe.Event, kind: SignatureKind): Promise<Delivery> => {
    const body = JSON.stringify(event);
    const signature = stripeSignature(body, kind);
    const entry: Delivery = { eventId: event.id, type: event.type, status: null, error: null, answer: "" };
    deliveries.push(entry);
    if (!api.webhookUrl) {
      entry.error = "no endpoint";
      return entry;
    }
    try {
      const res = await fetch(api.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)", ...(signature ? { "stripe-signature": signature } : {}) },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      entry.status = res.status;
      entry.answer = await res.text();
    } catch (error) {
      entry.error = (error as Error).message;
    }
    return entry;
  };

  /** A new event: kept, and sent now (awaited) unless held. */
  const emit = async (event: Stripe.Event): Promise<void> => {
    events.push(event);
    if (holding) waiting.push(event);
    else await deliverOnce(event, "valid");
  };

  /** An event sent on its own, as Stripe sends them after answering the call that caused them. */
  const emitInBackground = (event: Stripe.Event): Promise<void> => {
    const sending = emit(event);
    void sending.finally(() => background.delete(sending));
    return sending;
  };

  function expireNow(found: SessionRecord): Stripe.Event {
    found.session.status = "expired";
    found.session.url = null;
    const event = sessionEvent("checkout.session.expired", found.session);
    const sending = emit(event);
    background.add(sending);
    void sending.finally(() => background.delete(sending));
    return event;
  }

  /** Expands `paths` ("payment_intent", "payment_intent.latest_charge", "latest_charge") on a copy of `object`. */
  const expand = (object: Record<string, unknown>, paths: string[]): Record<string, unknown> => {
    const copy = structuredClone(object);
    for (const path of paths) {
      const [head, ...rest] = path.split(".");
      const id = copy[head!];
      if (head !== "payment_intent" && head !== "latest_charge") throw new ApiError(400, "invalid_request_error", `This property cannot be expanded (${head}).`, "parameter_invalid_string", "expand");
      if (typeof id === "string") copy[head!] = head === "payment_intent" ? structuredClone(intents.get(id)) : structuredClone(charges.get(id));
      if (rest.length > 0 && copy[head!] && typeof copy[head!] === "object") copy[head!] = expand(copy[head!] as Record<string, unknown>, [rest.join(".")]);
    }
    return copy;
  };
  const expandParam = (params: Record<string, unknown>): string[] => (Array.isArray(params.expand) ? params.expand.map(String) : []);

  const pay = (found: SessionRecord, card: string, later: boolean): Stripe.Event | null => {
    if (found.session.status !== "open") return null;
    const chargeId = newId("ch");
    const intent = newIntent(found, later ? "processing" : "succeeded", chargeId);
    intents.set(intent.id, intent);
    charges.set(chargeId, newCharge(chargeId, intent, later ? null : card));
    found.session.status = "complete";
    found.session.url = null;
    found.session.payment_intent = intent.id;
    found.session.payment_status = later ? "unpaid" : "paid";
    return sessionEvent("checkout.session.completed", found.session);
  };

  const successUrlOf = (session: Stripe.Checkout.Session) => session.success_url!.replace("{CHECKOUT_SESSION_ID}", session.id);

  // --- The API ---------------------------------------------------------------------------------

  const routes: { method: string; pattern: RegExp; handle(match: RegExpExecArray, params: Record<string, unknown>): { status?: number; body: unknown } }[] = [
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions$/,
      handle(_m, params) {
        const id = newId(livemode ? "cs_live" : "cs_test", 58);
        const { session } = newSession(id, params, baseUrl, livemode, coupons);
        sessions.set(id, { session, params });
        return { body: expand(session as unknown as Record<string, unknown>, expandParam(params)) };
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/coupons$/,
      handle(_m, params) {
        const coupon = newCoupon(typeof params.id === "string" ? params.id : newId("coupon", 8), params, livemode);
        coupons.set(coupon.id, coupon);
        return { body: coupon };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle(m, params) {
        known(params, ["expand"], "");
        return { body: expand(record(m[1]!).session as unknown as Record<string, unknown>, expandParam(params)) };
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      handle(m, params) {
        known(params, ["expand"], "");
        const found = record(m[1]!);
        if (found.session.status !== "open") {
          throw new ApiError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(found.session.status)}\`.`);
        }
        expireNow(found);
        return { body: expand(found.session as unknown as Record<string, unknown>, expandParam(params)) };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle(m, params) {
        known(params, ["expand"], "");
        const intent = intents.get(m[1]!);
        if (!intent) throw new ApiError(404, "invalid_request_error", `No such payment_intent: '${m[1]}'`, "resource_missing", "intent");
        return { body: expand(intent as unknown as Record<string, unknown>, expandParam(params)) };
      },
    },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      handle(_m, params) {
        known(params, ["payment_intent", "charge", "amount", "metadata", "reason"], "");
        if (api.refundMode === "unavailable") throw new ApiError(500, "api_error", "Something went wrong on Stripe's end.");
        const intentId = text(params.payment_intent, "payment_intent");
        const intent = intentId ? intents.get(intentId) : undefined;
        if (!intent) throw new ApiError(404, "invalid_request_error", `No such payment_intent: '${String(intentId)}'`, "resource_missing", "payment_intent");
        const charge = typeof intent.latest_charge === "string" ? charges.get(intent.latest_charge) : undefined;
        if (!charge || intent.status !== "succeeded") {
          throw new ApiError(400, "invalid_request_error", `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, "charge_not_refundable", "payment_intent");
        }
        const reason = text(params.reason, "reason");
        if (reason !== null && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
          throw new ApiError(400, "invalid_request_error", `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, "parameter_invalid_string", "reason");
        }
        const left = charge.amount - charge.amount_refunded;
        if (left <= 0) throw new ApiError(400, "invalid_request_error", `Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
        const amount = integer(params.amount, "amount", { min: 1 }) ?? left;
        if (amount > left) throw new ApiError(400, "invalid_request_error", `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, "amount_too_large", "amount");
        const refund = newRefund(intent, charge, amount, metadata(params.metadata, "metadata"), api.refundMode === "pending" ? "pending" : "succeeded", reason as Stripe.Refund.Reason | null);
        refunds.push(refund);
        // The money leaves the charge at once (a failed refund puts it back).
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded === charge.amount;
        background.add(emitInBackground(refundEvent("refund.created", refund, charge.livemode)));
        background.add(emitInBackground(chargeRefundedEvent(charge)));
        return { body: refund };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      handle(m, params) {
        known(params, ["expand"], "");
        const refund = refunds.find((r) => r.id === m[1]);
        if (!refund) throw new ApiError(404, "invalid_request_error", `No such refund: '${m[1]}'`, "resource_missing", "id");
        return { body: refund };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/refunds$/,
      handle(_m, params) {
        known(params, ["payment_intent", "charge", "limit", "starting_after", "ending_before"], "");
        const intentId = text(params.payment_intent, "payment_intent");
        const limit = integer(params.limit, "limit", { min: 1 }) ?? 10;
        // Newest first, as Stripe lists.
        const all = refunds.filter((r) => intentId === null || r.payment_intent === intentId).reverse();
        const after = text(params.starting_after, "starting_after");
        const start = after ? all.findIndex((r) => r.id === after) + 1 : 0;
        const page = all.slice(start, start + limit);
        return { body: { object: "list", url: "/v1/refunds", has_more: start + limit < all.length, data: page } satisfies Stripe.ApiList<Stripe.Refund> };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/charges\/([^/]+)$/,
      handle(m, params) {
        known(params, ["expand"], "");
        const charge = charges.get(m[1]!);
        if (!charge) throw new ApiError(404, "invalid_request_error", `No such charge: '${m[1]}'`, "resource_missing", "id");
        return { body: charge };
      },
    },
    {
      method: "GET",
      pattern: /^\/v1\/disputes\/([^/]+)$/,
      handle(m, params) {
        known(params, ["expand"], "");
        const dispute = disputes.get(m[1]!);
        if (!dispute) throw new ApiError(404, "invalid_request_error", `No such dispute: '${m[1]}'`, "resource_missing", "dispute");
        return { body: dispute };
      },
    },
  ];

  const sendJson = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req", 14), ...headers });
    res.end(body);
  };

  const handleApi = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => {
    const target = new URL(req.url!, baseUrl);
    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const stripeVersion = typeof req.headers["stripe-version"] === "string" ? req.headers["stripe-version"] : null;
    const call: FakeStripeCall = { method: req.method!, path: target.pathname, params: {}, idempotencyKey, stripeVersion, status: 0, replayed: false };
    calls.push(call);
    const answer = (status: number, json: string, headers: Record<string, string> = {}) => {
      call.status = status;
      sendJson(res, status, json, { ...(stripeVersion ? { "stripe-version": stripeVersion } : {}), ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}), ...headers });
    };
    const fail = (error: ApiError) => answer(error.status, JSON.stringify({ error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } }));
    try {
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        throw new ApiError(401, "invalid_request_error", `Invalid API Key provided: ${String(req.headers.authorization ?? "").replace(/^Bearer /, "").slice(0, 8)}****`);
      }
      const params = parseStripeForm(req.method === "GET" ? target.search.slice(1) : body);
      call.params = params;
      if (req.method === "POST" && idempotencyKey) {
        const request = `${req.method} ${target.pathname} ${canonical(params)}`;
        const saved = idempotent.get(idempotencyKey);
        if (saved) {
          if (saved.request !== request) {
            throw new ApiError(
              400,
              "idempotency_error",
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          call.replayed = true;
          return answer(saved.status, saved.body, { "idempotent-replayed": "true" });
        }
        const route = routes.find((r) => r.method === req.method && r.pattern.test(target.pathname));
        if (!route) throw new ApiError(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${target.pathname}).`);
        const out = route.handle(route.pattern.exec(target.pathname)!, params);
        const json = JSON.stringify(out.body);
        // Only a request that ran is saved (Stripe keeps no result for one refused by validation).
        idempotent.set(idempotencyKey, { request, status: out.status ?? 200, body: json });
        return answer(out.status ?? 200, json);
      }
      const route = routes.find((r) => r.method === req.method && r.pattern.test(target.pathname));
      if (!route) throw new ApiError(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${target.pathname}).`);
      const out = route.handle(route.pattern.exec(target.pathname)!, params);
      return answer(out.status ?? 200, JSON.stringify(out.body));
    } catch (error) {
      if (error instanceof ApiError) return fail(error);
      return fail(new ApiError(500, "api_error", `The fake failed: ${(error as Error).message}`));
    }
  };

  // --- The hosted payment page -----------------------------------------------------------------

  const page = (res: http.ServerResponse, status: number, title: string, content: string) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${content}</main></body></html>`);
  };

  const paymentForm = (found: SessionRecord, error: string | null) => {
    const { session } = found;
    const items = (found.params.line_items as { quantity: string; price_data: { unit_amount: string; product_data: { name: string } } }[]).map(
      (item) => `<li>${escapeHtml(item.price_data.product_data.name)} × ${escapeHtml(item.quantity)}: $${(Number(item.price_data.unit_amount) / 100).toFixed(2)}</li>`,
    );
    const total = `$${((session.amount_total ?? 0) / 100).toFixed(2)}`;
    return `<p>Fake Stripe Checkout (test mode)${session.customer_email ? ` for ${escapeHtml(session.customer_email)}` : ""}</p>
<ul aria-label="Items">${items.join("")}</ul><p>Total due ${total}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" autocomplete="cc-number" inputmode="numeric">
<label for="cardExpiry">Expiration</label><input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp">
<label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" autocomplete="cc-csc">
<label for="billingName">Cardholder name</label><input id="billingName" name="billingName" autocomplete="cc-name">
<button type="submit">Pay ${total}</button>
</form>
${session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Back</a>` : ""}`;
  };

  const handlePage = (req: http.IncomingMessage, body: string, res: http.ServerResponse, sessionId: string) => {
    let found: SessionRecord;
    try {
      found = record(sessionId);
    } catch {
      return page(res, 404, "Something went wrong", "<p>The page you were looking for could not be found.</p>");
    }
    if (found.session.status === "complete") {
      res.writeHead(303, { location: successUrlOf(found.session) });
      return res.end();
    }
    if (found.session.status !== "open") return page(res, 410, "This Checkout Session is no longer active", "<p>Nothing was charged.</p>");
    if (req.method === "GET") return page(res, 200, "Pay Satire Supply Co.", paymentForm(found, null));
    const card = (new URLSearchParams(body).get("cardNumber") ?? "").replace(/[\s-]/g, "");
    if (card !== STRIPE_TEST_CARDS.approved) return page(res, 402, "Pay Satire Supply Co.", paymentForm(found, "Your card was declined."));
    const event = pay(found, card, false);
    if (event) {
      // As Stripe does: the webhook goes out on its own, the browser is sent back at once.
      const sending = emit(event);
      background.add(sending);
      void sending.finally(() => background.delete(sending));
    }
    res.writeHead(303, { location: successUrlOf(found.session) });
    res.end();
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const pagePath = /^\/c\/pay\/([^/?]+)/.exec(req.url ?? "");
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body, kind: pagePath ? "page" : "api" });
      if (pagePath) handlePage(req, body, res, decodeURIComponent(pagePath[1]!));
      else handleApi(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api: FakeStripe = {
    url: baseUrl,
    webhookUrl: null,
    received,
    calls,
    deliveries,
    events,
    refunds,
    refundMode: "succeeded",
    async settleRefund(refundId, outcome) {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund || refund.status !== "pending") throw new Error(`fake stripe: refund ${refundId} is not pending`);
      const charge = charges.get(String(refund.charge))!;
      if (outcome === "succeeded") refund.status = "succeeded";
      else {
        refund.status = "failed";
        refund.failure_reason = "expired_or_canceled_card";
        charge.amount_refunded -= refund.amount;
        charge.refunded = false;
      }
      const event = refundEvent(outcome === "succeeded" ? "refund.updated" : "refund.failed", refund, charge.livemode);
      await emit(event);
      return event;
    },
    async dashboardRefund(paymentIntentId, amount) {
      const intent = api.intent(paymentIntentId);
      const charge = charges.get(String(intent.latest_charge))!;
      if (amount > charge.amount - charge.amount_refunded) throw new Error("fake stripe: more than is left on the charge");
      const refund = newRefund(intent, charge, amount, {}, "succeeded", "requested_by_customer");
      refunds.push(refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      const event = chargeRefundedEvent(charge);
      await emit(event);
      return { refund, event };
    },
    async openDispute(paymentIntentId, reason = "fraudulent") {
      const intent = api.intent(paymentIntentId);
      const charge = charges.get(String(intent.latest_charge))!;
      const dispute = newDispute(charge, reason);
      disputes.set(dispute.id, dispute);
      charge.disputed = true;
      const event = disputeEvent("charge.dispute.created", dispute);
      await emit(event);
      return { dispute, event };
    },
    async closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`fake stripe: no dispute ${disputeId}`);
      dispute.status = status;
      const event = disputeEvent("charge.dispute.closed", dispute);
      await emit(event);
      return event;
    },
    session: (id) => record(id).session,
    sessionParams: (id) => record(id).params,
    sessionOfAttempt: (attemptId) => [...sessions.values()].find((s) => s.session.client_reference_id === attemptId)?.session,
    intent(id) {
      const found = intents.get(id);
      if (!found) throw new Error(`fake stripe: no payment intent ${id}`);
      return found;
    },
    charge(id) {
      const found = charges.get(id);
      if (!found) throw new Error(`fake stripe: no charge ${id}`);
      return found;
    },
    sessionCalls: () => calls.filter((c) => c.method === "POST" && c.path === "/v1/checkout/sessions"),
    async pay(sessionId, { async: later = false, card = STRIPE_TEST_CARDS.approved } = {}) {
      const found = record(sessionId);
      const event = pay(found, card, later);
      if (!event) throw new Error(`fake stripe: session ${sessionId} is ${String(found.session.status)}, not open`);
      await emit(event);
      return { event, successUrl: successUrlOf(found.session) };
    },
    async settleAsync(sessionId, outcome) {
      const found = record(sessionId);
      const intent = intents.get(String(found.session.payment_intent));
      if (!intent || intent.status !== "processing") throw new Error(`fake stripe: session ${sessionId} has no payment on its way`);
      const charge = charges.get(String(intent.latest_charge))!;
      if (outcome === "succeeded") {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
        Object.assign(charge, { status: "succeeded", paid: true, captured: true, amount_captured: charge.amount });
        found.session.payment_status = "paid";
      } else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = {
          type: "invalid_request_error",
          code: "payment_method_provider_decline",
          message: "The customer's bank account could not be debited.",
        } satisfies Stripe.PaymentIntent.LastPaymentError;
        Object.assign(charge, { status: "failed", failure_code: "debit_not_authorized", failure_message: "The customer's bank account could not be debited." });
      }
      const event = sessionEvent(outcome === "succeeded" ? "checkout.session.async_payment_succeeded" : "checkout.session.async_payment_failed", found.session);
      await emit(event);
      return event;
    },
    async expireSession(sessionId) {
      const found = record(sessionId);
      if (found.session.status !== "open") throw new Error(`fake stripe: session ${sessionId} is not open`);
      const event = expireNow(found);
      await api.idle();
      return event;
    },
    tamper(sessionId, change) {
      const { session } = record(sessionId);
      if (change.amountTotal !== undefined) {
        session.amount_total = change.amountTotal;
        const intent = typeof session.payment_intent === "string" ? intents.get(session.payment_intent) : undefined;
        if (intent) intent.amount = intent.amount_received = change.amountTotal;
      }
      if (change.currency !== undefined) session.currency = change.currency;
      if (change.clientReferenceId !== undefined) session.client_reference_id = change.clientReferenceId;
    },
    foreignSession() {
      const id = newId(livemode ? "cs_live" : "cs_test", 58);
      const params = parseStripeForm(
        new URLSearchParams({
          mode: "payment",
          "line_items[0][quantity]": "1",
          "line_items[0][price_data][currency]": "usd",
          "line_items[0][price_data][unit_amount]": "2500",
          "line_items[0][price_data][product_data][name]": "Somebody else's product",
          success_url: "https://elsewhere.example/thanks",
          client_reference_id: "order-of-another-integration",
        }).toString(),
      );
      const { session } = newSession(id, params, baseUrl, livemode);
      sessions.set(id, { session, params });
      return session;
    },
    sessionEvent(type, sessionId, { livemode: eventLivemode } = {}) {
      const event = sessionEvent(type, record(sessionId).session, eventLivemode);
      events.push(event);
      return event;
    },
    async deliver(eventOrId, { copies = 1, signature = "valid" } = {}) {
      const event = typeof eventOrId === "string" ? events.find((e) => e.id === eventOrId) : eventOrId;
      if (!event) throw new Error(`fake stripe: no event ${String(eventOrId)}`);
      return Promise.all(Array.from({ length: copies }, () => deliverOnce(event, signature)));
    },
    hold() {
      holding = true;
    },
    async release({ reverse = false } = {}) {
      holding = false;
      const queued = waiting.splice(0);
      if (reverse) queued.reverse();
      const sent: Delivery[] = [];
      for (const event of queued) sent.push(await deliverOnce(event, "valid"));
      return sent;
    },
    held: () => [...waiting],
    discardHeld() {
      holding = false;
      return waiting.splice(0);
    },
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
