import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, variantsOf, type TestVariant } from "./support/cart.js";
import { formDefaults, guestDetails, guestFetcher, loadPage, pathOf, payWith, postForm, textOf } from "./support/checkout.js";
import { addPromotion, setStandingThreshold } from "./support/promotions.js";

// Discount codes on carts and through the test provider's checkout: what the cart shows is what
// the checkout charges and the order records, to the cent (docs/promotions.md).

let shop: TestGateway;
let api: ReturnType<typeof cartApi>;
let tee: TestVariant;
let sticker: TestVariant;

const CART_FIELDS = `id cost { subtotalAmount { amount } discountAmount { amount } totalAmount { amount } }
  discountCodes { code applicable reason message freeShipping }
  discountAllocations { code discountedAmount { amount } }
  lines { nodes { id quantity cost { subtotalAmount { amount } totalAmount { amount } } discountAllocations { discountedAmount { amount } } } }`;

async function applyCodes(cartId: string, discountCodes: string[]) {
  const { data, errors } = await shop.graphql(
    `mutation ($cartId: ID!, $codes: [String!]!) { cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $codes) { cart { ${CART_FIELDS} } userErrors { code field message } } }`,
    { cartId, codes: discountCodes },
  );
  expect(errors).toBeUndefined();
  return data.cartDiscountCodesUpdate;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
let codeSeq = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(codeSeq += 1)}`;

beforeAll(async () => {
  shop = await startTestGateway();
  api = cartApi(shop);
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
  sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
});

afterAll(async () => {
  await shop?.close();
});

describe("a discount code on a cart", () => {
  it("takes its percentage off the goods, allocated to the lines to the cent, matched without regard to case", async () => {
    const code = uniqueCode("HEARING");
    await addPromotion(shop, { kind: "percentage", percentOff: 20, codes: [{ code }] });
    const cartId = await api.filled([
      { variantId: tee.id, quantity: 1 },
      { variantId: sticker.id, quantity: 3 },
    ]);
    const { cart, userErrors } = await applyCodes(cartId, [code.toLowerCase()]);
    expect(userErrors).toEqual([]);
    const subtotal = tee.priceCents + 3 * sticker.priceCents;
    const discount = Math.floor((subtotal * 20 * 2 + 100) / 200);
    expect(cart.discountCodes).toEqual([{ code, applicable: true, reason: null, message: null, freeShipping: false }]);
    expect(cents(cart.cost.subtotalAmount.amount)).toBe(subtotal);
    expect(cents(cart.cost.discountAmount.amount)).toBe(discount);
    expect(cents(cart.cost.totalAmount.amount)).toBe(subtotal - discount);
    expect(cart.discountAllocations).toEqual([{ code, discountedAmount: { amount: (discount / 100).toFixed(2) } }]);
    const lineDiscounts = cart.lines.nodes.map((l: any) => l.discountAllocations.reduce((s: number, a: any) => s + cents(a.discountedAmount.amount), 0));
    expect(lineDiscounts.reduce((a: number, b: number) => a + b, 0)).toBe(discount);
    for (const [i, line] of cart.lines.nodes.entries()) {
      expect(cents(line.cost.totalAmount.amount)).toBe(cents(line.cost.subtotalAmount.amount) - lineDiscounts[i]);
    }

    // The REST cart says the same.
    const rest = (await api.get(cartId)).body;
    expect(rest.cost).toEqual({ subtotalAmount: { amount: (subtotal / 100).toFixed(2), currencyCode: "USD" }, discountAmount: { amount: (discount / 100).toFixed(2), currencyCode: "USD" }, totalAmount: { amount: ((subtotal - discount) / 100).toFixed(2), currencyCode: "USD" } });
    expect(rest.discountCodes).toEqual([{ code, applicable: true, reason: null, message: null, freeShipping: false }]);

    // Removing it gives the spec's cart back: total equal to subtotal, no discount line.
    const removed = await applyCodes(cartId, []);
    expect(removed.cart.discountCodes).toEqual([]);
    expect(removed.cart.cost.discountAmount.amount).toBe("0.00");
    expect(removed.cart.cost.totalAmount).toEqual(removed.cart.cost.subtotalAmount);
  });

  it("keeps a code whose minimum is not met, saying how much more, and applies it once the cart reaches it", async () => {
    const code = uniqueCode("MIN");
    const minimum = tee.priceCents * 2;
    await addPromotion(shop, { kind: "fixed_amount", amountOffCents: 500, minSubtotalCents: minimum, codes: [{ code }] });
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const short = await applyCodes(cartId, [code]);
    const more = `$${((minimum - tee.priceCents) / 100).toFixed(2)}`;
    expect(short.userErrors).toEqual([{ code: "DISCOUNT_CODE_MINIMUM_NOT_MET", field: "discountCodes.0", message: `Add ${more} more to use ${code}.` }]);
    expect(short.cart.discountCodes[0]).toMatchObject({ code, applicable: false, reason: "MINIMUM_NOT_MET" });
    expect(short.cart.cost.totalAmount).toEqual(short.cart.cost.subtotalAmount);

    const lineId = short.cart.lines.nodes[0].id;
    const reached = (await api.update(cartId, lineId, 2)).body;
    expect(reached.discountCodes[0]).toMatchObject({ code, applicable: true });
    expect(cents(reached.cost.discountAmount.amount)).toBe(500);
    expect(cents(reached.cost.totalAmount.amount)).toBe(minimum - 500);

    // And says so again when the cart goes back below it (never silently dropped).
    const below = (await api.update(cartId, lineId, 1)).body;
    expect(below.discountCodes[0]).toMatchObject({ code, applicable: false, reason: "MINIMUM_NOT_MET", message: `Add ${more} more to use ${code}.` });
  });

  it("refuses a code that has ended, has not started or is of no use here, leaving the cart as it was; one code per cart", async () => {
    const ended = uniqueCode("OLD");
    const later = uniqueCode("SOON");
    await addPromotion(shop, { kind: "percentage", percentOff: 10, startsAt: new Date(Date.now() - 86_400_000), endsAt: new Date(Date.now() - 1000), codes: [{ code: ended }] });
    await addPromotion(shop, { kind: "percentage", percentOff: 10, startsAt: new Date(Date.now() + 86_400_000), codes: [{ code: later }] });
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const first = await applyCodes(cartId, [ended]);
    expect(first.userErrors).toEqual([{ code: "DISCOUNT_CODE_ENDED", field: "discountCodes.0", message: `${ended} has ended.` }]);
    expect(first.cart.discountCodes).toEqual([]);
    const second = await applyCodes(cartId, [later]);
    expect(second.userErrors[0].code).toBe("DISCOUNT_CODE_NOT_STARTED");
    expect(second.userErrors[0].message).toMatch(new RegExp(`^${later} starts on \\w+ \\d+, \\d{4}\\.$`));
    const two = await applyCodes(cartId, [ended, later]);
    expect(two.userErrors[0].code).toBe("DISCOUNT_CODES_TOO_MANY");

    // Over REST: 400 naming the reason, and the cart unchanged.
    const rest = await shop.rest(`/api/cart/${encodeURIComponent(cartId)}/discount-codes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ discountCodes: [ended] }),
    });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ error: `${ended} has ended.`, field: "discountCodes.0" });
    const malformed = await shop.rest(`/api/cart/${encodeURIComponent(cartId)}/discount-codes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ discountCodes: "NOTALIST" }),
    });
    expect(malformed.status).toBe(400);
    expect((await api.get(cartId)).body.discountCodes).toEqual([]);
  });

  it("limited to a collection, reaches only that collection's lines", async () => {
    const code = uniqueCode("TEES");
    const tshirts = await shop.database.db.selectFrom("collections").select("id").where("handle", "=", "t-shirts").executeTakeFirstOrThrow();
    await addPromotion(shop, { kind: "percentage", percentOff: 50, collectionIds: [tshirts.id], codes: [{ code }] });
    const cartId = await api.filled([
      { variantId: tee.id, quantity: 1 },
      { variantId: sticker.id, quantity: 1 },
    ]);
    const { cart } = await applyCodes(cartId, [code]);
    const teeLine = cart.lines.nodes.find((l: any) => cents(l.cost.subtotalAmount.amount) === tee.priceCents)!;
    const stickerLine = cart.lines.nodes.find((l: any) => l !== teeLine)!;
    expect(cents(teeLine.discountAllocations[0].discountedAmount.amount)).toBe(Math.floor((tee.priceCents * 100 + 100) / 200));
    expect(stickerLine.discountAllocations).toEqual([]);

    const stickersOnly = await api.filled([{ variantId: sticker.id, quantity: 1 }]);
    const refused = await applyCodes(stickersOnly, [code]);
    expect(refused.userErrors[0]).toMatchObject({ code: "DISCOUNT_CODE_NOT_ELIGIBLE", message: `${code} applies to none of the items in your cart.` });
  });
});

describe("the checkout of a cart with a code (test provider)", () => {
  const guest = () => guestFetcher(shop.url);

  async function checkoutOf(cartId: string) {
    return (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
  }

  async function orderOf(cartId: string) {
    return shop.database.db.selectFrom("orders").selectAll().where("cart_id", "=", cartId).executeTakeFirst();
  }

  it("shows the discount on the checkout page and charges, records and confirms exactly that total", async () => {
    const code = uniqueCode("PAGE");
    await addPromotion(shop, { kind: "fixed_amount", amountOffCents: 700, codes: [{ code }] });
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    await applyCodes(cartId, [code]);
    const url = await checkoutOf(cartId);
    const { page } = await loadPage(guest(), url);
    expect(textOf(page, "discount")).toContain(code);
    expect(page).toContain("−$7.00");

    const paid = await payWith(guest(), url, { shipping: "standard" });
    expect(paid.status, shop.logs.filter((l) => l.includes("error")).join("\n")).toBe(303);
    const order = (await orderOf(cartId))!;
    const shipping = tee.priceCents >= 7500 ? 0 : 599;
    expect(order).toMatchObject({ subtotal_cents: tee.priceCents, discount_cents: 700, discount_code: code, shipping_cents: shipping, total_cents: tee.priceCents - 700 + shipping });
    const lines = await shop.database.db.selectFrom("order_lines").select(["discount_cents", "line_total_cents"]).where("order_id", "=", order.id).execute();
    expect(lines).toEqual([{ discount_cents: 700, line_total_cents: tee.priceCents - 700 }]);
    const charge = await shop.database.db.selectFrom("payment_attempts").select(["amount_cents", "status"]).where("cart_id", "=", cartId).execute();
    expect(charge).toEqual([{ amount_cents: order.total_cents, status: "COMPLETED" }]);
    expect(pathOf(paid.location!)).toMatch(/^\/checkout-success/);
  });

  it("judges free shipping on the subtotal before the code: a code never makes shipping cost more", async () => {
    await setStandingThreshold(shop, 7500);
    const code = uniqueCode("BIG");
    const quantity = Math.ceil(7500 / tee.priceCents);
    const off = quantity * tee.priceCents - 7500 + 100;
    await addPromotion(shop, { kind: "fixed_amount", amountOffCents: off, codes: [{ code }] });
    const cartId = await api.filled([{ variantId: tee.id, quantity }]);
    await applyCodes(cartId, [code]);
    await payWith(guest(), await checkoutOf(cartId), { shipping: "standard" });
    const order = (await orderOf(cartId))!;
    expect(order.subtotal_cents).toBeGreaterThanOrEqual(7500);
    expect(order.subtotal_cents - order.discount_cents).toBeLessThan(7500);
    expect(order.shipping_cents).toBe(0);
    expect(order.total_cents).toBe(order.subtotal_cents - off);
  });

  it("places an order of nothing to pay without a payment, and refuses a total under a card payment's $0.50", async () => {
    await setStandingThreshold(shop, 0);
    try {
      const all = uniqueCode("ALL");
      await addPromotion(shop, { kind: "percentage", percentOff: 100, codes: [{ code: all }] });
      const free = await api.filled([{ variantId: sticker.id, quantity: 1 }]);
      await applyCodes(free, [all]);
      const paid = await payWith(guest(), await checkoutOf(free), { shipping: "standard" });
      expect(paid.status, shop.logs.filter((l) => l.includes('"error"')).join("\n")).toBe(303);
      expect(await orderOf(free)).toMatchObject({ total_cents: 0, discount_cents: sticker.priceCents, shipping_cents: 0 });
      const attempts = await shop.database.db.selectFrom("payment_attempts").select(["amount_cents", "status", "charge_reference", "session_id"]).where("cart_id", "=", free).execute();
      expect(attempts).toEqual([{ amount_cents: 0, status: "COMPLETED", charge_reference: expect.stringMatching(/^no-payment:/), session_id: null }]);

      const almost = uniqueCode("ALMOST");
      await addPromotion(shop, { kind: "fixed_amount", amountOffCents: sticker.priceCents - 30, codes: [{ code: almost }] });
      const cheap = await api.filled([{ variantId: sticker.id, quantity: 1 }]);
      await applyCodes(cheap, [almost]);
      const refused = await payWith(guest(), await checkoutOf(cheap), { shipping: "standard" });
      expect(refused.status).toBe(409);
      expect(refused.page).toContain("less than the $0.50 a card payment can be");
      expect(await orderOf(cheap)).toBeUndefined();
      expect(await shop.database.db.selectFrom("payment_attempts").select("id").where("cart_id", "=", cheap).execute()).toEqual([]);
    } finally {
      await setStandingThreshold(shop, 7500);
    }
  });

  it("once per customer: the same guest email is refused the second time, before any money moves", async () => {
    const code = uniqueCode("ONCE");
    await addPromotion(shop, { kind: "fixed_amount", amountOffCents: 300, oncePerCustomer: true, codes: [{ code }] });
    const first = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    await applyCodes(first, [code]);
    expect((await payWith(guest(), await checkoutOf(first), { email: "once@example.com" })).status).toBe(303);

    const second = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    expect((await applyCodes(second, [code])).userErrors).toEqual([]);
    const refused = await payWith(guest(), await checkoutOf(second), { email: "ONCE@example.com" });
    expect(refused.status).toBe(409);
    expect(refused.page).toContain(`You have already used ${code}: it is once per customer.`);
    expect(await orderOf(second)).toBeUndefined();

    // Another email may.
    expect((await payWith(guest(), await checkoutOf(second), { email: "twice@example.com" })).status).toBe(303);
    expect(await orderOf(second)).toMatchObject({ discount_cents: 300 });
  });

  it("a use is counted when the attempt opens and given back when it is abandoned", async () => {
    const code = uniqueCode("ONE");
    await addPromotion(shop, { kind: "fixed_amount", amountOffCents: 100, codes: [{ code, usageLimit: 1 }] });
    const cartA = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const cartB = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    await applyCodes(cartA, [code]);
    await applyCodes(cartB, [code]);
    // B's page is loaded while the code is free: it shows the discount.
    const urlB = await checkoutOf(cartB);
    const pageB = await loadPage(guest(), urlB);
    expect(textOf(pageB.page, "discount")).toContain(code);
    const services = shop.running.gateway.services;
    const tokenA = new URL(await checkoutOf(cartA)).pathname.split("/").pop()!;
    const formA = { email: "a@example.com", name: "A", address: "1 Main St", city: "Springfield", postalCode: "12345", country: "United States", address2: "", province: "US-IL", phone: "", shipping: "standard" };
    const begun = await services.checkout.begin(tokenA, { form: formA, summaryKey: null, customerId: null });
    expect(begun.kind).toBe("redirect");

    // B pays from that page while A holds the one use: refused with why, nothing opened.
    const refused = await postForm(guest(), urlB, { ...formDefaults(pageB.page), ...guestDetails() });
    expect(refused.status).toBe(409);
    expect(await shop.database.db.selectFrom("payment_attempts").select("id").where("cart_id", "=", cartB).execute()).toEqual([]);
    expect(refused.page).toContain(`${code} has been used as many times as it can be.`);

    // A goes back to its cart and leaves: its attempt is abandoned, the use given back.
    const attempt = await shop.database.db.selectFrom("payment_attempts").select("id").where("cart_id", "=", cartA).executeTakeFirstOrThrow();
    await shop.database.db.updateTable("payment_attempts").set({ status: "ABANDONED" }).where("id", "=", attempt.id).execute();
    expect((await payWith(guest(), await checkoutOf(cartB))).status).toBe(303);
    expect(await orderOf(cartB)).toMatchObject({ discount_cents: 100, discount_code: code });
  });
});

describe("the free-shipping rule in force", () => {
  const SHOP = `{ shop { freeShippingThreshold { amount } freeShipping { threshold { amount } standingThreshold { amount } offerTitle endsAt } shippingRates { handle freeAtOrAbove { amount } } } }`;

  it("is the standing threshold staff set, lowered by a running offer (named, with its end), and the checkout charges by it", async () => {
    await setStandingThreshold(shop, 7500);
    const standing = (await shop.graphql(SHOP)).data.shop;
    expect(standing.freeShipping).toEqual({ threshold: { amount: "75.00" }, standingThreshold: { amount: "75.00" }, offerTitle: null, endsAt: null });

    const endsAt = new Date(Date.now() + 7 * 86_400_000);
    const offer = await addPromotion(shop, { kind: "free_shipping", automatic: true, title: "Election week", minSubtotalCents: 5000, endsAt });
    try {
      const during = (await shop.graphql(SHOP)).data.shop;
      expect(during.freeShippingThreshold).toEqual({ amount: "50.00" });
      expect(during.freeShipping).toEqual({ threshold: { amount: "50.00" }, standingThreshold: { amount: "75.00" }, offerTitle: "Election week", endsAt: endsAt.toISOString() });
      expect(during.shippingRates.find((r: any) => r.handle === "standard").freeAtOrAbove).toEqual({ amount: "50.00" });

      // The checkout page names the offer and its end under a cart below it.
      const small = await api.filled([{ variantId: tee.id, quantity: 1 }]);
      const { page } = await loadPage(guestFetcher(shop.url), (await api.checkoutUrl(small)).body.checkoutUrl);
      expect(textOf(page, "free-shipping-rule")).toMatch(/^Free Standard shipping on orders of \$50\.00 or more \(Election week, until .+\)\.$/);

      // A $50–$75 cart ships free while the offer runs.
      const quantity = Math.ceil(5000 / tee.priceCents);
      expect(quantity * tee.priceCents).toBeLessThan(7500);
      const cartId = await api.filled([{ variantId: tee.id, quantity }]);
      const paid = await payWith(guestFetcher(shop.url), (await api.checkoutUrl(cartId)).body.checkoutUrl, { shipping: "standard" });
      expect(paid.status).toBe(303);
      const order = await shop.database.db.selectFrom("orders").select(["shipping_cents", "total_cents"]).where("cart_id", "=", cartId).executeTakeFirstOrThrow();
      expect(order).toEqual({ shipping_cents: 0, total_cents: quantity * tee.priceCents });
    } finally {
      await shop.database.db.updateTable("promotions").set({ disabled_at: new Date() }).where("id", "=", offer.id).execute();
    }
    expect((await shop.graphql(SHOP)).data.shop.freeShipping.offerTitle).toBeNull();
  });
});

// Last: its ten unknown codes use up this client address's allowance for the rest of the file.
describe("codes that do not exist", () => {
  it("limits codes that do not exist to 10 in 10 minutes per cart, then refuses every try with when to try again", async () => {
    const real = uniqueCode("REAL");
    await addPromotion(shop, { kind: "percentage", percentOff: 5, codes: [{ code: real }] });
    // A code that exists does not count: a cart applies it many times over.
    const other = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    for (let i = 0; i < 12; i += 1) expect((await applyCodes(other, i % 2 === 0 ? [real] : [])).userErrors).toEqual([]);

    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    for (let i = 0; i < 10; i += 1) {
      const { userErrors } = await applyCodes(cartId, [`NOPE${i}XYZ`]);
      expect(userErrors[0]).toMatchObject({ code: "DISCOUNT_CODE_UNKNOWN", field: "discountCodes.0" });
    }
    const eleventh = await applyCodes(cartId, [real]);
    expect(eleventh.userErrors[0].code).toBe("DISCOUNT_CODES_THROTTLED");
    expect(eleventh.userErrors[0].message).toMatch(/Try again in \d+ minutes?\./);
    expect(eleventh.cart.discountCodes).toEqual([]);
    const rest = await shop.rest(`/api/cart/${encodeURIComponent(cartId)}/discount-codes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ discountCodes: [real] }),
    });
    expect(rest.status).toBe(429);
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);

  });
});
