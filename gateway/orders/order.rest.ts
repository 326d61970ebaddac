import { Router } from "express";
import { route } from "../http/errors.js";
import { currentCustomerId, requireSignedIn } from "../sessions/current-customer.js";
import type { OrderService } from "./order.service.js";
import { toOrderJson } from "./order.view.js";

/** spec §7 GET /api/customer/orders: the signed-in customer's orders, newest first. */
export function orderRoutes(orders: OrderService, publicUrl: string): Router {
  const router = Router();
  router.get(
    "/customer/orders",
    requireSignedIn,
    route(async (req, res) => {
      const list = await orders.listForCustomer(currentCustomerId(req)!);
      res.setHeader("Cache-Control", "no-store");
      res.json(list.map((order) => toOrderJson(order, publicUrl)));
    }),
  );
  return router;
}
