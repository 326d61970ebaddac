// Carts reshaped for the edge in one place: GraphQL's Cart and REST's JSON (spec §3 Server cart, §7).
import { MONEY_JSON, toMoney } from "../shared/money.js";
import { effectiveCompareAtCents } from "../catalog/pricing.js";
import { encodeOffsetCursor } from "../shared/paging.js";
import type { Variant } from "../catalog/catalog.types.js";
import { displayVariantTitle, type CartMerchandise, type CartSummary, type PricedCart, type PricedCartLine } from "./cart.records.js";
import type { Cart, CartLine } from "./cart.types.js";
import { unavailableReason } from "./cart.rules.js";
import { linePicture } from "../designs/design.records.js";

/** The store's hosted checkout page of a cart. */
export function checkoutUrl(publicUrl: string, checkoutToken: string): string {
  return `${publicUrl}/store/checkout/${checkoutToken}`;
}

function toVariant(m: CartMerchandise): Variant {
  const compareAt = effectiveCompareAtCents(m.priceCents, m.compareAtCents);
  return {
    id: m.variantId,
    productId: m.productId,
    title: m.variantTitle,
    price: toMoney(m.priceCents),
    compareAtPrice: compareAt === null ? null : toMoney(compareAt),
    selectedOptions: m.selectedOptions,
    availableForSale: unavailableReason(m) === null,
  };
}

/** GraphQL's CartLine.image: the line's picture (linePicture), described for who cannot see it. */
function lineImage(line: PricedCartLine): CartLine["image"] {
  const picture = linePicture(line.customAttributes, line.merchandise.imageUrl);
  if (!picture) return null;
  const title = line.merchandise.productTitle;
  return { id: `${line.id}:image`, url: picture.url, altText: picture.designId ? `Your custom design on ${title}` : title };
}

function lineCost(line: PricedCartLine) {
  return { amountPerQuantity: toMoney(line.merchandise.priceCents), subtotalAmount: toMoney(line.subtotalCents), totalAmount: toMoney(line.totalCents) };
}

/** The code the cart holds, and whether it applies (GraphQL's Cart.discountCodes, REST's discountCodes). */
function discountCodes(cart: PricedCart) {
  const d = cart.discount;
  if (!d) return [];
  return [{ code: d.code, applicable: d.applicable, reason: d.reason, message: d.message, freeShipping: d.pricing.kind === "free_shipping" }];
}

/** What the code takes off, as one allocation (none when nothing comes off). */
function allocations(code: string | undefined, cents: number) {
  return code !== undefined && cents > 0 ? [{ code, discountedAmount: toMoney(cents) }] : [];
}

function cartCost(cart: PricedCart) {
  return { subtotalAmount: toMoney(cart.subtotalCents), discountAmount: toMoney(cart.discountCents), totalAmount: toMoney(cart.totalCents) };
}

export function toCartType(cart: PricedCart, publicUrl: string): Cart {
  const nodes: CartLine[] = cart.lines.map((line) => ({
    id: line.id,
    quantity: line.quantity,
    merchandise: toVariant(line.merchandise),
    attributes: line.customAttributes,
    image: lineImage(line),
    cost: lineCost(line),
    discountAllocations: allocations(cart.discount?.code, line.discountCents),
  }));
  return {
    id: cart.id,
    checkoutUrl: checkoutUrl(publicUrl, cart.checkoutToken),
    totalQuantity: cart.totalQuantity,
    lines: { edges: nodes.map((node, i) => ({ cursor: encodeOffsetCursor(i), node })), nodes },
    cost: cartCost(cart),
    discountCodes: discountCodes(cart) as Cart["discountCodes"],
    discountAllocations: allocations(cart.discount?.code, cart.discountCents),
    createdAt: cart.createdAt,
    updatedAt: cart.updatedAt,
  };
}

/**
 * GraphQL's Cart from a summary, for an answer whose query selects neither `lines` nor `cost` (the
 * resolver checks): those two were not read, and reading them fails loudly rather than answer an
 * empty cart.
 */
