import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getIntrospectionQuery, type GraphQLSchema } from "graphql";
import { buildGatewaySchema } from "../gateway/graphql-server/schema.js";
import { DEFAULT_GRAPHQL_LIMITS } from "../gateway/config.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { clientOperations, measure, sampleVariables } from "./support/client-operations.js";

// No single anonymous GraphQL request can stop, stall or flood the shop. Every limit is
// checked before anything runs and refused with 400, a code and the figures; the shop's own client
// stays well inside every one of them.
let shop: TestGateway;
let schema: GraphQLSchema;
const limits = DEFAULT_GRAPHQL_LIMITS;

beforeAll(async () => {
  schema = await buildGatewaySchema();
  shop = await startTestGateway();
});
afterAll(async () => {
  await shop?.close();
});

async function post(body: unknown): Promise<{ status: number; json: any; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${shop.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  return { status: res.status, json, ms: performance.now() - started };
}

const LIMIT_CODES = ["QUERY_TOO_DEEP", "TOO_MANY_ALIASES", "TOO_MANY_DIRECTIVES", "QUERY_TOO_LARGE", "QUERY_TOO_COMPLEX", "BATCH_NOT_ALLOWED", "RESPONSE_TOO_LARGE", "QUERY_TIMEOUT"];

describe("the client's own operations", () => {
  const operations = clientOperations();

  it("finds the generated documents", () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.map((o) => o.name)).toContain("ProductRouteDocument");
  });

  it.each(operations.map((o) => [o.name, o] as const))("%s is inside every limit with a margin", (_name, op) => {
    const figures = measure(schema, op);
    // Two levels to spare in depth; at most half of every other limit.
    expect(figures.depth).toBeLessThanOrEqual(limits.maxDepth - 2);
    expect(figures.aliases).toBeLessThanOrEqual(limits.maxAliases / 2);
    expect(figures.directives).toBeLessThanOrEqual(limits.maxDirectives / 2);
    expect(figures.tokens).toBeLessThanOrEqual(limits.maxTokens / 2);
    expect(figures.cost).toBeLessThanOrEqual(limits.maxCost / 2);
  });

  it("are all accepted by a running gateway", async () => {
    for (const op of operations) {
      const { json } = await post({ query: op.text, variables: sampleVariables(schema, op.document) });
      const refused = (json.errors ?? []).filter((e: any) => LIMIT_CODES.includes(e.extensions?.code));
      expect(refused, op.name).toEqual([]);
    }
  });

  it("lets Apollo Sandbox introspect the schema", async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    });
    const { status, json } = await post({ query, operationName: "IntrospectionQuery" });
    expect(json.errors).toBeUndefined();
    expect(status).toBe(200);
    expect(json.data.__schema.queryType.name).toBe("Query");
  });
});

