import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import type { Services } from "../gateway/services.js";
import { DEFAULT_GRAPHQL_LIMITS } from "../gateway/config.js";

// Bulk changes through GraphQL: the owner previews a price change or a status change over a
// selection, then applies it with the preview's fingerprint. Rounding, the all-or-nothing refusal,
// every kind of selection, compare-at prices, the Printful rule, the guard, the audit entry, the
// next request of a shopper, the cap, and a product saved while a bulk change runs.

const OWNER = { email: "olive@bulk.example", password: "owner password 1" };
const STAFF = { email: "sam@bulk.example", password: "staff password 1" };

const CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) { product { id handle variants { id title price compareAtPrice } } userErrors { code field message } } }`;
const UPDATE = `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { product { id price variants { id price } } userErrors { code field message } } }`;
const PRICE_PREVIEW = `query($selection: BulkSelectionInput!, $change: BulkPriceChangeInput!, $page: Int, $pageSize: Int) {
  bulkPricePreview(selection: $selection, change: $change, page: $page, pageSize: $pageSize) {
    fingerprint productCount changedProductCount changedVariantCount endedSaleCount refusedCount page pageSize totalPages
    products { id handle title status changes refusal variants { id title price newPrice compareAtPrice newCompareAtPrice } } } }`;
const PRICE_CHANGE = `mutation($selection: BulkSelectionInput!, $change: BulkPriceChangeInput!, $fingerprint: String!) {
  bulkPriceChange(selection: $selection, change: $change, fingerprint: $fingerprint) { result { productCount variantCount } userErrors { code field message } } }`;
const STATUS_PREVIEW = `query($selection: BulkSelectionInput!, $status: ProductStatus!) {
  bulkStatusPreview(selection: $selection, status: $status, pageSize: 50) { fingerprint productCount changedProductCount refusedCount products { handle status changes refusal } } }`;
const STATUS_CHANGE = `mutation($selection: BulkSelectionInput!, $status: ProductStatus!, $fingerprint: String!) {
  bulkStatusChange(selection: $selection, status: $status, fingerprint: $fingerprint) { result { productCount variantCount } userErrors { code field message } } }`;

let shop: TestGateway;
let services: Services;
let owner: BrowserSession;
let staff: BrowserSession;

const db = () => shop.database.db;

async function signIn(at: TestGateway, who: { email: string; password: string }): Promise<BrowserSession> {
  const session = new BrowserSession(at.url);
  const { data } = await session.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: who });
  expect(data.staffLogin.userErrors).toEqual([]);
  return session;
}

let made = 0;
/** A product with one variant per price given ([price, compareAt?]), sized S, M, L…; its handle is unique to this run. */
async function product(prices: [string, string?][], over: Record<string, unknown> = {}, as: BrowserSession = owner) {
  const sizes = prices.map((_, i) => `Size ${i + 1}`);
  const title = `Bulk Tee ${++made}`;
  const input = {
    title,
    options: [{ name: "Size", values: sizes }],
    variants: prices.map(([price, compareAtPrice], i) => ({ optionValues: [sizes[i]], price, compareAtPrice: compareAtPrice ?? null })),
    ...over,
  };
  const { data, errors } = await as.graphql(CREATE, { input });
  expect(errors).toBeUndefined();
  expect(data.productCreate.userErrors).toEqual([]);
  return data.productCreate.product as { id: string; handle: string; variants: { id: string; title: string; price: string; compareAtPrice: string | null }[] };
}

const byIds = (...products: { id: string }[]) => ({ by: "PRODUCT_IDS", productIds: products.map((p) => p.id) });

async function preview(selection: Record<string, unknown>, change: Record<string, unknown>, as: BrowserSession = owner) {
  const { data, errors } = await as.graphql(PRICE_PREVIEW, { selection, change, pageSize: 50 });
  expect(errors).toBeUndefined();
  return data.bulkPricePreview;
}

async function changePrices(selection: Record<string, unknown>, change: Record<string, unknown>, as: BrowserSession = owner) {
  const { fingerprint } = await preview(selection, change, as);
  const { data, errors } = await as.graphql(PRICE_CHANGE, { selection, change, fingerprint });
  expect(errors).toBeUndefined();
  return data.bulkPriceChange;
}

async function pricesOf(productId: string) {
  const rows = await db().selectFrom("variants").select(["price_cents", "compare_at_cents"]).where("product_id", "=", productId).where("archived_at", "is", null).orderBy("position").execute();
  return rows.map((r) => [r.price_cents, r.compare_at_cents]);
}

async function derivedOf(productId: string) {
  return db().selectFrom("products").select(["price_cents", "compare_at_cents", "status"]).where("id", "=", productId).executeTakeFirstOrThrow();
}

/** Everything a refused bulk change could have touched. */
async function snapshot(of: TestGateway = shop) {
  return {
    products: await of.database.db.selectFrom("products").select(["id", "status", "price_cents", "compare_at_cents", "updated_at"]).orderBy("id").execute(),
    variants: await of.database.db.selectFrom("variants").select(["id", "price_cents", "compare_at_cents"]).orderBy("id").execute(),
    audit: await of.database.db.selectFrom("audit_log").select("id").orderBy("id").execute(),
  };
}

beforeAll(async () => {
  // A batch of 5,000 on the embedded database while every other test file runs beside it can take
  // longer than the 5 s an operation gets by default; the deadline has its own test (graphql-limits).
  shop = await startTestGateway({ catalogCacheSeconds: 60, graphqlLimits: { ...DEFAULT_GRAPHQL_LIMITS, timeoutMs: 30_000 } });
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await services.staff.create({ ...STAFF, name: "Sam Staff", role: "staff" });
  owner = await signIn(shop, OWNER);
  staff = await signIn(shop, STAFF);
});
afterAll(async () => {
  await shop?.close();
});

describe("who may change the catalog in bulk", () => {
  it("only an owner: a guest, a customer, staff and an API token (even with catalog:write) are refused", async () => {
    const tee = await product([["10.00"]]);
    const selection = byIds(tee);
    const change = { percent: "-10" };
    expect((await shop.graphql(PRICE_PREVIEW, { selection, change })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    for (const query of [PRICE_PREVIEW, PRICE_CHANGE, STATUS_PREVIEW, STATUS_CHANGE]) {
      const { errors } = await staff.graphql(query, { selection, change, status: "ACTIVE", fingerprint: "x" });
      expect(errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(errors?.[0]?.message).toBe("Only the shop's owner may do this");
    }
    const { token } = await services.apiTokens.create({ name: "bulk bot", scopes: ["catalog:read", "catalog:write"] }, { staffId: null, actor: "system" });
    const res = await fetch(`${shop.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: PRICE_CHANGE, variables: { selection, change, fingerprint: "x" } }),
    });
    expect(((await res.json()) as any).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await pricesOf(tee.id)).toEqual([[1000, null]]);
  });
});

