import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { uploadDesign, variantsOf, type TestVariant } from "./support/cart.js";
import { ConfigError, loadConfig } from "../gateway/config.js";

// The cart in the Shopify Storefront API's names, the local-cart sync and the shop's shipping terms.
let shop: TestGateway;
let tee: TestVariant;
let sticker: TestVariant;

const CART_FIELDS = `
  id checkoutUrl totalQuantity createdAt updatedAt
  cost { subtotalAmount { amount currencyCode } discountAmount { amount currencyCode } totalAmount { amount currencyCode } }
  lines {
    edges { cursor node {
      id quantity attributes { key value }
      cost { amountPerQuantity { amount } subtotalAmount { amount } totalAmount { amount } }
      merchandise { id title price { amount currencyCode } product { handle title featuredImage { url } } }
    } }
    nodes { id }
  }`;
const PAYLOAD = `cart { ${CART_FIELDS} } userErrors { code field message }`;

const create = (lines?: unknown[]) =>
  shop.graphql(`mutation($input: CartInput) { cartCreate(input: $input) { ${PAYLOAD} } }`, { input: lines ? { lines } : null });
const add = (cartId: string, lines: unknown[]) =>
  shop.graphql(`mutation($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { ${PAYLOAD} } }`, { id: cartId, lines });
const update = (cartId: string, lines: unknown[]) =>
  shop.graphql(`mutation($id: ID!, $lines: [CartLineUpdateInput!]!) { cartLinesUpdate(cartId: $id, lines: $lines) { ${PAYLOAD} } }`, { id: cartId, lines });
const remove = (cartId: string, lineIds: string[]) =>
  shop.graphql(`mutation($id: ID!, $ids: [ID!]!) { cartLinesRemove(cartId: $id, lineIds: $ids) { ${PAYLOAD} } }`, { id: cartId, ids: lineIds });
const read = async (id: string) => (await shop.graphql(`query($id: ID!) { cart(id: $id) { ${CART_FIELDS} } }`, { id })).data.cart;

beforeAll(async () => {
  shop = await startTestGateway();
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
  sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
});
afterAll(async () => {
  await shop?.close();
});

