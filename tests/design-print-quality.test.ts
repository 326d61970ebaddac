import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { cartApi, uploadDesign, variantsOf, type TestVariant } from "./support/cart.js";
import { guestFetcher, loadPage, pathOf, payWith } from "./support/checkout.js";
import { makePng } from "./support/images.js";
import { placeOrderFor } from "./support/orders.js";
import { BLURRY_PRINT_WARNING, MAX_RECORDED_DPI, MIN_PRINT_DPI, PRINT_DPI } from "../gateway/designs/print-quality.js";
import { orderEmailTemplates } from "../gateway/notifications/order-emails.js";
import type { OrderRecord } from "../gateway/orders/order.records.js";

// A design's print quality (docs/api.md "Designs"): the studio sends the uploaded picture's
// resolution at its printed size with the design, the gateway keeps it and gives the warning, and
// the warning and the design's mock-up travel with the line: cart, checkout, order, emails, /admin.
let shop: TestGateway;
let tee: TestVariant;
let sticker: TestVariant;

beforeAll(async () => {
  shop = await startTestGateway();
  // The periodic sweeper's statements would land in a query count below.
  shop.running.gateway.stopBackgroundWork();
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
  sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
});
afterAll(async () => {
  await shop?.close();
});

async function upload(state: string | undefined) {
  const body = new FormData();
  body.append("preview", new Blob([makePng(30, 30)], { type: "image/png" }), "preview.png");
  if (state !== undefined) body.append("state", state);
  const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body });
  return { status: res.status, body: (await res.json()) as any };
}

const designCount = async () => (await shop.database.db.selectFrom("designs").select("id").execute()).length;
const DESIGN = `query($id: ID!) { design(id: $id) { printDpi printWarning } }`;

describe("the upload's state.printDpi", () => {
  it.each([
    [`${MIN_PRINT_DPI - 1} (just below the least)`, MIN_PRINT_DPI - 1, BLURRY_PRINT_WARNING],
    [`${MIN_PRINT_DPI} (the least)`, MIN_PRINT_DPI, null],
    ["1", 1, BLURRY_PRINT_WARNING],
    [`${PRINT_DPI} (a print file's own)`, PRINT_DPI, null],
    [`${MAX_RECORDED_DPI} (the most recorded)`, MAX_RECORDED_DPI, null],
  ])("%s is kept with the design and answered with its warning", async (_what, printDpi, warning) => {
    const { status, body } = await upload(JSON.stringify({ text: "Hello", printDpi }));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ printDpi, printWarning: warning });
    expect((await shop.rest(`/api/designs/${body.id}`)).body).toMatchObject({ printDpi, printWarning: warning });
    expect((await shop.graphql(DESIGN, { id: body.id })).data.design).toEqual({ printDpi, printWarning: warning });
    const row = await shop.database.db.selectFrom("designs").select("print_dpi").where("id", "=", body.id).executeTakeFirstOrThrow();
    expect(row.print_dpi).toBe(printDpi);
  });

  it.each([
    ["left out of the state", JSON.stringify({ text: "Only words" })],
    ["null (no uploaded picture: a meme, text only)", JSON.stringify({ memeId: "m-1", printDpi: null })],
    ["with no state at all", undefined],
  ])("is null %s, with no warning", async (_what, state) => {
    const { status, body } = await upload(state);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ printDpi: null, printWarning: null });
    expect((await shop.graphql(DESIGN, { id: body.id })).data.design).toEqual({ printDpi: null, printWarning: null });
  });

  it.each([
    ["0", 0],
    ["-1", -1],
    ["1.5", 1.5],
    ['"x"', "x"],
    ['"150" (text)', "150"],
    [`${MAX_RECORDED_DPI + 1}`, MAX_RECORDED_DPI + 1],
    ["true", true],
    ["a list", [MIN_PRINT_DPI]],
  ])("%s is refused with 400 naming the state, storing nothing", async (_what, printDpi) => {
    const before = await designCount();
    const { status, body } = await upload(JSON.stringify({ text: "Hello", printDpi }));
    expect(status).toBe(400);
    expect(body).toEqual({ error: `state.printDpi must be a whole number from 1 to ${MAX_RECORDED_DPI}, or null`, field: "state" });
    expect(await designCount()).toBe(before);
  });
});