describe("a price change by a percentage", () => {
  it("rounds half-up to the cent, for cuts as for raises, in whole-number arithmetic", async () => {
    // [price, percent, expected]: exact halves go up; the rest to the nearest cent.
    const cases: [string, string, string][] = [
      ["0.10", "-15", "0.09"], // 8.5 cents
      ["0.05", "-10", "0.05"], // 4.5 cents
      ["0.05", "10", "0.06"], // 5.5 cents
      ["0.01", "-50", "0.01"], // half a cent
      ["24.99", "-15", "21.24"], // 2124.15 cents
      ["19.99", "12.5", "22.49"], // 2248.875 cents
      ["0.03", "-0.01", "0.03"], // 2.9997 cents
      ["999999.99", "-99.99", "100.00"], // 9999.9999 cents
      ["1.15", "+100", "2.30"],
    ];
    for (const [price, percent, expected] of cases) {
      const tee = await product([[price]]);
      const shown = await preview(byIds(tee), { percent });
      expect(shown.products[0].variants[0], `${price} ${percent}%`).toMatchObject({ price, newPrice: expected });
      const done = await changePrices(byIds(tee), { percent });
      expect(done.userErrors).toEqual([]);
      expect(await pricesOf(tee.id), `${price} ${percent}%`).toEqual([[Math.round(Number(expected) * 100), null]]);
    }
  });

  it("scales compare-at prices alike, so a sale keeps its percent off; a compare-at no longer above the price ends the sale", async () => {
    const tee = await product([["20.00", "25.00"], ["0.02", "0.03"], ["30.00"]]);
    const shown = await preview(byIds(tee), { percent: "-70" });
    expect(shown.products[0].variants.map((v: any) => [v.price, v.newPrice, v.compareAtPrice, v.newCompareAtPrice])).toEqual([
      ["20.00", "6.00", "25.00", "7.50"],
      // 0.6 and 0.9 of a cent both become one cent: the compare-at would no longer be above the price.
      ["0.02", "0.01", "0.03", null],
      ["30.00", "9.00", null, null],
    ]);
    expect(shown).toMatchObject({ productCount: 1, changedProductCount: 1, changedVariantCount: 3, endedSaleCount: 1, refusedCount: 0 });
    expect((await changePrices(byIds(tee), { percent: "-70" })).result).toEqual({ productCount: 1, variantCount: 3 });
    expect(await pricesOf(tee.id)).toEqual([[600, 750], [1, null], [900, null]]);
    // The product's derived prices are its cheapest variant's.
    expect(await derivedOf(tee.id)).toMatchObject({ price_cents: 1, compare_at_cents: null });
  });
});

