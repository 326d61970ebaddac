import { Router, type Request } from "express";
import { route } from "../http/errors.js";
import { invalidInput } from "../shared/errors.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import type { CartLineRequest, CustomAttribute } from "./cart.records.js";
import { checkoutUrl, toCartJson } from "./cart.view.js";
import type { CartService } from "./cart.service.js";

// spec §7 cart calls, plus POST /api/cart/sync (the cart page's "sync the local cart to the store").
// Shapes are checked here; every rule (quantities, prices, attributes) is the cart service's.

function body(req: Request): Record<string, unknown> {
  return req.body && typeof req.body === "object" && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}

/** A number where one is given, NaN otherwise, so the service's quantity rule answers (1 when left out, as in GraphQL). */
function quantityOf(value: unknown): number {
  if (value === undefined) return 1;
  return typeof value === "number" ? value : Number.NaN;
}

function parseAttributes(value: unknown, field: string): CustomAttribute[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidInput(field, `${field} must be a list of {key, value}`);
  return value.map((a, i) => {
    if (!a || typeof a !== "object" || typeof a.key !== "string" || typeof a.value !== "string") {
      throw invalidInput(`${field}.${i}`, `${field}[${i}] must be {key, value} with two strings`);
    }
    return { key: a.key, value: a.value };
  });
}

/** items: [{variantId, quantity, customAttributes: [{key, value}]}] (sync lines may add a title). */
function parseItems(value: unknown): CartLineRequest[] {
  if (!Array.isArray(value)) throw invalidInput("items", "items must be a list of {variantId, quantity, customAttributes}");
  return value.map((item, i) => {
    if (!item || typeof item !== "object") throw invalidInput(`items.${i}`, `items[${i}] must be an object`);
    const { variantId, quantity, customAttributes, title } = item as Record<string, unknown>;
    return {
      variantId: typeof variantId === "string" ? variantId : "",
      quantity: quantityOf(quantity),
      customAttributes: parseAttributes(customAttributes, `items.${i}.customAttributes`),
      title: typeof title === "string" ? title : null,
    };
  });
}

export function cartRoutes(carts: CartService, publicUrl: string): Router {
  const router = Router();
  const cartId = (req: Request) => String(req.params.cartId);

  router.post(
    "/cart",
    route(async (req, res) => {
      const items = body(req).items;
      const cart = await carts.create({ customerId: currentCustomerId(req), lines: items === undefined ? [] : parseItems(items) });
      res.status(201).json({ id: cart.id });
    }),
  );

  router.post(
    "/cart/sync",
    route(async (req, res) => {
      const cart = await carts.sync(parseItems(body(req).items), currentCustomerId(req));
      res.status(201).json({ cartId: cart.id, checkoutUrl: checkoutUrl(publicUrl, cart.checkoutToken) });
    }),
  );

  router.get(
    "/cart/:cartId",
    route(async (req, res) => {
      res.json(toCartJson(await carts.get(cartId(req)), publicUrl));
    }),
  );

  router.post(
    "/cart/:cartId/items",
    route(async (req, res) => {
      res.json(toCartJson(await carts.addLines(cartId(req), parseItems(body(req).items)), publicUrl));
    }),
  );

  router.patch(
    "/cart/:cartId/items/:lineId",
    route(async (req, res) => {
      const quantity = body(req).quantity;
      const update = { lineId: String(req.params.lineId), quantity: typeof quantity === "number" ? quantity : Number.NaN };
      res.json(toCartJson(await carts.updateLines(cartId(req), [update]), publicUrl));
    }),
  );

  router.delete(
    "/cart/:cartId/items/:lineId",
    route(async (req, res) => {
      res.json(toCartJson(await carts.removeLines(cartId(req), [String(req.params.lineId)]), publicUrl));
    }),
  );

  router.get(
    "/cart/:cartId/checkout-url",
    route(async (req, res) => {
      const cart = await carts.get(cartId(req));
      res.json({ checkoutUrl: checkoutUrl(publicUrl, cart.checkoutToken) });
    }),
  );

  return router;
}
