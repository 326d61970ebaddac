import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { rawRequest } from "./support/raw-http.js";

// POST /graphql (every operation the client and integrations send) is answered by the very handlers
// Express runs for /graphql, without Express's router (app.ts); a GET goes through Express. Both must
// answer alike: the same headers, the same body, the same refusals, the same log line. (Sessions
// through it: auth.graphql.test.ts signs in over GraphQL and reads the session over REST.)
let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway();
});
afterAll(async () => {
  await shop?.close();
});

type GraphQLErrors = { errors: { message: string; extensions?: { code?: string } }[] };

const QUERY = "{ collections { handle title } }";
/** Set per answer, or by the method (a GET's entity tag, for If-None-Match). */
const PER_ANSWER = new Set(["date", "x-request-id", "etag", "content-length", "connection", "keep-alive", "transfer-encoding"]);

function headersOf(res: Response): Record<string, string> {
  return Object.fromEntries([...res.headers].filter(([name]) => !PER_ANSWER.has(name)));
}

describe("POST /graphql", () => {
  it("is answered without Express's router; a GET, or a path below /graphql, goes through it", async () => {
    // app.handle is how the app (a request listener) hands a request to its router; Express's types leave it out.
    const app = shop.running.gateway.app as unknown as { handle: (req: { method: string; url: string }, ...rest: unknown[]) => unknown };
    const handle = app.handle.bind(app);
    const seen: string[] = [];
    app.handle = (req, ...rest) => {
      seen.push(`${req.method} ${req.url}`);
      return handle(req, ...rest);
    };
    try {
      const body = JSON.stringify({ query: "{ __typename }" });
      expect((await fetch(`${shop.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body })).status).toBe(200);
      expect((await fetch(`${shop.url}/graphql?op=1`, { method: "POST", headers: { "content-type": "application/json" }, body })).status).toBe(200);
      expect(seen).toEqual([]);
      await fetch(`${shop.url}/graphql?query=${encodeURIComponent("{ __typename }")}`, { headers: { "apollo-require-preflight": "1" } });
      await fetch(`${shop.url}/graphql/`, { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(seen).toEqual([`GET /graphql?query=${encodeURIComponent("{ __typename }")}`, "POST /graphql/"]);
    } finally {
      app.handle = handle;
    }
  });

  it("answers as the Express app alone answers the same POST: no layer of the app is skipped", async () => {
    // The app alone on a server of its own (same services, same database): every layer Express has
    // for the request runs there. A layer added in front of /graphql that the door's list lacks
    // changes one of the two answers.
    const alone = http.createServer(shop.running.gateway.app);
    await new Promise<void>((resolve) => alone.listen(0, "127.0.0.1", resolve));
    try {
      const aloneUrl = `http://127.0.0.1:${(alone.address() as AddressInfo).port}`;
      const cases: { body: string; headers?: Record<string, string> }[] = [
        { body: JSON.stringify({ query: QUERY }) },
        { body: JSON.stringify({ query: "{ products(pageSize: 24) { products { handle description } } }" }), headers: { "accept-encoding": "gzip" } },
        { body: JSON.stringify({ query: "{ me { email } }" }), headers: { "x-forwarded-for": "203.0.113.7" } },
        { body: JSON.stringify({ query: "{ nope }" }) },
        { body: '{"query":' },
        { body: JSON.stringify([{ query: "{ __typename }" }]) },
        { body: JSON.stringify({ query: "mutation { logout { ok } }" }), headers: { origin: "https://elsewhere.example" } },
      ];
      for (const { body, headers = {} } of cases) {
        const init = { method: "POST", headers: { "content-type": "application/json", ...headers }, body };
        const [door, express] = await Promise.all([fetch(`${shop.url}/graphql`, init), fetch(`${aloneUrl}/graphql`, init)]);
        expect({ status: door.status, headers: headersOf(door), body: await door.text() }).toEqual({ status: express.status, headers: headersOf(express), body: await express.text() });
      }
    } finally {
      await new Promise((resolve) => alone.close(resolve));
    }
  });

  it("answers as a GET of the same query through Express does: same headers, same body; a GET keeps its entity tag", async () => {
    const post = await fetch(`${shop.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: QUERY }) });
    const get = await fetch(`${shop.url}/graphql?query=${encodeURIComponent(QUERY)}`, { headers: { "apollo-require-preflight": "1" } });
    expect(post.status).toBe(200);
    expect(get.status).toBe(200);
    const body = await post.text();
    expect(body).toBe(await get.text());
    expect(JSON.parse(body).data.collections.length).toBeGreaterThan(0);
    expect(headersOf(post)).toEqual(headersOf(get));
    expect(post.headers.get("content-security-policy")).toBeNull();
    expect(post.headers.get("x-content-type-options")).toBe("nosniff");
    expect(post.headers.get("cache-control")).toBe("private, no-store");
    expect(post.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    expect(post.headers.get("etag")).toBeNull();
    expect(get.headers.get("etag")).toMatch(/^W\/"/);
  });

  it("keeps a sane X-Request-Id and logs the request as every other path does", async () => {
    const res = await fetch(`${shop.url}/graphql?from=test`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "door-probe-1" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("door-probe-1");
    await expect.poll(() => shop.logs.find((line) => line.includes('"door-probe-1"'))).toBeDefined();
    expect(JSON.parse(shop.logs.find((line) => line.includes('"door-probe-1"'))!)).toMatchObject({ msg: "request", method: "POST", path: "/graphql", status: 200 });
  });

  it("compresses an answer of 1 kB and more as the client accepts, and leaves a smaller one as it is", async () => {
    const query = "{ products(pageSize: 24) { products { handle title description } } }";
    const { status, headers, body } = await rawPost({ query }, "br");
    expect(status).toBe(200);
    expect(headers.get("content-encoding")).toBe("br");
    expect(headers.get("vary")).toContain("Accept-Encoding");
    expect(JSON.parse(zlib.brotliDecompressSync(body).toString()).data.products.products.length).toBeGreaterThan(1);
    const small = await rawPost({ query: "{ __typename }" }, "br");
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.body.toString()).toBe('{"data":{"__typename":"Query"}}\n');
  });

  it("refuses what Express refused: a malformed body, one over 100 kB, a batch, a form post", async () => {
    const post = (body: string, type = "application/json") => fetch(`${shop.url}/graphql`, { method: "POST", headers: { "content-type": type }, body });
    const malformed = await post('{"query":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Malformed JSON body" });
    const large = await post(JSON.stringify({ query: `{ __typename } # ${"x".repeat(110_000)}` }));
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: "Request body too large" });
    const batch = await post(JSON.stringify([{ query: "{ __typename }" }, { query: "{ __typename }" }]));
    expect(batch.status).toBe(400);
    expect(((await batch.json()) as GraphQLErrors).errors[0]!.extensions?.code).toBe("BATCH_NOT_ALLOWED");
    const form = await post("query=%7B__typename%7D", "application/x-www-form-urlencoded");
    expect(form.status).toBe(400);
    expect(((await form.json()) as GraphQLErrors).errors[0]!.message).toContain("Cross-Site Request Forgery");
  });
});

/** A POST whose answer is read as sent (fetch would decompress it). */
async function rawPost(body: unknown, acceptEncoding: string) {
  const answer = await rawRequest(`${shop.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-encoding": acceptEncoding },
    body: JSON.stringify(body),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) if (typeof value === "string") headers.set(name, value);
  return { status: answer.status, headers, body: answer.body };
}
