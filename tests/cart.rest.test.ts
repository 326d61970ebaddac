import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, uploadDesign, variantsOf, type TestVariant } from "./support/cart.js";
import { BrowserSession } from "./support/browser-session.js";

// spec §7 cart calls and the cart rules (spec §4, §5), through HTTP.
let shop: TestGateway;
let api: ReturnType<typeof cartApi>;
let tee: TestVariant;
let teeXxl: TestVariant;
let sticker: TestVariant;

const CART_ID = /^gid:\/\/shop\/Cart\/[A-Za-z0-9_-]{32}$/;
const designIds = new Map<string, string>();
/** A line's attributes naming an uploaded design (the cart refuses unknown design ids). */
const design = (name: string) => [{ key: "designId", value: designIds.get(name)! }];

beforeAll(async () => {
  shop = await startTestGateway();
  api = cartApi(shop);
  const tees = await variantsOf(shop, "i-survived-the-subcommittee-tee");
  tee = tees[0]!;
  teeXxl = tees.find((v) => v.title.startsWith("XXL"))!;
  sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
  for (const name of ["d-1", "d-2", "d-9"]) designIds.set(name, await uploadDesign(shop));
});
afterAll(async () => {
  await shop?.close();
});

describe("POST /api/cart and GET /api/cart/{cartId}", () => {
  it("creates an empty cart whose gid-style id works URL-encoded in the path", async () => {
    const created = await api.create();
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(["id"]);
    expect(created.body.id).toMatch(CART_ID);
    expect((await api.create()).body.id).not.toBe(created.body.id);

    const { status, body } = await api.get(created.body.id);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["checkoutUrl", "cost", "createdAt", "discountAllocations", "discountCodes", "id", "lines", "totalQuantity", "updatedAt"]);
    expect(body).toMatchObject({
      id: created.body.id,
      totalQuantity: 0,
      lines: { edges: [] },
      cost: { subtotalAmount: { amount: "0.00", currencyCode: "USD" }, totalAmount: { amount: "0.00", currencyCode: "USD" } },
    });
    expect(body.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/store\/checkout\/[A-Za-z0-9_-]{32}$/);
  });

  it.each(["nope", "gid://shop/Cart/short", "gid://shop/Cart/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])("answers 404 for the id %s", async (id) => {
    const { status, body } = await api.get(id);
    expect(status).toBe(404);
    expect(body).toEqual({ error: "Cart not found" });
  });
});

