import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, variantsOf, type TestVariant } from "./support/cart.js";
import { guestFetcher, loadPage, payWith } from "./support/checkout.js";

// A variant staff removed (archived), took off sale, or whose product is not ACTIVE: no cart takes
// it, and no checkout pays for a cart that still holds it; the refusal names the product and
// leaves everything as it was.
let shop: TestGateway;
let api: ReturnType<typeof cartApi>;
let pin: TestVariant;
let tee: TestVariant;
let mug: TestVariant;

const PIN = "Approved in Committee Enamel Pin";
type Withdrawal = "archived" | "off sale" | "draft" | "archived product";

/** Takes the variant away from shoppers the way staff can. */
async function withdraw(variant: TestVariant, how: Withdrawal): Promise<void> {
  const db = shop.database.db;
  if (how === "archived") await db.updateTable("variants").set({ archived_at: sql<Date>`now()` }).where("id", "=", variant.id).execute();
  if (how === "off sale") await db.updateTable("variants").set({ available_for_sale: false }).where("id", "=", variant.id).execute();
  const status = how === "draft" ? "DRAFT" : how === "archived product" ? "ARCHIVED" : null;
  if (status) await db.updateTable("products").set({ status }).where("handle", "=", variant.productHandle).execute();
}

const reasonFor = (how: Withdrawal, name = PIN) => (how === "off sale" ? `${name} is not available for sale right now` : `${name} is no longer available`);
const CASES: Withdrawal[] = ["archived", "off sale", "draft", "archived product"];

const PAYLOAD = `cart { id totalQuantity lines { nodes { id quantity merchandise { id availableForSale } } } } userErrors { code field message }`;
const gqlCreate = (lines: unknown[]) => shop.graphql(`mutation($input: CartInput) { cartCreate(input: $input) { ${PAYLOAD} } }`, { input: { lines } });
const gqlAdd = (cartId: string, lines: unknown[]) =>
  shop.graphql(`mutation($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { ${PAYLOAD} } }`, { id: cartId, lines });
const gqlUpdate = (cartId: string, lines: unknown[]) =>
  shop.graphql(`mutation($id: ID!, $lines: [CartLineUpdateInput!]!) { cartLinesUpdate(cartId: $id, lines: $lines) { ${PAYLOAD} } }`, { id: cartId, lines });
const gqlRemove = (cartId: string, lineIds: string[]) =>
  shop.graphql(`mutation($id: ID!, $ids: [ID!]!) { cartLinesRemove(cartId: $id, lineIds: $ids) { ${PAYLOAD} } }`, { id: cartId, ids: lineIds });
const gqlSync = (lines: unknown[]) =>
  shop.graphql(`mutation($lines: [CartSyncLineInput!]!) { cartSync(lines: $lines) { cartId checkoutUrl userErrors { code field message } } }`, { lines });
const gqlCart = async (id: string) => (await shop.graphql(`query($id: ID!) { cart(id: $id) { lines { nodes { quantity merchandise { id availableForSale } } } } }`, { id })).data.cart;

const cartCount = async () => Number((await shop.database.db.selectFrom("carts").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
const linesOf = (cartId: string) => shop.database.db.selectFrom("cart_lines").select(["variant_id", "quantity"]).where("cart_id", "=", cartId).orderBy("seq").execute();

beforeAll(async () => {
  shop = await startTestGateway();
  api = cartApi(shop);
  pin = (await variantsOf(shop, "approved-in-committee-enamel-pin"))[0]!;
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
  mug = (await variantsOf(shop, "this-meeting-could-have-been-a-memo-mug"))[0]!;
  expect(pin.title).toBe("Default Title");
});
afterAll(async () => {
  await shop?.close();
});
afterEach(async () => {
  await shop.database.db.updateTable("variants").set({ archived_at: null, available_for_sale: true }).execute();
  await shop.database.db.updateTable("products").set({ status: "ACTIVE" }).execute();
});

describe("adding a variant that can no longer be bought", () => {
  it.each(CASES)("is refused over REST when it is %s, naming the product, and the cart stays as it was", async (how) => {
    const cartId = await api.filled([{ variantId: mug.id, quantity: 1 }]);
    await withdraw(pin, how);
    const refused = await api.add(cartId, [{ variantId: mug.id, quantity: 1 }, { variantId: pin.id, quantity: 2 }]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: reasonFor(how), field: "lines.1.variantId" });
    expect(await linesOf(cartId)).toEqual([{ variant_id: mug.id, quantity: 1 }]);
  });

  it.each(CASES)("is refused over GraphQL when it is %s, with userErrors, and nothing is made or changed", async (how) => {
    await withdraw(pin, how);
    const before = await cartCount();
    const created = await gqlCreate([{ merchandiseId: pin.id, quantity: 1 }]);
    expect(created.data.cartCreate).toEqual({ cart: null, userErrors: [{ code: "MERCHANDISE_NOT_APPLICABLE", field: "lines.0.variantId", message: reasonFor(how) }] });
    expect(await cartCount()).toBe(before);

    const cartId = await api.filled([{ variantId: mug.id, quantity: 1 }]);
    const added = await gqlAdd(cartId, [{ merchandiseId: pin.id, quantity: 1 }]);
    expect(added.data.cartLinesAdd).toEqual({ cart: null, userErrors: [{ code: "MERCHANDISE_NOT_APPLICABLE", field: "lines.0.variantId", message: reasonFor(how) }] });
    expect(await linesOf(cartId)).toEqual([{ variant_id: mug.id, quantity: 1 }]);
  });

  it("names a variant with options by the product and the variant", async () => {
    await withdraw(tee, "archived");
    const cartId = await api.filled([{ variantId: mug.id, quantity: 1 }]);
    const refused = await api.add(cartId, [{ variantId: tee.id, quantity: 1 }]);
    expect(refused.body.error).toBe(`${tee.productTitle} (${tee.title}) is no longer available`);
  });

  it("refuses the cart page's checkout (cartSync, POST /api/cart/sync) and makes no cart", async () => {
    await withdraw(pin, "off sale");
    const before = await cartCount();
    const synced = await gqlSync([
      { merchandiseId: mug.id, quantity: 1, title: "Memo Mug" },
      { merchandiseId: pin.id, quantity: 1, title: "Enamel Pin" },
    ]);
    expect(synced.data.cartSync).toEqual({
      cartId: null,
      checkoutUrl: null,
      userErrors: [{ code: "MERCHANDISE_NOT_APPLICABLE", field: "lines.1.variantId", message: `${PIN} is not available for sale right now` }],
    });
    const rest = await api.sync([{ variantId: pin.id, quantity: 1 }]);
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ error: `${PIN} is not available for sale right now`, field: "lines.0.variantId" });
    expect(await cartCount()).toBe(before);
  });
});

