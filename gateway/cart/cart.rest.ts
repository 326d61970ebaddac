import type { Request, Router } from "express";
import { route } from "../http/errors.js";
import { describedRouter, errorAnswer, jsonAnswer, NOT_MODIFIED, type ApiOperation } from "../http/openapi.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { Accept, ListOf, parseInput } from "../shared/validation.js";
import type { CartLineRequest } from "./cart.records.js";
import { MAX_LINE_QUANTITY } from "./cart.rules.js";
import { linesPerCall } from "./cart.types.js";
import { CART_JSON, checkoutUrl, toCartJson } from "./cart.view.js";
import type { CartService } from "./cart.service.js";

// spec §7 cart calls, plus POST /api/cart/sync (the cart page's "sync the local cart to the store").
// Bodies are read and their shapes checked through the classes below; every rule (quantities,
// prices, attributes) is the cart service's, and its errors name the lines as "lines.0.quantity".

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";

class AttributeBody {
  // Both strings: the list's check (badItem) refuses anything else, naming the attribute.
  @Accept({ type: "string", description: "The attribute's name (1–64 characters, unique within the line)." }, { required: true })
  key!: string;

  @Accept({ type: "string", description: "The attribute's value (at most 500 characters)." }, { required: true })
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

const tag = "cart";
const CART_ID = "The cart's id (gid://shop/Cart/…), URL-encoded.";
const LINE_ID = "The line's id (a lines.edges[].node.id of the cart).";
const cartAnswer = (description: string) => jsonAnswer(description, CART_JSON);
const NO_CART = errorAnswer('No cart has this id ("Cart not found").');
const NO_CART_OR_LINE = errorAnswer('No cart has this id, or the line is not one of its lines ("Cart not found", "Cart line not found").');
const CHECKED_OUT = errorAnswer("The cart has been checked out and can no longer change; start a new cart.");
const REFUSED_LINES = errorAnswer(
  'A line is refused (`field` names it, e.g. "lines.0.quantity" or "items.0.customAttributes"): items that are not a list of objects, none or over 100 of them, a quantity that is not a whole number from 1 to 99,999 (also once added to what the cart holds), a variant that cannot be priced ("Price data missing for item: {title}"), a variant that can no longer be bought ("{product} is no longer available", "{product} is not available for sale right now"), bad custom attributes, a design that was never uploaded; or the body is not JSON.',
);

const createCart: ApiOperation = {
  method: "post",
  path: "/cart",
  tag,
  summary: "A new cart",
  description: "Makes a server cart (recording the signed-in customer, if any), empty or with the given lines.",
  body: { json: CartCreateBody, optional: true },
  responses: {
    201: jsonAnswer("The new cart's id.", { type: "object", required: ["id"], additionalProperties: false, properties: { id: { type: "string" } } }),
    400: REFUSED_LINES,
  },
};

const syncCart: ApiOperation = {
  method: "post",
  path: "/cart/sync",
  tag,
  summary: "Sync the local cart",
  description:
    'The cart page\'s checkout: a new server cart holding exactly the browser\'s local lines, and its hosted checkout page. When a line cannot be priced nothing is made and the error reads "Price data missing for item: {title}"; when its variant can no longer be bought, "{product} is no longer available" (or "… is not available for sale right now").',
  body: { json: CartSyncBody },
  responses: {
    201: jsonAnswer("The new cart and where to pay for it.", {
      type: "object",
      required: ["cartId", "checkoutUrl"],
      additionalProperties: false,
      properties: { cartId: { type: "string" }, checkoutUrl: { type: "string" } },
    }),
    400: REFUSED_LINES,
  },
};

const getCart: ApiOperation = {
  method: "get",
  path: "/cart/:cartId",
  tag,
  summary: "A cart",
  description: "The cart with its lines at the catalog's current prices.",
  params: { cartId: CART_ID },
  responses: { 200: cartAnswer("The cart."), 304: NOT_MODIFIED, 404: NO_CART, 409: CHECKED_OUT },
};

const addItems: ApiOperation = {
  method: "post",
  path: "/cart/:cartId/items",
  tag,
  summary: "Add lines",
  description: "Adds lines; a variant already in the cart with the same custom attributes gets its quantity raised. All or nothing.",
  params: { cartId: CART_ID },
  body: { json: CartItemsBody },
  responses: { 200: cartAnswer("The cart after the change."), 400: REFUSED_LINES, 404: NO_CART, 409: CHECKED_OUT },
};

const updateItem: ApiOperation = {
  method: "patch",
  path: "/cart/:cartId/items/:lineId",
  tag,
  summary: "Set a line's quantity",
  description: "Sets the quantity of one line (1–99,999; removing a line is DELETE). A line whose variant can no longer be bought may be lowered, not raised.",
  params: { cartId: CART_ID, lineId: LINE_ID },
  body: { json: CartQuantityBody },
  responses: {
    200: cartAnswer("The cart after the change."),
    400: errorAnswer(
      'The quantity is not a whole number from 1 to 99,999 ("lines.0.quantity"), it would raise a line whose variant can no longer be bought ("{product} is no longer available", "lines.0.id"), or the body is not JSON.',
    ),
    404: NO_CART_OR_LINE,
    409: CHECKED_OUT,
  },
};

const removeItem: ApiOperation = {
  method: "delete",
  path: "/cart/:cartId/items/:lineId",
  tag,
  summary: "Remove a line",
  description: "Removes one line from the cart.",
  params: { cartId: CART_ID, lineId: LINE_ID },
  responses: { 200: cartAnswer("The cart after the change."), 404: NO_CART_OR_LINE, 409: CHECKED_OUT },
};

const checkoutUrlOf: ApiOperation = {
  method: "get",
  path: "/cart/:cartId/checkout-url",
  tag,
  summary: "Where to pay for a cart",
  description:
    "The store's hosted checkout page of the cart (spec §7); the browser then navigates to it. A cart holding a line whose variant can no longer be bought is refused until that line is removed.",
  params: { cartId: CART_ID },
  responses: {
    200: jsonAnswer("The checkout page.", { type: "object", required: ["checkoutUrl"], additionalProperties: false, properties: { checkoutUrl: { type: "string" } } }),
    304: NOT_MODIFIED,
    400: errorAnswer('A line\'s variant can no longer be bought ("{product} is no longer available", "{product} is not available for sale right now"; `field` "lines.0.merchandise").'),
    404: NO_CART,
    409: CHECKED_OUT,
  },
};

export const CART_API = [createCart, syncCart, getCart, addItems, updateItem, removeItem, checkoutUrlOf];

export function cartRoutes(carts: CartService, publicUrl: string): Router {
  const api = describedRouter(CART_API);
  const cartId = (req: Request) => String(req.params.cartId);

  api.on(
    createCart,
    route(async (req, res) => {
      const { items } = parseInput(CartCreateBody, req.body);
      const cart = await carts.create({ customerId: currentCustomerId(req), lines: toLineRequests(items) });
      res.status(201).json({ id: cart.id });
    }),
  );

  api.on(
    syncCart,
    route(async (req, res) => {
      const cart = await carts.sync(toLineRequests(parseInput(CartSyncBody, req.body).items), currentCustomerId(req));
      res.status(201).json({ cartId: cart.id, checkoutUrl: checkoutUrl(publicUrl, cart.checkoutToken) });
    }),
  );

  api.on(
    getCart,
    route(async (req, res) => {
      res.json(toCartJson(await carts.get(cartId(req)), publicUrl));
    }),
  );

  api.on(
    addItems,
    route(async (req, res) => {
      res.json(toCartJson(await carts.addLines(cartId(req), toLineRequests(parseInput(CartItemsBody, req.body).items)), publicUrl));
    }),
  );

  api.on(
    updateItem,
    route(async (req, res) => {
      const { quantity } = parseInput(CartQuantityBody, req.body);
      const update = { lineId: String(req.params.lineId), quantity: typeof quantity === "number" ? quantity : Number.NaN };
      res.json(toCartJson(await carts.updateLines(cartId(req), [update]), publicUrl));
    }),
  );

  api.on(
    removeItem,
    route(async (req, res) => {
      res.json(toCartJson(await carts.removeLines(cartId(req), [String(req.params.lineId)]), publicUrl));
    }),
  );

  api.on(
    checkoutUrlOf,
    route(async (req, res) => {
      res.json({ checkoutUrl: checkoutUrl(publicUrl, await carts.checkoutToken(cartId(req))) });
    }),
  );

  return api.done();
}
