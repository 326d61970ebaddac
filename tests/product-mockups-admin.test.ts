import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { makePng } from "./support/images.js";
import type { Services } from "../gateway/services.js";

// What the design studio prints on, on the shop's side: a product's print area (productPrintAreaSet,
// every rule at its boundary), its blank mock-ups (POST /api/admin/products/{id}/mockups, one per
// Color value; productMockupDelete), who may change them, and that a refusal writes nothing.
const OWNER = { email: "olive@shop.example", password: "owner password 1" };
const CLERK = { email: "clem@shop.example", password: "clerk password 1" };
let shop: TestGateway;
let services: Services;
let owner: BrowserSession;
let clerk: BrowserSession;
let writerToken: string;
let readerToken: string;
/** A product of this file's own with a Color option (Black, Navy), and one without options. */
let tee: { id: string; handle: string };
let mug: { id: string; handle: string };

const db = () => shop.database.db;

const PRINT_AREA = `x y width height widthInches heightInches printWidthPx printHeightPx`;
const ADMIN_PRODUCT = `{ id updatedAt printArea { ${PRINT_AREA} } mockups { color url width height offered } }`;
const SET_AREA = `mutation($productId: ID!, $printArea: PrintAreaInput) {
  productPrintAreaSet(productId: $productId, printArea: $printArea) { product ${ADMIN_PRODUCT} userErrors { code field message } } }`;
const DELETE_MOCKUP = `mutation($productId: ID!, $color: String) {
  productMockupDelete(productId: $productId, color: $color) { product ${ADMIN_PRODUCT} userErrors { code field message } } }`;
const SHOP_PRODUCT = `query($id: ID!) { product(id: $id) { printArea { ${PRINT_AREA} } mockups { color url width height } } }`;

const TEE_AREA = { x: 0.3275, y: 0.29, width: 0.345, height: 0.395, widthInches: 11, heightInches: 12.6 };

async function signIn(who: { email: string; password: string }): Promise<BrowserSession> {
  const browser = new BrowserSession(shop.url);
  const { data } = await browser.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: who });
  expect(data.staffLogin.userErrors).toEqual([]);
  return browser;
}

async function newProduct(input: Record<string, unknown>): Promise<{ id: string; handle: string }> {
  const { data, errors } = await owner.graphql(`mutation($input: ProductInput!) { productCreate(input: $input) { product { id handle } userErrors { message } } }`, {
    input: { status: "ACTIVE", customizable: true, ...input },
  });
  expect(errors).toBeUndefined();
  expect(data.productCreate.userErrors).toEqual([]);
  return data.productCreate.product;
}

/** Everything a change could write: the products' print areas, the blanks, media, audit entries. */
async function snapshot() {
  return {
    areas: await db()
      .selectFrom("products")
      .select(["id", "print_area_x", "print_area_y", "print_area_width", "print_area_height", "print_width_hundredths", "print_height_hundredths", "updated_at"])
      .where("id", "in", [tee.id, mug.id])
      .orderBy("id")
      .execute(),
    mockups: await db().selectFrom("product_mockups").selectAll().where("product_id", "in", [tee.id, mug.id]).orderBy("product_id").orderBy("color").execute(),
    media: (await db().selectFrom("media").select("path").where("path", "like", "mockups/%").orderBy("path").execute()).map((r) => r.path),
    audit: (await db().selectFrom("audit_log").select("id").where((eb) => eb.or([eb("action", "like", "product_mockup%"), eb("action", "like", "product_print_area%")])).execute()).length,
  };
}

async function setArea(who: BrowserSession, productId: string, printArea: unknown) {
  const { data, errors } = await who.graphql(SET_AREA, { productId, printArea });
  expect(errors).toBeUndefined();
  return data.productPrintAreaSet;
}

interface Upload {
  data: Buffer;
  name: string;
  type: string;
}

const png = (width: number, height: number, rgba?: [number, number, number, number]): Upload => ({ data: makePng(width, height, rgba), name: "blank.png", type: "image/png" });