describe("POST /api/cart/{cartId}/items", () => {
  it("answers the cart with lines.edges[].node in spec §3's shape, priced from the catalog", async () => {
    const { body: created } = await api.create();
    const { status, body } = await api.add(created.id, [
      { variantId: tee.id, quantity: 2, customAttributes: design("d-1"), price: 0.01 },
      { variantId: sticker.id, quantity: 1 },
    ]);
    expect(status).toBe(200);
    expect(body.totalQuantity).toBe(3);
    const [shirt, pack] = body.lines.edges.map((e: any) => e.node);
    expect(Object.keys(shirt).sort()).toEqual(["attributes", "cost", "discountAllocations", "id", "merchandise", "quantity"]);
    expect(shirt).toMatchObject({
      quantity: 2,
      attributes: design("d-1"),
      merchandise: {
        id: tee.id,
        title: tee.title,
        variantTitle: tee.title,
        price: { amount: (tee.priceCents / 100).toFixed(2), currencyCode: "USD" },
        product: { title: tee.productTitle, handle: tee.productHandle, featuredImage: { url: expect.stringMatching(/^\/media\//) } },
      },
      cost: { subtotalAmount: { amount: ((2 * tee.priceCents) / 100).toFixed(2) } },
    });
    // spec §3: "Default Title" is no variant title; the merchandise is named by its product.
    expect(pack.merchandise).toMatchObject({ title: sticker.productTitle, variantTitle: null, price: { amount: "6.99" } });
    const subtotal = ((2 * tee.priceCents + sticker.priceCents) / 100).toFixed(2);
    // spec §9: without a code, the total equals the subtotal (the discount is 0.00).
    expect(body.cost).toEqual({ subtotalAmount: { amount: subtotal, currencyCode: "USD" }, discountAmount: { amount: "0.00", currencyCode: "USD" }, totalAmount: { amount: subtotal, currencyCode: "USD" } });
    expect((await api.get(created.id)).body).toEqual(body);
  });

  it("raises the quantity for the same variant and attributes, and keeps another design on its own line", async () => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1, customAttributes: [{ key: "a", value: "1" }, { key: "b", value: "2" }] }]);
    const before = (await api.get(cartId)).body.lines.edges[0].node;
    const same = await api.add(cartId, [{ variantId: tee.id, quantity: 3, customAttributes: [{ key: "b", value: "2" }, { key: "a", value: "1" }] }]);
    expect(same.body.lines.edges).toHaveLength(1);
    expect(same.body.lines.edges[0].node).toMatchObject({ id: before.id, quantity: 4 });

    const other = await api.add(cartId, [{ variantId: tee.id, quantity: 1, customAttributes: design("d-2") }, { variantId: tee.id, quantity: 1 }]);
    expect(other.body.lines.edges.map((e: any) => e.node.quantity)).toEqual([4, 1, 1]);
    expect(other.body.totalQuantity).toBe(6);
  });

  const refusals: [string, unknown, number, string][] = [
    ["quantity 0", [{ variantId: "TEE", quantity: 0 }], 400, "Quantity must be a whole number from 1 to 99,999"],
    ["a negative quantity", [{ variantId: "TEE", quantity: -2 }], 400, "Quantity must be a whole number from 1 to 99,999"],
    ["a fractional quantity", [{ variantId: "TEE", quantity: 1.5 }], 400, "Quantity must be a whole number from 1 to 99,999"],
    ["a quantity as text", [{ variantId: "TEE", quantity: "2" }], 400, "Quantity must be a whole number from 1 to 99,999"],
    ["quantity 100000", [{ variantId: "TEE", quantity: 100_000 }], 400, "Quantity must be a whole number from 1 to 99,999"],
    ["a quantity past int4 (2^31)", [{ variantId: "TEE", quantity: 2 ** 31 }], 400, "Quantity must be a whole number from 1 to 99,999"],
    ["a 100-digit quantity", [{ variantId: "TEE", quantity: Number("9".repeat(100)) }], 400, "Quantity must be a whole number from 1 to 99,999"],
    ["an unknown variant", [{ variantId: "00000000-0000-4000-8000-000000000000", quantity: 1 }], 400, "Price data missing for item: 00000000-0000-4000-8000-000000000000"],
    ["a malformed variant id", [{ variantId: "not-a-variant", quantity: 1 }], 400, "Price data missing for item: not-a-variant"],
    ["no variant id", [{ quantity: 1 }], 400, "Price data missing for item: unknown item"],
    ["11 attributes", [{ variantId: "TEE", quantity: 1, customAttributes: Array.from({ length: 11 }, (_, i) => ({ key: `k${i}`, value: "v" })) }], 400, "A line takes at most 10 custom attributes"],
    ["an empty attribute key", [{ variantId: "TEE", quantity: 1, customAttributes: [{ key: " ", value: "v" }] }], 400, "A custom attribute key must be 1 to 64 characters"],
    ["a 65-character key", [{ variantId: "TEE", quantity: 1, customAttributes: [{ key: "k".repeat(65), value: "v" }] }], 400, "A custom attribute key must be 1 to 64 characters"],
    ["a 501-character value", [{ variantId: "TEE", quantity: 1, customAttributes: [{ key: "k", value: "v".repeat(501) }] }], 400, "A custom attribute value must be at most 500 characters"],
    ["a repeated key", [{ variantId: "TEE", quantity: 1, customAttributes: [{ key: "k", value: "1" }, { key: "k", value: "2" }] }], 400, 'The custom attribute "k" is given twice'],
    ["an attribute that is not two strings", [{ variantId: "TEE", quantity: 1, customAttributes: [{ key: "k", value: 3 }] }], 400, "must be {key, value} with two strings"],
    ["items that are not a list", { variantId: "TEE", quantity: 1 }, 400, "items must be a list"],
    ["no items", [], 400, "Give at least one line"],
    ["a good line and a bad one", [{ variantId: "TEE", quantity: 1 }, { variantId: "TEE", quantity: 0 }], 400, "Quantity must be a whole number from 1 to 99,999"],
  ];

  it.each(refusals)("refuses %s with a clear error and changes nothing", async (_case, items, status, message) => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const before = (await api.get(cartId)).body;
    const withIds = JSON.parse(JSON.stringify(items).replaceAll('"TEE"', JSON.stringify(tee.id)));
    const res = await api.add(cartId, withIds);
    expect(res.status).toBe(status);
    expect(res.body.error).toContain(message);
    expect((await api.get(cartId)).body).toEqual(before);
  });

  it("refuses to take a line above 99,999 and keeps its quantity", async () => {
    const cartId = await api.filled([{ variantId: teeXxl.id, quantity: 99_998 }]);
    const res = await api.add(cartId, [{ variantId: teeXxl.id, quantity: 2 }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.stringContaining("the cart already holds 99998"), field: "lines.0.quantity" });
    expect((await api.get(cartId)).body.lines.edges[0].node.quantity).toBe(99_998);
    const full = (await api.add(cartId, [{ variantId: teeXxl.id, quantity: 1 }])).body;
    expect(full.lines.edges[0].node.quantity).toBe(99_999);
    // The line's total is exact: integer cents × 99,999, with no rounding on the way to dollars.
    expect(full.lines.edges[0].node.cost.subtotalAmount.amount).toBe(((teeXxl.priceCents * 99_999) / 100).toFixed(2));
  });

  it("refuses a variant of a removed product, and the product leaves the carts that held it", async () => {
    const [lanyard] = await variantsOf(shop, "all-access-pending-review-lanyard");
    const holding = await api.filled([{ variantId: lanyard!.id, quantity: 1 }, { variantId: tee.id, quantity: 1 }]);
    await shop.database.db.deleteFrom("products").where("handle", "=", "all-access-pending-review-lanyard").execute();

    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const res = await api.add(cartId, [{ variantId: lanyard!.id, quantity: 1 }]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`Price data missing for item: ${lanyard!.id}`);
    expect((await api.get(holding)).body.lines.edges.map((e: any) => e.node.merchandise.id)).toEqual([tee.id]);
  });

  it("answers 404 for an unknown cart", async () => {
    const res = await api.add("gid://shop/Cart/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", [{ variantId: tee.id, quantity: 1 }]);
    expect(res.status).toBe(404);
  });

  it("sums 50 concurrent adds of one variant exactly", async () => {
    const { body } = await api.create();
    const results = await Promise.all(Array.from({ length: 50 }, () => api.add(body.id, [{ variantId: sticker.id, quantity: 1 }])));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const cart = (await api.get(body.id)).body;
    expect(cart.lines.edges).toHaveLength(1);
    expect(cart.lines.edges[0].node.quantity).toBe(50);
    expect(cart.cost.subtotalAmount.amount).toBe(((50 * sticker.priceCents) / 100).toFixed(2));
  });
});