describe("cartCreate and cart(id)", () => {
  it("creates an empty cart that cart(id) reads back", async () => {
    const { data, errors } = await create();
    expect(errors).toBeUndefined();
    const { cart, userErrors } = data.cartCreate;
    expect(userErrors).toEqual([]);
    expect(cart).toMatchObject({ totalQuantity: 0, lines: { edges: [], nodes: [] }, cost: { subtotalAmount: { amount: "0.00", currencyCode: "USD" } } });
    expect(cart.id).toMatch(/^gid:\/\/shop\/Cart\//);
    expect(cart.checkoutUrl).toMatch(/\/store\/checkout\/[A-Za-z0-9_-]{32}$/);
    expect(await read(cart.id)).toEqual(cart);
  });

  it("creates a cart with lines, the same as REST shows", async () => {
    const designId = await uploadDesign(shop);
    const { data } = await create([{ merchandiseId: tee.id, quantity: 2, attributes: [{ key: "designId", value: designId }] }]);
    const cart = data.cartCreate.cart;
    expect(cart.lines.edges[0].node).toMatchObject({ quantity: 2, attributes: [{ key: "designId", value: designId }], merchandise: { id: tee.id, title: tee.title } });
    const rest = await shop.rest(`/api/cart/${encodeURIComponent(cart.id)}`);
    expect(rest.body.lines.edges[0].node.id).toBe(cart.lines.edges[0].node.id);
    expect(rest.body.cost).toEqual(cart.cost);
  });

  it("answers null for an id that names nothing", async () => {
    expect(await read("gid://shop/Cart/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
    expect(await read("nope")).toBeNull();
  });

  it("refuses bad lines with userErrors and creates nothing", async () => {
    const { data } = await create([{ merchandiseId: "00000000-0000-4000-8000-000000000000", quantity: 1 }]);
    expect(data.cartCreate).toEqual({
      cart: null,
      userErrors: [{ code: "MERCHANDISE_NOT_FOUND", field: "lines.0.variantId", message: "Price data missing for item: 00000000-0000-4000-8000-000000000000" }],
    });
  });
});

describe("cartLinesAdd, cartLinesUpdate, cartLinesRemove", () => {
  it("adds, merges, updates and removes lines with Storefront-shaped payloads", async () => {
    const cartId = (await create()).data.cartCreate.cart.id;
    const added = (await add(cartId, [{ merchandiseId: tee.id, quantity: 1 }, { merchandiseId: sticker.id }])).data.cartLinesAdd;
    expect(added.userErrors).toEqual([]);
    const [shirt, pack] = added.cart.lines.nodes.map((n: any) => n.id);
    expect(added.cart.lines.edges.map((e: any) => [e.node.merchandise.id, e.node.quantity])).toEqual([
      [tee.id, 1],
      [sticker.id, 1],
    ]);
    // The catalog's Variant: "Default Title" stays as the catalog has it; clients show no variant title for it.
    expect(added.cart.lines.edges[1].node.merchandise).toMatchObject({ title: "Default Title", product: { title: sticker.productTitle, featuredImage: { url: expect.any(String) } } });
    expect(added.cart.lines.edges[0].cursor).not.toBe(added.cart.lines.edges[1].cursor);

    const merged = (await add(cartId, [{ merchandiseId: tee.id, quantity: 2 }])).data.cartLinesAdd.cart;
    expect(merged.lines.edges[0].node).toMatchObject({ id: shirt, quantity: 3, cost: { amountPerQuantity: { amount: "24.99" }, subtotalAmount: { amount: "74.97" } } });

    const updated = (await update(cartId, [{ id: shirt, quantity: 5 }, { id: pack, quantity: 4 }])).data.cartLinesUpdate;
    expect(updated.userErrors).toEqual([]);
    expect(updated.cart.totalQuantity).toBe(9);
    expect(updated.cart.cost.subtotalAmount.amount).toBe(((5 * tee.priceCents + 4 * sticker.priceCents) / 100).toFixed(2));

    const removed = (await remove(cartId, [pack])).data.cartLinesRemove;
    expect(removed.cart.lines.nodes).toEqual([{ id: shirt }]);
  });

  it("answers userErrors with a code and field, and leaves the cart as it was", async () => {
    const cartId = (await create([{ merchandiseId: tee.id, quantity: 2 }])).data.cartCreate.cart.id;
    const before = await read(cartId);
    const line = before.lines.nodes[0].id;
    const cases: [Promise<any>, string, string, string | null][] = [
      [add(cartId, [{ merchandiseId: tee.id, quantity: 0 }]), "cartLinesAdd", "INVALID_QUANTITY", "lines.0.quantity"],
      [add(cartId, [{ merchandiseId: tee.id, quantity: 99_998 }]), "cartLinesAdd", "INVALID_QUANTITY", "lines.0.quantity"],
      [add(cartId, [{ merchandiseId: tee.id, attributes: [{ key: "", value: "x" }] }]), "cartLinesAdd", "INVALID_ATTRIBUTES", "lines.0.customAttributes.0.key"],
      [add(cartId, [{ merchandiseId: "nope" }]), "cartLinesAdd", "MERCHANDISE_NOT_FOUND", "lines.0.variantId"],
      [add("gid://shop/Cart/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", [{ merchandiseId: tee.id }]), "cartLinesAdd", "CART_NOT_FOUND", "cartId"],
      [update(cartId, [{ id: line, quantity: 100_000 }]), "cartLinesUpdate", "INVALID_QUANTITY", "lines.0.quantity"],
      [update(cartId, [{ id: "00000000-0000-4000-8000-000000000000", quantity: 1 }]), "cartLinesUpdate", "LINE_NOT_FOUND", "lines.0.id"],
      [update(cartId, []), "cartLinesUpdate", "INVALID", "lines"],
      [remove(cartId, [line, "nope"]), "cartLinesRemove", "LINE_NOT_FOUND", "lineIds.1"],
    ];
    for (const [call, name, code, field] of cases) {
      const { data, errors } = await call;
      expect(errors).toBeUndefined();
      expect(data[name].cart).toBeNull();
      expect(data[name].userErrors).toEqual([{ code, field, message: expect.any(String) }]);
    }
    expect(await read(cartId)).toEqual(before);
  });
});

describe("cartLinesAdd answering only the cart's id and units (its lines are then not read)", () => {
  const addAsking = (cartId: string, lines: unknown[], selection: string) =>
    shop.graphql(`mutation($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { ${selection} } }`, { id: cartId, lines });

  it("answers the units the cart holds after the add, as a full read shows them", async () => {
    const cartId = (await create([{ merchandiseId: tee.id, quantity: 2 }, { merchandiseId: sticker.id }])).data.cartCreate.cart.id;
    // One unit more of a line it holds, and a new line (the sticker with a note), in one call; the plain sticker's line is untouched.
    const lines = [{ merchandiseId: tee.id }, { merchandiseId: sticker.id, quantity: 3, attributes: [{ key: "note", value: "for the office" }] }];
    const { data, errors } = await addAsking(cartId, lines, "cart { id units: totalQuantity checkoutUrl updatedAt } userErrors { code }");
    expect(errors).toBeUndefined();
    const full = await read(cartId);
    expect(data.cartLinesAdd).toEqual({ cart: { id: cartId, units: 7, checkoutUrl: full.checkoutUrl, updatedAt: full.updatedAt }, userErrors: [] });
    expect(full.lines.nodes).toHaveLength(3);
    expect(full.totalQuantity).toBe(7);
  });

  it("still reads the lines when the query selects them through an alias or a fragment", async () => {
    const cartId = (await create([{ merchandiseId: sticker.id }])).data.cartCreate.cart.id;
    const aliased = await addAsking(cartId, [{ merchandiseId: tee.id }], "cart { totalQuantity items: lines { nodes { quantity } } } userErrors { code }");
    expect(aliased.data.cartLinesAdd.cart).toEqual({ totalQuantity: 2, items: { nodes: [{ quantity: 1 }, { quantity: 1 }] } });
    const fragment = await shop.graphql(
      `mutation($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { ...Added } }
       fragment Added on CartLinesAddPayload { cart { ... on Cart { totalQuantity ...Money } } }
       fragment Money on Cart { cost { subtotalAmount { amount } } }`,
      { id: cartId, lines: [{ merchandiseId: tee.id }] },
    );
    expect(fragment.errors).toBeUndefined();
    expect(fragment.data.cartLinesAdd.cart).toEqual({ totalQuantity: 3, cost: { subtotalAmount: { amount: ((2 * tee.priceCents + sticker.priceCents) / 100).toFixed(2) } } });
  });

  it("keeps every rule: a line over the limit is refused and nothing changes", async () => {
    const cartId = (await create([{ merchandiseId: tee.id, quantity: 2 }])).data.cartCreate.cart.id;
    const before = await read(cartId);
    const { data } = await addAsking(cartId, [{ merchandiseId: tee.id, quantity: 99_998 }], "cart { totalQuantity } userErrors { code field }");
    expect(data.cartLinesAdd).toEqual({ cart: null, userErrors: [{ code: "INVALID_QUANTITY", field: "lines.0.quantity" }] });
    expect(await read(cartId)).toEqual(before);
  });

  it("gives concurrent adds to one cart each its own count, and loses none", async () => {
    const cartId = (await create([{ merchandiseId: tee.id }])).data.cartCreate.cart.id;
    const answers = await Promise.all(Array.from({ length: 20 }, () => addAsking(cartId, [{ merchandiseId: sticker.id }], "cart { totalQuantity } userErrors { code }")));
    const counts = answers.map((a) => a.data.cartLinesAdd.cart.totalQuantity).sort((a: number, b: number) => a - b);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect((await read(cartId)).totalQuantity).toBe(21);
  });
});

describe("cartSync", () => {
  const sync = (lines: unknown[]) =>
    shop.graphql(`mutation($lines: [CartSyncLineInput!]!) { cartSync(lines: $lines) { cartId checkoutUrl cart { totalQuantity } userErrors { code field message } } }`, { lines });

  it("turns the local cart into a server cart and answers its id and checkout URL", async () => {
    const { data } = await sync([{ merchandiseId: tee.id, quantity: 2, title: "I Survived the Subcommittee Tee" }, { merchandiseId: sticker.id, quantity: 1 }]);
    expect(data.cartSync).toMatchObject({ cart: { totalQuantity: 3 }, userErrors: [] });
    expect((await read(data.cartSync.cartId)).checkoutUrl).toBe(data.cartSync.checkoutUrl);
  });

  it('refuses with "Price data missing for item: {title}" and makes nothing', async () => {
    const { data } = await sync([{ merchandiseId: tee.id, quantity: 1 }, { merchandiseId: "00000000-0000-4000-8000-000000000000", quantity: 1, title: "Ghost Mug" }]);
    expect(data.cartSync).toEqual({
      cartId: null,
      checkoutUrl: null,
      cart: null,
      userErrors: [{ code: "MERCHANDISE_NOT_FOUND", field: "lines.1.variantId", message: "Price data missing for item: Ghost Mug" }],
    });
  });
});

describe("shop", () => {
  it("answers the free-shipping threshold and the rates from the one setting the checkout uses", async () => {
    const { data, errors } = await shop.graphql(
      `{ shop { freeShippingThreshold { amount currencyCode } shippingRates { handle title deliveryEstimate price { amount } freeAtOrAbove { amount } } } }`,
    );
    expect(errors).toBeUndefined();
    expect(data.shop).toEqual({
      freeShippingThreshold: { amount: "75.00", currencyCode: "USD" },
      shippingRates: [
        { handle: "standard", title: "Standard", deliveryEstimate: "5–7 business days", price: { amount: "5.99" }, freeAtOrAbove: { amount: "75.00" } },
        { handle: "expedited", title: "Expedited", deliveryEstimate: "3–5 business days", price: { amount: "14.99" }, freeAtOrAbove: null },
      ],
    });
  });

  it("refuses a quantity past GraphQL's Int (2^31) before it reaches the cart, and the cart is as it was", async () => {
    const cartId = (await create([{ merchandiseId: tee.id, quantity: 2 }])).data.cartCreate.cart.id;
    const before = await read(cartId);
    const res = await add(cartId, [{ merchandiseId: tee.id, quantity: 2 ** 31 }]);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]).toMatchObject({ message: expect.stringContaining("Int cannot represent non 32-bit signed integer value"), extensions: { code: "BAD_USER_INPUT" } });
    expect(await read(cartId)).toEqual(before);
  });

  it("answers the most one cart line may hold, and the cart takes exactly that many", async () => {
    const { data } = await shop.graphql(`{ shop { maxLineQuantity } }`);
    const max = data.shop.maxLineQuantity;
    expect(max).toBe(99_999);
    const { cart } = (await create([{ merchandiseId: tee.id, quantity: max }])).data.cartCreate;
    expect(cart.totalQuantity).toBe(max);
    const more = (await add(cart.id, [{ merchandiseId: tee.id, quantity: 1 }])).data.cartLinesAdd;
    expect(more.userErrors[0]).toMatchObject({ code: "INVALID_QUANTITY" });
    const set = (await update(cart.id, [{ id: cart.lines.edges[0].node.id, quantity: max + 1 }])).data.cartLinesUpdate;
    expect(set.userErrors[0]).toMatchObject({ code: "INVALID_QUANTITY" });
    expect((await read(cart.id)).totalQuantity).toBe(max);
  });

  it("refuses FREE_SHIPPING_THRESHOLD, naming where the threshold is set now (staff edit it in /admin)", () => {
    expect(() => loadConfig({})).not.toThrow();
    for (const any of ["50", "75", "abc"]) {
      expect(() => loadConfig({ FREE_SHIPPING_THRESHOLD: any })).toThrow(ConfigError);
      expect(() => loadConfig({ FREE_SHIPPING_THRESHOLD: any })).toThrow(/^FREE_SHIPPING_THRESHOLD: .*\/admin/);
    }
  });
});