describe("hostile requests are refused before they run", () => {
  const nest = (levels: number, open: string, leaf: string) => `${open.repeat(levels)}${leaf}${"}".repeat(levels * (open.split("{").length - 1))}`;

  const cases: [string, () => unknown, string][] = [
    [
      "variants → product five levels deep under 100 products",
      () => ({ query: `{ products(pageSize: 100) { products { id ${nest(5, "variants { id product { id ", "id")} } } }` }),
      "QUERY_TOO_DEEP",
    ],
    ["collections → products six levels deep", () => ({ query: `{ ${nest(6, "collections { id products { id ", "id")} }` }), "QUERY_TOO_DEEP"],
    [
      "200 aliases of products(pageSize: 100)",
      () => ({ query: `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: products(pageSize: 100) { products { id } }`).join(" ")} }` }),
      "QUERY_TOO_LARGE",
    ],
    ["11 aliases of shop", () => ({ query: `{ ${Array.from({ length: 11 }, (_, i) => `s${i}: shop { freeShippingThreshold { amount } }`).join(" ")} }` }), "TOO_MANY_ALIASES"],
    ["a 90 kB query of repeated fields", () => ({ query: `{ shop { ${"freeShippingThreshold { amount currencyCode } ".repeat(2100)} } }` }), "QUERY_TOO_LARGE"],
    ["eleven directives", () => ({ query: `{ shop { ${Array.from({ length: 11 }, () => "freeShippingThreshold @include(if: true) { amount }").join(" ")} } }` }), "TOO_MANY_DIRECTIVES"],
    [
      "100 products with their variants' options, in a variable",
      () => ({
        query: "query Big($size: Int!) { products(pageSize: $size) { products { variants { selectedOptions { name value } } collections { products { id } } } } }",
        variables: { size: 100 },
      }),
      "QUERY_TOO_COMPLEX",
    ],
    ["a batch of 20 operations", () => Array.from({ length: 20 }, () => ({ query: "{ shop { freeShippingThreshold { amount } } }" })), "BATCH_NOT_ALLOWED"],
  ];

  it.each(cases)("%s: 400 with the code, the limit and the figure, in well under a second", async (_name, body, code) => {
    const payload = body();
    if (_name.includes("90 kB")) expect(JSON.stringify(payload).length).toBeGreaterThan(90_000);
    const { status, json, ms } = await post(payload);
    expect(status).toBe(400);
    expect(json.data).toBeUndefined();
    expect(json.errors).toHaveLength(1);
    const [error] = json.errors;
    expect(error.extensions.code).toBe(code);
    expect(typeof error.extensions.limit).toBe("number");
    expect(error.message).toContain(String(error.extensions.limit));
    if (error.extensions.found !== undefined) {
      expect(error.extensions.found).toBeGreaterThan(error.extensions.limit);
      expect(error.message).toContain(String(error.extensions.found));
    }
    expect(ms).toBeLessThan(1000);
  });

  it("prices an operation again for each request's variables, and a document without variables the same every time", async () => {
    const query = "query Sized($size: Int!) { products(pageSize: $size) { products { variants { selectedOptions { name value } } collections { products { id } } } } }";
    const codes: string[] = [];
    for (const size of [1, 100, 1]) codes.push((await post({ query, variables: { size } })).json.errors?.[0]?.extensions.code ?? "OK");
    expect(codes).toEqual(["OK", "QUERY_TOO_COMPLEX", "OK"]);
    const fixed = "{ products(pageSize: 100) { products { variants { selectedOptions { name value } } collections { products { id } } } } }";
    const first = (await post({ query: fixed })).json.errors[0].extensions;
    const second = (await post({ query: fixed })).json.errors[0].extensions;
    expect(first.code).toBe("QUERY_TOO_COMPLEX");
    expect(second).toEqual(first);
  });

  it("leaves the shop healthy afterwards", async () => {
    expect((await shop.rest("/healthz")).status).toBe(200);
    const { json } = await post({ query: "{ products(pageSize: 2) { products { id } } }" });
    expect(json.data.products.products).toHaveLength(2);
  });
});

describe("an answer cannot grow without bound", () => {
  it("replaces an answer over the size cap with RESPONSE_TOO_LARGE", async () => {
    const small = await startTestGateway({ graphqlLimits: { ...limits, maxResponseBytes: 2_000 } });
    try {
      const res = await small.graphql("{ products(pageSize: 50) { products { id title description } } }");
      expect(res.status).toBe(400);
      expect(res.data).toBeUndefined();
      expect(res.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: "RESPONSE_TOO_LARGE", limit: 2_000 }) })]);
      expect(res.errors![0].extensions.found).toBeGreaterThan(2_000);
      expect((await small.graphql("{ shop { freeShippingThreshold { amount } } }")).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it("stops an operation still running at its deadline with QUERY_TIMEOUT (503)", async () => {
    const hasty = await startTestGateway({ graphqlLimits: { ...limits, timeoutMs: 1 } });
    try {
      // Several round trips to the database one after another: well over a millisecond.
      const res = await hasty.graphql("{ products(pageSize: 8) { products { id variants { id product { id collections { id } } } } } }");
      expect(res.status).toBe(503);
      expect(res.errors).toHaveLength(1);
      expect(res.errors![0]).toMatchObject({ extensions: { code: "QUERY_TIMEOUT", limit: 1 } });
    } finally {
      await hasty.close();
    }
  });
});