describe("PATCH and DELETE /api/cart/{cartId}/items/{lineId}", () => {
  it("sets a line's quantity and removes a line, answering the cart", async () => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }, { variantId: sticker.id, quantity: 2 }]);
    const [shirt, pack] = (await api.get(cartId)).body.lines.edges.map((e: any) => e.node);
    const updated = await api.update(cartId, shirt.id, 5);
    expect(updated.status).toBe(200);
    expect(updated.body.lines.edges.map((e: any) => e.node.quantity)).toEqual([5, 2]);
    expect(updated.body.totalQuantity).toBe(7);

    const removed = await api.remove(cartId, pack.id);
    expect(removed.status).toBe(200);
    expect(removed.body.lines.edges.map((e: any) => e.node.id)).toEqual([shirt.id]);
    expect((await api.remove(cartId, pack.id)).status).toBe(404);
  });

  it.each([0, -1, 2.5, 100_000, 2 ** 31, "3", null])("refuses quantity %s and keeps the line", async (quantity) => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 2 }]);
    const line = (await api.get(cartId)).body.lines.edges[0].node;
    const res = await api.update(cartId, line.id, quantity);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Quantity must be a whole number from 1 to 99,999");
    expect((await api.get(cartId)).body.lines.edges[0].node.quantity).toBe(2);
  });

  it("answers 404 for a line of another cart or an id that names nothing", async () => {
    const mine = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const theirs = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const theirLine = (await api.get(theirs)).body.lines.edges[0].node.id;
    for (const lineId of [theirLine, "not-a-line", "00000000-0000-4000-8000-000000000000"]) {
      const patched = await api.update(mine, lineId, 3);
      expect(patched.status).toBe(404);
      expect(patched.body.error).toBe("Cart line not found");
      expect((await api.remove(mine, lineId)).status).toBe(404);
    }
    expect((await api.get(theirs)).body.lines.edges[0].node.quantity).toBe(1);
  });
});

