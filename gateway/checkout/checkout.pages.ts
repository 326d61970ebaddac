import express, { Router, type ErrorRequestHandler, type Request, type Response } from "express";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import { route } from "../http/errors.js";
import { storePageHeaders } from "../http/security-headers.js";
import { isConnectionError } from "../db/database.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { orderStatusUrl } from "../orders/order.view.js";
import type { OrderRecord } from "../orders/order.records.js";
import { centsToDecimalString } from "../shared/money.js";
import type { CheckoutFormInput } from "./checkout.form.js";
import { tooLargeNotice, unavailableNotice, type BeginOutcome, type CheckoutService, type CheckoutSummary, type ReturnOutcome } from "./checkout.service.js";
import type { OrderService } from "../orders/order.service.js";
import { checkCardForm, type CardFormInput } from "./card.js";
import type { TestPaymentProvider } from "./test-payment-provider.js";
import { CARD_NAMES, checkoutPage, FORM_NAMES, SAVE_ADDRESS_NAME, SAVED_ADDRESS_PARAM, SUMMARY_KEY_NAME, type CheckoutPageModel, type PageErrors } from "./pages/checkout.view.js";
import { chooseAddress, offeredAddress, prefilledForm, type ShopperModel } from "./checkout-prefill.rules.js";
import type { CustomerService } from "../customers/customer.service.js";
import type { AddressBookService } from "../customers/address-book.service.js";
import { MAX_SAVED_ADDRESSES } from "../customers/address-book.records.js";
import { messagePage } from "./pages/layout.js";
import { orderStatusPage } from "./pages/order-status.view.js";
import { STORE_CSS, STORE_CSS_PATH } from "./pages/store.css.js";
import { STORE_SCRIPT, STORE_SCRIPT_PATH } from "./pages/store.script.js";
import { designIdOf } from "../designs/design.records.js";
import type { DesignService } from "../designs/design.service.js";

const CONTINUE = { href: "/shop", label: "Continue Shopping", primary: true };

/** spec §2 /checkout-success: where a paid checkout sends the shopper, every value URL-encoded. */
function checkoutSuccessUrl(publicUrl: string, order: OrderRecord): string {
  const params: [string, string][] = [
    ["id", order.id],
    ["order_number", String(order.orderNumber)],
    ["order_status_url", orderStatusUrl(publicUrl, order.statusToken)],
    ["email", order.email],
    ["total_price", centsToDecimalString(order.totalCents)],
    ["financial_status", order.financialStatus.toLowerCase()],
    ["fulfillment_status", order.fulfillmentStatus.toLowerCase()],
  ];
  return `${publicUrl}/checkout-success?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}`;
}

function field(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return typeof value[0] === "string" ? value[0] : "";
  return typeof value === "string" ? value : "";
}

function readForm(req: Request): CheckoutFormInput {
  const form = {} as CheckoutFormInput;
  for (const key of Object.keys(FORM_NAMES) as (keyof CheckoutFormInput)[]) form[key] = field(req, FORM_NAMES[key]);
  return form;
}

function readCard(req: Request): CardFormInput {
  const card = {} as CardFormInput;
  for (const key of Object.keys(CARD_NAMES) as (keyof CardFormInput)[]) card[key] = field(req, CARD_NAMES[key]);
  return card;
}

function sendPage(res: Response, status: number, page: string) {
  res.status(status).type("html").send(page);
}

const CHECKOUT_NOT_FOUND = () => messagePage("Checkout not found", "This checkout link doesn't exist or has expired.", [CONTINUE]);
const CHANGED =
  "Your order changed since this page was shown (a price or your cart was updated). Nothing was charged: please check the summary and pay again.";
const PROCESSING = () =>
  messagePage(
    "Payment processing — we will email you",
    "Your payment was sent and your bank is still confirming it. We will email you as soon as it is through, with your order; there is nothing more to do here.",
    [CONTINUE],
  );

/** What the shopper sent, drawn again on the page: the fields as typed and, signed in, their saved addresses. */
interface Typed {
  values: CheckoutPageModel["values"];
  shopper: ShopperModel | null;
}

/** The print-quality warnings of the designs on these lines, by design id (one read). */
type PrintWarningsOf = (lines: readonly { customAttributes: readonly { key: string; value: string }[] }[]) => Promise<ReadonlyMap<string, string>>;

/** The checkout page again, with what the shopper typed (never the card number or its code); a line that can no longer be bought is said when nothing else is. */
async function formAgain(
  res: Response,
  status: number,
  summary: CheckoutSummary,
  typed: Typed,
  errors: PageErrors,
  notice: CheckoutPageModel["notice"],
  warningsOf: PrintWarningsOf,
) {
  const unavailable = unavailableNotice(summary);
  const printWarnings = await warningsOf(summary.cart.lines);
  sendPage(
    res,
    status,
    checkoutPage({ summary, values: typed.values, shopper: typed.shopper, errors, notice: notice ?? (unavailable ? { text: unavailable, kind: "error" } : null), printWarnings }),
  );
}

