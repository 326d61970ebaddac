import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { buildClient } from "./support/client-build.js";
import { makePng } from "./support/images.js";
import type { Services } from "../gateway/services.js";

// Staff run the collections through GraphQL (and the image over REST): every mutation and guard,
// the footer's collections protected, refusals leaving everything as it was, the order of the
// collections and of the products in each, concurrent moves keeping places dense, and shoppers
// (REST, GraphQL and the server-rendered pages) seeing a change on their very next request.

const OWNER = { email: "olive@shop.example", password: "owner password 1" };
const STAFF = { email: "sam@shop.example", password: "staff password 1" };
const PUBLIC_URL = "http://shop.example";

const COLLECTION_FIELDS = `id handle title description position productCount activeProductCount footerLinked onlineStorePath
  image { url width height sources { url width contentType } }`;
const PRODUCTS = `products(page: $page, pageSize: $pageSize) { totalCount page pageSize totalPages nodes { position id handle title status price } }`;
const LIST = `{ adminCollections { ${COLLECTION_FIELDS} } }`;
const ONE = `query($id: ID!, $page: Int, $pageSize: Int) { adminCollection(id: $id) { ${COLLECTION_FIELDS} ${PRODUCTS} } }`;
const ERRORS = "userErrors { code field message }";
const CREATE = `mutation($input: CollectionInput!) { collectionCreate(input: $input) { collection { ${COLLECTION_FIELDS} } ${ERRORS} } }`;
const UPDATE = `mutation($id: ID!, $input: CollectionInput!) { collectionUpdate(id: $id, input: $input) { collection { ${COLLECTION_FIELDS} } ${ERRORS} } }`;
const DELETE = `mutation($id: ID!) { collectionDelete(id: $id) { deletedCollectionId ${ERRORS} } }`;
const ADD = `mutation($collectionId: ID!, $productIds: [ID!]!, $position: Int, $page: Int, $pageSize: Int) {
  collectionProductsAdd(collectionId: $collectionId, productIds: $productIds, position: $position) { collection { id productCount ${PRODUCTS} } ${ERRORS} } }`;
const REMOVE = `mutation($collectionId: ID!, $productIds: [ID!]!, $page: Int, $pageSize: Int) {
  collectionProductsRemove(collectionId: $collectionId, productIds: $productIds) { collection { id productCount ${PRODUCTS} } ${ERRORS} } }`;
const MOVE = `mutation($collectionId: ID!, $productId: ID!, $position: Int!, $page: Int, $pageSize: Int) {
  collectionProductMove(collectionId: $collectionId, productId: $productId, position: $position) { collection { id ${PRODUCTS} } ${ERRORS} } }`;
const IMAGE_DELETE = `mutation($collectionId: ID!) { collectionImageDelete(collectionId: $collectionId) { collection { ${COLLECTION_FIELDS} } ${ERRORS} } }`;

let shop: TestGateway;
let services: Services;
let dist: string;
let owner: BrowserSession;
let staff: BrowserSession;
let writerToken: string;
let readerToken: string;

const db = () => shop.database.db;

async function signIn(who: { email: string; password: string }): Promise<BrowserSession> {
  const session = new BrowserSession(shop.url);
  const { data } = await session.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: who });
  expect(data.staffLogin.userErrors).toEqual([]);
  return session;
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

/** Runs a mutation as the owner and answers its payload (no GraphQL errors allowed). */
async function run(query: string, variables: Record<string, unknown>, as: BrowserSession = owner) {
  const { data, errors } = await as.graphql(query, variables);
  expect(errors, JSON.stringify(errors)).toBeUndefined();
  return Object.values(data as Record<string, any>)[0];
}

async function createCollection(input: Record<string, unknown>) {
  const done = await run(CREATE, { input });
  expect(done.userErrors).toEqual([]);
  return done.collection;
}

async function collection(id: string, page = 1, pageSize = 100) {
  const { data, errors } = await owner.graphql(ONE, { id, page, pageSize });
  expect(errors, JSON.stringify(errors)).toBeUndefined();
  return data.adminCollection;
}