describe("a cart that holds a line whose variant was withdrawn", () => {
  it("says so on the merchandise, lets the line be lowered or removed, and refuses raising it", async () => {
    const cartId = await api.filled([
      { variantId: pin.id, quantity: 3 },
      { variantId: mug.id, quantity: 1 },
    ]);
    expect((await gqlCart(cartId)).lines.nodes.map((n: any) => n.merchandise.availableForSale)).toEqual([true, true]);
    await withdraw(pin, "archived");
    expect(await gqlCart(cartId)).toEqual({
      lines: {
        nodes: [
          { quantity: 3, merchandise: { id: pin.id, availableForSale: false } },
          { quantity: 1, merchandise: { id: mug.id, availableForSale: true } },
        ],
      },
    });
    const pinLine = (await api.get(cartId)).body.lines.edges[0].node.id as string;

    const raised = await gqlUpdate(cartId, [{ id: pinLine, quantity: 4 }]);
    expect(raised.data.cartLinesUpdate).toEqual({ cart: null, userErrors: [{ code: "MERCHANDISE_NOT_APPLICABLE", field: "lines.0.id", message: `${PIN} is no longer available` }] });
    const restRaised = await api.update(cartId, pinLine, 5);
    expect(restRaised.status).toBe(400);
    expect(restRaised.body).toEqual({ error: `${PIN} is no longer available`, field: "lines.0.id" });
    expect((await linesOf(cartId))[0]!.quantity).toBe(3);

    const lowered = await gqlUpdate(cartId, [{ id: pinLine, quantity: 2 }]);
    expect(lowered.data.cartLinesUpdate.userErrors).toEqual([]);
    expect((await linesOf(cartId))[0]!.quantity).toBe(2);
    // The other lines change as ever.
    const mugLine = (await api.get(cartId)).body.lines.edges[1].node.id as string;
    expect((await api.update(cartId, mugLine, 4)).status).toBe(200);

    const removed = await gqlRemove(cartId, [pinLine]);
    expect(removed.data.cartLinesRemove.userErrors).toEqual([]);
    expect(await linesOf(cartId)).toEqual([{ variant_id: mug.id, quantity: 4 }]);
  });

  it.each(CASES)("is refused at checkout when the variant is %s: the checkout URL, the page and Pay, with nothing charged or made", async (how) => {
    const cartId = await api.filled([
      { variantId: mug.id, quantity: 1 },
      { variantId: pin.id, quantity: 1 },
    ]);
    const checkoutUrl = (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
    await withdraw(pin, how);
    const notice = `${reasonFor(how)}. Please remove it from your cart, then check out again.`;

    const url = await api.checkoutUrl(cartId);
    expect(url.status).toBe(400);
    expect(url.body).toEqual({ error: reasonFor(how), field: "lines.1.merchandise" });

    const guest = guestFetcher(shop.url);
    const page = await loadPage(guest, checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.page).toContain(`<div class="alert" role="alert"><p>${notice}</p></div>`);

    const paid = await payWith(guest, checkoutUrl);
    expect(paid.status).toBe(409);
    expect(paid.page).toContain(notice);
    const db = shop.database.db;
    expect(await db.selectFrom("payment_attempts").select("id").where("cart_id", "=", cartId).execute()).toEqual([]);
    expect(await db.selectFrom("orders").select("id").where("cart_id", "=", cartId).execute()).toEqual([]);
    expect(await db.selectFrom("carts").select(["status", "payment_started"]).where("id", "=", cartId).executeTakeFirstOrThrow()).toEqual({ status: "OPEN", payment_started: false });
    expect(await linesOf(cartId)).toEqual([
      { variant_id: mug.id, quantity: 1 },
      { variant_id: pin.id, quantity: 1 },
    ]);
  });

  it("checks out once the line is removed", async () => {
    const cartId = await api.filled([
      { variantId: mug.id, quantity: 1 },
      { variantId: pin.id, quantity: 1 },
    ]);
    await withdraw(pin, "off sale");
    const pinLine = (await api.get(cartId)).body.lines.edges[1].node.id as string;
    expect((await api.remove(cartId, pinLine)).status).toBe(200);
    const url = await api.checkoutUrl(cartId);
    expect(url.status).toBe(200);
    const paid = await payWith(guestFetcher(shop.url), url.body.checkoutUrl);
    expect(paid.status).toBe(303);
    const order = await shop.database.db.selectFrom("orders").select("id").where("cart_id", "=", cartId).executeTakeFirstOrThrow();
    const lines = await shop.database.db.selectFrom("order_lines").select("variant_id").where("order_id", "=", order.id).execute();
    expect(lines).toEqual([{ variant_id: mug.id }]);
  });
});
