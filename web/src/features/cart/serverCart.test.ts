import { describe, expect, it } from "vitest";
import { mockClient } from "../../../tests/mockClient";
import { saveCart, type LocalCartLine } from "./localCart";
import { SERVER_CART_ID_KEY, ServerCartMirror } from "./serverCart";

const tee: LocalCartLine = { id: "v-tee", title: "Subcommittee Tee", image: "", price: 24.99, quantity: 2 };
const memeTee: LocalCartLine = { ...tee, quantity: 1, customAttributes: [{ key: "memeId", value: "m-1" }] };

type Line = { id: string; quantity: number; merchandiseId: string; attributes: { key: string; value: string }[] };

/** A gateway with carts in memory, answering the mirror's operations as the real one does. */
function fakeGateway({ unknownVariants = [] as string[] } = {}) {
  const carts = new Map<string, { lines: Line[]; completed: boolean }>();
  let next = 0;
  const view = (id: string) => ({
    __typename: "Cart",
    id,
    lines: {
      __typename: "CartLineConnection",
      edges: carts.get(id)!.lines.map((l) => ({
        __typename: "CartLineEdge",
        node: {
          __typename: "CartLine",
          id: l.id,
          quantity: l.quantity,
          merchandise: { __typename: "Variant", id: l.merchandiseId },
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
  const mocked = mockClient({
    ServerCart: ({ id }) => ({ data: { cart: open(id as string) ? null : view(id as string) } }),
    ServerCartCreate: () => {
      const id = `gid://shop/Cart/${++next}`;
      carts.set(id, { lines: [], completed: false });
      return { data: { cartCreate: payload(id) } };
    },
    ServerCartLinesAdd: ({ cartId, lines }) => {
      const id = cartId as string;
      const problem = open(id);
      if (problem) return { data: { cartLinesAdd: payload(id, problem) } };
      const adds = lines as { merchandiseId: string; quantity: number; attributes: Line["attributes"] }[];
      if (adds.some((l) => unknownVariants.includes(l.merchandiseId))) {
        return { data: { cartLinesAdd: payload(id, { code: "MERCHANDISE_NOT_FOUND", message: "Price data missing for item" }) } };
      }
      for (const add of adds) carts.get(id)!.lines.push({ id: `line-${++next}`, ...add });
      return { data: { cartLinesAdd: payload(id) } };
    },
    ServerCartLinesUpdate: ({ cartId, lines }) => {
      const id = cartId as string;
      for (const u of lines as { id: string; quantity: number }[]) carts.get(id)!.lines.find((l) => l.id === u.id)!.quantity = u.quantity;
      return { data: { cartLinesUpdate: payload(id) } };
    },
    ServerCartLinesRemove: ({ cartId, lineIds }) => {
      const id = cartId as string;
      const cart = carts.get(id)!;
      cart.lines = cart.lines.filter((l) => !(lineIds as string[]).includes(l.id));
      return { data: { cartLinesRemove: payload(id) } };
    },
  });
  const storedId = () => window.localStorage.getItem(SERVER_CART_ID_KEY);
  return { ...mocked, carts, storedId, lines: () => carts.get(storedId()!)!.lines.map(({ merchandiseId, quantity, attributes }) => ({ merchandiseId, quantity, attributes })) };
}

describe("the server cart beside the local one (spec §4 Server cart, issue 6)", () => {
  it("makes a cart on start when none is stored, keeps its id, and carries the local lines over", async () => {
    const gateway = fakeGateway();
    saveCart([tee, memeTee]);
    const mirror = new ServerCartMirror(gateway.client);
    const busy: boolean[] = [];
    mirror.subscribe(() => busy.push(mirror.isBusy()));
    await mirror.sync();
    expect(gateway.storedId()).toBe("gid://shop/Cart/1");
    expect(gateway.lines()).toEqual([
      { merchandiseId: "v-tee", quantity: 2, attributes: [] },
      { merchandiseId: "v-tee", quantity: 1, attributes: [{ key: "memeId", value: "m-1" }] },
    ]);
    expect(busy).toEqual([true, false]);
  });

  it("fetches the stored cart, and makes a new one when it is unknown or checked out", async () => {
    const gateway = fakeGateway();
    window.localStorage.setItem(SERVER_CART_ID_KEY, "gid://shop/Cart/unknown");
    saveCart([tee]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    const first = gateway.storedId();
    expect(first).not.toBe("gid://shop/Cart/unknown");
    expect(gateway.calls.map((c) => c.operation)).toEqual(["ServerCart", "ServerCartCreate", "ServerCartLinesAdd"]);

    gateway.carts.get(first!)!.completed = true;
    saveCart([{ ...tee, quantity: 3 }]);
    await mirror.sync();
    expect(gateway.storedId()).not.toBe(first);
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 3, attributes: [] }]);
  });

  it("follows changes, and replaces the cart with a fresh one when the local cart is emptied", async () => {
    const gateway = fakeGateway();
    saveCart([tee, memeTee]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    saveCart([{ ...tee, quantity: 5 }]);
    await mirror.sync();
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 5, attributes: [] }]);

    const before = gateway.storedId();
    saveCart([]);
    await mirror.sync();
    expect(gateway.storedId()).not.toBe(before);
    expect(gateway.lines()).toEqual([]);
  });

  it("adds what it can when the gateway refuses a line, and does not offer that line again", async () => {
    const gateway = fakeGateway({ unknownVariants: ["v-gone"] });
    saveCart([tee, { ...tee, id: "v-gone", title: "Removed" }]);
    const mirror = new ServerCartMirror(gateway.client);
    await mirror.sync();
    expect(gateway.lines()).toEqual([{ merchandiseId: "v-tee", quantity: 2, attributes: [] }]);
    const adds = gateway.calls.filter((c) => c.operation === "ServerCartLinesAdd").length;
    await mirror.sync();
    expect(gateway.calls.filter((c) => c.operation === "ServerCartLinesAdd").length).toBe(adds);
  });

  it("leaves the local cart alone when the gateway cannot be reached", async () => {
    const { client } = mockClient({});
    saveCart([tee]);
    const mirror = new ServerCartMirror(client);
    await mirror.sync();
    expect(mirror.isBusy()).toBe(false);
    expect(window.localStorage.getItem(SERVER_CART_ID_KEY)).toBeNull();
  });
});