let productCount = 0;
/** A product of this file's own (ACTIVE unless told), without collections. */
async function product(status: "ACTIVE" | "DRAFT" = "ACTIVE", title = `Committee Sticker ${++productCount}`): Promise<{ id: string; handle: string }> {
  const { data } = await owner.graphql(
    `mutation($input: ProductInput!) { productCreate(input: $input) { product { id handle } userErrors { message } } }`,
    { input: { title, status, variants: [{ optionValues: [], price: "3.00" }] } },
  );
  expect(data.productCreate.userErrors).toEqual([]);
  return data.productCreate.product;
}

/** Everything a refused collection write could have touched. */
async function snapshot() {
  return {
    collections: await db().selectFrom("collections").selectAll().orderBy("id").execute(),
    memberships: await db().selectFrom("product_collections").selectAll().orderBy("collection_id").orderBy("product_id").execute(),
    media: await db().selectFrom("media").select("path").orderBy("path").execute(),
    audit: await db().selectFrom("audit_log").select("id").orderBy("id").execute(),
  };
}

const handlesOf = (products: { handle: string }[]) => products.map((p) => p.handle);
const positionsOf = async (collectionId: string) =>
  (await db().selectFrom("product_collections").select("position").where("collection_id", "=", collectionId).orderBy("position").execute()).map((r) => r.position);
const dense = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

