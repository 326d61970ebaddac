import { Router, type Request } from "express";
import { route } from "../http/errors.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { Accept, ListOf, parseInput } from "../shared/validation.js";
import type { CartLineRequest } from "./cart.records.js";
import { MAX_LINE_QUANTITY } from "./cart.rules.js";
import { linesPerCall } from "./cart.types.js";
import { checkoutUrl, toCartJson } from "./cart.view.js";
import type { CartService } from "./cart.service.js";

// spec §7 cart calls, plus POST /api/cart/sync (the cart page's "sync the local cart to the store").
// Bodies are read and their shapes checked through the classes below; every rule (quantities,
// prices, attributes) is the cart service's, and its errors name the lines as "lines.0.quantity".

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";

class AttributeBody {
  @Accept({ type: "string", description: "The attribute's name (1–64 characters, unique within the line)." })
  key!: string;

  @Accept({ type: "string", description: "The attribute's value (at most 500 characters)." })
  value!: string;
}

/** One line of items: {variantId, quantity, customAttributes: [{key, value}]} (sync lines may add a title). */
class CartItemBody {
  // A missing or malformed id is the cart's to answer ("Price data missing for item: …").
  @Accept({ type: "string", description: "Id of the variant (a product's variants[].id)." })
  variantId?: unknown;

  // Left out: 1 (as in GraphQL); anything but a number is answered by the cart's quantity rule.
  @Accept({ type: "integer", minimum: 1, maximum: MAX_LINE_QUANTITY, default: 1, description: "How many." })
  quantity?: unknown;

  @ListOf(() => AttributeBody, {
    optional: true,
    nullable: true,
    notList: (field) => `${field} must be a list of {key, value}`,
    badItem: (a, field, i) => (isObject(a) && typeof a.key === "string" && typeof a.value === "string" ? null : `${field}[${i}] must be {key, value} with two strings`),
  })
  customAttributes?: AttributeBody[] | null;

  @Accept({ type: ["string", "null"], description: 'The title the shopper saw; names the line in "Price data missing for item: {title}".' })
  title?: unknown;
}

/** items: a list of lines; the cart's answers about how many name them "lines", as GraphQL's do. */
const Items = ({ optional, empty }: { optional: boolean; empty: string | null }) => {
  const perCall = linesPerCall(empty);
  return ListOf(() => CartItemBody, {
    optional,
    notList: (field) => `${field} must be a list of {variantId, quantity, customAttributes}`,
    badItem: (item, field, i) => (isObject(item) ? null : `${field}[${i}] must be an object`),
    then: { schema: perCall.schema, check: (value) => perCall.check(value, "lines") },
  });
};

/** POST /api/cart: a new cart, with lines or none. */
class CartCreateBody {
  @Items({ optional: true, empty: null })
  items?: CartItemBody[];
}

/** POST /api/cart/{cartId}/items. */
class CartItemsBody {
  @Items({ optional: false, empty: "Give at least one line" })
  items!: CartItemBody[];
}

/** POST /api/cart/sync: the local cart's lines. */
class CartSyncBody {
  @Items({ optional: false, empty: "The cart is empty: give at least one line" })
  items!: CartItemBody[];
}

/** PATCH /api/cart/{cartId}/items/{lineId}. */
class CartQuantityBody {
  // Anything but a number is answered by the cart's quantity rule.
  @Accept({ type: "integer", minimum: 1, maximum: MAX_LINE_QUANTITY, description: "The line's new quantity." })
  quantity?: unknown;
}

/** A number where one is given, NaN otherwise, so the service's quantity rule answers (1 when left out, as in GraphQL). */
function quantityOf(value: unknown): number {
  if (value === undefined) return 1;
  return typeof value === "number" ? value : Number.NaN;
}

function toLineRequests(items: CartItemBody[] | undefined): CartLineRequest[] {
  return (items ?? []).map((item) => ({
    variantId: typeof item.variantId === "string" ? item.variantId : "",
    quantity: quantityOf(item.quantity),
    customAttributes: (item.customAttributes ?? []).map((a) => ({ key: a.key, value: a.value })),
    title: typeof item.title === "string" ? item.title : null,
  }));
}

export function cartRoutes(carts: CartService, publicUrl: string): Router {
  const router = Router();
  const cartId = (req: Request) => String(req.params.cartId);

  router.post(
    "/cart",
    route(async (req, res) => {
      const { items } = parseInput(CartCreateBody, req.body);
      const cart = await carts.create({ customerId: currentCustomerId(req), lines: toLineRequests(items) });
      res.status(201).json({ id: cart.id });
    }),
  );

  router.post(
    "/cart/sync",
    route(async (req, res) => {
      const cart = await carts.sync(toLineRequests(parseInput(CartSyncBody, req.body).items), currentCustomerId(req));
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
      res.json(toCartJson(await carts.addLines(cartId(req), toLineRequests(parseInput(CartItemsBody, req.body).items)), publicUrl));
    }),
  );

  router.patch(
    "/cart/:cartId/items/:lineId",
    route(async (req, res) => {
      const { quantity } = parseInput(CartQuantityBody, req.body);
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
