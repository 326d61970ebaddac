import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { rawRequest, type RawAnswer as RawHttpAnswer } from "./support/raw-http.js";
import { BrowserSession } from "./support/browser-session.js";
import { cartApi, variantsOf } from "./support/cart.js";
import { guestFetcher, payWith } from "./support/checkout.js";
import { FrontCache, markShareable } from "../gateway/http/front-cache.js";
import { createLogger } from "../gateway/logger.js";

// Repeated GraphQL catalog reads are answered by the front cache (http/front-cache.ts)
// before Express and Apollo run, with the exact bytes and headers the pipeline sent; nothing that
// depends on the session is kept, a catalog change makes the next answer fresh, and the guards at
// the door (Authorization, the operation limits) still see every request they saw before.

let shop: TestGateway;
beforeAll(async () => {
  shop = await startTestGateway({ catalogCacheSeconds: 60 });
});
afterAll(() => shop?.close());

interface RawAnswer extends RawHttpAnswer {
  /** Whether the front cache answered (its request log line says so). */
  front: boolean;
}

/** POSTs `body` to /graphql as it is, answering the status, headers and bytes as sent (no decompression). */
function rawPost(body: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return raw("POST", "/graphql", { "content-type": "application/json", accept: "application/json", ...headers }, body);
}

/** A GET as it is, answering the status, headers and bytes as sent. */
function rawGet(pathAndQuery: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return raw("GET", pathAndQuery, headers);
}

async function raw(method: string, pathAndQuery: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  const answer = await rawRequest(`${shop.url}${pathAndQuery}`, { method, headers, body });
  const id = answer.headers["x-request-id"];
  const line = shop.logs.find((l) => l.includes(`"requestId":"${id}"`) && l.includes('"msg":"request"'));
  return { ...answer, front: line?.includes('"cache":"front"') ?? false };
}

const query = (text: string, variables?: Record<string, unknown>) => JSON.stringify({ query: text, ...(variables ? { variables } : {}) });
const json = (answer: RawAnswer) => JSON.parse(answer.body.toString("utf8"));
/** The headers that must be the same on a replay: all but those made per request. */
function stableHeaders(headers: http.IncomingHttpHeaders) {
  const { "x-request-id": _id, date: _date, age: _age, connection: _c, "keep-alive": _k, "transfer-encoding": _t, "content-length": _l, ...rest } = headers;
  return rest;
}