function sendBegin(res: Response, outcome: Exclude<BeginOutcome, { kind: "redirect" }>, publicUrl: string, values: Typed, warningsOf: PrintWarningsOf) {
  switch (outcome.kind) {
    case "paid":
      return res.redirect(303, checkoutSuccessUrl(publicUrl, outcome.order));
    case "processing":
      return sendPage(res, 200, PROCESSING());
    case "not-found":
      return sendPage(res, 404, CHECKOUT_NOT_FOUND());
    case "empty":
      return sendPage(res, 400, messagePage("Your cart is empty", "There is nothing to pay for yet.", [CONTINUE]));
    case "invalid":
      return formAgain(res, 400, outcome.summary, values, outcome.errors, null, warningsOf);
    case "too-large":
      return formAgain(res, 422, outcome.summary, values, {}, { text: outcome.message, kind: "error" }, warningsOf);
    case "unavailable":
    case "refused":
      return formAgain(res, 409, outcome.summary, values, {}, { text: outcome.message, kind: "error" }, warningsOf);
    case "changed":
      return formAgain(res, 409, outcome.summary, values, {}, { text: CHANGED, kind: "notice" }, warningsOf);
  }
}

/** Where the return from the provider's page leads: the success page, a notice, or the checkout page again. */
function sendReturn(res: Response, outcome: ReturnOutcome, publicUrl: string, token: string) {
  const checkout = `/store/checkout/${encodeURIComponent(token)}`;
  switch (outcome.kind) {
    case "paid":
      return res.redirect(303, checkoutSuccessUrl(publicUrl, outcome.order));
    case "processing":
      return sendPage(res, 200, PROCESSING());
    case "not-found":
      return sendPage(res, 404, CHECKOUT_NOT_FOUND());
    case "failed":
      return res.redirect(303, `${checkout}?payment=failed`);
    case "voided":
    case "abandoned":
    case "open":
      return res.redirect(303, `${checkout}?payment=${outcome.kind === "open" ? "unpaid" : "closed"}`);
  }
}

/** What the checkout page says above the form after a trip to the provider's page. */
const RETURN_NOTICES: Record<string, CheckoutPageModel["notice"]> = {
  cancelled: { text: "You came back without paying. Your cart is as you left it: nothing was charged.", kind: "notice" },
  unpaid: { text: "The payment was not finished. Nothing was charged: please pay again.", kind: "notice" },
  closed: { text: "That payment page has closed. Nothing was charged: please pay again.", kind: "notice" },
  failed: { text: "Your payment did not go through. Nothing was charged: please try another way to pay.", kind: "error" },
};

const ADDRESS_NOT_SAVED = "That address is not in your address book. Your default address is filled in instead.";

