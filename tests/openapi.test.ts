import http from "node:http";
import express, { type Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { cartApi, uploadDesign, variantsOf } from "./support/cart.js";
import { contractOf, exercisedOperations } from "./support/contract.js";
import { restApiDocument } from "../gateway/rest-api.js";
import { describedRouter, openApiPath, type ApiOperation } from "../gateway/http/openapi.js";
import { printfulSignature, PRINTFUL_SIGNATURE_HEADER } from "../gateway/fulfillment/partners/printful-webhook.service.js";
import { signedStripeEvent, STRIPE_TEST_KEYS } from "./support/fake-stripe.js";
import { CROSS_SITE_REFUSAL } from "../gateway/http/cross-site.js";
import { makePng } from "./support/images.js";

// The REST API's OpenAPI document (gateway/rest-api.ts): served at /api/openapi.json, equal to the
// routes Express has (both ways: no route without a description, no description without a route),
// and every documented operation answered at least once here, each answer checked against it by
// the test support (tests/support/contract.ts), which also checks every other test's answers.
const WEBHOOK_SECRET = "openapi-test-webhook-secret";
let shop: TestGateway;
let document: OpenAPIObject;

beforeAll(async () => {
  // With Printful as the print partner and Stripe taking the money, so both webhook receivers are
  // routed too (the API at its fullest).
  shop = await startTestGateway({
    fulfillmentPartner: "printful",
    printful: { apiUrl: "http://127.0.0.1:9/v2", apiToken: "token", webhookSecret: WEBHOOK_SECRET, variantsFile: null },
    payments: { provider: "stripe", sessionMinutes: 60, stripe: { ...STRIPE_TEST_KEYS, apiVersion: null, apiUrl: new URL("http://127.0.0.1:9") } },
  });
  document = restApiDocument({ printfulWebhook: true, stripeWebhook: true });
});
afterAll(async () => {
  await shop?.close();
});

/** Every route Express has (method and full path), walking the app's router and the routers mounted in it. */
function expressRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: unknown[], prefix: string) => {
    for (const layer of stack as { route?: { path: string; methods: Record<string, boolean> }; handle: { stack?: unknown[] }; rawPath?: unknown }[]) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) found.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
      } else if (Array.isArray(layer.handle.stack)) {
        const at = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
        walk(layer.handle.stack, prefix + at);
      }
    }
  };
  walk((app as unknown as { router: { stack: unknown[] } }).router.stack, "");
  return found;
}

/** The REST part of an app's routes (what the document must describe): /api, /media, /designs, /healthz. */
const REST = /^\w+ \/(api|media|designs)(\/|$)|^\w+ \/healthz$/;

/** What differs between an app's REST routes and a document, both ways. */
function compare(app: Express, doc: OpenAPIObject) {
  const routed = new Set(
    expressRoutes(app)
      .filter((route) => REST.test(route))
      .map((route) => {
        const [method, path] = route.split(" ");
        return `${method} ${openApiPath(path!)}`;
      }),
  );
  const described = new Set(Object.entries(doc.paths ?? {}).flatMap(([path, item]) => ["get", "post", "put", "patch", "delete"].filter((m) => m in item).map((m) => `${m.toUpperCase()} ${path}`)));
  return { undescribed: [...routed].filter((r) => !described.has(r)), unrouted: [...described].filter((d) => !routed.has(d)) };
}