describe("a price change to an amount", () => {
  it("sets every offered variant's price; a compare-at still above it stays, one that is not ends the sale", async () => {
    const tee = await product([["20.00", "25.00"], ["22.00", "23.00"], ["40.00"]]);
    const shown = await preview(byIds(tee), { amount: "24" });
    expect(shown.products[0].variants.map((v: any) => [v.newPrice, v.newCompareAtPrice])).toEqual([
      ["24.00", "25.00"],
      ["24.00", null],
      ["24.00", null],
    ]);
    expect(shown.endedSaleCount).toBe(1);
    expect((await changePrices(byIds(tee), { amount: "24" })).result).toEqual({ productCount: 1, variantCount: 3 });
    expect(await pricesOf(tee.id)).toEqual([[2400, 2500], [2400, null], [2400, null]]);
    expect(await derivedOf(tee.id)).toMatchObject({ price_cents: 2400, compare_at_cents: 2500 });
  });

  it("leaves an archived (sold, then removed) variant as it was sold", async () => {
    const tee = await product([["10.00"], ["11.00"]]);
    await db().updateTable("variants").set({ archived_at: new Date(), position: -2 }).where("id", "=", tee.variants[1]!.id).execute();
    await changePrices(byIds(tee), { amount: "5.00" });
    const archived = await db().selectFrom("variants").select("price_cents").where("id", "=", tee.variants[1]!.id).executeTakeFirstOrThrow();
    expect(archived.price_cents).toBe(1100);
    expect(await pricesOf(tee.id)).toEqual([[500, null]]);
  });
});

