import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { buildClient } from "./support/client-build.js";
import { makeJpeg, makePng, pngDeclaring, pngWithoutImageData } from "./support/images.js";
import type { Services } from "../gateway/services.js";

// Staff run the meme gallery through GraphQL (and its image through REST): every mutation and guard,
// refusals leaving everything as it was, the meme of the week switched atomically (also under
// concurrent switches on PostgreSQL), the product link by id and what shoppers see on their next
// request: the home page, the gallery's REST and GraphQL answers, and "Not Available" with its reason.

const OWNER = { email: "olive@shop.example", password: "owner password 1" };
const CLERK = { email: "clem@shop.example", password: "clerk password 1" };

const MEME_FIELDS = "id title description imageUrl tags featured visible availability unavailableReason product { id handle title status } createdAt updatedAt";
const CREATE = `mutation($input: MemeInput!) { memeCreate(input: $input) { meme { ${MEME_FIELDS} } userErrors { code field message } } }`;
const UPDATE = `mutation($id: ID!, $input: MemeInput!) { memeUpdate(id: $id, input: $input) { meme { ${MEME_FIELDS} } userErrors { code field message } } }`;
const FEATURE = `mutation($id: ID!) { memeFeature(id: $id) { meme { id featured } userErrors { code field message } } }`;
const DELETE = `mutation($id: ID!) { memeDelete(id: $id) { deletedMemeId userErrors { code field message } } }`;
const LIST = `query($search: String, $page: Int, $pageSize: Int) { adminMemes(search: $search, page: $page, pageSize: $pageSize) { totalCount page pageSize totalPages nodes { id title featured visible product { handle } } } }`;
const ONE = `query($id: ID!) { adminMeme(id: $id) { ${MEME_FIELDS} } }`;
const SHOPPER_MEME = `query($id: ID!) { meme(id: $id) { id title productHandle availability unavailableReason product { title variants(first: 1) { price { amount } } } } }`;

let shop: TestGateway;
let services: Services;
let dist: string;
let owner: BrowserSession;
let clerk: BrowserSession;
let writerToken: string;
let readerToken: string;

const db = () => shop.database.db;

async function signIn(who: { email: string; password: string }): Promise<BrowserSession> {
  const browser = new BrowserSession(shop.url);
  const { data } = await browser.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: who });
  expect(data.staffLogin.userErrors).toEqual([]);
  return browser;
}

