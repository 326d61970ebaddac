import { SERVER_CART_ID_KEY } from "../src/features/cart/serverCartId";
import { mockClient } from "./mockClient";

type Attribute = { key: string; value: string };
type Line = { id: string; quantity: number; merchandiseId: string; attributes: Attribute[] };
type Operation = "ServerCart" | "ServerCartCreate" | "ServerCartLinesAdd" | "ServerCartLinesUpdate" | "ServerCartLinesRemove" | "CartDiscount" | "CartDiscountCodesUpdate";

/** A discount code the fake store knows: a percentage off (or free shipping), from a minimum subtotal. */
export interface FakeDiscountCode {
  code: string;
  percentOff?: number;
  freeShipping?: boolean;
  minimumCents?: number;
}

interface FakeCartGatewayOptions {
  /** Variants the store does not sell (a removed product): adding them is refused. */
  unknownVariants?: string[];
  /** Variants staff withdrew (archived, off sale, product not active): adding or raising them is refused, and a cart shows them unavailable. */
  withdrawnVariants?: string[];
  /** The store's bound on one line, answered as shop.maxLineQuantity and enforced. */
  maxLineQuantity?: number;
  /** The free-shipping threshold the cart page shows. */
  freeShippingThreshold?: string;
  /** The codes cartDiscountCodesUpdate takes; any other is refused as DISCOUNT_CODE_UNKNOWN. */
  discountCodes?: FakeDiscountCode[];
  /** The store's current unit prices in cents, by variant (what the cart's cost is priced at; 1000 when absent). */
  prices?: Record<string, number>;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * A gateway with server carts in memory, answering the client's cart operations (ServerCart.graphql,
 * CartLimits, CartRoute) as the real one does: userErrors with the real codes, a checked-out cart
 * gone. `failing` makes an operation fail as if the network did, to see what the shopper is told.
 */