describe("the front cache", () => {
  it("answers a repeated catalog query from the front, byte for byte and with the same headers, in each encoding", async () => {
    const body = query("{ products(pageSize: 12) { products { handle title variants { id price { amount } } } } }");
    const first = await rawPost(body);
    expect(first.status).toBe(200);
    expect(first.front).toBe(false);
    const statements = shop.database.queryCount;
    const again = await rawPost(body);
    expect(again.front).toBe(true);
    expect(shop.database.queryCount).toBe(statements);
    expect(again.body.equals(first.body)).toBe(true);
    expect(stableHeaders(again.headers)).toEqual(stableHeaders(first.headers));
    expect(again.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(again.headers["content-security-policy"] ?? again.headers["x-content-type-options"]).toBeDefined();
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(again.headers.age).toMatch(/^\d+$/);
    expect(Number(again.headers["content-length"])).toBe(first.body.length);

    // Each encoding is its own answer (the pipeline compresses answers of 1 kB and more).
    for (const [encoding, decode] of [
      ["gzip", zlib.gunzipSync],
      ["br", zlib.brotliDecompressSync],
    ] as const) {
      const compressed = await rawPost(body, { "accept-encoding": encoding });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      const replay = await rawPost(body, { "accept-encoding": encoding });
      expect(replay.front).toBe(true);
      expect(replay.headers["content-encoding"]).toBe(encoding);
      expect(replay.body.equals(compressed.body)).toBe(true);
      expect(decode(replay.body).equals(first.body)).toBe(true);
    }
    // A different body (here: other variables) is another answer.
    const page = "query Page($page: Int) { products(page: $page, pageSize: 4) { products { handle } } }";
    const two = await rawPost(query(page, { page: 2 }));
    const three = await rawPost(query(page, { page: 3 }));
    expect(three.front).toBe(false);
    expect(json(three).data.products.products).not.toEqual(json(two).data.products.products);
  });

  it("answers a repeated REST catalog read from the front too, and nothing else under /api", async () => {
    for (const path of ["/api/products?page=2&pageSize=5", "/api/collections", "/api/products/featured"]) {
      for (const encoding of ["", "gzip"]) {
        const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
        const first = await rawGet(path, headers);
        expect(first.status).toBe(200);
        const statements = shop.database.queryCount;
        const again = await rawGet(path, headers);
        expect(again.front, path).toBe(true);
        expect(shop.database.queryCount).toBe(statements);
        expect(again.body.equals(first.body)).toBe(true);
        expect(stableHeaders(again.headers)).toEqual(stableHeaders(first.headers));
      }
    }
    // Not found is not kept; a cart is not a catalog path.
    for (let i = 0; i < 2; i++) {
      const missing = await rawGet("/api/products/no-such-product");
      expect([missing.status, missing.front]).toEqual([404, false]);
    }
    const api = cartApi(shop);
    const variant = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
    const cartId = await api.filled([{ variantId: variant.id, quantity: 1 }]);
    for (let i = 0; i < 2; i++) expect((await rawGet(`/api/cart/${cartId}`)).front).toBe(false);
  });

  it("never keeps an answer that touches a cart or the customer, and two shoppers never share one", async () => {
    const api = cartApi(shop);
    const variant = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
    const cartQuery = "query Cart($id: ID!) { cart(id: $id) { id totalQuantity } collections { handle } }";
    const one = await api.filled([{ variantId: variant.id, quantity: 1 }]);
    const other = await api.filled([{ variantId: variant.id, quantity: 2 }]);
    for (let i = 0; i < 2; i++) {
      const mine = await rawPost(query(cartQuery, { id: one }));
      const theirs = await rawPost(query(cartQuery, { id: other }));
      expect([mine.front, theirs.front]).toEqual([false, false]);
      expect(json(mine).data.cart).toEqual({ id: one, totalQuantity: 1 });
      expect(json(theirs).data.cart).toEqual({ id: other, totalQuantity: 2 });
    }

    const mixed = query("{ me { email } collections { handle } }");
    const kim = new BrowserSession(shop.url);
    expect((await kim.register({ name: "Kim", email: "kim.front@example.com", password: "password123" })).status).toBe(201);
    expect((await kim.login("kim.front@example.com", "password123")).status).toBe(200);
    expect((await kim.graphql("{ me { email } collections { handle } }")).data.me).toEqual({ email: "kim.front@example.com" });
    for (let i = 0; i < 2; i++) {
      const anonymous = await rawPost(mixed);
      expect(anonymous.front).toBe(false);
      expect(json(anonymous).data.me).toBeNull();
    }
    // A shopper with a session goes through the pipeline even for a pure catalog read.
    const collections = query("{ collections { handle } }");
    await rawPost(collections);
    expect((await rawPost(collections)).front).toBe(true);
    const cookie = [...kim.cloneCookies()].map(([name, value]) => `${name}=${value}`).join("; ");
    expect(cookie).toContain("storefront.sid=");
    const withSession = await rawPost(collections, { cookie });
    expect(withSession.front).toBe(false);
    expect(withSession.headers["set-cookie"]).toBeUndefined();
  });

  it("answers fresh after a catalog change (a paid order moves the best sellers)", async () => {
    const featured = query("{ featuredProducts(first: 8) { handle } }");
    const handles = (answer: RawAnswer) => json(answer).data.featuredProducts.map((p: { handle: string }) => p.handle) as string[];
    const before = await rawPost(featured);
    expect((await rawPost(featured)).front).toBe(true);
    const leastSold = (await shop.rest("/api/products?sort=best-selling&pageSize=100")).body.products.at(-1).handle as string;
    expect(handles(before)).not.toContain(leastSold);
    // Just short of the best seller, behind the gateway's back (no notice): the kept answer stays...
    const top = await shop.database.db.selectFrom("products").select((eb) => eb.fn.max("sales_count").as("top")).executeTakeFirstOrThrow();
    await shop.database.db.updateTable("products").set({ sales_count: Number(top.top) - 50 }).where("handle", "=", leastSold).execute();
    await rawGet("/api/products/featured");
    const restBefore = await rawGet("/api/products/featured");
    const stale = await rawPost(featured);
    expect(stale.front).toBe(true);
    expect(stale.body.equals(before.body)).toBe(true);

    // ...until an order is paid through the shop: 99 more sold puts it first, at once.
    const variant = (await variantsOf(shop, leastSold))[0]!;
    const api = cartApi(shop);
    const cartId = await api.filled([{ variantId: variant.id, quantity: 99 }]);
    const paid = await payWith(guestFetcher(shop.url), (await api.checkoutUrl(cartId)).body.checkoutUrl as string);
    expect(paid.status).toBe(303);
    const fresh = await rawPost(featured);
    expect(fresh.front).toBe(false);
    expect(handles(fresh)[0]).toBe(leastSold);
    expect((await rawPost(featured)).front).toBe(true);
    expect(restBefore.front).toBe(true);
    const restFresh = await rawGet("/api/products/featured");
    expect(restFresh.front).toBe(false);
    expect(json(restFresh)[0].handle).toBe(leastSold);
  });

  it("still refuses a bad bearer token and hostile bodies, and keeps neither", async () => {
    const collections = query("{ collections { handle } }");
    await rawPost(collections);
    expect((await rawPost(collections)).front).toBe(true);
    // A request with an Authorization header always meets the pipeline's check of the token, even
    // for a body the front keeps: public data is still answered, the shop's side is refused.
    const staffRead = query("{ adminOrders(first: 5) { totalCount } collections { handle } }");
    for (let i = 0; i < 2; i++) {
      const publicRead = await rawPost(collections, { authorization: "Bearer sst_not-a-real-token" });
      expect(publicRead.front).toBe(false);
      expect(publicRead.status).toBe(200);
      const refused = await rawPost(staffRead, { authorization: "Bearer sst_not-a-real-token" });
      expect(refused.front).toBe(false);
      expect(json(refused).errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(["UNAUTHENTICATED"]);
    }

    const deep = query("{ collections { products { collections { products { collections { products { collections { products { collections { products { handle } } } } } } } } } } }");
    const batch = JSON.stringify([{ query: "{ collections { handle } }" }, { query: "{ collections { handle } }" }]);
    for (const [body, code] of [
      [deep, "QUERY_TOO_DEEP"],
      [batch, "BATCH_NOT_ALLOWED"],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const refused = await rawPost(body);
        expect(refused.front).toBe(false);
        expect(refused.status).toBe(400);
        expect(json(refused).errors[0].extensions.code).toBe(code);
      }
    }
    // A body that arrives in pieces is read whole, and a miss hands the pipeline the same bytes.
    const pieces = query("{ collections { handle title } }");
    const whole = await rawPost(pieces);
    for (let i = 0; i < 2; i++) {
      const slow = await new Promise<Buffer>((resolve, reject) => {
        const req = http.request(`${shop.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json", "content-length": Buffer.byteLength(pieces) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        });
        req.on("error", reject);
        req.write(pieces.slice(0, 10));
        setTimeout(() => req.end(pieces.slice(10)), 50);
      });
      expect(slow.equals(whole.body)).toBe(true);
    }
    // A body that is not JSON still meets the JSON parser's refusal.
    const broken = await rawPost('{"query": "{ collections { handle } }"');
    expect(broken.status).toBe(400);
    expect(broken.front).toBe(false);
  });
});

describe("the front cache's bounds", () => {
  /** A front cache over a tiny app that marks every answer shareable for 60 s and counts what it answers. */
  async function frontOver(limits: { maxEntries: number; maxBytes: number }) {
    let clock = 1_000_000;
    let version = 0;
    const clears: (() => void)[] = [];
    const source = { get version() { return version; }, onClear: (listener: () => void) => void clears.push(listener) };
    const front = new FrontCache(source, {
      ...limits, postPath: "/graphql", getPrefixes: ["/api/products"], maxAgeMs: 60_000, maxRequestBytes: 1024, maxAnswerBytes: 4096,
      sessionCookie: "storefront.sid", logger: createLogger("silent"), now: () => clock,
    });
    let computed = 0;
    const server = http.createServer(front.handler((req, res) => {
      computed += 1;
      markShareable(res, 60_000);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ url: req.url, pad: "x".repeat(400) }));
    }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string) => (await fetch(base + path)).json();
    return {
      front, get, close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      get computed() { return computed; },
      tick: (ms: number) => void (clock += ms),
      change: () => { version += 1; for (const listener of clears) listener(); },
    };
  }

  it("keeps at most maxEntries and maxBytes, the oldest going first, and nothing past its lifetime or a change", async () => {
    const byCount = await frontOver({ maxEntries: 3, maxBytes: 1_000_000 });
    try {
      for (const page of [1, 2, 3, 4]) await byCount.get(`/api/products?page=${page}`);
      expect(byCount.front.size).toBe(3);
      await byCount.get("/api/products?page=4");
      expect(byCount.computed).toBe(4);
      await byCount.get("/api/products?page=1");
      expect(byCount.computed).toBe(5);

      byCount.tick(60_001);
      await byCount.get("/api/products?page=1");
      expect(byCount.computed).toBe(6);
      byCount.change();
      expect(byCount.front.size).toBe(0);
      await byCount.get("/api/products?page=1");
      expect(byCount.computed).toBe(7);
    } finally {
      await byCount.close();
    }

    // Each answer is ~450 bytes of body plus its key and bookkeeping: 2,500 bytes hold at most two.
    const byBytes = await frontOver({ maxEntries: 100, maxBytes: 2_500 });
    try {
      for (const page of [1, 2, 3, 4, 5]) await byBytes.get(`/api/products?page=${page}`);
      expect(byBytes.front.size).toBeLessThanOrEqual(2);
      expect(byBytes.front.size).toBeGreaterThan(0);
      await byBytes.get("/api/products?page=5");
      expect(byBytes.computed).toBe(5);
    } finally {
      await byBytes.close();
    }
  });
});
