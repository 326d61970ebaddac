import type { Router } from "express";
import { route } from "../http/errors.js";
import { describedRouter, errorAnswer, jsonAnswer, listOf, NOT_MODIFIED, type ApiOperation } from "../http/openapi.js";
import { currentCustomerId, requireSignedIn } from "../sessions/current-customer.js";
import type { OrderService } from "./order.service.js";
import { ORDER_JSON, toOrderJson } from "./order.view.js";

const customerOrders: ApiOperation = {
  method: "get",
  path: "/customer/orders",
  tag: "account",
  summary: "The signed-in customer's orders",
  description: "Every order the signed-in customer placed, newest first (never cached: Cache-Control no-store).",
  responses: { 200: jsonAnswer("The orders.", listOf(ORDER_JSON)), 304: NOT_MODIFIED, 401: errorAnswer('No customer is signed in ("Not signed in").') },
};

export const ORDERS_API = [customerOrders];

/** spec §7 GET /api/customer/orders: the signed-in customer's orders, newest first. */
export function orderRoutes(orders: OrderService, publicUrl: string): Router {
  const api = describedRouter(ORDERS_API);
  api.on(
    customerOrders,
    requireSignedIn,
    route(async (req, res) => {
      const list = await orders.listForCustomer(currentCustomerId(req)!);
      res.setHeader("Cache-Control", "no-store");
      res.json(list.map((order) => toOrderJson(order, publicUrl)));
    }),
  );
  return api.done();
}