function bearer(token: string) {
  return async (query: string, variables?: Record<string, unknown>) => {
    const res = await fetch(`${shop.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data: any; errors?: any[] };
  };
}

async function create(input: Record<string, unknown>, as: BrowserSession = owner) {
  const { data, errors } = await as.graphql(CREATE, { input });
  expect(errors).toBeUndefined();
  return data.memeCreate;
}

interface Upload {
  data: Buffer;
  name: string;
  type: string;
}
const png = (width: number, height: number, rgba?: [number, number, number, number]): Upload => ({ data: makePng(width, height, rgba), name: "meme.png", type: "image/png" });

/** POST /api/admin/memes/{id}/image as `who`: a browser (its cookies), a token, or nobody. */
async function uploadImage(who: BrowserSession | { token: string } | null, memeId: string, file: Upload | null, headers: Record<string, string> = {}) {
  const body = new FormData();
  if (file) body.append("image", new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const init: RequestInit = { method: "POST", body, headers };
  const target = `/api/admin/memes/${memeId}/image`;
  const res =
    who instanceof BrowserSession
      ? await who.fetch(target, init)
      : await fetch(shop.url + target, { ...init, headers: { ...headers, ...(who ? { authorization: `Bearer ${who.token}` } : {}) } });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
}

/** Each shown meme's picture is a colour no other test uses: images are kept by content, so two memes with equal pictures share one file. */
let shownCount = 0;

/** A meme made by the owner, with an image, so shoppers see it. */
async function shownMeme(title: string, input: Record<string, unknown> = {}): Promise<string> {
  const made = await create({ title, description: `About ${title}`, tags: ["Test"], ...input });
  expect(made.userErrors).toEqual([]);
  const { status } = await uploadImage(owner, made.meme.id, png(64, 64, [200 + (shownCount % 50), 41 + Math.floor(shownCount++ / 50), 40, 255]));
  expect(status).toBe(200);
  return made.meme.id;
}

/** Everything a refused write could have touched. */
async function snapshot() {
  return {
    memes: await db().selectFrom("memes").selectAll().orderBy("id").execute(),
    media: (await db().selectFrom("media").select("path").orderBy("path").execute()).map((r) => r.path),
    audit: await db().selectFrom("audit_log").select("id").where("action", "like", "meme%").execute(),
  };
}

async function featuredIds(): Promise<string[]> {
  return (await db().selectFrom("memes").select("id").where("featured", "=", true).execute()).map((r) => r.id);
}

/** An ACTIVE product of this file's own, with one variant at `price`. */
async function newProduct(title: string, price = "11.99", status = "ACTIVE"): Promise<{ id: string; handle: string }> {
  const { data, errors } = await owner.graphql(
    `mutation($input: ProductInput!) { productCreate(input: $input) { product { id handle } userErrors { message } } }`,
    { input: { title, status, variants: [{ optionValues: [], price }] } },
  );
  expect(errors).toBeUndefined();
  expect(data.productCreate.userErrors).toEqual([]);
  return data.productCreate.product;
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-memes-"));
  await buildClient(dist);
  // The catalog cache on, as in production: a change must clear it for the next request to show it.
  shop = await startTestGateway({ webDistDir: dist, catalogCacheSeconds: 60 });
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await services.staff.create({ ...CLERK, name: "Clem Clerk", role: "staff" });
  owner = await signIn(OWNER);
  clerk = await signIn(CLERK);
  const system = { staffId: null, actor: "system" };
  writerToken = (await services.apiTokens.create({ name: "meme feed", scopes: ["catalog:write"] }, system)).token;
  readerToken = (await services.apiTokens.create({ name: "meme reader", scopes: ["catalog:read"] }, system)).token;
}, 300_000);

afterAll(async () => {
  await shop?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

describe("who may run the memes", () => {
  it("refuses a guest, a customer and a token without the scope; lets staff of either role and tokens with the scope in", async () => {
    const before = await snapshot();
    expect((await shop.graphql(LIST, {})).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await shop.graphql(CREATE, { input: { title: "Guest meme" } })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const anyMeme = (await db().selectFrom("memes").select("id").executeTakeFirstOrThrow()).id;
    expect((await shop.graphql(FEATURE, { id: anyMeme })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const customer = new BrowserSession(shop.url);
    expect((await customer.register({ name: "Cass", email: "cass@example.com", password: "password123" })).status).toBe(201);
    await customer.login("cass@example.com", "password123");
    for (const [query, variables] of [
      [LIST, {}],
      [CREATE, { input: { title: "Customer meme" } }],
      [DELETE, { id: anyMeme }],
    ] as const) {
      expect((await customer.graphql(query, variables)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    expect((await uploadImage(customer, anyMeme, png(10, 10))).status).toBe(403);
    expect((await uploadImage(null, anyMeme, png(10, 10))).status).toBe(401);
    expect((await uploadImage({ token: readerToken }, anyMeme, png(10, 10))).status).toBe(403);
    expect((await uploadImage({ token: "sst_not-a-token" }, anyMeme, png(10, 10))).status).toBe(401);
    // A staff session's upload sent by another site's page.
    expect((await uploadImage(owner, anyMeme, png(10, 10), { "sec-fetch-site": "cross-site" })).status).toBe(403);

    const reader = bearer(readerToken);
    expect((await reader(LIST, {})).data.adminMemes.totalCount).toBeGreaterThanOrEqual(14);
    const refused = await reader(CREATE, { input: { title: "Reader meme" } });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(refused.errors?.[0]?.message).toMatch(/catalog:write/);
    expect(await snapshot()).toEqual(before);

    const writer = bearer(writerToken);
    const byToken = (await writer(CREATE, { input: { title: "Integrator meme" } })).data.memeCreate;
    expect(byToken.userErrors).toEqual([]);
    const byClerk = await create({ title: "Clerk meme" }, clerk);
    expect(byClerk.userErrors).toEqual([]);
    const audit = await db().selectFrom("audit_log").select("actor").where("action", "=", "meme_created").orderBy("id", "desc").limit(2).execute();
    expect(audit.map((a) => a.actor)).toEqual([`staff:${CLERK.email}`, "token:meme feed"]);
    for (const id of [byToken.meme.id, byClerk.meme.id]) expect((await owner.graphql(DELETE, { id })).data.memeDelete.userErrors).toEqual([]);
  });
});

describe("making, changing and deleting memes", () => {
  it("creates a meme hidden from shoppers until its image is uploaded, then shows it", async () => {
    const product = await newProduct("Enamel pin");
    const made = await create({ title: "  Pork Barrel Pin  ", description: "Shiny.", tags: ["Budget", "Budget", " Pork "], productId: product.id });
    expect(made.userErrors).toEqual([]);
    expect(made.meme).toMatchObject({
      title: "Pork Barrel Pin",
      description: "Shiny.",
      tags: ["Budget", "Pork"],
      imageUrl: null,
      visible: false,
      featured: false,
      availability: "AVAILABLE",
      unavailableReason: null,
      product: { id: product.id, handle: product.handle, title: "Enamel pin", status: "ACTIVE" },
    });
    const id = made.meme.id;
    const row = await db().selectFrom("memes").select(["key", "product_id", "image_path"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ key: null, product_id: product.id, image_path: null });

    // Not yet for shoppers: neither REST nor GraphQL, nor the gallery's count.
    const count = (await shop.rest("/api/memes")).body.pageInfo.totalCount;
    expect((await shop.rest(`/api/meme/${id}`)).status).toBe(404);
    expect((await shop.graphql(SHOPPER_MEME, { id })).data.meme).toBeNull();

    const photo = await makeJpeg(2400, 1800);
    const { status, body } = await uploadImage(clerk, id, { data: photo, name: "pin.jpg", type: "image/jpeg" });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ id, imageUrl: expect.stringMatching(/^\/media\/memes\/[0-9a-f]{32}\.jpg$/), featured: false, availability: "AVAILABLE", unavailableReason: null });
    const served = await fetch(shop.url + body.imageUrl);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Kept at most 1600 px on its longest side.
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 1600, height: 1200 });

    expect((await shop.rest("/api/memes")).body.pageInfo.totalCount).toBe(count + 1);
    const shopper = await shop.rest(`/api/meme/${id}`);
    expect(shopper.body).toEqual({
      id,
      title: "Pork Barrel Pin",
      description: "Shiny.",
      imageUrl: body.imageUrl,
      tags: ["Budget", "Pork"],
      productHandle: product.handle,
      unavailableReason: null,
    });
    // What the card's Add to Cart adds, named on the card: the product's title and its first variant's price.
    const gql = (await shop.graphql(SHOPPER_MEME, { id })).data.meme;
    expect(gql).toMatchObject({ productHandle: product.handle, availability: "AVAILABLE", unavailableReason: null, product: { title: "Enamel pin", variants: [{ price: { amount: "11.99" } }] } });
    const audit = await db().selectFrom("audit_log").select(["actor", "details"]).where("action", "=", "meme_image_set").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: `staff:${CLERK.email}`, details: expect.stringContaining("image added (1600 × 1200") });
  });

  it("replaces an image, removing the old file unless something else shows it", async () => {
    const id = await shownMeme("Replaced Image");
    const first = (await db().selectFrom("memes").select("image_path").where("id", "=", id).executeTakeFirstOrThrow()).image_path!;
    const again = await uploadImage({ token: writerToken }, id, png(30, 20, [1, 2, 3, 255]));
    expect(again.status).toBe(200);
    expect(again.body.imageUrl).not.toBe(`/media/${first}`);
    expect(await db().selectFrom("media").select("path").where("path", "=", first).execute()).toEqual([]);
    expect((await fetch(shop.url + again.body.imageUrl)).status).toBe(200);
    // The same bytes on two memes: replacing one keeps the file the other shows.
    const twin = await shownMeme("Twin");
    const shared = png(12, 12, [9, 9, 9, 255]);
    expect((await uploadImage(owner, id, shared)).status).toBe(200);
    expect((await uploadImage(owner, twin, shared)).status).toBe(200);
    const sharedPath = (await db().selectFrom("memes").select("image_path").where("id", "=", id).executeTakeFirstOrThrow()).image_path!;
    expect((await uploadImage(owner, id, png(13, 13))).status).toBe(200);
    expect(await db().selectFrom("media").select("path").where("path", "=", sharedPath).execute()).toHaveLength(1);
  });

  it("refuses bad images and bodies, writing nothing", async () => {
    const id = await shownMeme("Picky About Pictures");
    const before = await snapshot();
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x00\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;", "latin1");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: [Upload | null, number, RegExp][] = [
      [null, 400, /image is required/],
      [{ data: gif, name: "a.gif", type: "image/gif" }, 400, /JPEG, PNG or WebP/],
      [{ data: svg, name: "a.png", type: "image/png" }, 400, /JPEG, PNG or WebP/],
      [{ data: pngWithoutImageData(10, 10), name: "a.png", type: "image/png" }, 400, /does not decode/],
      [{ data: makePng(20, 20).subarray(0, 60), name: "cut.png", type: "image/png" }, 400, /does not decode/],
      [{ data: pngDeclaring(10_000, 10_000, 64), name: "huge.png", type: "image/png" }, 413, /50 megapixels/],
    ];
    for (const [file, status, message] of cases) {
      const answer = await uploadImage(owner, id, file);
      expect(answer.status, file?.name ?? "none").toBe(status);
      expect(answer.body.error, file?.name ?? "none").toMatch(message);
    }
    const notMultipart = await owner.fetch(`/api/admin/memes/${id}/image`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(notMultipart.status).toBe(400);
    const extraField = new FormData();
    extraField.append("altText", "no");
    extraField.append("image", new Blob([new Uint8Array(makePng(5, 5))], { type: "image/png" }), "a.png");
    expect((await owner.fetch(`/api/admin/memes/${id}/image`, { method: "POST", body: extraField })).status).toBe(400);
    // A Content-Length over the limit is refused before the body is read (only the headers are sent).
    const tooLarge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        new URL(`${shop.url}/api/admin/memes/${id}/image`),
        { method: "POST", headers: { authorization: `Bearer ${writerToken}`, "content-type": "multipart/form-data; boundary=x", "content-length": String(30 * 1024 * 1024) } },
        (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on("error", reject);
      req.flushHeaders();
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({ error: "The upload is larger than 20 MB" });
    for (const unknown of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await uploadImage(owner, unknown, png(5, 5))).status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("updates fields and the product link (by id, or none), refusing bad input and leaving the meme as it was", async () => {
    const first = await newProduct("Gavel Mug", "14.50");
    const second = await newProduct("Gavel Hat", "19.00");
    const id = await shownMeme("Order in the Court", { productId: first.id });

    const changed = (await owner.graphql(UPDATE, { id, input: { title: "Order! Order!", tags: [], productId: second.id } })).data.memeUpdate;
    expect(changed.userErrors).toEqual([]);
    expect(changed.meme).toMatchObject({ title: "Order! Order!", description: "About Order in the Court", tags: [], product: { id: second.id } });
    // Left out: unchanged. null: no product.
    const described = (await owner.graphql(UPDATE, { id, input: { description: "Gavel down." } })).data.memeUpdate;
    expect(described.meme).toMatchObject({ title: "Order! Order!", description: "Gavel down.", product: { id: second.id } });
    const unlinked = (await owner.graphql(UPDATE, { id, input: { productId: null } })).data.memeUpdate;
    expect(unlinked.meme).toMatchObject({ title: "Order! Order!", product: null, availability: "NO_PRODUCT", unavailableReason: "This meme isn't available as a product yet." });
    const audit = await db().selectFrom("audit_log").select("details").where("action", "=", "meme_updated").orderBy("id", "desc").limit(3).execute();
    expect(audit.map((a) => a.details)).toEqual([
      expect.stringMatching(/: product changed \(no product\)$/),
      expect.stringMatching(/: description changed$/),
      expect.stringMatching(/title, tags, product changed \(product "Gavel Hat"/),
    ]);
    // Saving what is saved changes nothing and records nothing.
    const auditCount = (await snapshot()).audit.length;
    expect((await owner.graphql(UPDATE, { id, input: { title: "Order! Order!" } })).data.memeUpdate.userErrors).toEqual([]);
    expect((await snapshot()).audit.length).toBe(auditCount);

    const before = await snapshot();
    const refusals: [Record<string, unknown>, { code: string; field: string; message: RegExp }][] = [
      [{ title: "   " }, { code: "INVALID_INPUT", field: "title", message: /must not be blank/ }],
      [{ title: "x".repeat(121) }, { code: "INVALID_INPUT", field: "title", message: /at most 120/ }],
      [{ description: "x".repeat(1001) }, { code: "INVALID_INPUT", field: "description", message: /at most 1000/ }],
      [{ tags: [" "] }, { code: "INVALID_INPUT", field: "tags", message: /1 to 60 characters/ }],
      [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, { code: "INVALID_INPUT", field: "tags", message: /at most 50/ }],
      [{ productId: "00000000-0000-4000-8000-000000000000" }, { code: "INVALID_INPUT", field: "productId", message: /No product with this id/ }],
      [{ productId: "'; DROP TABLE memes; --" }, { code: "INVALID_INPUT", field: "productId", message: /No product with this id/ }],
    ];
    for (const [input, expected] of refusals) {
      const { data, errors } = await owner.graphql(UPDATE, { id, input });
      expect(errors, JSON.stringify(input)).toBeUndefined();
      expect(data.memeUpdate.userErrors, JSON.stringify(input)).toEqual([{ code: expected.code, field: expect.stringMatching(new RegExp(`^(input\\.)?${expected.field}`)), message: expect.stringMatching(expected.message) }]);
      expect(data.memeUpdate.meme).toBeNull();
    }
    expect((await owner.graphql(CREATE, { input: { description: "no title" } })).data.memeCreate.userErrors).toEqual([{ code: "INVALID_INPUT", field: "title", message: "title is required" }]);
    expect((await owner.graphql(UPDATE, { id: "00000000-0000-4000-8000-000000000000", input: { title: "Nobody" } })).data.memeUpdate.userErrors).toEqual([
      { code: "NOT_FOUND", field: null, message: "No meme with this id" },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it("lists memes most recently changed first, searched by title, description or tag, in pages", async () => {
    const a = await shownMeme("Quorum Call Quokka", { description: "A marsupial waits for a quorum." });
    const b = (await create({ title: "Unfinished Thought", tags: ["Quokka"] })).meme.id;
    const { data } = await owner.graphql(LIST, { search: "QUOKKA" });
    expect(data.adminMemes).toMatchObject({ totalCount: 2, page: 1, totalPages: 1 });
    expect(data.adminMemes.nodes.map((m: { id: string }) => m.id)).toEqual([b, a]);
    expect(data.adminMemes.nodes[0]).toMatchObject({ visible: false });
    expect((await owner.graphql(LIST, { search: "100%_" })).data.adminMemes.totalCount).toBe(0);
    const paged = (await owner.graphql(LIST, { pageSize: 5, page: 2 })).data.adminMemes;
    expect(paged).toMatchObject({ page: 2, pageSize: 5 });
    expect(paged.nodes).toHaveLength(5);
    expect((await owner.graphql(LIST, { pageSize: 101 })).errors?.[0]?.message).toMatch(/pageSize must be between 1 and 100/);
    expect((await owner.graphql(ONE, { id: "not-a-uuid" })).data.adminMeme).toBeNull();
    expect((await owner.graphql(ONE, { id: a })).data.adminMeme).toMatchObject({ id: a, visible: true });
  });

  it("deletes a meme and its image file; refuses the meme of the week and an unknown id", async () => {
    const id = await shownMeme("Short-Lived");
    const imagePath = (await db().selectFrom("memes").select("image_path").where("id", "=", id).executeTakeFirstOrThrow()).image_path!;
    const done = (await owner.graphql(DELETE, { id })).data.memeDelete;
    expect(done).toEqual({ deletedMemeId: id, userErrors: [] });
    expect(await db().selectFrom("memes").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await db().selectFrom("media").select("path").where("path", "=", imagePath).execute()).toEqual([]);
    expect((await db().selectFrom("audit_log").select("details").where("action", "=", "meme_deleted").orderBy("id", "desc").executeTakeFirstOrThrow()).details).toMatch(/"Short-Lived"/);

    const before = await snapshot();
    const featured = (await featuredIds())[0]!;
    expect((await owner.graphql(DELETE, { id: featured })).data.memeDelete).toEqual({
      deletedMemeId: null,
      userErrors: [{ code: "CONFLICT", field: "id", message: expect.stringMatching(/meme of the week: make another meme the meme of the week/) }],
    });
    expect((await owner.graphql(DELETE, { id })).data.memeDelete.userErrors).toEqual([{ code: "NOT_FOUND", field: null, message: "No meme with this id" }]);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the meme of the week", () => {
  it("switches in one change: the home page, REST and GraphQL show the new one on the next request", async () => {
    const old = (await featuredIds())[0]!;
    const oldTitle = (await db().selectFrom("memes").select("title").where("id", "=", old).executeTakeFirstOrThrow()).title;
    // Everything shoppers read, asked once so the caches hold the old meme.
    const home = async () => (await (await fetch(`${shop.url}/`)).text()).replace(/&#x27;/g, "'");
    expect(await home()).toContain(oldTitle);
    expect((await shop.rest("/api/featured-meme")).body.title).toBe(oldTitle);
    expect((await shop.graphql(`{ featuredMeme { id } }`)).data.featuredMeme.id).toBe(old);

    const id = await shownMeme("Lame Duck Session");
    const switched = (await clerk.graphql(FEATURE, { id })).data.memeFeature;
    expect(switched).toEqual({ meme: { id, featured: true }, userErrors: [] });
    expect(await featuredIds()).toEqual([id]);
    expect(await home()).toContain("Lame Duck Session");
    expect((await shop.rest("/api/featured-meme")).body).toMatchObject({ id, title: "Lame Duck Session" });
    expect((await shop.graphql(`{ featuredMeme { id featured } }`)).data.featuredMeme).toEqual({ id, featured: true });
    const gallery = (await shop.graphql(`{ memes(pageSize: 100) { memes { id featured } } }`)).data.memes.memes;
    expect(gallery.filter((m: { featured: boolean }) => m.featured)).toEqual([{ id, featured: true }]);
    const audit = await db().selectFrom("audit_log").select(["actor", "details"]).where("action", "=", "meme_featured").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: `staff:${CLERK.email}`, details: expect.stringContaining(`(after ${old})`) });

    // Featuring it again changes nothing.
    const count = (await snapshot()).audit.length;
    expect((await owner.graphql(FEATURE, { id })).data.memeFeature.userErrors).toEqual([]);
    expect((await snapshot()).audit.length).toBe(count);
    expect(await featuredIds()).toEqual([id]);
  });

  it("refuses a meme without an image and an unknown one, leaving the meme of the week as it was", async () => {
    const before = await snapshot();
    const bare = (await create({ title: "No Picture Yet" })).meme.id;
    const afterCreate = await snapshot();
    expect((await owner.graphql(FEATURE, { id: bare })).data.memeFeature).toEqual({
      meme: null,
      userErrors: [{ code: "CONFLICT", field: "id", message: "Upload the meme's image before making it the meme of the week" }],
    });
    for (const id of ["00000000-0000-4000-8000-000000000000", "x"]) {
      expect((await owner.graphql(FEATURE, { id })).data.memeFeature.userErrors).toEqual([{ code: "NOT_FOUND", field: null, message: "No meme with this id" }]);
    }
    expect(await snapshot()).toEqual(afterCreate);
    expect(afterCreate.memes.filter((m) => m.featured)).toEqual(before.memes.filter((m) => m.featured));
    // The database holds the rule too: the meme of the week always has an image.
    await expect(db().updateTable("memes").set({ featured: false }).where("featured", "=", true).execute()).resolves.toBeDefined();
    await expect(db().updateTable("memes").set({ featured: true }).where("id", "=", bare).execute()).rejects.toThrow(/memes_featured_has_image/);
    await db().updateTable("memes").set({ featured: true }).where("id", "=", before.memes.find((m) => m.featured)!.id).execute();
  });

  it("under concurrent switches: exactly one winner, never none or two to a reader, the last to commit wins", async () => {
    const contenders = await Promise.all(Array.from({ length: 20 }, (_, i) => shownMeme(`Contender ${i + 1}`)));
    let polling = true;
    const seen = new Set<number>();
    // A reader beside the switches, on its own connection where the database has more than one.
    const reader = process.env.TEST_DATABASE_URL ? new pg.Client({ connectionString: shop.database.url! }) : null;
    await reader?.connect();
    const poll = (async () => {
      while (polling) {
        const count = reader
          ? Number((await reader.query("SELECT count(*)::int AS n FROM memes WHERE featured")).rows[0].n)
          : (await featuredIds()).length;
        seen.add(count);
        const rest = await shop.rest("/api/featured-meme");
        seen.add(rest.status === 200 ? 1 : 0);
      }
    })();
    // Each switch on its own request (and so its own pooled connection on PostgreSQL).
    const sessions = [owner, clerk, owner, clerk];
    const results = await Promise.all(contenders.map((id, i) => sessions[i % sessions.length]!.graphql(FEATURE, { id })));
    polling = false;
    await poll;
    await reader?.end();
    for (const result of results) {
      expect(result.errors).toBeUndefined();
      expect(result.data.memeFeature.userErrors).toEqual([]);
    }
    expect([...seen]).toEqual([1]);
    const winner = await featuredIds();
    expect(winner).toHaveLength(1);
    // The last to commit wins: its audit entry is the newest.
    const last = await db().selectFrom("audit_log").select("details").where("action", "=", "meme_featured").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(last.details).toContain(`(${winner[0]})`);
    expect((await shop.rest("/api/featured-meme")).body.id).toBe(winner[0]);
  }, 120_000);
});

describe("a meme whose product is not on sale", () => {
  it('shows "Not Available" with its reason, and keeps its link when the product is renamed or comes back', async () => {
    const product = await newProduct("Filibuster Flask", "21.00");
    const id = await shownMeme("Hip Flask Filibuster", { productId: product.id });
    const shopper = async () => ({ rest: (await shop.rest(`/api/meme/${id}`)).body, gql: (await shop.graphql(SHOPPER_MEME, { id })).data.meme });
    const setProduct = (input: Record<string, unknown>) =>
      owner.graphql(`mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { userErrors { message } } }`, { id: product.id, input });

    expect((await setProduct({ status: "ARCHIVED" })).data.productUpdate.userErrors).toEqual([]);
    let seen = await shopper();
    expect(seen.rest).toMatchObject({ productHandle: null, unavailableReason: "Its product is no longer sold." });
    expect(seen.gql).toMatchObject({ productHandle: null, product: null, availability: "PRODUCT_NO_LONGER_SOLD", unavailableReason: "Its product is no longer sold." });
    expect((await owner.graphql(ONE, { id })).data.adminMeme).toMatchObject({ product: { id: product.id, status: "ARCHIVED" }, unavailableReason: "Its product is no longer sold." });

    expect((await setProduct({ status: "DRAFT", handle: "flask-renamed" })).data.productUpdate.userErrors).toEqual([]);
    seen = await shopper();
    expect(seen.gql).toMatchObject({ availability: "PRODUCT_NOT_YET_ON_SALE", unavailableReason: "Its product isn't on sale yet." });

    expect((await setProduct({ status: "ACTIVE" })).data.productUpdate.userErrors).toEqual([]);
    seen = await shopper();
    expect(seen.rest).toMatchObject({ productHandle: "flask-renamed", unavailableReason: null });
    expect(seen.gql).toMatchObject({ availability: "AVAILABLE", product: { title: "Filibuster Flask" } });

    // A product deleted (never sold) leaves the meme without one.
    const deleted = await owner.graphql(`mutation($id: ID!) { productDelete(id: $id) { deletedProductId } }`, { id: product.id });
    expect(deleted.data.productDelete.deletedProductId).toBe(product.id);
    seen = await shopper();
    expect(seen.rest).toMatchObject({ productHandle: null, unavailableReason: "This meme isn't available as a product yet." });
    expect((await db().selectFrom("memes").select("product_id").where("id", "=", id).executeTakeFirstOrThrow()).product_id).toBeNull();
  });

  it("the gallery's card says Not Available and why", async () => {
    const product = await newProduct("Withdrawn Tote", "9.00");
    await shownMeme("Withdrawn Tote Meme", { productId: product.id });
    await owner.graphql(`mutation($id: ID!) { productUpdate(id: $id, input: { status: ARCHIVED }) { userErrors { message } } }`, { id: product.id });
    // The newest meme is first in the gallery.
    const html = (await (await fetch(`${shop.url}/memes`)).text()).replace(/&#x27;/g, "'");
    const card = html
      .split("<article")
      .map((chunk) => chunk.slice(0, chunk.indexOf("</article>")))
      .find((chunk) => chunk.includes(">Withdrawn Tote Meme<"));
    expect(card).toBeDefined();
    expect(card).toContain("Not Available");
    expect(card).toContain("Its product is no longer sold.");
    expect(card).not.toContain("Add to Cart");
  });
});
