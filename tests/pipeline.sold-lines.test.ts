import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type http from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { uploadDesign, variantsOf, type TestVariant } from "./support/cart.js";
import { paidOrder, startFakeServer } from "./support/pipeline.js";

// "What was sold stays as it was sold": an order line keeps the print partner's variant id and the
// SKU it was paid for with, whatever staff do to the variant afterwards; and PRINTFUL_VARIANTS is a
// one-time import that never overwrites an id staff set in /admin. FULFILLMENT_PARTNER=printful
// against a fake Printful; the job runner is off, and the tests run the jobs when they choose.
const TOKEN = "printful-test-token";
const SECRET = "printful-webhook-secret-0123456789";
const TEE = "i-survived-the-subcommittee-tee";

let printful: Awaited<ReturnType<typeof startFakeServer>>;
let shop: TestGateway;
let database: TestDatabase;
let variantsFile: string;
let tees: TestVariant[];

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const db = () => shop.database.db;
const services = () => shop.running.gateway.services;
/** The Printful variant ids of what Printful was sent, by order. */
const sentVariantIds = (orderId: string) =>
  printful.received
    .filter((r) => r.method === "POST")
    .map((r) => JSON.parse(r.body.toString("utf8")))
    .filter((body) => body.external_id === orderId)
    .flatMap((body) => body.items.map((i: { variant_id: number | string }) => i.variant_id));
const partnerIdOf = async (variantId: string) =>
  (await db().selectFrom("partner_variants").select("external_variant_id").where("partner", "=", "printful").where("variant_id", "=", variantId).executeTakeFirst())
    ?.external_variant_id ?? null;
const setPartnerId = (variantId: string, externalId: string) =>
  db()
    .insertInto("partner_variants")
    .values({ partner: "printful", variant_id: variantId, external_variant_id: externalId })
    .onConflict((oc) => oc.columns(["partner", "variant_id"]).doUpdateSet({ external_variant_id: externalId }))
    .execute();
const orderLine = (orderId: string) => db().selectFrom("order_lines").select(["variant_id", "partner_variant_id", "sku"]).where("order_id", "=", orderId).executeTakeFirstOrThrow();

/** The newest order (the one paidOrder just made). */
async function lastOrderId(): Promise<string> {
  return (await db().selectFrom("orders").select("id").orderBy("order_number", "desc").limit(1).executeTakeFirstOrThrow()).id;
}

/** A paid order of one tee with a design (its print file), its job run now. */
async function soldAndSent(variant: TestVariant, beforeSending: () => Promise<void> = async () => undefined) {
  const designId = await uploadDesign(shop);
  const order = await paidOrder(shop, db(), [{ variantId: variant.id, quantity: 1, customAttributes: [{ key: "designId", value: designId }] }]);
  await beforeSending();
  await services().jobRunner.drain();
  const job = await db().selectFrom("jobs").select(["state", "last_error"]).where("dedupe_key", "=", `fulfillment:${order.id}`).executeTakeFirstOrThrow();
  return { order, job };
}

beforeAll(async () => {
  printful = await startFakeServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return reply(res, 401, { code: 401, error: { message: "Unauthorized" } });
    if (req.method === "GET") return reply(res, 404, { code: 404, error: { message: "Not found" } });
    const body = JSON.parse(req.body.toString("utf8"));
    return reply(res, 200, { code: 200, result: { id: 7000 + printful.received.length, external_id: body.external_id, status: "pending", shipments: [] } });
  });
  database = await createTestDatabase();
  const titles = await database.db
    .selectFrom("variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select("v.title")
    .where("p.handle", "=", TEE)
    .orderBy("v.position")
    .execute();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-sold-lines-"));
  variantsFile = path.join(dataDir, "printful-variants.json");
  fs.writeFileSync(variantsFile, JSON.stringify({ [`${TEE}/${titles[0]!.title}`]: 4012, [`${TEE}/${titles[1]!.title}`]: 4013 }));
  shop = await startTestGateway(
    { dataDir, publicUrl: "https://shop.example", fulfillmentPartner: "printful", printful: { apiUrl: printful.url, apiToken: TOKEN, webhookSecret: SECRET, variantsFile } },
    database,
  );
  expect(shop.logs.join("\n")).toMatch(/printful variant ids imported.*"imported":2,"kept":0/);
  tees = await variantsOf(shop, TEE);
  expect(tees.length).toBeGreaterThanOrEqual(4);
});
afterAll(async () => {
  await shop?.close();
  await database?.dispose();
  await printful?.close();
});
beforeEach(() => {
  printful.received.length = 0;
});