describe("the OpenAPI document", () => {
  it("is served at /api/openapi.json, cacheable and revalidated by ETag", async () => {
    const res = await fetch(`${shop.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(document)));
    // Revalidated as a browser does (fetch itself adds Cache-Control: no-cache to a conditional request, which Express honours).
    const again = await new Promise<number>((resolve, reject) =>
      http.get(`${shop.url}/api/openapi.json`, { headers: { "if-none-match": res.headers.get("etag")! } }, (answer) => resolve(answer.resume().statusCode!)).on("error", reject),
    );
    expect(again).toBe(304);
  });

  it("is OpenAPI 3.1 with a summary and a description for every operation", () => {
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item).filter((op) => typeof op === "object" && op && "responses" in op));
    expect(operations.length).toBeGreaterThan(25);
    for (const operation of operations as { summary?: string; description?: string; operationId?: string }[]) {
      expect(operation.summary, operation.operationId).toBeTruthy();
      expect(operation.description, operation.operationId).toBeTruthy();
    }
  });

  it("describes every REST route the gateway has, and has a route for every operation it describes", () => {
    expect(compare(shop.running.gateway.app, document)).toEqual({ undescribed: [], unrouted: [] });
  });

  it("leaves out a webhook receiver the gateway does not have", () => {
    const plain = restApiDocument({ printfulWebhook: false, stripeWebhook: false });
    expect(plain.paths?.["/api/webhooks/printful"]).toBeUndefined();
    expect(plain.paths?.["/api/webhooks/stripe"]).toBeUndefined();
  });

  it("says every state-changing operation but the signed webhooks may be refused as cross-site, in one answer described once", () => {
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      (["get", "post", "put", "patch", "delete"] as const).filter((m) => item[m]).map((m) => ({ name: `${m.toUpperCase()} ${path}`, method: m, operation: item[m]! })),
    );
    const refused = operations.filter((o) => (o.operation.responses?.["403"] as { $ref?: string } | undefined)?.$ref === "#/components/responses/CrossSiteRefused").map((o) => o.name);
    const changing = operations.filter((o) => o.method !== "get").map((o) => o.name);
    expect(refused).toEqual(changing.filter((name) => !name.startsWith("POST /api/webhooks/")));
    expect(refused).toEqual(expect.arrayContaining(["POST /api/auth/logout", "POST /api/auth/login", "PATCH /api/cart/{cartId}/items/{lineId}", "DELETE /api/cart/{cartId}/items/{lineId}", "POST /api/designs"]));
    // A GET is never refused as cross-site (one may still answer 403 to a caller it is not for).
    expect(operations.filter((o) => o.method === "get" && (o.operation.responses?.["403"] as { $ref?: string } | undefined)?.$ref)).toEqual([]);
    expect(document.components?.responses?.CrossSiteRefused).toEqual({
      description: expect.stringContaining(CROSS_SITE_REFUSAL),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
  });

  it("reads request bodies and query parameters from the adapters' input classes", () => {
    const products = document.paths!["/api/products"]!.get!;
    expect(products.parameters).toContainEqual(expect.objectContaining({ name: "pageSize", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } }));
    const register = document.paths!["/api/auth/register"]!.post!.requestBody as { content: Record<string, { schema: { required: string[] } }> };
    expect(register.content["application/json"]!.schema.required).toEqual(["name", "email", "password"]);
    const add = document.paths!["/api/cart/{cartId}/items"]!.post!.requestBody as { content: Record<string, { schema: any }> };
    expect(add.content["application/json"]!.schema.properties.items).toMatchObject({ type: "array", minItems: 1, maxItems: 100 });
  });
});

describe("the checks keeping the document true", () => {
  it("find a route without a description and a description without a route", () => {
    const described: ApiOperation = { method: "get", path: "/described", tag: "t", summary: "s", description: "d", responses: { 200: { description: "ok" } } };
    const forgotten: ApiOperation = { ...described, path: "/forgotten" };
    const app = express();
    const api = describedRouter([described]);
    api.on(described, (_req, res) => void res.json({}));
    app.use("/api", api.done());
    app.get("/api/undescribed", (_req, res) => void res.json({}));
    const doc = { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: { "/api/described": { get: {} }, "/api/forgotten": { get: {} } } } as OpenAPIObject;
    expect(compare(app, doc)).toEqual({ undescribed: ["GET /api/undescribed"], unrouted: ["GET /api/forgotten"] });
    const half = describedRouter([described, forgotten]);
    half.on(described, (_req, res) => void res.json({}));
    expect(() => half.done()).toThrow("Described but not routed: GET /forgotten");
    expect(() => describedRouter([]).on(described)).toThrow("not one of this router's described operations");
  });

  it("refuse an answer whose body, status or content type the document does not say", () => {
    const contract = contractOf(document);
    const answer = { method: "GET", path: "/api/featured-meme", status: 200, contentType: "application/json; charset=utf-8" };
    const meme = { id: "m", title: "t", description: "d", imageUrl: "/media/m.svg", tags: [], productHandle: null, unavailableReason: "This meme isn't available as a product yet." };
    expect(contract.check({ ...answer, body: meme })).toBeNull();
    expect(contract.check({ ...answer, body: { ...meme, productHandle: 3 } })).toMatch(/\/productHandle must be string,null/);
    expect(contract.check({ ...answer, body: { ...meme, extra: true } })).toMatch(/must NOT have additional properties \(extra\)/);
    expect(contract.check({ ...answer, status: 418, body: meme })).toMatch(/does not list 418/);
    expect(contract.check({ ...answer, contentType: "text/html", body: undefined })).toMatch(/answered text\/html/);
    expect(contract.check({ ...answer, path: "/api/nothing-here", status: 200, body: {} })).toMatch(/describes no GET operation/);
    expect(contract.check({ ...answer, path: "/api/nothing-here", status: 404, body: { error: "No such API path: GET /nothing-here" } })).toBeNull();
    // A shared answer (the cross-site 403) is checked against its component.
    const refused = { method: "POST", path: "/api/auth/logout", status: 403, contentType: "application/json; charset=utf-8" };
    expect(contract.check({ ...refused, body: { error: CROSS_SITE_REFUSAL } })).toBeNull();
    expect(contract.check({ ...refused, body: { error: 403 } })).toMatch(/\/error must be string/);
    expect(contract.check({ ...refused, method: "GET", path: "/api/auth/session", body: undefined })).toMatch(/does not list 403/);
    expect(contract.operationOf("GET", "/media/products/a/b.svg")).toBe("GET /media/{path}");
    expect(contract.operationOf("GET", "/api/products/featured")).toBe("GET /api/products/featured");
  });
});

describe("every documented operation, answered", () => {
  it("answers each of them in its documented shape", async () => {
    const api = cartApi(shop);

    expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);

    // The catalog and the memes.
    const featured = await shop.rest("/api/products/featured");
    expect(featured.status).toBe(200);
    const product = featured.body[0];
    expect((await shop.rest(`/api/products/related/${product.handle}`)).status).toBe(200);
    expect((await shop.rest("/api/products?sort=newest&page=1&pageSize=2")).status).toBe(200);
    expect((await shop.rest("/api/products?customizable=true")).status).toBe(200);
    expect((await shop.rest("/api/products?sort=cheapest")).status).toBe(400);
    expect((await shop.rest(`/api/products/${product.handle}`)).status).toBe(200);
    expect((await shop.rest("/api/products/no-such-product")).status).toBe(404);
    const collections = await shop.rest("/api/collections");
    expect(collections.status).toBe(200);
    expect((await shop.rest(`/api/collections/${collections.body[0].handle}`)).status).toBe(200);
    expect((await shop.rest("/api/memes?page=1")).status).toBe(200);
    const meme = await shop.rest("/api/featured-meme");
    expect(meme.status).toBe(200);
    expect((await shop.rest(`/api/meme/${meme.body.id}`)).status).toBe(200);
    const image = await fetch(`${shop.url}${product.images[0].url}`);
    expect(image.status).toBe(200);
    expect((await fetch(`${shop.url}${product.images[0].url}`, { headers: { "if-none-match": image.headers.get("etag")! } })).status).toBe(304);

    // An account, its session and its orders.
    const browser = new BrowserSession(shop.url);
    expect((await browser.register({ name: "Ada Open", email: "ada@example.com", password: "a long enough password" })).status).toBe(201);
    expect((await browser.json("/api/customer/orders")).status).toBe(401);
    expect((await browser.json("/api/customer/export")).status).toBe(401);
    expect((await browser.login("ada@example.com", "a long enough password")).status).toBe(200);
    expect((await browser.json("/api/auth/session")).body.user.email).toBe("ada@example.com");
    expect((await browser.json("/api/customer/orders")).status).toBe(200);
    expect((await browser.json("/api/customer/export")).status).toBe(200);
    expect((await browser.json("/api/auth/logout", { method: "POST" })).status).toBe(200);
    expect((await browser.login("ada@example.com", "not the password")).status).toBe(401);
    expect((await browser.fetch("/api/auth/google")).status).toBe(302);
    expect((await browser.fetch("/api/auth/google/callback")).status).toBe(302);

    // A cart, line by line, and a design on it.
    const [variant] = await variantsOf(shop, product.handle);
    const designId = await uploadDesign(shop);
    expect((await shop.rest(`/api/designs/${designId}`)).status).toBe(200);
    expect((await fetch(`${shop.url}/designs/${designId}/print`)).status).toBe(200);
    const created = await api.create();
    expect(created.status).toBe(201);
    const added = await api.add(created.body.id, [{ variantId: variant!.id, quantity: 2, customAttributes: [{ key: "designId", value: designId }] }]);
    expect(added.status).toBe(200);
    expect((await api.add(created.body.id, [{ variantId: variant!.id, quantity: 2, customAttributes: "x" }])).body).toMatchObject({ field: "items.0.customAttributes" });
    const lineId = added.body.lines.edges[0].node.id;
    expect((await api.update(created.body.id, lineId, 3)).status).toBe(200);
    expect((await api.get(created.body.id)).status).toBe(200);
    expect((await api.checkoutUrl(created.body.id)).status).toBe(200);
    const setCodes = (body: unknown) => shop.rest(`/api/cart/${encodeURIComponent(created.body.id)}/discount-codes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await setCodes({ discountCodes: [] })).status).toBe(200);
    expect((await setCodes({ discountCodes: ["NO-SUCH-CODE"] })).status).toBe(400);
    expect((await api.remove(created.body.id, lineId)).status).toBe(200);
    expect((await api.get("gid://shop/Cart/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await api.sync([{ variantId: variant!.id, quantity: 1, title: "A shirt" }])).status).toBe(201);
    expect((await shop.rest("/api/cart", { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" })).status).toBe(400);

    // Printful's webhook: a signed event that is not a shipment is acknowledged; a bad signature refused.
    const event = JSON.stringify({ type: "stock_updated", data: {} });
    const signed = await shop.rest("/api/webhooks/printful", { method: "POST", body: event, headers: { [PRINTFUL_SIGNATURE_HEADER]: printfulSignature(WEBHOOK_SECRET, event) } });
    expect(signed.body).toEqual({ ok: true, result: "ignored" });
    expect((await shop.rest("/api/webhooks/printful", { method: "POST", body: event, headers: { [PRINTFUL_SIGNATURE_HEADER]: "0".repeat(64) } })).status).toBe(401);

    // Stripe's webhook: a signed event the shop does not act on is acknowledged; a bad signature refused.
    const stripeEvent = signedStripeEvent({ id: "evt_openapi", type: "charge.succeeded", object: { id: "ch_1", object: "charge" } });
    expect((await shop.rest("/api/webhooks/stripe", { method: "POST", body: stripeEvent.body, headers: stripeEvent.headers })).body).toEqual({ received: true, result: "ignored" });
    expect((await shop.rest("/api/webhooks/stripe", { method: "POST", body: stripeEvent.body, headers: { "stripe-signature": "t=1,v1=00" } })).status).toBe(400);

    // The shop's side: an image added to a product by an API token, and one of its sizes served.
    const { token } = await shop.running.gateway.services.apiTokens.create({ name: "openapi", scopes: ["catalog:write"] }, { staffId: null, actor: "system" });
    const { id: productId } = await shop.database.db.selectFrom("products").select("id").where("handle", "=", product.handle).executeTakeFirstOrThrow();
    const upload = new FormData();
    upload.append("image", new Blob([new Uint8Array(makePng(400, 300))], { type: "image/png" }), "photo.png");
    const imageAdded = await shop.rest(`/api/admin/products/${productId}/images`, { method: "POST", body: upload, headers: { authorization: `Bearer ${token}` } });
    expect(imageAdded.status).toBe(201);
    expect((await fetch(`${shop.url}${imageAdded.body.sources[0].url}`)).status).toBe(200);
    expect((await shop.rest(`/api/admin/products/${productId}/images`, { method: "POST", body: new FormData() })).status).toBe(401);
    // A blank mock-up for the design studio, by the same token: new for a colour, then replacing it; a colour the product lacks is refused.
    const { id: teeId } = await shop.database.db.selectFrom("products").select("id").where("handle", "=", "within-the-margin-of-error-tee").executeTakeFirstOrThrow();
    await shop.database.db.deleteFrom("product_mockups").where("product_id", "=", teeId).where("color", "=", "Navy").execute();
    const blank = () => {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(makePng(300, 300))], { type: "image/png" }), "blank.png");
      form.append("color", "Navy");
      return form;
    };
    const mockupAdded = await shop.rest(`/api/admin/products/${teeId}/mockups`, { method: "POST", body: blank(), headers: { authorization: `Bearer ${token}` } });
    expect(mockupAdded.status).toBe(201);
    expect(mockupAdded.body).toMatchObject({ color: "Navy", width: 300, height: 300, offered: true });
    expect((await shop.rest(`/api/admin/products/${teeId}/mockups`, { method: "POST", body: blank(), headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const { id: mugId } = await shop.database.db.selectFrom("products").select("id").where("handle", "=", "filibuster-fuel-mug").executeTakeFirstOrThrow();
    expect((await shop.rest(`/api/admin/products/${mugId}/mockups`, { method: "POST", body: blank(), headers: { authorization: `Bearer ${token}` } })).status).toBe(400);
    expect((await shop.rest(`/api/admin/products/00000000-0000-4000-8000-000000000000/mockups`, { method: "POST", body: blank(), headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    expect((await shop.rest(`/api/admin/products/${teeId}/mockups`, { method: "POST", body: new FormData() })).status).toBe(401);
    // A collection's image, set by the same token; an unknown collection is a 404.
    const { id: collectionId } = await shop.database.db.selectFrom("collections").select("id").where("handle", "=", "hats").executeTakeFirstOrThrow();
    const banner = new FormData();
    banner.append("image", new Blob([new Uint8Array(makePng(400, 300))], { type: "image/png" }), "banner.png");
    const imageSet = await shop.rest(`/api/admin/collections/${collectionId}/image`, { method: "POST", body: banner, headers: { authorization: `Bearer ${token}` } });
    expect(imageSet.status).toBe(200);
    expect(imageSet.body.url).toMatch(/^\/media\/collections\//);
    expect((await shop.rest(`/api/admin/collections/00000000-0000-4000-8000-000000000000/image`, { method: "POST", body: banner, headers: { authorization: `Bearer ${token}` } })).status).toBe(404);

    // A meme's image set by the same token (the answer checked against its AdminMeme schema).
    const { id: memeId } = await shop.database.db.selectFrom("memes").select("id").where("product_id", "is not", null).executeTakeFirstOrThrow();
    const memeImage = new FormData();
    memeImage.append("image", new Blob([new Uint8Array(makePng(40, 40))], { type: "image/png" }), "meme.png");
    const memeUpdated = await shop.rest(`/api/admin/memes/${memeId}/image`, { method: "POST", body: memeImage, headers: { authorization: `Bearer ${token}` } });
    expect(memeUpdated.status).toBe(200);
    expect(memeUpdated.body.product).toMatchObject({ status: "ACTIVE" });
    expect((await shop.rest(`/api/admin/memes/${memeId}/image`, { method: "POST", body: new FormData() })).status).toBe(401);

    // The catalog's CSV, for the owner's session: the export, and a preview of it.
    await shop.running.gateway.services.staff.create({ email: "owen@shop.example", password: "owner password 1", name: "Owen Owner", role: "owner" });
    const owner = new BrowserSession(shop.url);
    await owner.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: { email: "owen@shop.example", password: "owner password 1" } });
    const exported = await owner.fetch("/api/admin/catalog/products.csv");
    expect(exported.status).toBe(200);
    const previewed = await owner.fetch("/api/admin/catalog/import", { method: "POST", headers: { "content-type": "text/csv" }, body: await exported.text() });
    expect(previewed.status).toBe(200);

    // A promotion's codes as CSV, for a token with promotions:write; an unknown promotion is a 404.
    const promotions = shop.running.gateway.services.promotionAdmin;
    const promotion = await promotions.create({ title: "OpenAPI", kind: "percentage", percentOff: 10 }, { code: "OPENAPI10", usageLimit: null }, "system");
    const { token: promoter } = await shop.running.gateway.services.apiTokens.create({ name: "openapi-promotions", scopes: ["promotions:write"] }, { staffId: null, actor: "system" });
    const codes = await fetch(`${shop.url}/api/admin/promotions/${promotion.id}/codes.csv`, { headers: { authorization: `Bearer ${promoter}` } });
    expect(codes.status).toBe(200);
    expect(await codes.text()).toContain("OPENAPI10,,0,");
    expect((await shop.rest(`/api/admin/promotions/00000000-0000-4000-8000-000000000000/codes.csv`, { headers: { authorization: `Bearer ${promoter}` } })).status).toBe(404);

    // Orders in and out of a spreadsheet, for tokens with orders:read and orders:write.
    const { token: ordersToken } = await shop.running.gateway.services.apiTokens.create({ name: "openapi-orders", scopes: ["orders:read", "orders:write"] }, { staffId: null, actor: "system" });
    const ordersAuth = { authorization: `Bearer ${ordersToken}` };
    expect((await shop.rest(`/api/admin/orders.csv?ids=00000000-0000-4000-8000-000000000000`, { headers: ordersAuth })).status).toBe(200);
    expect((await shop.rest(`/api/admin/orders.csv`, { headers: ordersAuth })).status).toBe(400);
    const trackingPreview = await shop.rest("/api/admin/orders/tracking-import", { method: "POST", headers: { ...ordersAuth, "content-type": "text/csv" }, body: "order number,carrier,tracking number\n999999,UPS,1Z\n" });
    expect(trackingPreview.status).toBe(200);
    expect(trackingPreview.body.rows[0].outcome).toBe("ERROR");

    expect((await fetch(`${shop.url}/api/openapi.json`)).status).toBe(200);
  });

  it("has answered every operation of the document (each answer checked against it)", () => {
    const all = Object.entries(document.paths ?? {}).flatMap(([path, item]) => ["get", "post", "put", "patch", "delete"].filter((m) => m in item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(all.filter((operation) => !exercisedOperations().has(operation))).toEqual([]);
  });
});