/** The store's hosted checkout (/store/checkout/{token}) and public order status pages (/store/orders/{token}). */
export function storeRoutes(
  services: {
    checkout: CheckoutService;
    orders: OrderService;
    testPayments: TestPaymentProvider | null;
    paymentPageOrigins: readonly string[];
    customers: Pick<CustomerService, "findById">;
    addressBook: Pick<AddressBookService, "list">;
    designs: Pick<DesignService, "printWarnings">;
  },
  publicUrl: string,
  logger: Logger,
): Router {
  const router = Router();
  const warningsOf: PrintWarningsOf = (lines) => services.designs.printWarnings(lines.flatMap((l) => designIdOf(l.customAttributes) ?? []));

  /** The signed-in customer and their saved addresses (only ever their own); null for a guest. */
  async function shopperOf(req: Request) {
    const customerId = currentCustomerId(req);
    const customer = customerId ? await services.customers.findById(customerId) : null;
    if (!customer) return null;
    const addresses = (await services.addressBook.list(customer.id)).map(offeredAddress);
    return { customer, addresses, canSave: addresses.length < MAX_SAVED_ADDRESSES };
  }
  router.use(storePageHeaders(publicUrl, services.paymentPageOrigins));

  router.get(STORE_CSS_PATH.slice("/store".length), (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.type("css").send(STORE_CSS);
  });
  router.get(STORE_SCRIPT_PATH.slice("/store".length), (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.type("js").send(STORE_SCRIPT);
  });

  router.get(
    "/checkout/:token",
    route(async (req, res) => {
      const view = await services.checkout.view(String(req.params.token));
      switch (view.kind) {
        case "not-found":
          return sendPage(res, 404, CHECKOUT_NOT_FOUND());
        case "empty":
          return sendPage(res, 200, messagePage("Your cart is empty", "There is nothing to pay for yet.", [CONTINUE]));
        case "completed":
          return sendPage(
            res,
            200,
            messagePage(`Order #${view.order.orderNumber} has been placed`, "This checkout has already been paid.", [
              { href: orderStatusUrl(publicUrl, view.order.statusToken), label: "View order status", primary: true },
              { ...CONTINUE, primary: false },
            ]),
          );
        case "open": {
          const refusal = unavailableNotice(view.summary) ?? tooLargeNotice(view.summary);
          const back = req.query.cancelled === "1" ? "cancelled" : typeof req.query.payment === "string" ? req.query.payment : "";
          const returned = refusal ? { text: refusal, kind: "error" as const } : (RETURN_NOTICES[back] ?? null);
          const [known, printWarnings] = await Promise.all([shopperOf(req), warningsOf(view.summary.cart.lines)]);
          if (!known) return sendPage(res, 200, checkoutPage({ summary: view.summary, values: {}, errors: {}, notice: returned, printWarnings }));
          // Signed in: the email, the name and an address filled in (the default, or the one picked by ?address=).
          const wanted = typeof req.query[SAVED_ADDRESS_PARAM] === "string" ? req.query[SAVED_ADDRESS_PARAM] : null;
          const { chosen, refused } = chooseAddress(known.addresses, wanted);
          const notice = returned ?? (refused ? { text: ADDRESS_NOT_SAVED, kind: "notice" as const } : null);
          const shopper: ShopperModel = { addresses: known.addresses, chosenId: chosen?.id ?? null, canSave: known.canSave, saveAddress: false };
          return sendPage(res, 200, checkoutPage({ summary: view.summary, values: prefilledForm(known.customer, chosen), shopper, errors: {}, notice, printWarnings }));
        }
      }
    }),
  );

  router.post(
    "/checkout/:token",
    express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 50 }),
    route(async (req, res) => {
      const token = String(req.params.token);
      const form = readForm(req);
      const known = await shopperOf(req);
      // Only a signed-in customer has an address book to save to.
      const saveAddress = known !== null && field(req, SAVE_ADDRESS_NAME) === "1";
      const values: Typed = {
        values: { ...form, expiry: field(req, CARD_NAMES.expiry) },
        shopper: known && { addresses: known.addresses, chosenId: null, canSave: known.canSave, saveAddress },
      };
      // The test provider's "page" is the card fields of this one: its card goes to the provider,
      // never to the checkout service. Both sets of fields are checked before anything opens.
      const card = services.testPayments ? checkCardForm(readCard(req)) : null;
      if (card && !card.ok) {
        const reviewed = await services.checkout.review(token, form);
        if (reviewed.kind !== "invalid") return sendBegin(res, reviewed, publicUrl, values, warningsOf);
        return formAgain(res, 400, reviewed.summary, values, { ...reviewed.errors, ...card.errors }, null, warningsOf);
      }
      const begun = await services.checkout.begin(token, { form, summaryKey: field(req, SUMMARY_KEY_NAME) || null, customerId: currentCustomerId(req), saveAddress });
      if (begun.kind !== "redirect") return sendBegin(res, begun, publicUrl, values, warningsOf);
      if (!services.testPayments || !card?.ok) return res.redirect(303, begun.url);
      const paid = await services.testPayments.pay(begun.sessionId, card.card);
      if (!paid.approved) return formAgain(res, 402, begun.summary, values, {}, { text: paid.message, kind: "error" }, warningsOf);
      sendReturn(res, await services.checkout.returned(token, begun.sessionId), publicUrl, token);
    }),
  );

  // The provider's success address: settles only a session of this checkout.
  router.get(
    "/checkout/:token/return",
    route(async (req, res) => {
      const token = String(req.params.token);
      const sessionId = typeof req.query.session_id === "string" ? req.query.session_id : "";
      sendReturn(res, await services.checkout.returned(token, sessionId), publicUrl, token);
    }),
  );

  router.get(
    "/orders/:token",
    route(async (req, res) => {
      const order = await services.orders.findByStatusToken(String(req.params.token));
      if (!order) return sendPage(res, 404, messagePage("Order not found", "This order link doesn't exist.", [CONTINUE]));
      sendPage(res, 200, orderStatusPage(order, await warningsOf(order.lines)));
    }),
  );

  router.use((_req, res) => sendPage(res, 404, messagePage("Page not found", "There is no such page in the store.", [CONTINUE])));

  const pageErrors: ErrorRequestHandler = (error, req, res, _next) => {
    if (res.headersSent) return res.destroy();
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return sendPage(res, status, messagePage("Something is wrong with that request", "Please go back and try again.", [CONTINUE]));
    }
    const down = isConnectionError(error);
    logger.error(down ? "database unavailable" : "request failed", { requestId: req.id, method: req.method, path: req.path, ...errorFields(error) });
    sendPage(res, down ? 503 : 500, messagePage(
        "Something went wrong",
        // A payment may have been approved just before the failure: paying again then answers that
        // order (same checkout, same idempotency key), so it is never charged twice.
        `We could not finish your order. Please try again in a moment: you will not be charged twice (reference ${req.id}).`,
        [CONTINUE],
      ));
  };
  router.use(pageErrors);
  return router;
}