export function fakeCartGateway({
  unknownVariants = [],
  withdrawnVariants = [],
  maxLineQuantity = 99_999,
  freeShippingThreshold = "75.00",
  discountCodes = [],
  prices = {},
}: FakeCartGatewayOptions = {}) {
  const carts = new Map<string, { lines: Line[]; completed: boolean; code?: FakeDiscountCode | null }>();
  const money = (cents: number) => ({ __typename: "Money", amount: dollars(cents) });
  /** The cart's code judged against its lines, as the gateway does at every pricing. */
  const priced = (id: string) => {
    const cart = carts.get(id)!;
    const subtotal = cart.lines.reduce((sum, l) => sum + (prices[l.merchandiseId] ?? 1000) * l.quantity, 0);
    const code = cart.code ?? null;
    const short = code ? (code.minimumCents ?? 0) - subtotal : 0;
    const applicable = code !== null && short <= 0;
    const discount = applicable && !code.freeShipping ? Math.round((subtotal * (code.percentOff ?? 0)) / 100) : 0;
    const message = code && !applicable ? `Add $${dollars(short)} more to use ${code.code}.` : null;
    return { subtotal, discount, code, applicable, message };
  };
  const discountView = (id: string) => {
    const { subtotal, discount, code, applicable, message } = priced(id);
    return {
      discountCodes: code
        ? [{ __typename: "CartDiscountCode", code: code.code, applicable, message, freeShipping: code.freeShipping ?? false, reason: applicable ? null : "MINIMUM_NOT_MET" }]
        : [],
      cost: { __typename: "CartCost", subtotalAmount: money(subtotal), discountAmount: money(discount), totalAmount: money(subtotal - discount) },
    };
  };
  const failing = new Set<Operation>();
  let next = 0;
  const view = (id: string) => ({
    __typename: "Cart",
    id,
    checkoutUrl: `http://shop.test/store/checkout/${id.split("/").pop()}`,
    lines: {
      __typename: "CartLineConnection",
      edges: carts.get(id)!.lines.map((l) => ({
        __typename: "CartLineEdge",
        node: {
          __typename: "CartLine",
          id: l.id,
          quantity: l.quantity,
          merchandise: { __typename: "Variant", id: l.merchandiseId, availableForSale: !withdrawnVariants.includes(l.merchandiseId) },
          attributes: l.attributes.map((a) => ({ __typename: "Attribute", ...a })),
        },
      })),
    },
    ...discountView(id),
  });
  const payload = (id: string, problem?: { code: string; message: string }) => ({
    __typename: "Payload",
    cart: problem ? null : view(id),
    userErrors: problem ? [{ __typename: "CartUserError", field: null, ...problem }] : [],
  });
  const open = (id: string) => {
    const cart = carts.get(id);
    if (!cart) return { code: "CART_NOT_FOUND", message: "Cart not found" };
    if (cart.completed) return { code: "CART_COMPLETED", message: "Checked out" };
    return undefined;
  };
  const tooMany = { code: "INVALID_QUANTITY", message: `Quantity must be a whole number from 1 to ${maxLineQuantity}` };
  const guard = (operation: Operation, answer: (variables: Record<string, unknown>) => object) => (variables: Record<string, unknown>) =>
    failing.has(operation) ? new Error("Failed to fetch") : answer(variables);

  const mocked = mockClient({
    CartLimits: () => ({ data: { shop: { __typename: "Shop", maxLineQuantity } } }),
    CartRoute: () => ({ data: { shop: { __typename: "Shop", freeShippingThreshold: { __typename: "Money", amount: freeShippingThreshold } } } }),
    ServerCart: guard("ServerCart", ({ id }) => ({ data: { cart: open(id as string) ? null : view(id as string) } })),
    CartDiscount: guard("CartDiscount", ({ id }) => ({ data: { cart: open(id as string) ? null : view(id as string) } })),
    CartDiscountCodesUpdate: guard("CartDiscountCodesUpdate", ({ cartId, discountCodes: wanted }) => {
      const id = cartId as string;
      const problem = open(id);
      const answer = (userErrors: { code: string; message: string }[]) => ({
        data: { cartDiscountCodesUpdate: { __typename: "CartDiscountCodesUpdatePayload", cart: view(id), userErrors: userErrors.map((e) => ({ __typename: "CartUserError", field: null, ...e })) } },
      });
      if (problem) return { data: { cartDiscountCodesUpdate: payload(id, problem) } };
      const [typed] = wanted as string[];
      if (typed === undefined) {
        carts.get(id)!.code = null;
        return answer([]);
      }
      const found = discountCodes.find((d) => d.code.toLowerCase() === typed.trim().toLowerCase());
      if (!found) return answer([{ code: "DISCOUNT_CODE_UNKNOWN", message: `“${typed}” is not a discount code we know. Check the spelling and try again.` }]);
      carts.get(id)!.code = found;
      const { message } = priced(id);
      return answer(message ? [{ code: "DISCOUNT_CODE_MINIMUM_NOT_MET", message }] : []);
    }),
    ServerCartCreate: guard("ServerCartCreate", () => {
      const id = `gid://shop/Cart/${++next}`;
      carts.set(id, { lines: [], completed: false });
      return { data: { cartCreate: payload(id) } };
    }),
    ServerCartLinesAdd: guard("ServerCartLinesAdd", ({ cartId, lines }) => {
      const id = cartId as string;
      const problem = open(id);
      if (problem) return { data: { cartLinesAdd: payload(id, problem) } };
      const adds = lines as { merchandiseId: string; quantity: number; attributes: Attribute[] }[];
      if (adds.some((l) => unknownVariants.includes(l.merchandiseId))) {
        return { data: { cartLinesAdd: payload(id, { code: "MERCHANDISE_NOT_FOUND", message: "Price data missing for item: unknown" }) } };
      }
      if (adds.some((l) => withdrawnVariants.includes(l.merchandiseId))) {
        return { data: { cartLinesAdd: payload(id, { code: "MERCHANDISE_NOT_APPLICABLE", message: "Withdrawn Tee is no longer available" }) } };
      }
      if (adds.some((l) => l.quantity > maxLineQuantity)) return { data: { cartLinesAdd: payload(id, tooMany) } };
      for (const add of adds) carts.get(id)!.lines.push({ id: `line-${++next}`, ...add });
      return { data: { cartLinesAdd: payload(id) } };
    }),
    ServerCartLinesUpdate: guard("ServerCartLinesUpdate", ({ cartId, lines }) => {
      const id = cartId as string;
      const problem = open(id);
      if (problem) return { data: { cartLinesUpdate: payload(id, problem) } };
      const updates = lines as { id: string; quantity: number }[];
      if (updates.some((u) => u.quantity > maxLineQuantity)) return { data: { cartLinesUpdate: payload(id, tooMany) } };
      if (updates.some((u) => !carts.get(id)!.lines.some((l) => l.id === u.id))) {
        return { data: { cartLinesUpdate: payload(id, { code: "LINE_NOT_FOUND", message: "Cart line not found" }) } };
      }
      const raisesWithdrawn = updates.some((u) => {
        const held = carts.get(id)!.lines.find((l) => l.id === u.id)!;
        return u.quantity > held.quantity && withdrawnVariants.includes(held.merchandiseId);
      });
      if (raisesWithdrawn) return { data: { cartLinesUpdate: payload(id, { code: "MERCHANDISE_NOT_APPLICABLE", message: "Withdrawn Tee is no longer available" }) } };
      for (const u of updates) carts.get(id)!.lines.find((l) => l.id === u.id)!.quantity = u.quantity;
      return { data: { cartLinesUpdate: payload(id) } };
    }),
    ServerCartLinesRemove: guard("ServerCartLinesRemove", ({ cartId, lineIds }) => {
      const id = cartId as string;
      const problem = open(id);
      if (problem) return { data: { cartLinesRemove: payload(id, problem) } };
      const cart = carts.get(id)!;
      cart.lines = cart.lines.filter((l) => !(lineIds as string[]).includes(l.id));
      return { data: { cartLinesRemove: payload(id) } };
    }),
  });
  const storedId = () => window.localStorage.getItem(SERVER_CART_ID_KEY);
  return {
    ...mocked,
    carts,
    failing,
    storedId,
    /** The stored server cart's lines, as the store holds them. */
    lines: () => carts.get(storedId()!)!.lines.map(({ merchandiseId, quantity, attributes }) => ({ merchandiseId, quantity, attributes })),
    /** The code the stored server cart holds; null: none. */
    code: () => carts.get(storedId()!)?.code?.code ?? null,
    /** How many times an operation was asked for. */
    count: (operation: string) => mocked.calls.filter((c) => c.operation === operation).length,
  };
}