export function toCartSummaryType(cart: CartSummary, publicUrl: string): Cart {
  const notRead = (field: string) => () => {
    throw new Error(`Cart.${field} was not read: the query was judged not to select it`);
  };
  return Object.defineProperties(
    {
      id: cart.id,
      checkoutUrl: checkoutUrl(publicUrl, cart.checkoutToken),
      totalQuantity: cart.totalQuantity,
      createdAt: cart.createdAt,
      updatedAt: cart.updatedAt,
    },
    {
      lines: { get: notRead("lines"), enumerable: true },
      cost: { get: notRead("cost"), enumerable: true },
      discountCodes: { get: notRead("discountCodes"), enumerable: true },
      discountAllocations: { get: notRead("discountAllocations"), enumerable: true },
    },
  ) as Cart;
}

/**
 * REST's cart (spec §3 Server cart): lines.edges[].node with merchandise {id, title, price.amount,
 * product {title, featuredImage.url}}. For a product without options the merchandise title is the
 * product's title and variantTitle is null ("Default Title" is never shown, spec §3).
 */
export function toCartJson(cart: PricedCart, publicUrl: string) {
  return {
    id: cart.id,
    checkoutUrl: checkoutUrl(publicUrl, cart.checkoutToken),
    totalQuantity: cart.totalQuantity,
    lines: {
      edges: cart.lines.map((line) => {
        const m = line.merchandise;
        const variantTitle = displayVariantTitle(m.variantTitle);
        return {
          node: {
            id: line.id,
            quantity: line.quantity,
            merchandise: {
              id: m.variantId,
              title: variantTitle ?? m.productTitle,
              variantTitle,
              price: toMoney(m.priceCents),
              selectedOptions: m.selectedOptions,
              product: { id: m.productId, handle: m.productHandle, title: m.productTitle, featuredImage: m.imageUrl ? { url: m.imageUrl } : null },
            },
            attributes: line.customAttributes,
            cost: lineCost(line),
            discountAllocations: allocations(cart.discount?.code, line.discountCents),
          },
        };
      }),
    },
    cost: cartCost(cart),
    discountCodes: discountCodes(cart),
    discountAllocations: allocations(cart.discount?.code, cart.discountCents),
    createdAt: cart.createdAt.toISOString(),
    updatedAt: cart.updatedAt.toISOString(),
  };
}

const text = { type: "string" };
const object = (properties: Record<string, unknown>) => ({ type: "object", required: Object.keys(properties), additionalProperties: false, properties });
const money = MONEY_JSON;
const allocation = object({ code: text, discountedAmount: money });

/** toCartJson's shape as JSON Schema (the REST API's description). */
export const CART_JSON = {
  title: "Cart",
  description: "A server cart (spec §3): its lines at the catalog's current prices, and its hosted checkout page. Shipping is calculated at checkout.",
  ...object({
    id: { type: "string", description: "The cart's id (gid://shop/Cart/…): a bearer token; URL-encode it in paths." },
    checkoutUrl: text,
    totalQuantity: { type: "integer", minimum: 0 },
    lines: object({
      edges: {
        type: "array",
        items: object({
          node: object({
            id: text,
            quantity: { type: "integer", minimum: 1 },
            merchandise: object({
              id: text,
              title: { type: "string", description: "The variant's title, or the product's for a product without options." },
              variantTitle: { type: ["string", "null"], description: 'Null for a product without options ("Default Title" is never shown).' },
              price: money,
              selectedOptions: { type: "array", items: object({ name: text, value: text }) },
              product: object({ id: text, handle: text, title: text, featuredImage: { anyOf: [object({ url: text }), { type: "null" }] } }),
            }),
            attributes: { type: "array", items: object({ key: text, value: text }) },
            cost: object({ amountPerQuantity: money, subtotalAmount: money, totalAmount: money }),
            discountAllocations: { type: "array", items: allocation },
          }),
        }),
      },
    }),
    cost: object({ subtotalAmount: money, discountAmount: money, totalAmount: money }),
    discountCodes: {
      type: "array",
      maxItems: 1,
      description: "The discount code the cart holds (POST /api/cart/{id}/discount-codes), applicable or not; reason and message say why not.",
      items: object({
        code: text,
        applicable: { type: "boolean" },
        reason: { type: ["string", "null"], enum: ["UNKNOWN", "NOT_STARTED", "ENDED", "MINIMUM_NOT_MET", "NOT_ELIGIBLE", "USED_UP", "ALREADY_USED", null] },
        message: { type: ["string", "null"] },
        freeShipping: { type: "boolean" },
      }),
    },
    discountAllocations: { type: "array", items: allocation },
    createdAt: { type: "string", format: "date-time" },
    updatedAt: { type: "string", format: "date-time" },
  }),
};