/** Uploads a blank as `who`: a browser (its cookies), a token, or nobody. */
async function upload(who: BrowserSession | { token: string } | null, file: Upload | null, options: { color?: string; productId?: string } = {}) {
  const body = new FormData();
  if (file) body.append("image", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  if (options.color !== undefined) body.append("color", options.color);
  const target = `/api/admin/products/${options.productId ?? tee.id}/mockups`;
  const init: RequestInit = { method: "POST", body };
  const res =
    who instanceof BrowserSession ? await who.fetch(target, init) : await fetch(shop.url + target, { ...init, headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
}

const hashOf = (data: Buffer) => createHash("sha256").update(data).digest("hex").slice(0, 32);

beforeAll(async () => {
  shop = await startTestGateway();
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await services.staff.create({ ...CLERK, name: "Clem Clerk", role: "staff" });
  owner = await signIn(OWNER);
  clerk = await signIn(CLERK);
  writerToken = (await services.apiTokens.create({ name: "mock-up studio", scopes: ["catalog:write"] }, { staffId: null, actor: "system" })).token;
  readerToken = (await services.apiTokens.create({ name: "catalog feed", scopes: ["catalog:read"] }, { staffId: null, actor: "system" })).token;
  tee = await newProduct({
    title: "Studio Test Tee",
    options: [{ name: "Color", values: ["Black", "Navy"] }],
    variants: [
      { optionValues: ["Black"], price: "24.00" },
      { optionValues: ["Navy"], price: "24.00" },
    ],
  });
  mug = await newProduct({ title: "Studio Test Mug", variants: [{ optionValues: [], price: "16.99" }] });
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

describe("productPrintAreaSet", () => {
  it("sets a print area, answers it with its print file's size, shows it to shoppers, and audits it", async () => {
    const before = await snapshot();
    const answer = await setArea(clerk, tee.id, TEE_AREA);
    expect(answer.userErrors).toEqual([]);
    expect(answer.product.printArea).toEqual({ ...TEE_AREA, printWidthPx: 3300, printHeightPx: 3780 });
    expect(new Date(answer.product.updatedAt).getTime()).toBeGreaterThan(new Date(before.areas.find((a) => a.id === tee.id)!.updated_at).getTime());
    const row = await db().selectFrom("products").select(["print_width_hundredths", "print_height_hundredths"]).where("id", "=", tee.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ print_width_hundredths: 1100, print_height_hundredths: 1260 });
    expect((await shop.graphql(SHOP_PRODUCT, { id: tee.id })).data.product.printArea).toEqual({ ...TEE_AREA, printWidthPx: 3300, printHeightPx: 3780 });
    const audit = await db().selectFrom("audit_log").select(["actor", "action", "details"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toEqual({
      actor: `staff:${CLERK.email}`,
      action: "product_print_area_set",
      details: `"Studio Test Tee" (${tee.handle}): print area set at 32.75%, 29%, 34.5% × 39.5% of the mock-up, 11 × 12.6 in (3300 × 3780 px at 300 DPI)`,
    });

    // The same print area again changes nothing and records nothing.
    const same = await snapshot();
    expect((await setArea(clerk, tee.id, TEE_AREA)).userErrors).toEqual([]);
    expect(await snapshot()).toEqual(same);
  });

  it.each([
    ["1 inch, the least", { widthInches: 1, heightInches: 1 }, { printWidthPx: 300, printHeightPx: 300 }],
    ["20 inches, the most, while the file stays within 16 MP", { widthInches: 20, heightInches: 8.88 }, { printWidthPx: 6000, printHeightPx: 2664 }],
    ["a print file just under 16 megapixels (4800 × 3333 px)", { widthInches: 16, heightInches: 11.11 }, { printWidthPx: 4800, printHeightPx: 3333 }],
    ["a rectangle up to the mock-up's edges", { x: 0, y: 0, width: 1, height: 1 }, {}],
    ["fractions that sum to 1 in floating point", { x: 0.7, width: 0.3, y: 0.1, height: 0.9 }, {}],
  ])("takes %s", async (_what, change, expected) => {
    const answer = await setArea(owner, mug.id, { ...TEE_AREA, ...change });
    expect(answer.userErrors).toEqual([]);
    expect(answer.product.printArea).toMatchObject({ ...change, ...expected });
  });

  it.each([
    ["a side under 1 inch", { widthInches: 0.99 }, "printArea.widthInches", "printArea.widthInches must be between 1 and 20 inches"],
    ["a side over 20 inches", { heightInches: 20.01, widthInches: 2 }, "printArea.heightInches", "printArea.heightInches must be between 1 and 20 inches"],
    ["more than two decimals", { widthInches: 11.005 }, "printArea.widthInches", "printArea.widthInches may have at most two decimals (hundredths of an inch)"],
    [
      "a print file just over 16 megapixels (4800 × 3336 px)",
      { widthInches: 16, heightInches: 11.12 },
      "printArea",
      "At 300 DPI the print file would be 4800 × 3336 px (16,012,800 pixels), more than the 16,000,000 (16 megapixels) a phone's canvas can hold: make the print area smaller in inches",
    ],
    [
      "20 × 20 inches",
      { widthInches: 20, heightInches: 20 },
      "printArea",
      "At 300 DPI the print file would be 6000 × 6000 px (36,000,000 pixels), more than the 16,000,000 (16 megapixels) a phone's canvas can hold: make the print area smaller in inches",
    ],
    ["a left edge outside the mock-up", { x: -0.01 }, "printArea.x", "printArea.x must be 0 or more: the print area's left edge lies within the mock-up"],
    ["a top edge outside the mock-up", { y: -0.5 }, "printArea.y", "printArea.y must be 0 or more: the print area's top edge lies within the mock-up"],
    ["a rectangle past the right edge", { x: 0.7, width: 0.31 }, "printArea.width", "The print area runs past the mock-up's right edge: x + width must be at most 1 (it is 1.01)"],
    ["a rectangle past the bottom edge", { y: 0.9, height: 0.2 }, "printArea.height", "The print area runs past the mock-up's bottom edge: y + height must be at most 1 (it is 1.1)"],
    ["a rectangle wholly outside", { x: 1.2, width: 0.3 }, "printArea.width", "The print area runs past the mock-up's right edge: x + width must be at most 1 (it is 1.5)"],
    ["a width of 2 % of the mock-up", { width: 0.02 }, "printArea.width", "printArea.width must be more than 0.02 (2% of the mock-up's width)"],
    ["a height of 0", { height: 0 }, "printArea.height", "printArea.height must be more than 0.02 (2% of the mock-up's height)"],
  ])("refuses %s, naming the field, writing nothing", async (_what, change, field, message) => {
    const before = await snapshot();
    const answer = await setArea(owner, tee.id, { ...TEE_AREA, ...change });
    expect(answer).toEqual({ product: null, userErrors: [{ code: "INVALID_INPUT", field, message }] });
    expect(await snapshot()).toEqual(before);
  });

  it("removes a print area (null), so the studio uses its whole canvas", async () => {
    expect((await setArea(owner, mug.id, TEE_AREA)).userErrors).toEqual([]);
    const answer = await setArea(owner, mug.id, null);
    expect(answer.userErrors).toEqual([]);
    expect(answer.product.printArea).toBeNull();
    expect((await shop.graphql(SHOP_PRODUCT, { id: mug.id })).data.product.printArea).toBeNull();
    const audit = await db().selectFrom("audit_log").select(["action", "details"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit.action).toBe("product_print_area_removed");
    expect(audit.details).toContain("print area removed (was at 32.75%");
    // Removing none changes nothing.
    const before = await snapshot();
    expect((await setArea(owner, mug.id, null)).userErrors).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers NOT_FOUND for a product that is not there", async () => {
    for (const productId of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect((await setArea(owner, productId, TEE_AREA)).userErrors).toEqual([{ code: "NOT_FOUND", field: null, message: "No product with this id" }]);
    }
  });
});

describe("POST /api/admin/products/{id}/mockups", () => {
  it("takes a blank per Color value, kept content-addressed under /media/mockups and shown to shoppers in the option's order", async () => {
    const navy = png(1200, 1000, [20, 30, 80, 255]);
    const black = png(900, 900, [10, 10, 10, 255]);
    const first = await upload(clerk, navy, { color: "navy" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({ color: "Navy", url: `/media/mockups/${hashOf(navy.data)}.png`, width: 1200, height: 1000, offered: true });
    const second = await upload({ token: writerToken }, black, { color: "Black" });
    expect(second.status).toBe(201);
    const served = await fetch(shop.url + first.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 1200, height: 1000 });

    const { data } = await shop.graphql(SHOP_PRODUCT, { id: tee.id });
    expect(data.product.mockups).toEqual([
      { color: "Black", url: second.body.url, width: 900, height: 900 },
      { color: "Navy", url: first.body.url, width: 1200, height: 1000 },
    ]);
    const audit = await db().selectFrom("audit_log").select(["actor", "action", "details"]).where("action", "=", "product_mockup_set").orderBy("id", "desc").limit(2).execute();
    expect(audit).toEqual([
      { actor: "token:mock-up studio", action: "product_mockup_set", details: `"Studio Test Tee" (${tee.handle}): blank for Black added (900 × 900 PNG)` },
      { actor: `staff:${CLERK.email}`, action: "product_mockup_set", details: `"Studio Test Tee" (${tee.handle}): blank for Navy added (1200 × 1000 PNG)` },
    ]);
  });

  it("keeps a large blank at most 2000 px on its longest side", async () => {
    const big = await sharp({ create: { width: 3000, height: 2400, channels: 3, background: { r: 200, g: 200, b: 200 } } }).jpeg().toBuffer();
    const answer = await upload(owner, { data: big, name: "blank.jpg", type: "image/jpeg" }, { productId: mug.id });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ color: null, width: 2000, height: 1600, url: `/media/mockups/${hashOf(big)}.jpg` });
  });

  it("replaces a colour's blank, removing the old file from media", async () => {
    const old = (await db().selectFrom("product_mockups").select("path").where("product_id", "=", tee.id).where("color", "=", "Navy").executeTakeFirstOrThrow()).path;
    const replacement = png(800, 800, [0, 0, 90, 255]);
    const answer = await upload(owner, replacement, { color: "Navy" });
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe(`/media/mockups/${hashOf(replacement.data)}.png`);
    expect(await db().selectFrom("media").select("path").where("path", "=", old).execute()).toEqual([]);
    expect((await fetch(shop.url + `/media/${old}`)).status).toBe(404);
    expect(await db().selectFrom("product_mockups").select("color").where("product_id", "=", tee.id).orderBy("color").execute()).toEqual([{ color: "Black" }, { color: "Navy" }]);
    const audit = await db().selectFrom("audit_log").select("details").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit.details).toBe(`"Studio Test Tee" (${tee.handle}): blank for Navy replaced (800 × 800 PNG)`);
  });

  it("refuses a colour the product does not offer, a missing colour, a colour for a product without a Color option, and bad files, writing nothing", async () => {
    const before = await snapshot();
    const refused = [
      [await upload(owner, png(10, 10), { color: "Red" }), 400, { error: '"Red" is not one of the product\'s colours (Black, Navy)', field: "color" }],
      [await upload(owner, png(10, 10)), 400, { error: "color is required: one of the product's colours (Black, Navy)", field: "color" }],
      [await upload(owner, png(10, 10), { color: "  " }), 400, { error: "color is required: one of the product's colours (Black, Navy)", field: "color" }],
      [await upload(owner, png(10, 10), { color: "Black", productId: mug.id }), 400, { error: 'This product has no Color option, so it has one blank: leave color out (it was "Black")', field: "color" }],
      [await upload(owner, png(10, 10), { color: "x".repeat(61) }), 400, { error: "color must be at most 60 characters", field: "color" }],
      [await upload(owner, null, { color: "Black" }), 400, { error: "image is required", field: "image" }],
      [await upload(owner, { data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), name: "a.svg", type: "image/svg+xml" }, { color: "Black" }), 400, { error: "image must be a JPEG, PNG or WebP image", field: "image" }],
      [await upload(owner, png(10, 10), { color: "Black", productId: "00000000-0000-4000-8000-000000000000" }), 404, { error: "No product with this id" }],
      [await upload(owner, png(10, 10), { color: "Black", productId: "not-an-id" }), 404, { error: "No product with this id" }],
    ] as const;
    for (const [answer, status, body] of refused) expect(answer).toEqual({ status, body });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses nobody, a customer and a token without catalog:write, writing nothing", async () => {
    const before = await snapshot();
    const customer = new BrowserSession(shop.url);
    await customer.register({ name: "Casey Shopper", email: "casey@example.com", password: "a long enough password" });
    await customer.login("casey@example.com", "a long enough password");
    expect(await upload(null, png(10, 10), { color: "Black" })).toEqual({ status: 401, body: { error: "Staff sign-in or an API token is required" } });
    expect(await upload(customer, png(10, 10), { color: "Black" })).toEqual({ status: 403, body: { error: "This is for the shop's staff; a customer's session cannot use it" } });
    expect(await upload({ token: readerToken }, png(10, 10), { color: "Black" })).toEqual({ status: 403, body: { error: "This API token does not hold the scope catalog:write" } });
    expect(await snapshot()).toEqual(before);
  });
});

describe("productMockupDelete", () => {
  it("removes a colour's blank and its file; shoppers no longer see it", async () => {
    const path = (await db().selectFrom("product_mockups").select("path").where("product_id", "=", tee.id).where("color", "=", "Black").executeTakeFirstOrThrow()).path;
    const { data, errors } = await owner.graphql(DELETE_MOCKUP, { productId: tee.id, color: "Black" });
    expect(errors).toBeUndefined();
    expect(data.productMockupDelete.userErrors).toEqual([]);
    expect(data.productMockupDelete.product.mockups.map((m: { color: string }) => m.color)).toEqual(["Navy"]);
    expect(await db().selectFrom("media").select("path").where("path", "=", path).execute()).toEqual([]);
    expect((await shop.graphql(SHOP_PRODUCT, { id: tee.id })).data.product.mockups.map((m: { color: string }) => m.color)).toEqual(["Navy"]);
    expect((await db().selectFrom("audit_log").select("details").orderBy("id", "desc").executeTakeFirstOrThrow()).details).toBe(`"Studio Test Tee" (${tee.handle}): blank for Black deleted`);
  });

  it("removes the one blank of a product without a Color option (color null)", async () => {
    const { data } = await owner.graphql(DELETE_MOCKUP, { productId: mug.id, color: null });
    expect(data.productMockupDelete.userErrors).toEqual([]);
    expect(data.productMockupDelete.product.mockups).toEqual([]);
  });

  it("answers NOT_FOUND for a colour without a blank or an unknown product, writing nothing", async () => {
    const before = await snapshot();
    for (const [productId, color, message] of [
      [tee.id, "Black", 'The product has no blank for "Black"'],
      [tee.id, null, "The product has no blank without a colour"],
      ["00000000-0000-4000-8000-000000000000", "Navy", "No product with this id"],
    ] as const) {
      const { data } = await owner.graphql(DELETE_MOCKUP, { productId, color });
      expect(data.productMockupDelete).toEqual({ product: null, userErrors: [{ code: "NOT_FOUND", field: null, message }] });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("keeps a blank whose colour the product stops offering, hidden from shoppers, until staff remove it", async () => {
    const { data } = await owner.graphql(
      `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { product { mockups { color offered } } userErrors { message } } }`,
      { id: tee.id, input: { options: [{ name: "Color", values: ["Black"] }], variants: [{ optionValues: ["Black"], price: "24.00" }] } },
    );
    expect(data.productUpdate.userErrors).toEqual([]);
    expect(data.productUpdate.product.mockups).toEqual([{ color: "Navy", offered: false }]);
    expect((await shop.graphql(SHOP_PRODUCT, { id: tee.id })).data.product.mockups).toEqual([]);
    const removed = await owner.graphql(DELETE_MOCKUP, { productId: tee.id, color: "Navy" });
    expect(removed.data.productMockupDelete.product.mockups).toEqual([]);
  });
});

describe("who may change them", () => {
  it("lets staff and catalog:write tokens; refuses a catalog:read token and nobody", async () => {
    const writer = new BrowserSession(shop.url, { authorization: `Bearer ${writerToken}` });
    const reader = new BrowserSession(shop.url, { authorization: `Bearer ${readerToken}` });
    const anonymous = new BrowserSession(shop.url);
    expect((await writer.graphql(SET_AREA, { productId: mug.id, printArea: TEE_AREA })).data.productPrintAreaSet.userErrors).toEqual([]);
    const before = await snapshot();
    expect((await reader.graphql(SET_AREA, { productId: mug.id, printArea: null })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await anonymous.graphql(SET_AREA, { productId: mug.id, printArea: null })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await reader.graphql(DELETE_MOCKUP, { productId: tee.id, color: "Black" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await anonymous.graphql(DELETE_MOCKUP, { productId: tee.id, color: "Black" })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(await snapshot()).toEqual(before);
    // The admin's read holds them for a catalog:read token.
    const read = await reader.graphql(`query($id: ID!) { adminProduct(id: $id) ${ADMIN_PRODUCT} }`, { id: mug.id });
    expect(read.data.adminProduct.printArea).toMatchObject(TEE_AREA);
  });
});
