import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import type { Services } from "../gateway/services.js";

// Staff run promotions through GraphQL and export codes over REST: who may, what a promotion may be
// (every refusal leaving the data as it was), the states and counts staff see, generated codes'
// uniqueness and randomness, the CSV, the audit log, and the announcement that clears shoppers' caches.

const OWNER = { email: "olive@shop.example", password: "owner password 1" };
const STAFF = { email: "sam@shop.example", password: "staff password 1" };

const FIELDS = `id title kind percentOff amountOff { amount currencyCode } automatic minimumSubtotal { amount } startsAt endsAt oncePerCustomer
  products { id title handle } collections { id title handle } state uses codeCount createdAt updatedAt`;
const ERRORS = "userErrors { code field message }";
const LIST = `query($state: PromotionState, $first: Int, $after: String) { promotions(state: $state, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } nodes { ${FIELDS} } } }`;
const ONE = `query($id: ID!, $first: Int, $after: String) { promotion(id: $id) { ${FIELDS}
  codes(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id code usageLimit uses } } } }`;
const CREATE = `mutation($input: PromotionInput!) { promotionCreate(input: $input) { promotion { ${FIELDS} } ${ERRORS} } }`;
const UPDATE = `mutation($id: ID!, $input: PromotionInput!) { promotionUpdate(id: $id, input: $input) { promotion { ${FIELDS} } ${ERRORS} } }`;
const DISABLE = `mutation($id: ID!) { promotionDisable(id: $id) { promotion { id state } ${ERRORS} } }`;
const ENABLE = `mutation($id: ID!) { promotionEnable(id: $id) { promotion { id state } ${ERRORS} } }`;
const CODE_CREATE = `mutation($promotionId: ID!, $code: String!, $usageLimit: Int) { discountCodeCreate(promotionId: $promotionId, code: $code, usageLimit: $usageLimit) {
  discountCode { id code usageLimit uses } ${ERRORS} } }`;
const GENERATE = `mutation($promotionId: ID!, $count: Int!, $prefix: String, $usageLimit: Int) {
  discountCodesGenerate(promotionId: $promotionId, count: $count, prefix: $prefix, usageLimit: $usageLimit) { codes promotion { id codeCount } ${ERRORS} } }`;
const CODE_DELETE = `mutation($id: ID!) { discountCodeDelete(id: $id) { deletedDiscountCodeId ${ERRORS} } }`;
const SETTINGS = `{ shopSettings { freeShippingThreshold { amount currencyCode } } }`;
const SETTINGS_UPDATE = `mutation($t: String!) { shopSettingsUpdate(freeShippingThreshold: $t) { shopSettings { freeShippingThreshold { amount } } ${ERRORS} } }`;

let shop: TestGateway;
let services: Services;
let owner: BrowserSession;
let staff: BrowserSession;
let writerToken: string;
let catalogToken: string;
let customer: BrowserSession;
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

async function run(query: string, variables: Record<string, unknown> = {}, as: BrowserSession = owner) {
  const { data, errors } = await as.graphql(query, variables);
  expect(errors, JSON.stringify(errors)).toBeUndefined();
  return Object.values(data as Record<string, any>)[0];
}

async function create(input: Record<string, unknown>) {
  const done = await run(CREATE, { input });
  expect(done.userErrors).toEqual([]);
  return done.promotion;
}

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

/** Everything a refused write could have touched. */
async function snapshot() {
  return {
    promotions: await db().selectFrom("promotions").selectAll().orderBy("id").execute(),
    codes: await db().selectFrom("discount_codes").selectAll().orderBy("id").execute(),
    settings: await db().selectFrom("shop_settings").selectAll().execute(),
    audit: await db().selectFrom("audit_log").select("id").orderBy("id").execute(),
  };
}