describe("an order line keeps what it was sold with", () => {
  it("copies the partner's variant id and the SKU at payment, and sends that id after staff change the variant's", async () => {
    const [tee] = tees;
    await db().updateTable("variants").set({ sku: "SUBCOMMITTEE-TEE-1" }).where("id", "=", tee!.id).execute();
    const { order, job } = await soldAndSent(tee!, async () => {
      expect(await orderLine(await lastOrderId())).toEqual({ variant_id: tee!.id, partner_variant_id: "4012", sku: "SUBCOMMITTEE-TEE-1" });
      // Staff edit the variant in /admin after the sale.
      await setPartnerId(tee!.id, "5555");
      await db().updateTable("variants").set({ sku: "SUBCOMMITTEE-TEE-RENAMED" }).where("id", "=", tee!.id).execute();
    });
    expect(job).toEqual({ state: "SUCCEEDED", last_error: null });
    expect(sentVariantIds(order.id)).toEqual([4012]);
    expect(await orderLine(order.id)).toEqual({ variant_id: tee!.id, partner_variant_id: "4012", sku: "SUBCOMMITTEE-TEE-1" });
  });

  it("keeps the id after the variant is archived, or deleted outright", async () => {
    const tee = tees[1]!;
    const archived = await soldAndSent(tee, () => db().updateTable("variants").set({ archived_at: sql<Date>`now()` }).where("id", "=", tee.id).execute().then(() => undefined));
    expect(archived.job.state).toBe("SUCCEEDED");
    expect(sentVariantIds(archived.order.id)).toEqual([4013]);

    await db().updateTable("variants").set({ archived_at: null }).where("id", "=", tee.id).execute();
    const deleted = await soldAndSent(tee, async () => {
      // Its partner_variants row goes with it (ON DELETE CASCADE); the line's own copy stays.
      await db().deleteFrom("variants").where("id", "=", tee.id).execute();
      expect(await partnerIdOf(tee.id)).toBeNull();
    });
    expect(deleted.job.state).toBe("SUCCEEDED");
    expect(sentVariantIds(deleted.order.id)).toEqual([4013]);
    expect(await orderLine(deleted.order.id)).toMatchObject({ variant_id: tee.id, partner_variant_id: "4013" });
  });

  it("sends a line without a copy (paid before lines kept one) with the variant's current id", async () => {
    const tee = tees[2]!;
    await setPartnerId(tee.id, "4100");
    const { order, job } = await soldAndSent(tee, async () => {
      await db().updateTable("order_lines").set({ partner_variant_id: null }).where("order_id", "=", await lastOrderId()).execute();
      await setPartnerId(tee.id, "4101");
    });
    expect(job.state).toBe("SUCCEEDED");
    expect(sentVariantIds(order.id)).toEqual([4101]);
  });

  it("tells staff where to set a missing id, and a variant without one at payment is sent with the id staff set later", async () => {
    const tee = tees[3]!;
    const { order, job } = await soldAndSent(tee);
    expect(job).toEqual({ state: "FAILED", last_error: `No Printful variant id: set the Printful variant id of ${tee.productTitle} (${tee.title}) in /admin/products, then retry` });
    expect(await orderLine(order.id)).toMatchObject({ partner_variant_id: null, sku: null });

    await setPartnerId(tee.id, "4200");
    await services().fulfillment.retry(order.id, "staff:owner@example.com");
    await services().jobRunner.drain();
    expect(sentVariantIds(order.id)).toEqual([4200]);
  });
});

describe("PRINTFUL_VARIANTS, a one-time import", () => {
  const FILIBUSTERER = "professional-filibusterer-tee";
  const STICKERS = "red-tape-sticker-pack";
  const MUG = "this-meeting-could-have-been-a-memo-mug";
  /** What a start does with the file (the job runner stays off in tests), with the file as given. */
  const restart = async (mapping?: Record<string, number>, space?: number) => {
    if (mapping) fs.writeFileSync(variantsFile, JSON.stringify(mapping, null, space));
    shop.logs.length = 0;
    await services().startPipeline();
    return shop.logs.join("\n");
  };

  it("imports a file once: a restart with the same file (however laid out) leaves the ids as staff left them", async () => {
    const stickers = await variantsOf(shop, STICKERS);
    const mugs = await variantsOf(shop, MUG);
    const [sticker, mug] = [stickers[0], mugs[0]];
    expect(await restart({ [STICKERS]: 8000, [MUG]: 8100 })).toContain(`"imported":${stickers.length + mugs.length},"kept":0`);
    expect([await partnerIdOf(sticker!.id), await partnerIdOf(mug!.id)]).toEqual(["8000", "8100"]);

    // Staff change one id and remove another in /admin.
    await setPartnerId(sticker!.id, "9000");
    await db().deleteFrom("partner_variants").where("variant_id", "=", mug!.id).execute();
    expect(await restart()).toMatch(/printful variant ids: this file was imported before/);
    expect(await restart({ [MUG]: 8100, [STICKERS]: 8000 }, 2)).toMatch(/this file was imported before/);
    expect([await partnerIdOf(sticker!.id), await partnerIdOf(mug!.id)]).toEqual(["9000", null]);
  });

  it("imports from a changed file only what has no id yet, never overwriting one staff set; a variant's key wins over its product's", async () => {
    const [first, second, third, ...others] = await variantsOf(shop, FILIBUSTERER);
    await setPartnerId(first!.id, "7001");

    const log = await restart({ [FILIBUSTERER]: 4000, [`${FILIBUSTERER}/${first!.title}`]: 4001, [`${FILIBUSTERER}/${third!.title}`]: 4003, "no-such-product/M": 1 });
    expect(log).toMatch(new RegExp(`printful variant ids imported.*"imported":${others.length + 2},"kept":1`));
    expect(log).toMatch(/printful variant ids name no catalog variant.*no-such-product\/M/);
    expect(await partnerIdOf(first!.id)).toBe("7001");
    expect(await partnerIdOf(second!.id)).toBe("4000");
    expect(await partnerIdOf(third!.id)).toBe("4003");
    for (const other of others) expect(await partnerIdOf(other.id)).toBe("4000");
  });
});