describe("all or nothing", () => {
  it("refuses the whole batch, naming the products, when any new price would be $0.00 or less, or more than $999,999.99; nothing changes, nothing is audited", async () => {
    const fine = await product([["10.00"]]);
    const penny = await product([["0.01"], ["5.00"]]);
    const dear = await product([["950000.00"]]);
    const dearSale = await product([["10.00", "999999.99"]]);
    const selection = byIds(fine, penny, dear, dearSale);

    const cut = await preview(selection, { percent: "-60" });
    expect(cut.refusedCount).toBe(1);
    expect(cut.products[0]).toMatchObject({ handle: penny.handle, refusal: "Size 1 would cost $0.00, and a price must be more than 0.00" });

    const raise = await preview(selection, { percent: "+10" });
    expect(raise.refusedCount).toBe(2);
    expect(raise.products.slice(0, 2).map((p: any) => [p.handle, p.refusal])).toEqual(
      [
        [dear.handle, "Size 1 would cost $1,045,000.00, and a price must be at most 999999.99"],
        [dearSale.handle, "Size 1 would have a compare-at price of $1,099,999.99, and a compare-at price must be at most 999999.99"],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );

    const before = await snapshot();
    for (const [change, refused] of [
      [{ percent: "-60" }, [penny]],
      [{ percent: "+10" }, [dear, dearSale]],
    ] as const) {
      const done = await changePrices(selection, change);
      expect(done.result).toBeNull();
      expect(done.userErrors).toHaveLength(1);
      expect(done.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "selection" });
      expect(done.userErrors[0].message).toMatch(new RegExp(`^Nothing was changed: ${refused.length} products? would be refused\\.`));
      for (const p of refused) expect(done.userErrors[0].message).toContain(`(${p.handle})`);
      expect(done.userErrors[0].message).not.toContain(`(${fine.handle})`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses bad input naming the field, before anything is read", async () => {
    const tee = await product([["10.00"]]);
    const ask = async (selection: Record<string, unknown>, change: Record<string, unknown>) => {
      const { errors } = await owner.graphql(PRICE_PREVIEW, { selection, change });
      return errors?.[0] && { code: errors[0].extensions?.code, field: errors[0].extensions?.field, message: errors[0].message };
    };
    const selection = byIds(tee);
    expect(await ask(selection, { percent: "abc" })).toMatchObject({ message: "percent must be a percentage such as -15 or 10 (at most two decimals)" });
    expect(await ask(selection, { percent: "1.234" })).toMatchObject({ message: "percent must be a percentage such as -15 or 10 (at most two decimals)" });
    expect(await ask(selection, { percent: "0" })).toMatchObject({ message: "percent must not be 0: it would change nothing" });
    expect(await ask(selection, { percent: "-100" })).toMatchObject({ message: "percent must be more than -100" });
    expect(await ask(selection, { percent: "1000.01" })).toMatchObject({ message: "percent must be at most 1000" });
    expect(await ask(selection, { amount: "0.00" })).toMatchObject({ message: "amount must be more than 0.00" });
    expect(await ask(selection, { amount: "-5" })).toMatchObject({ message: "amount must be an amount in dollars and cents, e.g. 24.99" });
    expect(await ask(selection, { amount: "10", percent: "5" })).toMatchObject({ field: "change", message: "Give either percent or amount" });
    expect(await ask(selection, {})).toMatchObject({ field: "change" });
    expect(await ask({ by: "PRODUCT_IDS", productIds: [] }, { percent: "5" })).toMatchObject({ field: "selection.productIds" });
    expect(await ask({ by: "PRODUCT_IDS", productIds: [tee.id, "not-an-id"] }, { percent: "5" })).toMatchObject({ field: "selection.productIds", message: 'No product has the id "not-an-id"' });
    const ghost = "00000000-0000-4000-8000-000000000000";
    expect(await ask({ by: "PRODUCT_IDS", productIds: [tee.id, ghost] }, { percent: "5" })).toMatchObject({ field: "selection.productIds", message: `No product has the id "${ghost}"` });
    expect(await ask({ by: "COLLECTION", collectionId: ghost }, { percent: "5" })).toMatchObject({ field: "selection.collectionId", message: "No collection has this id" });
    expect(await ask({ by: "COLLECTION" }, { percent: "5" })).toMatchObject({ field: "selection.collectionId" });
    expect(await ask({ by: "SEARCH", productIds: [tee.id] }, { percent: "5" })).toMatchObject({ field: "selection.productIds" });
    expect(await ask({ by: "PRODUCT_IDS", productIds: Array.from({ length: 5001 }, () => "x") }, { percent: "5" })).toMatchObject({ field: "selection.productIds", message: "productIds may name at most 5,000 products" });
    expect(await pricesOf(tee.id)).toEqual([[1000, null]]);
  });

  it("applies what was previewed: a price changed since the preview refuses the change, which then changes nothing", async () => {
    const tee = await product([["10.00"]]);
    const selection = byIds(tee);
    const change = { percent: "-10" };
    const { fingerprint } = await preview(selection, change);
    const edited = (await owner.graphql(UPDATE, { id: tee.id, input: { variants: [{ id: tee.variants[0]!.id, optionValues: ["Size 1"], price: "12.00" }] } })).data.productUpdate;
    expect(edited.userErrors).toEqual([]);
    const before = await snapshot();
    const refused = (await owner.graphql(PRICE_CHANGE, { selection, change, fingerprint })).data.bulkPriceChange;
    expect(refused).toEqual({
      result: null,
      userErrors: [{ code: "CONFLICT", field: "fingerprint", message: "The selected products or their prices changed since the preview: preview the change again" }],
    });
    // Another change than the one previewed is refused the same way.
    const { fingerprint: fresh } = await preview(selection, change);
    expect((await owner.graphql(PRICE_CHANGE, { selection, change: { percent: "-50" }, fingerprint: fresh })).data.bulkPriceChange.userErrors[0].code).toBe("CONFLICT");
    expect(await snapshot()).toEqual(before);
    expect((await owner.graphql(PRICE_CHANGE, { selection, change, fingerprint: fresh })).data.bulkPriceChange.result).toEqual({ productCount: 1, variantCount: 1 });
    expect(await pricesOf(tee.id)).toEqual([[1080, null]]);
  });
});

describe("selections", () => {
  it("a collection's products, in any status", async () => {
    const a = await product([["10.00"]]);
    const b = await product([["20.00"]], { status: "ACTIVE" });
    const outside = await product([["30.00"]]);
    const collection = await db().insertInto("collections").values({ handle: "bulk-sale", title: "Bulk sale", description: "", image_path: null, position: 99 }).returning("id").executeTakeFirstOrThrow();
    await db()
      .insertInto("product_collections")
      .values([a, b].map((p, i) => ({ product_id: p.id, collection_id: collection.id, position: i + 1 })))
      .execute();
    const selection = { by: "COLLECTION", collectionId: collection.id };
    expect((await preview(selection, { percent: "-50" })).products.map((p: any) => p.handle).sort()).toEqual([a.handle, b.handle].sort());
    expect((await changePrices(selection, { percent: "-50" })).result).toEqual({ productCount: 2, variantCount: 2 });
    expect([await pricesOf(a.id), await pricesOf(b.id), await pricesOf(outside.id)]).toEqual([[[500, null]], [[1000, null]], [[3000, null]]]);
  });

  it("a search, filtered exactly as the admin's product list filters it", async () => {
    const word = `zanzibar${Date.now()}`;
    const draft = await product([["10.00"]], { tags: [word] });
    const active = await product([["10.00"]], { tags: [word], status: "ACTIVE" });
    const other = await product([["10.00"]]);
    const selection = { by: "SEARCH", search: `  ${word.toUpperCase()} `, status: "DRAFT" };
    const listed = (await owner.graphql(`query($s: String, $st: ProductStatus) { adminProducts(search: $s, status: $st) { nodes { id } } }`, { s: selection.search, st: "DRAFT" })).data.adminProducts.nodes;
    expect(listed.map((p: any) => p.id)).toEqual([draft.id]);
    expect((await preview(selection, { amount: "7.00" })).products.map((p: any) => p.id)).toEqual([draft.id]);
    await changePrices(selection, { amount: "7.00" });
    expect([await pricesOf(draft.id), await pricesOf(active.id), await pricesOf(other.id)]).toEqual([[[700, null]], [[1000, null]], [[1000, null]]]);
  });

  it("pages the preview, refused products first", async () => {
    const products = [await product([["1.00"]]), await product([["0.01"]]), await product([["2.00"]])];
    const { data } = await owner.graphql(PRICE_PREVIEW, { selection: byIds(...products), change: { percent: "-90" }, page: 1, pageSize: 2 });
    expect(data.bulkPricePreview).toMatchObject({ productCount: 3, refusedCount: 1, page: 1, pageSize: 2, totalPages: 2 });
    expect(data.bulkPricePreview.products.map((p: any) => p.id)).toEqual([products[1]!.id, products[0]!.id]);
    const second = (await owner.graphql(PRICE_PREVIEW, { selection: byIds(...products), change: { percent: "-90" }, page: 2, pageSize: 2 })).data.bulkPricePreview;
    expect(second.products.map((p: any) => p.id)).toEqual([products[2]!.id]);
  });
});

describe("the audit log and the shoppers' next request", () => {
  it("one audit entry names every product changed with its old and new price range; REST and GraphQL show the new prices on the next request", async () => {
    const tee = await product([["20.00"], ["24.00"]], { status: "ACTIVE" });
    const mug = await product([["15.00"]], { status: "ACTIVE" });
    // Both are in the shoppers' caches (catalogCacheSeconds: 60).
    const shopperPrice = async (handle: string) => {
      const rest = await shop.rest(`/api/products/${handle}`);
      const gql = await shop.graphql(`query($h: String) { product(handle: $h) { price { amount } } }`, { h: handle });
      return [rest.body.price, gql.data.product.price.amount];
    };
    expect(await shopperPrice(tee.handle)).toEqual([20, "20.00"]);
    expect(await shopperPrice(mug.handle)).toEqual([15, "15.00"]);
    const auditBefore = await db().selectFrom("audit_log").select("id").execute();

    expect((await changePrices(byIds(tee, mug), { percent: "-15" })).result).toEqual({ productCount: 2, variantCount: 3 });
    expect(await shopperPrice(tee.handle)).toEqual([17, "17.00"]);
    expect(await shopperPrice(mug.handle)).toEqual([12.75, "12.75"]);

    const entries = await db().selectFrom("audit_log").select(["actor", "action", "details"]).where("id", "not in", auditBefore.map((a) => a.id)).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: `staff:${OWNER.email}`, action: "products_bulk_price_changed" });
    expect(entries[0]!.details).toMatch(/^Prices -15% on 2 products: /);
    expect(entries[0]!.details).toContain(`"${"Bulk Tee"}`);
    expect(entries[0]!.details).toContain(`(${tee.handle}) $20.00–$24.00 → $17.00–$20.40`);
    expect(entries[0]!.details).toContain(`(${mug.handle}) $15.00 → $12.75`);
  });

  it("a change that alters nothing writes nothing and is not audited", async () => {
    const tee = await product([["10.00"]]);
    const before = await snapshot();
    expect((await changePrices(byIds(tee), { amount: "10.00" })).result).toEqual({ productCount: 0, variantCount: 0 });
    expect(await snapshot()).toEqual(before);
  });
});