describe("printQuality", () => {
  it("gives the studio the rule: the print files' resolution, the least a picture may have, and the warning's words", async () => {
    const { data, errors } = await shop.graphql(`{ printQuality { printDpi minimumDpi warning } }`);
    expect(errors).toBeUndefined();
    expect(data.printQuality).toEqual({ printDpi: 300, minimumDpi: 150, warning: "This image may print blurry at this size — make it smaller or use a larger picture" });
    expect(data.printQuality).toEqual({ printDpi: PRINT_DPI, minimumDpi: MIN_PRINT_DPI, warning: BLURRY_PRINT_WARNING });
  });
});

describe("a design's line, from the cart to the order", () => {
  const WARNING_HTML = `<div class="line-warning"><span class="sr-only">Print quality: </span>${BLURRY_PRINT_WARNING}</div>`;
  let blurryId: string;
  let sharpId: string;
  let cartId: string;
  let checkoutUrl: string;
  let order: OrderRecord;
  let owner: BrowserSession;
  let customer: BrowserSession;
  /** The line (of a cart or an order, as GraphQL answered it) carrying this design; the plain line for null. */
  const lineOf = (lines: any[], designId: string | null) =>
    lines.find((l) => ((l.customAttributes ?? l.attributes ?? []).find((a: { key: string }) => a.key === "designId")?.value ?? null) === designId);

  beforeAll(async () => {
    blurryId = await uploadDesign(shop, { printDpi: 96 });
    sharpId = await uploadDesign(shop, { printDpi: 300 });
    customer = new BrowserSession(shop.url);
    await customer.register({ name: "Dee Signer", email: "dee@example.com", password: "customer pass 1" });
    await customer.login("dee@example.com", "customer pass 1");
    cartId = (await customer.json("/api/cart", { method: "POST", json: {} })).body.id;
    const added = await customer.json(`/api/cart/${encodeURIComponent(cartId)}/items`, {
      method: "POST",
      json: {
        items: [
          { variantId: tee.id, quantity: 1, customAttributes: [{ key: "designId", value: blurryId }] },
          { variantId: tee.id, quantity: 1, customAttributes: [{ key: "designId", value: sharpId }] },
          { variantId: sticker.id, quantity: 1 },
        ],
      },
    });
    expect(added.status).toBe(200);
    checkoutUrl = (await cartApi(shop).checkoutUrl(cartId)).body.checkoutUrl;

    await shop.running.gateway.services.staff.create({ email: "printer@shop.example", name: "Pia Printer", role: "owner", password: "printer password 1" });
    owner = new BrowserSession(shop.url);
    await owner.graphql(`mutation { staffLogin(input: { email: "printer@shop.example", password: "printer password 1" }) { userErrors { code } } }`);
  });

  it("shows the design's mock-up as the server cart line's picture, and its warning, keeping the product's own photo", async () => {
    const { data, errors } = await shop.graphql(
      `query($id: ID!) { cart(id: $id) { lines { nodes { attributes { key value } image { url altText } design { id previewUrl printDpi printWarning }
        merchandise { product { featuredImage { url } } } } } } }`,
      { id: cartId },
    );
    expect(errors).toBeUndefined();
    const lines = data.cart.lines.nodes;
    const blurry = lineOf(lines, blurryId);
    expect(blurry.image).toEqual({ url: `/designs/${blurryId}/preview`, altText: `Your custom design on ${tee.productTitle}` });
    expect(blurry.design).toEqual({ id: blurryId, previewUrl: `/designs/${blurryId}/preview`, printDpi: 96, printWarning: BLURRY_PRINT_WARNING });
    expect(blurry.merchandise.product.featuredImage.url).toMatch(/^\/media\//);
    expect(lineOf(lines, sharpId).design).toMatchObject({ printDpi: 300, printWarning: null });
    const plain = lineOf(lines, null);
    expect(plain.design).toBeNull();
    expect(plain.image.url).toBe(plain.merchandise.product.featuredImage.url);
  });

  it("says the warning on the checkout page, under the design's line only, beside its mock-up", async () => {
    const { status, page } = await loadPage(guestFetcher(shop.url), checkoutUrl);
    expect(status).toBe(200);
    expect(page.split(WARNING_HTML)).toHaveLength(2);
    const blurryLine = page.slice(page.indexOf(`/designs/${blurryId}/preview`), page.indexOf("</li>", page.indexOf(`/designs/${blurryId}/preview`)));
    expect(blurryLine).toContain(WARNING_HTML);
    expect(page).toContain(`<img src="/designs/${sharpId}/preview" alt="Your custom design on ${tee.productTitle}"`);
  });

  it("records the design's mock-up as the order line's picture, and the order shows it with the warning", async () => {
    const paid = await payWith((path, init) => customer.fetch(path, init), checkoutUrl, { email: "dee@example.com" });
    expect(paid.status).toBe(303);
    const success = new URL(paid.location!).searchParams;
    const orderId = success.get("id")!;
    order = (await shop.running.gateway.services.orders.findByStatusToken(pathOf(success.get("order_status_url")!).split("/").pop()!))!;
    expect(order.id).toBe(orderId);
    const rows = await shop.database.db.selectFrom("order_lines").select("image_url").where("order_id", "=", orderId).execute();
    expect(rows.map((r) => r.image_url).sort()).toEqual([`/designs/${blurryId}/preview`, `/designs/${sharpId}/preview`, expect.stringMatching(/^\/media\//)].sort());

    // The customer's order page.
    const mine = await customer.graphql(`query($id: ID!) { order(id: $id) { lineItems { customAttributes { key value } image { url altText } design { printWarning } } } }`, { id: orderId });
    const blurry = lineOf(mine.data.order.lineItems, blurryId);
    expect(blurry).toMatchObject({ image: { url: `/designs/${blurryId}/preview`, altText: `Your custom design on ${tee.productTitle}` }, design: { printWarning: BLURRY_PRINT_WARNING } });
    expect(lineOf(mine.data.order.lineItems, sharpId).design).toEqual({ printWarning: null });

    // The public order status page.
    const statusUrl = (await customer.graphql(`query($id: ID!) { order(id: $id) { statusUrl } }`, { id: orderId })).data.order.statusUrl as string;
    const statusPage = await (await fetch(shop.url + pathOf(statusUrl))).text();
    expect(statusPage.split(WARNING_HTML)).toHaveLength(2);
    expect(statusPage).toContain(`<img src="/designs/${blurryId}/preview" alt="Your custom design on ${tee.productTitle}"`);
  });

  it("shows staff each design's resolution and warning on the order", async () => {
    const { data, errors } = await owner.graphql(`query($id: ID!) { adminOrder(id: $id) { lineItems { image { url } design { id printDpi printWarning } } } }`, { id: order.id });
    expect(errors).toBeUndefined();
    const designs = data.adminOrder.lineItems.map((l: any) => l.design);
    expect(designs).toContainEqual({ id: blurryId, printDpi: 96, printWarning: BLURRY_PRINT_WARNING });
    expect(designs).toContainEqual({ id: sharpId, printDpi: 300, printWarning: null });
    expect(designs).toContain(null);
  });

  it("reads the designs of a page of orders at once (no query per line)", async () => {
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      await placeOrderFor(shop, null, email, 1, [{ key: "designId", value: await uploadDesign(shop, { printDpi: 120 }) }]);
    }
    const LIST = `query($n: Int!) { adminOrders(first: $n) { nodes { lineItems { design { id printDpi printWarning } } } } }`;
    const counted = async (n: number) => {
      const before = shop.database.queryCount;
      const { data } = await owner.graphql(LIST, { n });
      return { count: shop.database.queryCount - before, designs: data.adminOrders.nodes.flatMap((o: any) => o.lineItems.map((l: any) => l.design)).filter(Boolean) };
    };
    await counted(1);
    const one = await counted(1);
    const four = await counted(4);
    expect(one.designs).toHaveLength(1);
    expect(four.designs).toHaveLength(5);
    expect(four.designs.filter((d: any) => d.printWarning === BLURRY_PRINT_WARNING)).toHaveLength(4);
    expect(four.count).toBe(one.count);
  });

  it("puts each line's picture in the order emails: absolute, a PNG for a product's SVG, 64 px, described", async () => {
    const publicUrl = "https://shop.example";
    const templates = orderEmailTemplates({ publicUrl, findOrder: async () => order });
    for (const template of ["order_confirmation", "shipping_notification"]) {
      const { html } = await templates[template]!.render({ orderId: order.id });
      const images = html.match(/<img [^>]*>/g) ?? [];
      expect(images, template).toHaveLength(3);
      for (const designId of [blurryId, sharpId]) {
        const design = images.find((img) => img.includes(`src="${publicUrl}/designs/${designId}/preview"`));
        expect(design, `${template}: ${designId}`).toContain(`alt="Your custom design on ${tee.productTitle}" width="64" height="64"`);
      }
      // The sticker's photo is an SVG: its PNG copy, at the same address ending in .png.
      const product = images.find((img) => img.includes("/media/"))!;
      expect(product).toMatch(new RegExp(`^<img src="${publicUrl}/media/[^"]+\\.png" alt="${sticker.productTitle}" width="64" height="64"`));
    }
  });
});
