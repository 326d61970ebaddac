import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../gateway/config.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

// Apollo Sandbox runs Apollo's page, from Apollo's CDN, in the shop's origin with the shop's
// cookies, and introspection and "Did you mean …" suggestions hand out the schema: all three are on
// only where the shop is the machine's own (a loopback PUBLIC_URL) or GRAPHQL_EXPLORER=true says so.

describe("GRAPHQL_EXPLORER's default", () => {
  it.each(["http://127.0.0.1:3000", "http://localhost:3000", "http://127.4.5.6", "http://[::1]:8080", "https://localhost"])("is on for the loopback PUBLIC_URL %s", (url) => {
    expect(loadConfig({ PUBLIC_URL: url }).graphqlExplorer).toBe(true);
  });

  it.each(["https://shop.example", "http://192.168.1.20:3000", "http://0.0.0.0:3000", "https://127.0.0.1.nip.io", "https://localhost.shop.example"])("is off for the PUBLIC_URL %s", (url) => {
    expect(loadConfig({ PUBLIC_URL: url }).graphqlExplorer).toBe(false);
  });

  it("is on without PUBLIC_URL (the shop is http://HOST:PORT, 127.0.0.1 unless told), off when HOST names another address", () => {
    expect(loadConfig({}).graphqlExplorer).toBe(true);
    expect(loadConfig({ HOST: "0.0.0.0" }).graphqlExplorer).toBe(true);
    expect(loadConfig({ HOST: "10.0.0.5" }).graphqlExplorer).toBe(false);
  });

  it("gives way to GRAPHQL_EXPLORER either way", () => {
    expect(loadConfig({ PUBLIC_URL: "https://staging.shop.example", GRAPHQL_EXPLORER: "true" }).graphqlExplorer).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:3000", GRAPHQL_EXPLORER: "false" }).graphqlExplorer).toBe(false);
  });
});

const MISSPELT = [
  // A field, an argument and a type, each one letter off.
  [`{ prodcts(page: 1) { products { id } } }`, /^Cannot query field "prodcts" on type "Query"\./],
  [`{ products(pag: 1) { products { id } } }`, /^Unknown argument "pag" on field "Query\.products"\./],
  [`query($s: ProductSrt) { products(sort: $s) { products { id } } }`, /^Unknown type "ProductSrt"\./],
  // An enum value, written in the document and given as a variable.
  [`{ products(sort: PRICE_LO) { products { id } } }`, /^Value "PRICE_LO" does not exist in "ProductSortKey" enum\./],
  [`query { products(sort: $s) { products { id } } }`, /^Variable "\$s" is not defined\./],
] as const;

describe("a shop on a public address", () => {
  let shop: TestGateway;
  beforeAll(async () => {
    shop = await startTestGateway({ publicUrl: "https://shop.example", ...loadConfigPart({ PUBLIC_URL: "https://shop.example" }) });
  });
  afterAll(() => shop?.close());

  it("shows a browser no Sandbox: nothing of Apollo's is loaded into the shop's origin", async () => {
    const res = await fetch(`${shop.url}/graphql`, { headers: { accept: "text/html" } });
    const text = await res.text();
    expect(text).not.toContain("embeddable-sandbox");
    expect(text).not.toMatch(/apollographql\.com|apollo-server-landing-page/);
    expect(res.headers.get("content-type")).not.toMatch(/text\/html/);
  });

  it.each([`{ __schema { queryType { name } } }`, `{ __type(name: "Product") { fields { name } } }`])("refuses introspection: %s", async (query) => {
    const { status, data, errors } = await shop.graphql(query);
    expect(status).toBe(400);
    expect(data).toBeUndefined();
    expect(errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: "GRAPHQL_VALIDATION_FAILED", validationErrorCode: "INTROSPECTION_DISABLED" }) })]);
  });

  it.each(MISSPELT)("suggests no name of the schema for %s", async (query, message) => {
    const { errors } = await shop.graphql(query);
    expect(errors).toHaveLength(1);
    expect(errors![0].message).toMatch(message);
    expect(errors![0].message).not.toMatch(/Did you mean/);
  });

  it("suggests no enum value for a variable's value", async () => {
    const { errors } = await shop.graphql(`query($s: ProductSortKey) { products(sort: $s) { products { id } } }`, { s: "PRICE_LO" });
    expect(errors).toHaveLength(1);
    expect(errors![0].message).toMatch(/^Variable "\$s" got invalid value "PRICE_LO"; Value "PRICE_LO" does not exist in "ProductSortKey" enum\./);
    expect(errors![0].message).not.toMatch(/Did you mean/);
  });

  it("still answers the shop's own operations", async () => {
    const { data, errors } = await shop.graphql(`{ collections { handle } }`);
    expect(errors).toBeUndefined();
    expect(data.collections.length).toBeGreaterThan(0);
  });
});

describe("a shop on a loopback address (development)", () => {
  let shop: TestGateway;
  beforeAll(async () => {
    shop = await startTestGateway(loadConfigPart({ PUBLIC_URL: "http://127.0.0.1:3000" }));
  });
  afterAll(() => shop?.close());

  it("shows Sandbox, answers introspection and suggests names", async () => {
    expect(await (await fetch(`${shop.url}/graphql`, { headers: { accept: "text/html" } })).text()).toContain("embeddable-sandbox");
    expect((await shop.graphql(`{ __schema { queryType { name } } }`)).data.__schema.queryType.name).toBe("Query");
    const { errors } = await shop.graphql(MISSPELT[0][0]);
    expect(errors![0].message).toMatch(/Did you mean "products"/);
  });
});

/** The explorer's setting as loadConfig makes it from this environment. */
function loadConfigPart(env: NodeJS.ProcessEnv) {
  return { graphqlExplorer: loadConfig(env).graphqlExplorer };
}