describe("publishing and archiving", () => {
  it("publishes and archives a selection in one change, audited with every product; those already so are left as they are", async () => {
    const a = await product([["10.00"]]);
    const b = await product([["10.00"]]);
    const live = await product([["10.00"]], { status: "ACTIVE" });
    const selection = byIds(a, b, live);
    const shown = (await owner.graphql(STATUS_PREVIEW, { selection, status: "ACTIVE" })).data.bulkStatusPreview;
    expect(shown).toMatchObject({ productCount: 3, changedProductCount: 2, refusedCount: 0 });
    const published = (await owner.graphql(STATUS_CHANGE, { selection, status: "ACTIVE", fingerprint: shown.fingerprint })).data.bulkStatusChange;
    expect(published).toEqual({ result: { productCount: 2, variantCount: 0 }, userErrors: [] });
    expect((await shop.rest(`/api/products/${a.handle}`)).status).toBe(200);

    const entry = await db().selectFrom("audit_log").select(["action", "details"]).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    expect(entry.action).toBe("products_bulk_status_changed");
    expect(entry.details).toMatch(/^2 products published: /);
    expect(entry.details).toContain(`(${a.handle}) DRAFT → ACTIVE`);
    expect(entry.details).not.toContain(live.handle);

    const archive = (await owner.graphql(STATUS_PREVIEW, { selection, status: "ARCHIVED" })).data.bulkStatusPreview;
    expect((await owner.graphql(STATUS_CHANGE, { selection, status: "ARCHIVED", fingerprint: archive.fingerprint })).data.bulkStatusChange.result.productCount).toBe(3);
    for (const p of [a, b, live]) expect((await derivedOf(p.id)).status).toBe("ARCHIVED");
    expect((await shop.rest(`/api/products/${live.handle}`)).status).toBe(404);
  });

  it("with the Printful partner, publishing is refused whole, naming each product that lacks a variant's Printful id", async () => {
    const printfulShop = await startTestGateway({
      fulfillmentPartner: "printful",
      printful: { apiUrl: "http://127.0.0.1:9", apiToken: "t", webhookSecret: "0123456789abcdef0123", variantsFile: null },
    });
    try {
      await printfulShop.running.gateway.services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
      const session = await signIn(printfulShop, OWNER);
      const ready = await product([["10.00"]], { variants: [{ optionValues: ["Size 1"], price: "10.00", partnerVariantId: "4011" }] }, session);
      const lacking = await product([["10.00"], ["12.00"]], { variants: [{ optionValues: ["Size 1"], price: "10.00", partnerVariantId: "4012" }, { optionValues: ["Size 2"], price: "12.00" }] }, session);
      const selection = byIds(ready, lacking);
      const shown = (await session.graphql(STATUS_PREVIEW, { selection, status: "ACTIVE" })).data.bulkStatusPreview;
      expect(shown.refusedCount).toBe(1);
      expect(shown.products[0]).toMatchObject({ handle: lacking.handle, refusal: "The shop prints with Printful: Size 2 needs its Printful variant id before the product can be active" });
      const before = await snapshot(printfulShop);
      const refused = (await session.graphql(STATUS_CHANGE, { selection, status: "ACTIVE", fingerprint: shown.fingerprint })).data.bulkStatusChange;
      expect(refused.result).toBeNull();
      expect(refused.userErrors[0].message).toBe(
        `Nothing was changed: 1 product would be refused. "${"Bulk Tee " + (made)}" (${lacking.handle}): The shop prints with Printful: Size 2 needs its Printful variant id before the product can be active`,
      );
      expect(await snapshot(printfulShop)).toEqual(before);
      // Archiving needs no Printful id.
      const archive = (await session.graphql(STATUS_PREVIEW, { selection, status: "ARCHIVED" })).data.bulkStatusPreview;
      expect(archive.refusedCount).toBe(0);
      expect((await session.graphql(STATUS_CHANGE, { selection, status: "ARCHIVED", fingerprint: archive.fingerprint })).data.bulkStatusChange.result.productCount).toBe(2);
      // The one with its ids published alone.
      const alone = (await session.graphql(STATUS_PREVIEW, { selection: byIds(ready), status: "ACTIVE" })).data.bulkStatusPreview;
      expect((await session.graphql(STATUS_CHANGE, { selection: byIds(ready), status: "ACTIVE", fingerprint: alone.fingerprint })).data.bulkStatusChange.userErrors).toEqual([]);
    } finally {
      await printfulShop.close();
    }
  });
});

