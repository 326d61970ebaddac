import { SERVER_CART_ID_KEY } from "../src/features/cart/serverCartId";
import { mockClient } from "./mockClient";

type Attribute = { key: string; value: string };
type Line = { id: string; quantity: number; merchandiseId: string; attributes: Attribute[] };
type Operation = "ServerCart" | "ServerCartCreate" | "ServerCartLinesAdd" | "ServerCartLinesUpdate" | "ServerCartLinesRemove";

interface FakeCartGatewayOptions {
  /** Variants the store does not sell (a removed product): adding them is refused. */
  unknownVariants?: string[];
  /** Variants staff withdrew (archived, off sale, product not active): adding or raising them is refused, and a cart shows them unavailable. */
  withdrawnVariants?: string[];
  /** The store's bound on one line, answered as shop.maxLineQuantity and enforced. */
  maxLineQuantity?: number;
  /** The free-shipping threshold the cart page shows. */
  freeShippingThreshold?: string;
}

/**
 * A gateway with server carts in memory, answering the client's cart operations (ServerCart.graphql,
 * CartLimits, CartRoute) as the real one does: userErrors with the real codes, a checked-out cart
 * gone. `failing` makes an operation fail as if the network did, to see what the shopper is told.
 */
export function fakeCartGateway({ unknownVariants = [], withdrawnVariants = [], maxLineQuantity = 99_999, freeShippingThreshold = "75.00" }: FakeCartGatewayOptions = {}) {
  const carts = new Map<string, { lines: Line[]; completed: boolean }>();
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
    /** How many times an operation was asked for. */
    count: (operation: string) => mocked.calls.filter((c) => c.operation === operation).length,
  };
}