describe("GET /api/cart/{cartId}/checkout-url", () => {
  it("answers {checkoutUrl}, the cart's hosted checkout page", async () => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const { status, body } = await api.checkoutUrl(cartId);
    expect(status).toBe(200);
    expect(body).toEqual({ checkoutUrl: (await api.get(cartId)).body.checkoutUrl });
    expect((await api.checkoutUrl("nope")).status).toBe(404);
  });
});

describe("POST /api/cart/sync (the cart page's local cart)", () => {
  const countCarts = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM carts`.execute(shop.database.db)).rows[0]!.n);

  it("makes a new cart of the local lines and answers {cartId, checkoutUrl}", async () => {
    const { status, body } = await api.sync([
      { variantId: tee.id, quantity: 2, customAttributes: design("d-9"), title: "I Survived the Subcommittee Tee" },
      { variantId: sticker.id, quantity: 1 },
    ]);
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(["cartId", "checkoutUrl"]);
    const cart = (await api.get(body.cartId)).body;
    expect(cart.checkoutUrl).toBe(body.checkoutUrl);
    expect(cart.lines.edges.map((e: any) => [e.node.merchandise.id, e.node.quantity, e.node.attributes])).toEqual([
      [tee.id, 2, design("d-9")],
      [sticker.id, 1, []],
    ]);
  });

  it("refuses a line it cannot price, naming it, and makes no cart", async () => {
    const before = await countCarts();
    const titled = await api.sync([{ variantId: tee.id, quantity: 1 }, { variantId: "00000000-0000-4000-8000-000000000000", quantity: 1, title: "Mystery Mug" }]);
    expect(titled.status).toBe(400);
    expect(titled.body).toEqual({ error: "Price data missing for item: Mystery Mug", field: "lines.1.variantId" });
    const untitled = await api.sync([{ variantId: "", quantity: 1 }]);
    expect(untitled.body.error).toBe("Price data missing for item: unknown item");
    expect((await api.sync([])).status).toBe(400);
    expect(await countCarts()).toBe(before);
  });
});

describe("cart lifetime and owner", () => {
  it("records the signed-in customer on a new cart", async () => {
    const browser = new BrowserSession(shop.url);
    await browser.register({ name: "Casey", email: "casey@example.com", password: "a long enough password" });
    await browser.login("casey@example.com", "a long enough password");
    const { body } = await browser.json("/api/cart", { method: "POST" });
    const row = await shop.database.db.selectFrom("carts").innerJoin("customers", "customers.id", "carts.customer_id").select("customers.email").where("carts.id", "=", body.id).executeTakeFirst();
    expect(row?.email).toBe("casey@example.com");
    const guest = (await api.create()).body.id;
    expect((await shop.database.db.selectFrom("carts").select("customer_id").where("id", "=", guest).executeTakeFirstOrThrow()).customer_id).toBeNull();
  });

  it("sweeps carts untouched for 30 days, and a read counts as a touch", async () => {
    const stale = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const read = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const fresh = (await api.create()).body.id;
    const db = shop.database.db;
    // Both under 30 days old now, so the gateway's own sweep (running on its timer meanwhile) keeps
    // them; two days on, the one left alone is past 30 days and the one read is not.
    await db.updateTable("carts").set({ touched_at: sql`now() - interval '29 days 12 hours'` }).where("id", "=", stale).execute();
    await db.updateTable("carts").set({ touched_at: sql`now() - interval '29 days'` }).where("id", "=", read).execute();
    expect((await api.get(read)).status).toBe(200);

    const swept = await shop.running.gateway.services.carts.sweepUntouched(new Date(Date.now() + 2 * 24 * 3600 * 1000));
    expect(swept).toBeGreaterThanOrEqual(1);
    expect((await api.get(stale)).status).toBe(404);
    expect((await api.get(read)).status).toBe(200);
    expect((await api.get(fresh)).status).toBe(200);
    expect(await db.selectFrom("cart_lines").select("id").where("cart_id", "=", stale).execute()).toEqual([]);
  });
});