describe("a product saved while a bulk change runs (PostgreSQL)", () => {
  it.runIf(process.env.TEST_DATABASE_URL)("the two take turns and the product's derived prices are its variants' afterwards", async () => {
    for (let round = 0; round < 5; round++) {
      const tee = await product([["10.00"], ["20.00"]]);
      const others = await Promise.all([product([["30.00"]]), product([["40.00"]])]);
      const selection = byIds(tee, ...others);
      const change = { percent: "-50" };
      const { fingerprint } = await preview(selection, change);
      const [bulk, edit] = await Promise.all([
        owner.graphql(PRICE_CHANGE, { selection, change, fingerprint }),
        owner.graphql(UPDATE, {
          id: tee.id,
          input: { variants: [{ id: tee.variants[0]!.id, optionValues: ["Size 1"], price: "8.00" }, { id: tee.variants[1]!.id, optionValues: ["Size 2"], price: "3.00" }] },
        }),
      ]);
      expect(edit.data.productUpdate.userErrors).toEqual([]);
      const bulkDone = bulk.data.bulkPriceChange;
      const prices = await pricesOf(tee.id);
      if (bulkDone.userErrors.length === 0) {
        // The bulk change went first (the edit then set its own prices): the others were halved with it.
        expect(prices).toEqual([[800, null], [300, null]]);
        expect([await pricesOf(others[0]!.id), await pricesOf(others[1]!.id)]).toEqual([[[1500, null]], [[2000, null]]]);
      } else {
        // The edit went first: the preview is out of date and nothing of the bulk change was written.
        expect(bulkDone.userErrors[0].code).toBe("CONFLICT");
        expect(prices).toEqual([[800, null], [300, null]]);
        expect([await pricesOf(others[0]!.id), await pricesOf(others[1]!.id)]).toEqual([[[3000, null]], [[4000, null]]]);
      }
      const derived = await derivedOf(tee.id);
      expect(derived.price_cents).toBe(Math.min(...prices.map(([p]) => p!)));
    }
  });
});

