import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, uploadDesign, variantsOf, type TestVariant } from "./support/cart.js";
import { guestFetcher, loadPage, payWith } from "./support/checkout.js";

// orderByStatusToken: the checkout success page's items and address, for anyone holding the
// order's status link (its unguessable token), as the public status page behind the same link is.
let shop: TestGateway;
let tee: TestVariant;
let sticker: TestVariant;
let token: string;
let statusUrl: string;
let designId: string;

const QUERY = `query($token: String!) {
  orderByStatusToken(token: $token) {
    orderNumber processedAt financialStatus fulfillmentStatus shippingMethod
    subtotalPrice { amount currencyCode } totalShippingPrice { amount } totalPrice { amount currencyCode }
    shippingAddress { lines }
    lineItems { title variantTitle quantity originalUnitPrice { amount } originalTotalPrice { amount } image { url } design { previewUrl } }
    tracking { carrier } cancelReason cancelledAt
  }
}`;

beforeAll(async () => {
  shop = await startTestGateway();
  const api = cartApi(shop);
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
  sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
  designId = await uploadDesign(shop);
  const cartId = await api.filled([{ variantId: tee.id, quantity: 2, customAttributes: [{ key: "designId", value: designId }] }, { variantId: sticker.id, quantity: 1 }]);
  const checkoutUrl = (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
  const paid = await payWith(guestFetcher(shop.url), checkoutUrl, { address: "1 Main St", address2: "Apt 2", phone: "+1 217 555 0100" });
  statusUrl = new URL(paid.location!).searchParams.get("order_status_url")!;
  token = statusUrl.split("/").pop()!;
});
afterAll(async () => {
  await shop?.close();
});

describe("orderByStatusToken", () => {
  it("answers the order's items, totals, status and the street lines it ships to, for anyone holding the link", async () => {
    const order = (await shop.running.gateway.services.orders.findByStatusToken(token))!;
    const { data, errors } = await shop.graphql(QUERY, { token });
    expect(errors).toBeUndefined();
    expect(data.orderByStatusToken).toEqual({
      orderNumber: order.orderNumber,
      processedAt: order.processedAt.toISOString(),
      financialStatus: "PAID",
      fulfillmentStatus: "UNFULFILLED",
      shippingMethod: "Standard (5–7 business days)",
      subtotalPrice: { amount: "56.97", currencyCode: "USD" },
      totalShippingPrice: { amount: "5.99" },
      totalPrice: { amount: "62.96", currencyCode: "USD" },
      shippingAddress: { lines: ["1 Main St", "Apt 2", "Springfield, IL 12345", "United States"] },
      lineItems: [
        {
          title: tee.productTitle,
          variantTitle: tee.title,
          quantity: 2,
          originalUnitPrice: { amount: "24.99" },
          originalTotalPrice: { amount: "49.98" },
          // A custom design's line is pictured by the design's mock-up.
          image: { url: `/designs/${designId}/preview` },
          design: { previewUrl: `/designs/${designId}/preview` },
        },
        { title: sticker.productTitle, variantTitle: null, quantity: 1, originalUnitPrice: { amount: "6.99" }, originalTotalPrice: { amount: "6.99" }, image: { url: expect.stringMatching(/^\/media\//) }, design: null },
      ],
      tracking: null,
      cancelReason: null,
      cancelledAt: null,
    });
  });

  it("never answers the buyer's name, email, phone or card, nor the order's id (none is a field of it)", async () => {
    const { data } = await shop.graphql(`{ __type(name: "PublicOrder") { fields { name } } address: __type(name: "PublicOrderAddress") { fields { name } } }`);
    expect(data.__type.fields.map((f: { name: string }) => f.name).sort()).toEqual(
      [
        "cancelReason",
        "cancelledAt",
        "discountCode",
        "financialStatus",
        "fulfillmentStatus",
        "lineItems",
        "orderNumber",
        "processedAt",
        "refundedPrice",
        "shippingAddress",
        "shippingMethod",
        "subtotalPrice",
        "totalDiscountPrice",
        "totalPrice",
        "totalShippingPrice",
        "tracking",
      ].sort(),
    );
    expect(data.address.fields.map((f: { name: string }) => f.name)).toEqual(["lines"]);
    const answer = JSON.stringify((await shop.graphql(QUERY, { token })).data);
    for (const secret of ["Pat Doe", "pat+shop@example.com", "555 0100", "4242", "Visa"]) expect(answer).not.toContain(secret);
  });

  it("answers null, never an error, for a token that names no order, whatever its shape", async () => {
    const answers = [];
    for (const guess of ["A".repeat(32), token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), "x", "", "../orders", "A".repeat(5000), token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase()]) {
      answers.push(await shop.graphql(QUERY, { token: guess }));
    }
    expect(answers.map((a) => [a.status, a.data, a.errors])).toEqual(answers.map(() => [200, { orderByStatusToken: null }, undefined]));
  });

  it("keeps the street to the first hour after payment; afterwards the city line and the country, as the status page", async () => {
    const order = (await shop.running.gateway.services.orders.findByStatusToken(token))!;
    await shop.database.db.updateTable("orders").set({ processed_at: new Date(Date.now() - 61 * 60 * 1000) }).where("id", "=", order.id).execute();
    try {
      const { data } = await shop.graphql(QUERY, { token });
      expect(data.orderByStatusToken.shippingAddress).toEqual({ lines: ["Springfield, IL 12345", "United States"] });
    } finally {
      await shop.database.db.updateTable("orders").set({ processed_at: order.processedAt }).where("id", "=", order.id).execute();
    }
  });

  it("shows what the public status page shows, and the street lines besides", async () => {
    const { page } = await loadPage(guestFetcher(shop.url), statusUrl);
    const { data } = await shop.graphql(QUERY, { token });
    expect(page).toContain(`Order #${data.orderByStatusToken.orderNumber}`);
    expect(page).toContain("Springfield, IL, United States");
    for (const line of data.orderByStatusToken.lineItems) expect(page).toContain(line.title);
  });

  it("describes the query, its argument, and every field of what it answers", async () => {
    const { data } = await shop.graphql(`{
      __schema { queryType { fields { name description args { name description } } } }
      order: __type(name: "PublicOrder") { description fields { name description } }
      address: __type(name: "PublicOrderAddress") { description fields { name description } }
    }`);
    const query = data.__schema.queryType.fields.find((f: { name: string }) => f.name === "orderByStatusToken");
    expect(query.description).toMatch(/Null for a token that names no order/);
    expect(query.args).toEqual([{ name: "token", description: expect.stringMatching(/\S/) }]);
    for (const type of [data.order, data.address]) {
      expect(type.description).toMatch(/\S/);
      for (const field of type.fields) expect(field.description, field.name).toMatch(/\S/);
    }
  });
});
