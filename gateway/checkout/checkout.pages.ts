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
import { tooLargeNotice, type CheckoutService, type PayOutcome } from "./checkout.service.js";
import type { OrderService } from "../orders/order.service.js";
import { checkoutPage, FORM_NAMES, SUMMARY_KEY_NAME, type CheckoutPageModel } from "./pages/checkout.view.js";
import { messagePage } from "./pages/layout.js";
import { orderStatusPage } from "./pages/order-status.view.js";
import { STORE_CSS, STORE_CSS_PATH } from "./pages/store.css.js";

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

function sendPage(res: Response, status: number, page: string) {
  res.status(status).type("html").send(page);
}

function sendOutcome(res: Response, publicUrl: string, outcome: PayOutcome, form: CheckoutFormInput) {
  const { cardNumber: _n, cvc: _c, ...values } = form;
  const page = (model: Omit<CheckoutPageModel, "values">) => checkoutPage({ ...model, values });
  switch (outcome.kind) {
    case "paid":
      return res.redirect(303, checkoutSuccessUrl(publicUrl, outcome.order));
    case "not-found":
      return sendPage(res, 404, messagePage("Checkout not found", "This checkout link doesn't exist or has expired.", [CONTINUE]));
    case "empty":
      return sendPage(res, 400, messagePage("Your cart is empty", "There is nothing to pay for yet.", [CONTINUE]));
    case "invalid":
      return sendPage(res, 400, page({ summary: outcome.summary, errors: outcome.errors, notice: null }));
    case "declined":
      return sendPage(res, 402, page({ summary: outcome.summary, errors: {}, notice: { text: outcome.message, kind: "error" } }));
    case "too-large":
      return sendPage(res, 422, page({ summary: outcome.summary, errors: {}, notice: { text: outcome.message, kind: "error" } }));
    case "changed":
      return sendPage(
        res,
        409,
        page({
          summary: outcome.summary,
          errors: {},
          notice: { text: "Your order changed since this page was shown (a price or your cart was updated). Nothing was charged: please check the summary and pay again.", kind: "notice" },
        }),
      );
  }
}

/** The store's hosted checkout (/store/checkout/{token}) and public order status pages (/store/orders/{token}). */
export function storeRoutes(services: { checkout: CheckoutService; orders: OrderService }, publicUrl: string, logger: Logger): Router {
  const router = Router();
  router.use(storePageHeaders(publicUrl));

  router.get(STORE_CSS_PATH.slice("/store".length), (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.type("css").send(STORE_CSS);
  });

  router.get(
    "/checkout/:token",
    route(async (req, res) => {
      const view = await services.checkout.view(String(req.params.token));
      switch (view.kind) {
        case "not-found":
          return sendPage(res, 404, messagePage("Checkout not found", "This checkout link doesn't exist or has expired.", [CONTINUE]));
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
          const tooLarge = tooLargeNotice(view.summary);
          return sendPage(res, 200, checkoutPage({ summary: view.summary, values: {}, errors: {}, notice: tooLarge ? { text: tooLarge, kind: "error" } : null }));
        }
      }
    }),
  );

  router.post(
    "/checkout/:token",
    express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 50 }),
    route(async (req, res) => {
      const form = readForm(req);
      const summaryKey = field(req, SUMMARY_KEY_NAME) || null;
      const outcome = await services.checkout.pay(String(req.params.token), { form, summaryKey, customerId: currentCustomerId(req) });
      sendOutcome(res, publicUrl, outcome, form);
    }),
  );

  router.get(
    "/orders/:token",
    route(async (req, res) => {
      const order = await services.orders.findByStatusToken(String(req.params.token));
      if (!order) return sendPage(res, 404, messagePage("Order not found", "This order link doesn't exist.", [CONTINUE]));
      sendPage(res, 200, orderStatusPage(order));
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