describe("the cap on a batch", () => {
  it("refuses a selection of more than 5,000 products with a clear error, and changes 5,000 within seconds", async () => {
    const tag = `bulkload${Date.now()}`;
    // 5,001 products of one variant each, made directly (the admin would take minutes to type them).
    await sql`
      WITH made AS (
        INSERT INTO products (handle, title, description_html, fulfillment_partner, rating, review_count, sales_count, customizable, tags, price_cents, compare_at_cents, search_text, status)
        SELECT ${tag} || '-' || n, 'Load ' || n, '', '', 0, 0, 0, false, ARRAY[${tag}], 1000, NULL, lower('Load ' || n || ' ' || ${tag}), 'DRAFT'
        FROM generate_series(1, 5001) AS n
        RETURNING id)
      INSERT INTO variants (product_id, title, price_cents, compare_at_cents, selected_options, position)
      SELECT id, 'Default Title', 1000, 1500, '[]'::jsonb, 1 FROM made`.execute(db());
    const all = { by: "SEARCH", search: tag };
    const { errors } = await owner.graphql(PRICE_PREVIEW, { selection: all, change: { percent: "-10" } });
    const tooMany = "The selection holds more than 5,000 products, the most one bulk change takes: narrow the search or choose fewer products";
    expect(errors?.[0]?.extensions).toMatchObject({ field: "selection" });
    expect(errors?.[0]?.message).toBe(tooMany);
    const refused = (await owner.graphql(PRICE_CHANGE, { selection: all, change: { percent: "-10" }, fingerprint: "x" })).data.bulkPriceChange;
    expect(refused).toEqual({ result: null, userErrors: [{ code: "TOO_LARGE", field: "selection", message: tooMany }] });

    // One fewer fits: previewed and changed in one transaction, quickly.
    const one = await db().selectFrom("products").select("id").where("handle", "=", `${tag}-5001`).executeTakeFirstOrThrow();
    await db().deleteFrom("products").where("id", "=", one.id).execute();
    const started = Date.now();
    const done = await changePrices(all, { percent: "-10" });
    expect(done.userErrors).toEqual([]);
    expect(done.result).toEqual({ productCount: 5000, variantCount: 5000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    const derived = await db().selectFrom("products").select(["price_cents", "compare_at_cents"]).where("handle", "like", `${tag}-%`).distinct().execute();
    expect(derived).toEqual([{ price_cents: 900, compare_at_cents: 1350 }]);
  }, 120_000);
});
