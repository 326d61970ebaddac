import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { variantsOf } from "./support/cart.js";
import { paidOrder } from "./support/pipeline.js";
import { freePort, spawnGateway, spawnSupervisor, waitForHealthy, type GatewayProcess } from "./support/process.js";
import type { Services } from "../gateway/services.js";
import { CatalogCache } from "../gateway/catalog/catalog.cache.js";
import { CatalogChanges } from "../gateway/catalog/catalog.changes.js";
import type { Listen } from "../gateway/db/database.js";
import { ApiTokenService } from "../gateway/staff/api-token.service.js";
import { ApiTokenRepository } from "../gateway/staff/api-token.repository.js";
import { AuditService } from "../gateway/staff/audit.service.js";
import { AuditRepository } from "../gateway/staff/audit.repository.js";

// Staff run the products through GraphQL: every mutation, every guard, every refusal leaving the
// catalog as it was, what a change derives and records, and what was sold staying as it was sold.

const OWNER = { email: "olive@shop.example", password: "owner password 1" };
const STAFF = { email: "sam@shop.example", password: "staff password 1" };

const PRODUCT_FIELDS = `id handle previousHandles title status descriptionHtml tags productType seoTitle seoDescription fulfillmentPartner customizable price sold
  archivedVariantCount onlineStorePath options { name values }
  variants { id title price compareAtPrice sku availableForSale imageId partnerVariantId sold selectedOptions { name value } }`;
const CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) { product { ${PRODUCT_FIELDS} } userErrors { code field message } } }`;
const UPDATE = `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { product { ${PRODUCT_FIELDS} } userErrors { code field message } } }`;
const DELETE = `mutation($id: ID!) { productDelete(id: $id) { deletedProductId archivedProduct { id status } userErrors { code field message } } }`;
const LIST = `query($search: String, $status: ProductStatus, $page: Int, $pageSize: Int) {
  adminProducts(search: $search, status: $status, page: $page, pageSize: $pageSize) { totalCount page totalPages nodes { id handle title status price variantCount thumbnailUrl } } }`;
const ONE = `query($id: ID!) { adminProduct(id: $id) { ${PRODUCT_FIELDS} } }`;

let shop: TestGateway;
let services: Services;
let owner: BrowserSession;
let staff: BrowserSession;

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

let skus = 0;
/** A tee of two sizes, each with a SKU no other test uses. */
const twoSizes = (over: Record<string, unknown> = {}) => ({
  title: "Filibuster Marathon Tee",
  descriptionHtml: '<p>Talk <strong>all night</strong>.</p><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">bad</a><a href="https://example.com">good</a>',
  tags: ["New", "Congress"],
  productType: "T-Shirt",
  fulfillmentPartner: "Capitol Stitch Works",
  options: [{ name: "Size", values: ["S", "M"] }],
  variants: [
    { optionValues: ["S"], price: "24.99", sku: `T${++skus}-S` },
    { optionValues: ["M"], price: "26.50", compareAtPrice: "30.00", sku: `T${skus}-M` },
  ],
  ...over,
});

async function create(input: Record<string, unknown>, as: BrowserSession = owner) {
  const { data, errors } = await as.graphql(CREATE, { input });
  expect(errors).toBeUndefined();
  return data.productCreate;
}

async function update(id: string, input: Record<string, unknown>, as: BrowserSession = owner) {
  const { data, errors } = await as.graphql(UPDATE, { id, input });
  expect(errors, shop.logs.filter((l) => l.includes('"error"')).slice(-3).join("\n")).toBeUndefined();
  return data.productUpdate;
}

/** Everything a refused write could have touched. */
async function catalogSnapshot(of: TestGateway = shop) {
  const db = () => of.database.db;
  return {
    products: await db().selectFrom("products").selectAll().orderBy("id").execute(),
    variants: await db().selectFrom("variants").selectAll().orderBy("id").execute(),
    options: await db().selectFrom("product_options").selectAll().orderBy("id").execute(),
    partner: await db().selectFrom("partner_variants").selectAll().orderBy("variant_id").execute(),
    redirects: await db().selectFrom("product_handle_redirects").selectAll().orderBy("handle").execute(),
    memes: await db().selectFrom("memes").select(["key", "product_id"]).orderBy("key").execute(),
    audit: await db().selectFrom("audit_log").select(["id"]).orderBy("id").execute(),
  };
}

beforeAll(async () => {
  shop = await startTestGateway({ catalogCacheSeconds: 60 });
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await services.staff.create({ ...STAFF, name: "Sam Staff", role: "staff" });
  owner = await signIn(OWNER);
  staff = await signIn(STAFF);
});
afterAll(async () => {
  await shop?.close();
});

describe("who may run the catalog", () => {
  it("refuses a guest and a customer, and a token without the scope; lets staff of either role and a token with the scope in", async () => {
    const guest = await shop.graphql(LIST, {});
    expect(guest.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await shop.graphql(CREATE, { input: twoSizes({ title: "Guest Tee" }) })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const customer = new BrowserSession(shop.url);
    expect((await customer.register({ name: "Cass", email: "cass@example.com", password: "password123" })).status).toBe(201);
    await customer.login("cass@example.com", "password123");
    for (const query of [LIST, CREATE]) {
      const { errors } = await customer.graphql(query, { input: twoSizes({ title: "Customer Tee" }) });
      expect(errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }

    const system = { staffId: null, actor: "system" };
    const reader = bearer((await services.apiTokens.create({ name: "reader", scopes: ["catalog:read"] }, system)).token);
    const writer = bearer((await services.apiTokens.create({ name: "writer", scopes: ["catalog:write", "catalog:read"] }, system)).token);
    const orders = bearer((await services.apiTokens.create({ name: "orders", scopes: ["orders:read", "orders:write"] }, system)).token);

    expect((await reader(LIST, {})).data.adminProducts.totalCount).toBeGreaterThan(20);
    const refusedWrite = await reader(CREATE, { input: twoSizes({ title: "Reader Tee" }) });
    expect(refusedWrite.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(refusedWrite.errors?.[0]?.message).toMatch(/catalog:write/);
    expect((await orders(LIST, {})).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const byToken = (await writer(CREATE, { input: twoSizes({ title: "Integrator Tee", variants: [{ optionValues: ["S"], price: "20.00" }] }) })).data.productCreate;
    expect(byToken.userErrors).toEqual([]);
    const byStaff = await create(twoSizes({ title: "Staff Tee", variants: [{ optionValues: ["S"], price: "20.00" }] }), staff);
    expect(byStaff.userErrors).toEqual([]);
    const audit = await db().selectFrom("audit_log").select(["actor", "action", "details"]).where("action", "=", "product_created").orderBy("id").execute();
    expect(audit.map((a) => a.actor)).toEqual(["token:writer", "staff:sam@shop.example"]);
    expect(audit[0]!.details).toMatch(/"Integrator Tee" \(integrator-tee\): created as DRAFT/);
    expect((await db().selectFrom("products").select("title").where("title", "in", ["Guest Tee", "Customer Tee", "Reader Tee"]).execute())).toEqual([]);
  });
});

describe("products, options and variants", () => {
  it("creates a draft with its variants: handle from the title, description sanitised, prices and search text derived", async () => {
    const { product, userErrors } = await create(
      twoSizes({
        variants: [
          { optionValues: ["S"], price: "24.99", sku: "FIL-S" },
          { optionValues: ["M"], price: "26.50", compareAtPrice: "30.00", sku: "FIL-M" },
        ],
      }),
    );
    expect(userErrors).toEqual([]);
    expect(product).toMatchObject({
      handle: "filibuster-marathon-tee",
      status: "DRAFT",
      price: "24.99",
      tags: ["New", "Congress"],
      productType: "T-Shirt",
      onlineStorePath: null,
      sold: false,
      options: [{ name: "Size", values: ["S", "M"] }],
    });
    expect(product.descriptionHtml).toBe(
      '<p>Talk <strong>all night</strong>.</p><a rel="noopener noreferrer nofollow">bad</a><a href="https://example.com" rel="noopener noreferrer nofollow">good</a>',
    );
    expect(product.variants.map((v: any) => [v.title, v.price, v.compareAtPrice, v.sku])).toEqual([
      ["S", "24.99", null, "FIL-S"],
      ["M", "26.50", "30.00", "FIL-M"],
    ]);
    const row = await db().selectFrom("products").select(["price_cents", "compare_at_cents", "search_text"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ price_cents: 2499, compare_at_cents: null });
    expect(row.search_text).toContain("filibuster marathon tee");
    expect(row.search_text).toContain("all night");
    expect(row.search_text).not.toContain("alert");

    // A second product of the same title takes the next free handle.
    const second = await create(twoSizes({ variants: [{ optionValues: ["S"], price: "9.99" }] }));
    expect(second.product.handle).toBe("filibuster-marathon-tee-2");
  });

  it("a product without options has one variant, Default Title", async () => {
    const { product, userErrors } = await create({ title: "Veto Pen", variants: [{ optionValues: [], price: "4.50" }] });
    expect(userErrors).toEqual([]);
    expect(product.variants.map((v: any) => v.title)).toEqual(["Default Title"]);
  });

  it("changes options and variants keeping the ids of the variants that stay, and a price change is seen on the next request", async () => {
    const { product } = await create(twoSizes({ title: "Quorum Call Tee", status: "ACTIVE", variants: [{ optionValues: ["S"], price: "21.00" }, { optionValues: ["M"], price: "22.00" }] }));
    const [s, m] = product.variants;
    const shopper = `{ product(handle: "quorum-call-tee") { title priceRange: variants { title price { amount } } } }`;
    expect((await shop.graphql(shopper)).data.product.priceRange.map((v: any) => v.price.amount)).toEqual(["21.00", "22.00"]);

    const { product: changed, userErrors } = await update(product.id, {
      options: [
        { name: "Size", values: ["S", "M", "L"] },
        { name: "Color", values: ["Black"] },
      ],
      variants: [
        { id: m.id, optionValues: ["M", "Black"], price: "19.00" },
        { id: s.id, optionValues: ["S", "Black"], price: "18.00", availableForSale: false },
        { optionValues: ["L", "Black"], price: "23.00", partnerVariantId: "4012" },
      ],
    });
    expect(userErrors).toEqual([]);
    expect(changed.variants.map((v: any) => [v.id, v.title, v.price, v.availableForSale, v.partnerVariantId])).toEqual([
      [m.id, "M / Black", "19.00", true, null],
      [s.id, "S / Black", "18.00", false, null],
      [expect.any(String), "L / Black", "23.00", true, "4012"],
    ]);
    expect(changed.price).toBe("18.00");
    // The shopper's cached answer was dropped by the change's announcement.
    expect((await shop.graphql(shopper)).data.product.priceRange.map((v: any) => v.price.amount)).toEqual(["19.00", "18.00", "23.00"]);
    expect((await shop.rest("/api/products/quorum-call-tee")).body.price).toBe(18);

    // Two variants may swap their combinations in one save.
    const swapped = await update(product.id, {
      variants: changed.variants.map((v: any, i: number) => ({ id: v.id, optionValues: i === 0 ? ["S", "Black"] : i === 1 ? ["M", "Black"] : ["L", "Black"], price: v.price })),
    });
    expect(swapped.userErrors).toEqual([]);
    expect(swapped.product.variants.map((v: any) => [v.id, v.title])).toEqual([
      [m.id, "S / Black"],
      [s.id, "M / Black"],
      [changed.variants[2].id, "L / Black"],
    ]);
  });

  it("refuses bad input with a clear error naming the field, leaving the catalog as it was", async () => {
    const { product } = await create(twoSizes({ title: "Refusal Tee", handle: "refusal-tee" }));
    await create(twoSizes({ title: "Taken Tee", handle: "taken-tee", variants: [{ optionValues: ["S"], price: "10.00", sku: "TAKEN-SKU" }] }));
    const before = await catalogSnapshot();
    const cases: [Record<string, unknown>, { code: string; field: string; message: RegExp }][] = [
      [{ handle: "taken-tee" }, { code: "CONFLICT", field: "handle", message: /Another product already has the handle "taken-tee"/ }],
      [{ handle: "Not A Handle" }, { code: "INVALID_INPUT", field: "handle", message: /lower-case letters and digits/ }],
      [{ title: "   " }, { code: "INVALID_INPUT", field: "title", message: /must not be blank/ }],
      [{ variants: [{ optionValues: ["S"], price: "abc" }] }, { code: "INVALID_INPUT", field: "variants.0.price", message: /dollars and cents/ }],
      [{ variants: [{ optionValues: ["S"], price: "0.00" }] }, { code: "INVALID_INPUT", field: "variants.0.price", message: /more than 0.00/ }],
      [{ variants: [{ optionValues: ["S"], price: "-5.00" }] }, { code: "INVALID_INPUT", field: "variants.0.price", message: /dollars and cents/ }],
      [{ variants: [{ optionValues: ["S"], price: "1000000.00" }] }, { code: "INVALID_INPUT", field: "variants.0.price", message: /at most 999999.99/ }],
      [{ variants: [{ optionValues: ["S"], price: "10.001" }] }, { code: "INVALID_INPUT", field: "variants.0.price", message: /dollars and cents/ }],
      [{ variants: [{ optionValues: ["S"], price: "10.00", compareAtPrice: "9.00" }] }, { code: "INVALID_INPUT", field: "variants.0.compareAtPrice", message: /more than the price/ }],
      [
        { variants: [{ optionValues: ["S"], price: "10.00" }, { optionValues: ["S"], price: "11.00" }] },
        { code: "INVALID_INPUT", field: "variants.1.optionValues", message: /Two variants are both S/ },
      ],
      [{ variants: [{ optionValues: ["XL"], price: "10.00" }] }, { code: "INVALID_INPUT", field: "variants.0.optionValues", message: /"XL" is not a value of the option "Size"/ }],
      [{ variants: [{ optionValues: ["S"], price: "10.00", sku: "TAKEN-SKU" }] }, { code: "CONFLICT", field: "variants.0.sku", message: /Another product's variant already has the SKU "TAKEN-SKU"/ }],
      [{ variants: [{ optionValues: ["S"], price: "10.00", partnerVariantId: "abc" }] }, { code: "INVALID_INPUT", field: "variants.0.partnerVariantId", message: /whole number/ }],
      [{ variants: [] }, { code: "INVALID_INPUT", field: "variants", message: /at least one variant/ }],
      [{ options: [{ name: "Size", values: ["S"] }] }, { code: "INVALID_INPUT", field: "variants", message: /needs the variants too/ }],
      [
        { options: [{ name: "Size", values: ["S"] }, { name: "size", values: ["M"] }], variants: [{ optionValues: ["S", "M"], price: "1.00" }] },
        { code: "INVALID_INPUT", field: "options.1.name", message: /Two options are both called "size"/ },
      ],
      [{ variants: [{ id: "00000000-0000-4000-8000-000000000000", optionValues: ["S"], price: "10.00" }] }, { code: "INVALID_INPUT", field: "variants.0.id", message: /not one of the product's/ }],
      [{ variants: [{ optionValues: ["S"], price: "10.00", imageId: "00000000-0000-4000-8000-000000000000" }] }, { code: "INVALID_INPUT", field: "variants.0.imageId", message: /not one of the product's/ }],
      [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, { code: "INVALID_INPUT", field: "tags", message: /at most 50 tags/ }],
    ];
    for (const [input, expected] of cases) {
      const { userErrors, product: saved } = await update(product.id, input);
      expect(saved, JSON.stringify(input)).toBeNull();
      expect(userErrors, JSON.stringify(input)).toEqual([{ code: expected.code, field: expected.field, message: expect.stringMatching(expected.message) }]);
    }
    const unknown = await update("00000000-0000-4000-8000-000000000000", { title: "Nobody" });
    expect(unknown.userErrors).toEqual([{ code: "NOT_FOUND", field: null, message: "No product with this id" }]);
    const createRefused = await owner.graphql(CREATE, { input: { title: "No Variants" } });
    expect(createRefused.data.productCreate.userErrors).toEqual([{ code: "INVALID_INPUT", field: "variants", message: expect.stringMatching(/at least one variant/) }]);
    expect(await catalogSnapshot()).toEqual(before);
  });

  it("a changed handle keeps leading to the product; memes linked to it follow", async () => {
    const meme = await db().selectFrom("memes").select(["id", "product_id"]).where("product_id", "is not", null).executeTakeFirstOrThrow();
    const target = await db().selectFrom("products").select(["id", "handle"]).where("id", "=", meme.product_id!).executeTakeFirstOrThrow();
    const { product, userErrors } = await update(target.id, { handle: `${target.handle}-renamed` });
    expect(userErrors).toEqual([]);
    expect(product.handle).toBe(`${target.handle}-renamed`);
    expect(product.previousHandles).toEqual([target.handle]);
    const shown = await shop.graphql(`query($id: ID!) { meme(id: $id) { productHandle } }`, { id: meme.id });
    expect(shown.data.meme.productHandle).toBe(`${target.handle}-renamed`);

    // Back to the old handle: it is the product's own again, not a redirect to itself.
    const back = await update(target.id, { handle: target.handle });
    expect(back.product.handle).toBe(target.handle);
    expect(back.product.previousHandles).toEqual([`${target.handle}-renamed`]);

    // Another product may take a handle this one gave up; the old address then leads to it.
    const taker = await create({ title: "Taker", handle: `${target.handle}-renamed`, variants: [{ optionValues: [], price: "1.00" }] });
    expect(taker.userErrors).toEqual([]);
    expect((await update(target.id, { title: "still fine" })).product.previousHandles).toEqual([]);
  });

});

describe("what was sold stays as it was sold", () => {
  it("a sold variant removed is archived, not deleted; a sold product deleted is archived; an unsold one is deleted", async () => {
    const { product } = await create(twoSizes({ title: "Sold Out Senate Tee", status: "ACTIVE" }));
    const [s, m] = product.variants;
    const order = await paidOrder(shop, db(), [{ variantId: s.id, quantity: 1 }]);
    expect((await owner.graphql(ONE, { id: product.id })).data.adminProduct.variants.map((v: any) => v.sold)).toEqual([true, false]);

    const { product: after } = await update(product.id, { variants: [{ id: m.id, optionValues: ["M"], price: "26.50" }] });
    expect(after.variants.map((v: any) => v.id)).toEqual([m.id]);
    expect(after.archivedVariantCount).toBe(1);
    const archived = await db().selectFrom("variants").select(["id", "archived_at"]).where("id", "=", s.id).executeTakeFirstOrThrow();
    expect(archived.archived_at).not.toBeNull();
    const line = await db().selectFrom("order_lines").select(["variant_id", "variant_title"]).where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(line).toEqual({ variant_id: s.id, variant_title: "S" });
    // The archived variant's combination may be offered again, as a new variant.
    const again = await update(product.id, { variants: [{ id: m.id, optionValues: ["M"], price: "26.50" }, { optionValues: ["S"], price: "24.99" }] });
    expect(again.userErrors).toEqual([]);
    expect(again.product.variants[1].id).not.toBe(s.id);

    const removed = (await owner.graphql(DELETE, { id: product.id })).data.productDelete;
    expect(removed).toEqual({ deletedProductId: null, archivedProduct: { id: product.id, status: "ARCHIVED" }, userErrors: [] });
    expect((await owner.graphql(ONE, { id: product.id })).data.adminProduct.status).toBe("ARCHIVED");

    const { product: unsold } = await create(twoSizes({ title: "Never Sold Tee" }));
    const deleted = (await owner.graphql(DELETE, { id: unsold.id })).data.productDelete;
    expect(deleted).toEqual({ deletedProductId: unsold.id, archivedProduct: null, userErrors: [] });
    expect((await owner.graphql(ONE, { id: unsold.id })).data.adminProduct).toBeNull();
    expect((await owner.graphql(DELETE, { id: unsold.id })).data.productDelete.userErrors).toEqual([{ code: "NOT_FOUND", field: null, message: "No product with this id" }]);
    const audit = await db().selectFrom("audit_log").select(["action", "details"]).where("action", "in", ["product_archived", "product_deleted"]).orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["product_archived", "product_deleted"]);
  });

  it("a variant in an open cart is archived rather than deleted, so the cart can say why it cannot be bought", async () => {
    const { product } = await create(twoSizes({ title: "Carted Tee", status: "ACTIVE" }));
    const [s, m] = product.variants;
    const cart = await shop.rest("/api/cart", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ items: [{ variantId: s.id, quantity: 1 }] }) });
    expect(cart.status).toBe(201);
    await update(product.id, { variants: [{ id: m.id, optionValues: ["M"], price: "26.50" }] });
    expect((await db().selectFrom("variants").select("archived_at").where("id", "=", s.id).executeTakeFirstOrThrow()).archived_at).not.toBeNull();
    expect(await db().selectFrom("cart_lines").select("id").where("variant_id", "=", s.id).execute()).toHaveLength(1);
  });
});

describe("the admin's product list", () => {
  it("searches, filters by status and pages", async () => {
    const all = (await owner.graphql(LIST, { pageSize: 5 })).data.adminProducts;
    expect(all.nodes).toHaveLength(5);
    expect(all.totalPages).toBe(Math.ceil(all.totalCount / 5));
    const draftAnswer = await owner.graphql(LIST, { status: "DRAFT", pageSize: 100 });
    expect(draftAnswer.errors).toBeUndefined();
    const drafts = draftAnswer.data.adminProducts;
    expect(drafts.nodes.length).toBeGreaterThan(0);
    expect(drafts.nodes.every((n: any) => n.status === "DRAFT")).toBe(true);
    const bySku = (await owner.graphql(LIST, { search: "fil-m" })).data.adminProducts;
    expect(bySku.nodes.map((n: any) => n.handle)).toContain("filibuster-marathon-tee");
    const seeded = (await owner.graphql(LIST, { search: "subcommittee" })).data.adminProducts.nodes[0];
    expect(seeded).toMatchObject({ status: "ACTIVE", thumbnailUrl: expect.stringMatching(/^\/media\//) });
    expect(seeded.variantCount).toBe((await variantsOf(shop, seeded.handle)).length);
    // Staff search for what they typed: no near misses (the shop's search has them), since a bulk change acts on what the search selects.
    expect((await owner.graphql(LIST, { search: "subcomittee" })).data.adminProducts.totalCount).toBe(0);
    const badPage = await owner.graphql(LIST, { pageSize: 1000 });
    expect(badPage.errors?.[0]?.message).toMatch(/pageSize must be between 1 and 100/);
  });
});

describe("the print partner's ids", () => {
  it("with the printful partner an ACTIVE product's variants need their Printful ids", async () => {
    // A shop of its own: the printful partner is a setting of the gateway.
    const printfulShop = await startTestGateway({
      fulfillmentPartner: "printful",
      printful: { apiUrl: "http://127.0.0.1:9", apiToken: "t", webhookSecret: "0123456789abcdef0123", variantsFile: null },
    });
    await printfulShop.running.gateway.services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
    try {
      const session = new BrowserSession(printfulShop.url);
      await session.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: OWNER });
      const draft = (await session.graphql(CREATE, { input: twoSizes({ title: "Printful Tee" }) })).data.productCreate;
      expect(draft.userErrors).toEqual([]);
      const before = await catalogSnapshot(printfulShop);
      const refused = (await session.graphql(UPDATE, { id: draft.product.id, input: { status: "ACTIVE" } })).data.productUpdate;
      expect(refused.userErrors).toEqual([
        { code: "INVALID_INPUT", field: "variants.0.partnerVariantId", message: "The shop prints with Printful: S needs its Printful variant id before the product can be active" },
      ]);
      expect(await catalogSnapshot(printfulShop)).toEqual(before);
      const ok = (
        await session.graphql(UPDATE, {
          id: draft.product.id,
          input: {
            status: "ACTIVE",
            variants: draft.product.variants.map((v: any, i: number) => ({ id: v.id, optionValues: [v.title], price: v.price, partnerVariantId: String(4011 + i) })),
          },
        })
      ).data.productUpdate;
      expect(ok.userErrors).toEqual([]);
      expect(ok.product.variants.map((v: any) => v.partnerVariantId)).toEqual(["4011", "4012"]);
    } finally {
      await printfulShop.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a change reaches every worker on its next request (PostgreSQL, runs when TEST_DATABASE_URL is set)", { timeout: 180_000 }, () => {
  const started: GatewayProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-catalog-workers-"));
  afterAll(() => {
    for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a change is answered only once every other process has dropped its answers (a slow listener holds it)", async () => {
    const { createTestDatabase } = await import("./support/database.js");
    const database = await createTestDatabase({ seed: false });
    const stops: (() => Promise<void>)[] = [];
    try {
      const cacheOf = () => new CatalogCache({ ttlMs: 60_000, maxEntries: 10 });
      const [here, there] = [cacheOf(), cacheOf()];
      const changesHere = new CatalogChanges(here, database.db);
      stops.push(await changesHere.subscribe(database.listen));
      // The other process hears notices 300 ms late (a busy event loop, a slow network).
      const slow: Listen = (channel, onMessage, onGap) => database.listen(channel, (payload) => void setTimeout(() => onMessage(payload), 300), onGap);
      stops.push(await new CatalogChanges(there, database.db).subscribe(slow));
      there.set("answer", "stale", there.version);
      await changesHere.changed();
      expect(there.get("answer")).toBeUndefined();
    } finally {
      for (const stop of stops) await stop();
      await database.dispose();
    }
  });

  it("a price changed through one process is seen by the very next request on each of two workers and on another process, with their caches on", async () => {
    const { createTestDatabase } = await import("./support/database.js");
    const database = await createTestDatabase();
    try {
      const tokens = new ApiTokenService(new ApiTokenRepository(database.db), new AuditService(new AuditRepository(database.db)));
      const { token } = await tokens.create({ name: "catalog bot", scopes: ["catalog:read", "catalog:write"] }, { staffId: null, actor: "system" });
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url!, CATALOG_CACHE_SECONDS: "300" };
      const [port, otherPort] = [await freePort(), await freePort()];
      const workers = spawnSupervisor({ ...env, PORT: String(port), WORKERS: "2" });
      const other = spawnGateway({ ...env, PORT: String(otherPort) });
      started.push(workers, other);
      await Promise.all([waitForHealthy(port, workers), waitForHealthy(otherPort, other)]);

      const handle = "i-survived-the-subcommittee-tee";
      const product = await database.db.selectFrom("products").select("id").where("handle", "=", handle).executeTakeFirstOrThrow();
      // A new connection for every request: the supervisor hands connections to its workers in turn.
      const priceOn = (p: number) =>
        new Promise<number>((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port: p, path: `/api/products/${handle}`, agent: false }, (res) => {
              let body = "";
              res.on("data", (chunk) => (body += chunk));
              res.on("end", () => resolve((JSON.parse(body) as { price: number }).price));
            })
            .on("error", reject);
        });
      const pricesOnWorkers = async () => {
        const seen: number[] = [];
        for (let i = 0; i < 12; i++) seen.push(await priceOn(port));
        return seen;
      };
      // Both workers and the other process have the product in their caches.
      const before = await priceOn(otherPort);
      expect(new Set(await pricesOnWorkers())).toEqual(new Set([before]));

      const admin = await fetch(`http://127.0.0.1:${otherPort}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: `query($id: ID!) { adminProduct(id: $id) { variants { id title price } options { name values } } }`, variables: { id: product.id } }),
      });
      const current = ((await admin.json()) as any).data.adminProduct;
      const changed = await fetch(`http://127.0.0.1:${otherPort}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { product { price } userErrors { message } } }`,
          variables: {
            id: product.id,
            input: {
              variants: current.variants.map((v: any) => ({ id: v.id, optionValues: v.title.split(" / "), price: "7.77" })),
            },
          },
        }),
      });
      expect(((await changed.json()) as any).data.productUpdate).toEqual({ product: { price: "7.77" }, userErrors: [] });
      // No waiting: the change answered once every process had dropped its answers.
      expect(await priceOn(otherPort)).toBe(7.77);
      expect(await pricesOnWorkers()).toEqual(Array.from({ length: 12 }, () => 7.77));
      for (const p of [workers, other]) p.child.kill("SIGTERM");
      for (const p of [workers, other]) expect(await p.exited, p.output().slice(-3000)).toBe(0);
    } finally {
      await database.dispose();
    }
  });
});