/** A checkout's use of a code, its payment attempt in `status` (as the shopper side records one). */
async function redeem(codeId: string, promotionId: string, status: "PENDING" | "COMPLETED" | "ABANDONED") {
  const cartId = randomUUID();
  await db().insertInto("carts").values({ id: cartId, checkout_token: randomUUID() }).execute();
  const attempt = await db()
    .insertInto("payment_attempts")
    .values({ cart_id: cartId, status, summary_key: randomUUID(), amount_cents: 1000, currency_code: "USD", order_draft: "{}", charge_reference: null, card_brand: null, card_last4: null, order_id: null, session_id: null, expires_at: null, void_reason: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db().insertInto("discount_redemptions").values({ attempt_id: attempt.id, code_id: codeId, promotion_id: promotionId, customer_key: `email:${randomUUID()}@x.example`, discount_cents: 100 }).execute();
}

beforeAll(async () => {
  shop = await startTestGateway();
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await services.staff.create({ ...STAFF, name: "Sam Staff", role: "staff" });
  owner = await signIn(OWNER);
  staff = await signIn(STAFF);
  const system = { staffId: null, actor: "system" };
  writerToken = (await services.apiTokens.create({ name: "promoter", scopes: ["promotions:write"] }, system)).token;
  catalogToken = (await services.apiTokens.create({ name: "catalog", scopes: ["catalog:read", "catalog:write"] }, system)).token;
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

describe("who may run promotions", () => {
  it("refuses a guest, a customer and a token without promotions:write; lets staff and a promotions:write token read and write", async () => {
    const anyId = "00000000-0000-4000-8000-000000000000";
    for (const [query, variables] of [
      [LIST, {}],
      [ONE, { id: anyId }],
      [CREATE, { input: { title: "Guest sale", kind: "PERCENTAGE", percentOff: 10 } }],
      [DISABLE, { id: anyId }],
      [SETTINGS, {}],
    ] as const) {
      expect((await shop.graphql(query, variables)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
    customer = new BrowserSession(shop.url);
    expect((await customer.register({ name: "Cass", email: "cass@example.com", password: "password123" })).status).toBe(201);
    await customer.login("cass@example.com", "password123");
    expect((await customer.graphql(LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const unscoped = await bearer(catalogToken)(CREATE, { input: { title: "Catalog sale", kind: "PERCENTAGE", percentOff: 10 } });
    expect(unscoped.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(unscoped.errors?.[0]?.message).toMatch(/promotions:write/);
    expect((await bearer(catalogToken)(LIST)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const byToken = (await bearer(writerToken)(CREATE, { input: { title: "Integrator sale", kind: "PERCENTAGE", percentOff: 5, code: "INTEGRATE5" } })).data.promotionCreate;
    expect(byToken.userErrors).toEqual([]);
    expect((await bearer(writerToken)(LIST)).data.promotions.nodes.map((p: any) => p.title)).toContain("Integrator sale");
    const byStaff = await run(CREATE, { input: { title: "Staff sale", kind: "FREE_SHIPPING" } }, staff);
    expect(byStaff.userErrors).toEqual([]);
    const audit = await db().selectFrom("audit_log").select(["actor", "details"]).where("action", "=", "promotion_created").orderBy("id").execute();
    expect(audit.map((a) => a.actor)).toEqual(["token:promoter", "staff:sam@shop.example"]);
    expect(audit[0]!.details).toMatch(/^"Integrator sale": created, 5% off, .* code INTEGRATE5$/);
    expect(await db().selectFrom("promotions").select("title").where("title", "in", ["Guest sale", "Catalog sale"]).execute()).toEqual([]);
  });

  it("keeps the standing threshold the owner's: staff and tokens may read it, only the owner changes it", async () => {
    expect((await run(SETTINGS, {}, staff)).freeShippingThreshold).toEqual({ amount: "75.00", currencyCode: "USD" });
    expect((await staff.graphql(SETTINGS_UPDATE, { t: "60.00" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await bearer(writerToken)(SETTINGS_UPDATE, { t: "60.00" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const before = await snapshot();
    expect((await run(SETTINGS_UPDATE, { t: "-1" })).userErrors).toEqual([expect.objectContaining({ field: "freeShippingThreshold" })]);
    expect((await run(SETTINGS_UPDATE, { t: "1000000.00" })).userErrors).toEqual([expect.objectContaining({ field: "freeShippingThreshold" })]);
    expect(await snapshot()).toEqual(before);

    let announced = 0;
    const changes = services.catalogChanges;
    const original = changes.changed.bind(changes);
    changes.changed = async () => {
      announced += 1;
      return original();
    };
    try {
      expect((await run(SETTINGS_UPDATE, { t: "60" })).shopSettings.freeShippingThreshold.amount).toBe("60.00");
      expect(announced).toBe(1);
      expect((await db().selectFrom("shop_settings").select("free_shipping_threshold_cents").executeTakeFirstOrThrow()).free_shipping_threshold_cents).toBe(6000);
      const entry = await db().selectFrom("audit_log").select(["actor", "details"]).where("action", "=", "shop_settings_updated").executeTakeFirstOrThrow();
      expect(entry).toEqual({ actor: "staff:olive@shop.example", details: "free shipping threshold $75.00 → $60.00" });
    } finally {
      changes.changed = original;
      await run(SETTINGS_UPDATE, { t: "75.00" });
    }
  });
});

describe("a free-shipping week and a code for a hearing day", () => {
  it("creates both, lists them active with their counts, edits, disables and enables, each in the audit log and announced", async () => {
    let announced = 0;
    const changes = services.catalogChanges;
    const original = changes.changed.bind(changes);
    changes.changed = async () => {
      announced += 1;
      return original();
    };
    try {
      const week = await create({ title: "Free shipping week", kind: "FREE_SHIPPING", automatic: true, minimumSubtotal: "50.00", startsAt: hours(-1), endsAt: hours(24 * 7) });
      expect(week).toMatchObject({ kind: "FREE_SHIPPING", automatic: true, minimumSubtotal: { amount: "50.00" }, state: "ACTIVE", codeCount: 0, uses: 0, percentOff: null, amountOff: null });
      const hearing = await create({ title: "Hearing day", kind: "PERCENTAGE", percentOff: 20, startsAt: hours(-1), endsAt: hours(23), code: "HEARING20", usageLimit: 500 });
      expect(hearing).toMatchObject({ percentOff: 20, state: "ACTIVE", codeCount: 1, uses: 0 });
      expect(announced).toBe(2);

      const active = (await run(LIST, { state: "ACTIVE" })).nodes.map((p: any) => p.title);
      expect(active).toEqual(expect.arrayContaining(["Free shipping week", "Hearing day"]));
      const scheduled = await create({ title: "Election night", kind: "FIXED_AMOUNT", amountOff: "10", startsAt: hours(48) });
      expect(scheduled).toMatchObject({ state: "SCHEDULED", amountOff: { amount: "10.00", currencyCode: "USD" } });
      expect((await run(LIST, { state: "SCHEDULED" })).nodes.map((p: any) => p.title)).toEqual(["Election night"]);

      const edited = await run(UPDATE, { id: hearing.id, input: { percentOff: 25, title: "Hearing day (extended)" } });
      expect(edited.userErrors).toEqual([]);
      expect(edited.promotion).toMatchObject({ percentOff: 25, title: "Hearing day (extended)", kind: "PERCENTAGE" });
      const updatedEntry = await db().selectFrom("audit_log").select("details").where("action", "=", "promotion_updated").orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(updatedEntry.details).toBe('"Hearing day": title "Hearing day" → "Hearing day (extended)", 20% off → 25% off');

      expect((await run(DISABLE, { id: week.id })).promotion.state).toBe("DISABLED");
      expect((await run(LIST, { state: "DISABLED" })).nodes.map((p: any) => p.id)).toEqual([week.id]);
      expect((await run(ENABLE, { id: week.id })).promotion.state).toBe("ACTIVE");
      expect(announced).toBe(6);
      const actions = (await db().selectFrom("audit_log").select("action").where("action", "like", "promotion_%").orderBy("id").execute()).map((a) => a.action);
      expect(actions.slice(-6)).toEqual(["promotion_created", "promotion_created", "promotion_created", "promotion_updated", "promotion_disabled", "promotion_enabled"]);

      // An update that changes nothing writes nothing and announces nothing.
      const quiet = await snapshot();
      expect((await run(UPDATE, { id: week.id, input: { minimumSubtotal: "50" } })).userErrors).toEqual([]);
      expect(await snapshot()).toEqual(quiet);
      expect(announced).toBe(6);
    } finally {
      changes.changed = original;
    }
  });

  it("refuses what a promotion cannot be, naming each field, and leaves everything as it was", async () => {
    const product = await db().selectFrom("products").select("id").executeTakeFirstOrThrow();
    const existing = await create({ title: "Mug Monday", kind: "PERCENTAGE", percentOff: 15, productIds: [product.id] });
    expect(existing.products).toEqual([expect.objectContaining({ id: product.id })]);
    const before = await snapshot();
    const fieldsOf = async (query: string, variables: Record<string, unknown>) => ((await run(query, variables)).userErrors as { field: string }[]).map((e) => e.field).sort();
    expect(await fieldsOf(CREATE, { input: { title: "", kind: "PERCENTAGE", percentOff: 0 } })).toEqual(["percentOff", "title"]);
    expect(await fieldsOf(CREATE, { input: { title: "x".repeat(101), kind: "PERCENTAGE", percentOff: 101 } })).toEqual(["percentOff", "title"]);
    expect(await fieldsOf(CREATE, { input: { title: "Nothing off", kind: "FIXED_AMOUNT", amountOff: "0" } })).toEqual(["amountOff"]);
    expect(await fieldsOf(CREATE, { input: { title: "Bad amount", kind: "FIXED_AMOUNT", amountOff: "ten" } })).toEqual(["amountOff"]);
    expect(await fieldsOf(CREATE, { input: { title: "Auto percent", kind: "PERCENTAGE", percentOff: 10, automatic: true } })).toEqual(["automatic"]);
    expect(
      await fieldsOf(CREATE, { input: { title: "Auto limited", kind: "FREE_SHIPPING", automatic: true, oncePerCustomer: true, productIds: [product.id], code: "AUTOCODE" } }),
    ).toEqual(["code", "oncePerCustomer", "productIds"]);
    expect(await fieldsOf(CREATE, { input: { title: "Backwards", kind: "FREE_SHIPPING", startsAt: hours(5), endsAt: hours(1) } })).toEqual(["endsAt"]);
    expect(await fieldsOf(CREATE, { input: { title: "Ghosts", kind: "FREE_SHIPPING", productIds: [randomUUID()], collectionIds: ["nope"] } })).toEqual(["collectionIds.0", "productIds.0"]);
    expect(await fieldsOf(CREATE, { input: { title: "Too rich", kind: "FREE_SHIPPING", minimumSubtotal: "1000000" } })).toEqual(["minimumSubtotal"]);
    expect(await fieldsOf(CREATE, { input: { title: "Bad code", kind: "PERCENTAGE", percentOff: 10, code: "a b" } })).toEqual(["code"]);
    expect(await fieldsOf(CREATE, { input: { title: "Taken", kind: "PERCENTAGE", percentOff: 10, code: "hearing20" } })).toEqual(["code"]);
    expect(await fieldsOf(UPDATE, { id: existing.id, input: { endsAt: "2000-01-01T00:00:00Z" } })).toEqual(["endsAt"]);
    expect(await fieldsOf(UPDATE, { id: existing.id, input: { kind: "FIXED_AMOUNT" } })).toEqual(["amountOff"]);
    expect((await run(UPDATE, { id: randomUUID(), input: { title: "Who" } })).userErrors).toEqual([expect.objectContaining({ code: "NOT_FOUND" })]);
    expect(await snapshot()).toEqual(before);
  });
});

describe("codes", () => {
  it("adds codes unique whatever their case, generates single-use codes of at least 50 random bits, and exports them as CSV", async () => {
    const promo = await create({ title: "Mailing", kind: "FIXED_AMOUNT", amountOff: "5.00" });
    const added = await run(CODE_CREATE, { promotionId: promo.id, code: "=SUM(A1)" });
    expect(added.userErrors).toEqual([expect.objectContaining({ field: "code", code: "INVALID_INPUT" })]);
    const first = await run(CODE_CREATE, { promotionId: promo.id, code: "-MAIL", usageLimit: 3 });
    expect(first.userErrors).toEqual([]);
    const taken = await run(CODE_CREATE, { promotionId: promo.id, code: "-mail" });
    expect(taken.userErrors).toEqual([expect.objectContaining({ code: "CODE_TAKEN", field: "code" })]);

    const before = await snapshot();
    expect((await run(GENERATE, { promotionId: promo.id, count: 0 })).userErrors.map((e: any) => e.field)).toEqual(["count"]);
    expect((await run(GENERATE, { promotionId: promo.id, count: 10_001 })).userErrors.map((e: any) => e.field)).toEqual(["count"]);
    expect((await run(GENERATE, { promotionId: promo.id, count: 5, prefix: "toolongprefix" })).userErrors.map((e: any) => e.field)).toEqual(["prefix"]);
    expect(await snapshot()).toEqual(before);

    const generated = await run(GENERATE, { promotionId: promo.id, count: 300, prefix: "MAIL" });
    expect(generated.userErrors).toEqual([]);
    expect(generated.codes).toHaveLength(300);
    expect(new Set(generated.codes.map((c: string) => c.toLowerCase())).size).toBe(300);
    // 12 characters of a 32-letter alphabet after the prefix: 60 bits each.
    for (const code of generated.codes) expect(code).toMatch(/^MAIL-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{12}$/);
    expect(generated.promotion.codeCount).toBe(301);
    const limits = await db().selectFrom("discount_codes").select("usage_limit").where("promotion_id", "=", promo.id).where("code", "like", "MAIL-%").execute();
    expect(new Set(limits.map((l) => l.usage_limit))).toEqual(new Set([1]));
    const entry = await db().selectFrom("audit_log").select("details").where("action", "=", "discount_codes_generated").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry.details).toBe('"Mailing": 300 codes generated with prefix MAIL (limit 1 each)');

    const page = await run(ONE, { id: promo.id, first: 2 });
    expect(page.codes.totalCount).toBe(301);
    expect(page.codes.nodes[0]).toMatchObject({ code: "-MAIL", usageLimit: 3, uses: 0 });
    const next = await run(ONE, { id: promo.id, first: 2, after: page.codes.pageInfo.endCursor });
    const third = await db().selectFrom("discount_codes").select("code").where("promotion_id", "=", promo.id).orderBy("created_at").orderBy("id").offset(2).limit(1).executeTakeFirstOrThrow();
    expect(next.codes.nodes[0].code).toBe(third.code);

    const csv = await owner.fetch(`/api/admin/promotions/${promo.id}/codes.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await csv.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("code,usage_limit,uses,created_at");
    expect(lines).toHaveLength(302);
    // A code a spreadsheet would read as a formula is written as text.
    expect(lines[1]).toMatch(/^'-MAIL,3,0,\d{4}-\d\d-\d\dT/);
    expect(lines.slice(2).map((l) => l.split(",")[0]).sort()).toEqual([...generated.codes].sort());

    const byToken = await fetch(`${shop.url}/api/admin/promotions/${promo.id}/codes.csv`, { headers: { authorization: `Bearer ${writerToken}` } });
    expect(byToken.status).toBe(200);
    expect((await fetch(`${shop.url}/api/admin/promotions/${promo.id}/codes.csv`)).status).toBe(401);
    expect((await fetch(`${shop.url}/api/admin/promotions/${promo.id}/codes.csv`, { headers: { authorization: `Bearer ${catalogToken}` } })).status).toBe(403);
    expect((await customer.fetch(`/api/admin/promotions/${promo.id}/codes.csv`)).status).toBe(403);
    expect((await owner.fetch(`/api/admin/promotions/${randomUUID()}/codes.csv`)).status).toBe(404);
  });

  it("counts uses by their payment's status, shows a promotion whose codes are all used USED_UP, and keeps a used code from deletion", async () => {
    const promo = await create({ title: "One-off", kind: "PERCENTAGE", percentOff: 10, code: "ONEOFF", usageLimit: 1 });
    const code = (await run(ONE, { id: promo.id })).codes.nodes[0];
    await redeem(code.id, promo.id, "ABANDONED");
    expect(await run(ONE, { id: promo.id })).toMatchObject({ uses: 0, state: "ACTIVE" });
    await redeem(code.id, promo.id, "COMPLETED");
    const used = await run(ONE, { id: promo.id });
    expect(used).toMatchObject({ uses: 1, state: "USED_UP" });
    expect(used.codes.nodes[0].uses).toBe(1);
    expect((await run(LIST, { state: "USED_UP" })).nodes.map((p: any) => p.id)).toEqual([promo.id]);

    const before = await snapshot();
    const refused = await run(CODE_DELETE, { id: code.id });
    expect(refused.userErrors).toEqual([expect.objectContaining({ code: "INVALID_TRANSITION", message: expect.stringMatching(/disable the promotion instead/) })]);
    expect(await snapshot()).toEqual(before);

    // A code with room left makes it active again; one never used may be deleted.
    const spare = await run(CODE_CREATE, { promotionId: promo.id, code: "ONEOFF-SPARE" });
    expect((await run(ONE, { id: promo.id })).state).toBe("ACTIVE");
    expect((await run(CODE_DELETE, { id: spare.discountCode.id })).deletedDiscountCodeId).toBe(spare.discountCode.id);
    expect((await db().selectFrom("audit_log").select("details").where("action", "=", "discount_code_deleted").executeTakeFirstOrThrow()).details).toBe('"One-off": code ONEOFF-SPARE deleted');
  });

  it("gives an automatic offer no codes", async () => {
    const offer = await create({ title: "Weekend shipping", kind: "FREE_SHIPPING", automatic: true, minimumSubtotal: "40" });
    expect((await run(CODE_CREATE, { promotionId: offer.id, code: "WEEKEND" })).userErrors).toEqual([expect.objectContaining({ field: "promotionId" })]);
    expect((await run(GENERATE, { promotionId: offer.id, count: 3 })).userErrors).toEqual([expect.objectContaining({ field: "promotionId" })]);
    expect(await db().selectFrom("discount_codes").select("id").where("promotion_id", "=", offer.id).execute()).toEqual([]);
  });
});