async function uploadImage(who: BrowserSession | { token: string } | null, collectionId: string, data: Buffer | null) {
  const body = new FormData();
  if (data) body.append("image", new Blob([new Uint8Array(data)], { type: "image/png" }), "banner.png");
  const target = `/api/admin/collections/${collectionId}/image`;
  let res: Response;
  if (who instanceof BrowserSession) res = await who.fetch(target, { method: "POST", body });
  else res = await fetch(`${shop.url}${target}`, { method: "POST", body, headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "collections-web-"));
  await buildClient(dist);
  shop = await startTestGateway({ webDistDir: dist, publicUrl: PUBLIC_URL, catalogCacheSeconds: 60 });
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await services.staff.create({ ...STAFF, name: "Sam Staff", role: "staff" });
  owner = await signIn(OWNER);
  staff = await signIn(STAFF);
  const system = { staffId: null, actor: "system" };
  readerToken = (await services.apiTokens.create({ name: "reader", scopes: ["catalog:read"] }, system)).token;
  writerToken = (await services.apiTokens.create({ name: "writer", scopes: ["catalog:read", "catalog:write"] }, system)).token;
}, 240_000);
afterAll(async () => {
  await shop?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

describe("who may run the collections", () => {
  it("refuses a guest, a customer and a token without the scope; lets staff of either role and a token with catalog:write in", async () => {
    const anyId = "00000000-0000-4000-8000-000000000000";
    for (const [query, variables] of [
      [LIST, {}],
      [ONE, { id: anyId }],
      [CREATE, { input: { title: "Guest Picks" } }],
      [DELETE, { id: anyId }],
      [MOVE, { collectionId: anyId, productId: anyId, position: 1 }],
    ] as const) {
      expect((await shop.graphql(query, variables)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
    const customer = new BrowserSession(shop.url);
    expect((await customer.register({ name: "Cass", email: "cass@example.com", password: "password123" })).status).toBe(201);
    await customer.login("cass@example.com", "password123");
    expect((await customer.graphql(LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await customer.graphql(CREATE, { input: { title: "Customer Picks" } })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const reader = bearer(readerToken);
    expect((await reader(LIST)).data.adminCollections.length).toBeGreaterThanOrEqual(6);
    const refused = await reader(CREATE, { input: { title: "Reader Picks" } });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(refused.errors?.[0]?.message).toMatch(/catalog:write/);

    const byToken = (await bearer(writerToken)(CREATE, { input: { title: "Integrator Picks" } })).data.collectionCreate;
    expect(byToken.userErrors).toEqual([]);
    const byStaff = await run(CREATE, { input: { title: "Staff Picks" } }, staff);
    expect(byStaff.userErrors).toEqual([]);
    const audit = await db().selectFrom("audit_log").select(["actor", "details"]).where("action", "=", "collection_created").orderBy("id").execute();
    expect(audit.map((a) => a.actor)).toEqual(["token:writer", "staff:sam@shop.example"]);
    expect(audit[0]!.details).toMatch(/^"Integrator Picks" \(integrator-picks\): created at place \d+$/);
    expect(await db().selectFrom("collections").select("title").where("title", "in", ["Guest Picks", "Customer Picks", "Reader Picks"]).execute()).toEqual([]);
    for (const id of [byToken.collection.id, byStaff.collection.id]) expect((await run(DELETE, { id })).userErrors).toEqual([]);
  });

  it("refuses an image upload from nobody, a customer-free reader token and another site, before reading it", async () => {
    const tees = (await owner.graphql(LIST)).data.adminCollections.find((c: any) => c.handle === "t-shirts");
    const before = await snapshot();
    expect((await uploadImage(null, tees.id, makePng(20, 10))).status).toBe(401);
    expect(await uploadImage({ token: readerToken }, tees.id, makePng(20, 10))).toEqual({ status: 403, body: expect.objectContaining({ error: "This API token does not hold the scope catalog:write" }) });
    const crossSite = await owner.fetch(`/api/admin/collections/${tees.id}/image`, {
      method: "POST",
      body: new FormData(),
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("collections and their order", () => {
  it("lists every collection by place with its counts, the footer's five marked", async () => {
    const list = (await owner.graphql(LIST)).data.adminCollections;
    expect(list.map((c: any) => c.position)).toEqual(dense(list.length));
    expect(list.filter((c: any) => c.footerLinked).map((c: any) => c.handle).sort()).toEqual(["accessories", "hats", "mugs", "new-arrivals", "t-shirts"]);
    const tees = list.find((c: any) => c.handle === "t-shirts");
    const rows = await db()
      .selectFrom("product_collections as pc")
      .innerJoin("products as p", "p.id", "pc.product_id")
      .select(["p.status"])
      .where("pc.collection_id", "=", tees.id)
      .execute();
    expect(tees.productCount).toBe(rows.length);
    expect(tees.activeProductCount).toBe(rows.filter((r) => r.status === "ACTIVE").length);
    expect(tees.onlineStorePath).toBe("/collections/t-shirts");
    // Shoppers see the same order.
    expect((await shop.rest("/api/collections")).body.map((c: any) => c.handle)).toEqual(list.map((c: any) => c.handle));
  });

  it("creates at the end or at a place, with a handle made from the title, and moves and deletes keeping the places dense", async () => {
    const count = (await owner.graphql(LIST)).data.adminCollections.length;
    const last = await createCollection({ title: "Élection Season & Friends", description: "  Ballots, buttons and bunting.  " });
    expect(last).toMatchObject({ handle: "election-season-and-friends", description: "Ballots, buttons and bunting.", position: count + 1, footerLinked: false, productCount: 0, image: null });
    const again = await createCollection({ title: "Élection Season & Friends", position: 99 });
    expect(again).toMatchObject({ handle: "election-season-and-friends-2", position: count + 2 });
    const first = await createCollection({ title: "Front Page", handle: "front-page", position: 1 });
    expect(first.position).toBe(1);
    let list = (await owner.graphql(LIST)).data.adminCollections;
    expect(list.map((c: any) => c.position)).toEqual(dense(count + 3));
    expect(list[0].handle).toBe("front-page");

    const moved = (await run(UPDATE, { id: first.id, input: { position: 3 } })).collection;
    expect(moved.position).toBe(3);
    list = (await owner.graphql(LIST)).data.adminCollections;
    expect(list[2].handle).toBe("front-page");
    expect(list.map((c: any) => c.position)).toEqual(dense(count + 3));
    const audit = await db().selectFrom("audit_log").select("details").where("action", "=", "collection_updated").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit.details).toBe('"Front Page" (front-page): moved from place 1 to 3');

    for (const c of [first, again, last]) {
      const done = await run(DELETE, { id: c.id });
      expect(done).toEqual({ deletedCollectionId: c.id, userErrors: [] });
    }
    list = (await owner.graphql(LIST)).data.adminCollections;
    expect(list.map((c: any) => c.position)).toEqual(dense(count));
    expect((await db().selectFrom("audit_log").select("details").where("action", "=", "collection_deleted").orderBy("id", "desc").executeTakeFirstOrThrow()).details).toBe(
      '"Élection Season & Friends" (election-season-and-friends): deleted (it held 0 products)',
    );
  });

  it("changes the title, handle and description; a deleted collection's products stay in the catalog", async () => {
    const picks = await createCollection({ title: "Desk Picks" });
    const sticker = await product();
    await run(ADD, { collectionId: picks.id, productIds: [sticker.id] });
    const changed = (await run(UPDATE, { id: picks.id, input: { title: "Desk Essentials", handle: "desk-essentials", description: "For the office." } })).collection;
    expect(changed).toMatchObject({ title: "Desk Essentials", handle: "desk-essentials", description: "For the office.", productCount: 1 });
    expect((await shop.rest("/api/collections/desk-essentials")).status).toBe(200);
    expect((await shop.rest("/api/collections/desk-picks")).status).toBe(404);
    expect((await run(DELETE, { id: picks.id })).userErrors).toEqual([]);
    expect(await db().selectFrom("products").select("id").where("id", "=", sticker.id).executeTakeFirst()).toBeDefined();
    expect((await shop.rest("/api/collections/desk-essentials")).status).toBe(404);
  });

  it("keeps the footer's collections: no deleting, no new handle, everything else editable", async () => {
    const list = (await owner.graphql(LIST)).data.adminCollections;
    for (const handle of ["t-shirts", "mugs", "hats", "accessories", "new-arrivals"]) {
      const footer = list.find((c: any) => c.handle === handle);
      const before = await snapshot();
      const refusedDelete = await run(DELETE, { id: footer.id });
      expect(refusedDelete).toEqual({
        deletedCollectionId: null,
        userErrors: [{ code: "INVALID_INPUT", field: "id", message: `The shop's footer links to /collections/${handle}: this collection cannot be deleted` }],
      });
      const refusedHandle = await run(UPDATE, { id: footer.id, input: { handle: `${handle}-renamed`, title: "Renamed" } });
      expect(refusedHandle.collection).toBeNull();
      expect(refusedHandle.userErrors).toEqual([{ code: "INVALID_INPUT", field: "handle", message: `The shop's footer links to /collections/${handle}: this collection's handle cannot change` }]);
      expect(await snapshot()).toEqual(before);
    }
    const mugs = list.find((c: any) => c.handle === "mugs");
    const edited = (await run(UPDATE, { id: mugs.id, input: { title: "Mugs & Cups", description: "Hot takes, hot drinks.", handle: "mugs" } })).collection;
    expect(edited).toMatchObject({ handle: "mugs", title: "Mugs & Cups", description: "Hot takes, hot drinks.", footerLinked: true });
    expect((await shop.rest("/api/collections/mugs")).body.title).toBe("Mugs & Cups");
    await run(UPDATE, { id: mugs.id, input: { title: mugs.title, description: mugs.description } });
  });

  it("refuses bad input naming the field, leaving everything as it was", async () => {
    const tees = (await owner.graphql(LIST)).data.adminCollections.find((c: any) => c.handle === "t-shirts");
    const other = await createCollection({ title: "Taken Handle", handle: "taken-handle" });
    const before = await snapshot();
    const cases: [string, Record<string, unknown>, { code: string; field: string; message: RegExp }][] = [
      [CREATE, { input: { title: "   " } }, { code: "INVALID_INPUT", field: "title", message: /must not be blank/ }],
      [CREATE, { input: { description: "no title" } }, { code: "INVALID_INPUT", field: "title", message: /title is required/ }],
      [CREATE, { input: { title: "x".repeat(256) } }, { code: "INVALID_INPUT", field: "title", message: /at most 255 characters/ }],
      [CREATE, { input: { title: "Ok", handle: "Not A Handle" } }, { code: "INVALID_INPUT", field: "handle", message: /lower-case letters and digits/ }],
      [CREATE, { input: { title: "Ok", handle: "a".repeat(101) } }, { code: "INVALID_INPUT", field: "handle", message: /at most 100 characters/ }],
      [CREATE, { input: { title: "Ok", handle: "taken-handle" } }, { code: "CONFLICT", field: "handle", message: /Another collection already has the handle "taken-handle"/ }],
      [CREATE, { input: { title: "Ok", description: "d".repeat(5001) } }, { code: "INVALID_INPUT", field: "description", message: /at most 5000 characters/ }],
      [CREATE, { input: { title: "Ok", position: 0 } }, { code: "INVALID_INPUT", field: "position", message: /1 or more/ }],
      [UPDATE, { id: other.id, input: { handle: "t-shirts" } }, { code: "CONFLICT", field: "handle", message: /already has the handle "t-shirts"/ }],
      [UPDATE, { id: other.id, input: { position: -3 } }, { code: "INVALID_INPUT", field: "position", message: /1 or more/ }],
      [UPDATE, { id: "not-an-id", input: { title: "x" } }, { code: "NOT_FOUND", field: null as unknown as string, message: /No collection with this id/ }],
      [DELETE, { id: "00000000-0000-4000-8000-000000000000" }, { code: "NOT_FOUND", field: null as unknown as string, message: /No collection with this id/ }],
      [ADD, { collectionId: tees.id, productIds: [] }, { code: "INVALID_INPUT", field: "productIds", message: /at least one product id/ }],
      [ADD, { collectionId: tees.id, productIds: Array.from({ length: 251 }, () => "x") }, { code: "INVALID_INPUT", field: "productIds", message: /at most 250/ }],
      [ADD, { collectionId: tees.id, productIds: ["<script>"] }, { code: "INVALID_INPUT", field: "productIds.0", message: /No product with this id/ }],
      [MOVE, { collectionId: tees.id, productId: "00000000-0000-4000-8000-000000000000", position: 1 }, { code: "INVALID_INPUT", field: "productId", message: /not in this collection/ }],
      [MOVE, { collectionId: tees.id, productId: "00000000-0000-4000-8000-000000000000", position: 0 }, { code: "INVALID_INPUT", field: "position", message: /1 or more/ }],
    ];
    for (const [query, variables, expected] of cases) {
      const done = await run(query, variables);
      expect(done.userErrors, JSON.stringify(variables).slice(0, 120)).toEqual([expect.objectContaining({ ...expected, message: expect.stringMatching(expected.message) })]);
    }
    expect(await snapshot()).toEqual(before);
    await run(DELETE, { id: other.id });
  });
});

describe("the products of a collection", () => {
  it("adds at the end or at a place, keeps a product already in it where it is, moves and removes, staff seeing drafts and shoppers only ACTIVE ones in that order", async () => {
    const shelf = await createCollection({ title: "Shelf", handle: "shelf" });
    const [a, b, c, d] = [await product(), await product(), await product(), await product()];
    const draft = await product("DRAFT");

    let done = await run(ADD, { collectionId: shelf.id, productIds: [a.id, b.id] });
    expect(done.userErrors).toEqual([]);
    expect(handlesOf(done.collection.products.nodes)).toEqual([a.handle, b.handle]);
    done = await run(ADD, { collectionId: shelf.id, productIds: [c.id, draft.id, a.id] });
    expect(handlesOf(done.collection.products.nodes)).toEqual([a.handle, b.handle, c.handle, draft.handle]);
    done = await run(ADD, { collectionId: shelf.id, productIds: [d.id], position: 2 });
    expect(done.collection.products.nodes.map((p: any) => [p.position, p.handle, p.status])).toEqual([
      [1, a.handle, "ACTIVE"],
      [2, d.handle, "ACTIVE"],
      [3, b.handle, "ACTIVE"],
      [4, c.handle, "ACTIVE"],
      [5, draft.handle, "DRAFT"],
    ]);
    expect(done.collection.productCount).toBe(5);
    expect((await db().selectFrom("audit_log").select("details").where("action", "=", "collection_products_added").orderBy("id", "desc").executeTakeFirstOrThrow()).details).toBe(
      `"Shelf" (shelf): added "${"Committee Sticker " + (productCount - 1)}" (${d.handle}) from place 2`,
    );
    // Adding only products already there changes nothing and records nothing.
    const audits = (await db().selectFrom("audit_log").select("id").execute()).length;
    await run(ADD, { collectionId: shelf.id, productIds: [a.id] });
    expect((await db().selectFrom("audit_log").select("id").execute()).length).toBe(audits);

    done = await run(MOVE, { collectionId: shelf.id, productId: a.id, position: 4 });
    expect(handlesOf(done.collection.products.nodes)).toEqual([d.handle, b.handle, c.handle, a.handle, draft.handle]);
    await run(MOVE, { collectionId: shelf.id, productId: draft.id, position: 1 });
    done = await run(MOVE, { collectionId: shelf.id, productId: c.id, position: 500 });
    expect(handlesOf(done.collection.products.nodes)).toEqual([draft.handle, d.handle, b.handle, a.handle, c.handle]);
    expect((await db().selectFrom("audit_log").select("details").where("action", "=", "collection_product_moved").orderBy("id", "desc").executeTakeFirstOrThrow()).details).toMatch(
      new RegExp(`^"Shelf" \\(shelf\\): moved ".+" \\(${c.handle}\\) from place 4 to 5$`),
    );

    const rest = (await shop.rest("/api/collections/shelf")).body;
    expect(handlesOf(rest.products)).toEqual([d.handle, b.handle, a.handle, c.handle]);
    const graph = (await shop.graphql(`{ collection(handle: "shelf") { products { handle } } }`)).data.collection;
    expect(handlesOf(graph.products)).toEqual([d.handle, b.handle, a.handle, c.handle]);

    done = await run(REMOVE, { collectionId: shelf.id, productIds: [d.id, a.id] });
    expect(done.collection.products.nodes.map((p: any) => [p.position, p.handle])).toEqual([
      [1, draft.handle],
      [2, b.handle],
      [3, c.handle],
    ]);
    expect(await positionsOf(shelf.id)).toEqual(dense(3));
    const before = await snapshot();
    const notIn = await run(REMOVE, { collectionId: shelf.id, productIds: [b.id, a.id] });
    expect(notIn.userErrors).toEqual([{ code: "INVALID_INPUT", field: "productIds.1", message: `"${"Committee Sticker " + (productCount - 4)}" (${a.handle}) is not in this collection` }]);
    const twice = await run(ADD, { collectionId: shelf.id, productIds: [a.id, a.id] });
    expect(twice.userErrors).toEqual([{ code: "INVALID_INPUT", field: "productIds.1", message: "This product is listed twice" }]);
    const unknown = await run(ADD, { collectionId: shelf.id, productIds: [a.id, "00000000-0000-4000-8000-000000000000"] });
    expect(unknown.userErrors).toEqual([{ code: "INVALID_INPUT", field: "productIds.1", message: "No product with this id" }]);
    expect(await snapshot()).toEqual(before);
  });

  it("pages a large collection, and a product deleted from the catalog leaves no gap", async () => {
    const big = await createCollection({ title: "Big Shelf" });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await product("DRAFT")).id);
    await run(ADD, { collectionId: big.id, productIds: ids });
    const page2 = (await owner.graphql(ONE, { id: big.id, page: 2, pageSize: 3 })).data.adminCollection.products;
    expect(page2).toMatchObject({ totalCount: 7, page: 2, pageSize: 3, totalPages: 3 });
    expect(page2.nodes.map((p: any) => [p.position, p.id])).toEqual([
      [4, ids[3]],
      [5, ids[4]],
      [6, ids[5]],
    ]);
    // A never-sold product is deleted outright; the collection's places read as ranks, then close up at the next change.
    await run(`mutation($id: ID!) { productDelete(id: $id) { deletedProductId } }`, { id: ids[1] });
    const after = (await collection(big.id)).products.nodes;
    expect(after.map((p: any) => p.position)).toEqual(dense(6));
    await run(MOVE, { collectionId: big.id, productId: ids[6], position: 1 });
    expect(await positionsOf(big.id)).toEqual(dense(6));
    expect((await collection(big.id)).products.nodes[0].id).toBe(ids[6]);
    const bad = await owner.graphql(ONE, { id: big.id, page: 1, pageSize: 101 });
    expect(bad.errors?.[0]?.message).toMatch(/pageSize must be a whole number between 1 and 100/);
  });

  it("concurrent moves, adds and removes keep the places dense and every product once", async () => {
    const busy = await createCollection({ title: "Busy Shelf" });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await product()).id);
    await run(ADD, { collectionId: busy.id, productIds: ids.slice(0, 6) });
    const extra = ids.slice(6);
    const writers = [owner, staff];
    const results = await Promise.all([
      ...ids.slice(0, 6).map((id, i) => writers[i % 2]!.graphql(MOVE, { collectionId: busy.id, productId: id, position: 6 - i })),
      owner.graphql(ADD, { collectionId: busy.id, productIds: [extra[0]], position: 1 }),
      staff.graphql(ADD, { collectionId: busy.id, productIds: [extra[1]] }),
      owner.graphql(REMOVE, { collectionId: busy.id, productIds: [ids[2]] }),
      bearer(writerToken)(MOVE, { collectionId: busy.id, productId: ids[0], position: 2 }),
    ]);
    for (const r of results) expect(r.errors).toBeUndefined();
    const members = await db().selectFrom("product_collections").select(["product_id", "position"]).where("collection_id", "=", busy.id).orderBy("position").execute();
    expect(members.map((m) => m.position)).toEqual(dense(7));
    expect(new Set(members.map((m) => m.product_id)).size).toBe(7);
    expect(members.map((m) => m.product_id)).not.toContain(ids[2]);
  });
});

describe("a collection's image", () => {
  it("takes an upload checked like a product image, with its sizes for shoppers; replaces and removes it, freeing its files", async () => {
    const wall = await createCollection({ title: "Wall Art" });
    const garbage = await snapshot();
    const notImage = await uploadImage(owner, wall.id, Buffer.from("GIF89a not really"));
    expect(notImage).toEqual({ status: 400, body: expect.objectContaining({ error: "image must be a JPEG, PNG or WebP image" }) });
    expect((await uploadImage(owner, wall.id, null)).status).toBe(400);
    expect((await uploadImage(owner, "00000000-0000-4000-8000-000000000000", makePng(20, 10))).status).toBe(404);
    expect(await snapshot()).toEqual(garbage);

    const first = await uploadImage({ token: writerToken }, wall.id, makePng(700, 350, [10, 120, 200, 255]));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ width: 700, height: 350, url: expect.stringMatching(/^\/media\/collections\/[0-9a-f]{32}\.png$/) });
    expect(first.body.sources.map((s: any) => s.width)).toEqual([320, 640, 700]);
    expect((await fetch(`${shop.url}${first.body.sources[0].url}`)).headers.get("content-type")).toBe("image/webp");
    const shopper = (await shop.graphql(`{ collection(handle: "wall-art") { image { url width height srcSet altText } } }`)).data.collection.image;
    // Shoppers get a size made for cards (the widest up to 960 px), never the original.
    const card = first.body.sources.at(-1).url;
    expect(shopper).toEqual({
      url: card,
      width: 700,
      height: 350,
      altText: "Wall Art",
      srcSet: first.body.sources.map((s: any) => `${s.url} ${s.width}w`).join(", "),
    });
    expect((await shop.rest("/api/collections")).body.find((c: any) => c.handle === "wall-art").image).toEqual({ url: card });

    const second = await uploadImage(staff, wall.id, makePng(300, 300, [200, 10, 10, 255]));
    expect(second.status).toBe(200);
    const oldPaths = [first.body.url, ...first.body.sources.map((s: any) => s.url)].map((u: string) => u.replace("/media/", ""));
    expect(await db().selectFrom("media").select("path").where("path", "in", oldPaths).execute()).toEqual([]);
    expect((await fetch(`${shop.url}${first.body.url}`)).status).toBe(404);

    const removed = await run(IMAGE_DELETE, { collectionId: wall.id });
    expect(removed.collection.image).toBeNull();
    expect((await db().selectFrom("media").select("path").where("path", "=", second.body.url.replace("/media/", "")).execute())).toEqual([]);
    const actions = await db().selectFrom("audit_log").select(["action", "details"]).where("action", "like", "collection_image%").orderBy("id").execute();
    expect(actions).toEqual([
      { action: "collection_image_set", details: '"Wall Art" (wall-art): image set (700 × 350 PNG)' },
      { action: "collection_image_set", details: '"Wall Art" (wall-art): image set (300 × 300 PNG)' },
      { action: "collection_image_deleted", details: '"Wall Art" (wall-art): image removed' },
    ]);
  });
});

describe("shoppers see a change on their next request", () => {
  async function page(route: string): Promise<string> {
    const res = await fetch(`${shop.url}${route}`);
    expect(res.status).toBe(200);
    return res.text();
  }

  it("the home page's first three, the collections' REST and GraphQL answers and a collection's page follow each change", async () => {
    const graphList = `{ collections { handle } }`;
    // Read once so the caches hold the answers the change must replace.
    const restBefore = (await shop.rest("/api/collections")).body.map((c: any) => c.handle);
    expect((await shop.graphql(graphList)).data.collections.map((c: any) => c.handle)).toEqual(restBefore);
    const home = await page("/");
    expect(home).toContain(`href="/collections/${restBefore[0]}"`);

    const spotlight = await createCollection({ title: "Spotlight Picks", description: "Chosen this week.", position: 1 });
    expect((await shop.rest("/api/collections")).body[0].handle).toBe("spotlight-picks");
    expect((await shop.graphql(graphList)).data.collections[0].handle).toBe("spotlight-picks");
    const homeAfter = await page("/");
    const homeCards = [...homeAfter.matchAll(/href="\/collections\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(homeCards.slice(0, 3)).toEqual(["spotlight-picks", ...restBefore.slice(0, 2)]);

    // spec §2: an empty collection says so, with Browse Other Collections.
    const empty = await page("/collections/spotlight-picks");
    expect(empty).toContain("No products in this collection yet.");
    expect(empty).toContain("Browse Other Collections");

    const [first, second] = [await product("ACTIVE", "Spotlight Mug"), await product("ACTIVE", "Spotlight Cap")];
    await run(ADD, { collectionId: spotlight.id, productIds: [first.id, second.id] });
    const filled = await page("/collections/spotlight-picks");
    expect(filled).not.toContain("No products in this collection yet.");
    expect(filled.indexOf("Spotlight Mug")).toBeLessThan(filled.indexOf("Spotlight Cap"));
    await run(MOVE, { collectionId: spotlight.id, productId: second.id, position: 1 });
    const reordered = await page("/collections/spotlight-picks");
    expect(reordered.indexOf("Spotlight Cap")).toBeLessThan(reordered.indexOf("Spotlight Mug"));
    expect(handlesOf((await shop.rest("/api/collections/spotlight-picks")).body.products)).toEqual([second.handle, first.handle]);

    await run(UPDATE, { id: spotlight.id, input: { position: 99 } });
    expect((await shop.rest("/api/collections")).body.at(-1).handle).toBe("spotlight-picks");
    const homeLast = await page("/");
    expect([...homeLast.matchAll(/href="\/collections\/([a-z0-9-]+)"/g)].map((m) => m[1]).slice(0, 3)).toEqual(restBefore.slice(0, 3));
  });
});
