import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { loadConfig } from "../gateway/config.js";

let shop: TestGateway;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-dist-"));
  fs.mkdirSync(path.join(distDir, "assets"));
  fs.writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>shop</title><div id=root></div>");
  fs.writeFileSync(path.join(distDir, "assets", "index-abc123.js"), "console.log('shop')");
  shop = await startTestGateway({ webDistDir: distDir });
});
afterAll(async () => {
  await shop?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe("health and errors", () => {
  it("answers /healthz with ok while the database answers", async () => {
    const { status, body } = await shop.rest("/healthz");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const { status, body, headers } = await shop.rest("/api/unknown");
    expect(status).toBe(404);
    expect(headers.get("content-type")).toContain("application/json");
    expect(body.error).toContain("/unknown");
  });

  it("answers a malformed JSON body with 400", async () => {
    const { status, body } = await shop.rest("/api/products", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(status).toBe(400);
    expect(body.error).toBe("Malformed JSON body");
  });

  it("gives every response a request id and logs one structured line per request", async () => {
    const res = await fetch(`${shop.url}/api/collections`, { headers: { "x-request-id": "trace-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-123");
    await res.text();
    // The line is written on the answer's "finish" event, which can come a moment after fetch
    // resolves (compression flushes the body after the headers), so wait for it.
    const line = await vi.waitFor(() => {
      const found = shop.logs.map((l) => JSON.parse(l)).find((l) => l.requestId === "trace-123");
      if (!found) throw new Error("no request line logged yet");
      return found;
    });
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/api/collections", status: 200 });
    expect(typeof line.durationMs).toBe("number");
  });

  it("sets security headers, with a strict policy outside /graphql", async () => {
    const res = await fetch(`${shop.url}/api/collections`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });
});

describe("the built client", () => {
  it("serves index.html for every browser route, unknown ones included", async () => {
    for (const route of ["/", "/shop", "/product/anything", "/no/such/page"]) {
      const res = await fetch(shop.url + route);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("<div id=root>");
    }
  });

  it("caches hashed assets for a year and 404s a missing one", async () => {
    const res = await fetch(`${shop.url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
    expect((await fetch(`${shop.url}/assets/missing-xyz.js`)).status).toBe(404);
  });
});

describe("a database that stops answering", () => {
  it("turns /healthz to 503 and API calls to 503 with a request id", async () => {
    const broken = await startTestGateway();
    await broken.database.close();
    const health = await broken.rest("/healthz");
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: "unavailable" });
    const api = await broken.rest("/api/collections");
    expect(api.status).toBe(503);
    expect(api.body.requestId).toBeTruthy();
    await broken.close();
  });
});

describe("configuration", () => {
  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/shop" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "ftp://shop" }, "PUBLIC_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ GRAPHQL_EXPLORER: "maybe" }, "GRAPHQL_EXPLORER"],
    [{ TRUST_PROXY: "everyone" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.300" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "loopback, 10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "loopback,,10.0.0.1" }, "TRUST_PROXY"],
    [{ AUTH_THROTTLE_SECONDS: "0" }, "AUTH_THROTTLE_SECONDS"],
    [{ WEBHOOK_ALLOW_PRIVATE_TARGETS: "sometimes" }, "WEBHOOK_ALLOW_PRIVATE_TARGETS"],
    [{ CDN_PURGE_URL: "varnish.internal/purge" }, "CDN_PURGE_URL"],
    [{ CDN_PURGE_URL: "ftp://cdn.example/purge" }, "CDN_PURGE_URL"],
    [{ CDN_PURGE_TOKEN: "a-token-without-an-address" }, "CDN_PURGE_TOKEN"],
    [{ CDN_PURGE_URL: "https://cdn.example/purge", CDN_PURGE_TOKEN: "two words" }, "CDN_PURGE_TOKEN"],
  ])("refuses %o naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${variable}:`));
  });

  const STRIPE = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_51AbCdEfGh0123", STRIPE_WEBHOOK_SECRET: "whsec_AbCdEfGh0123" };
  const LIVE = { ...STRIPE, STRIPE_SECRET_KEY: "sk_live_51AbCdEfGh0123", PUBLIC_URL: "https://shop.example" };
  it.each([
    [{ PAYMENT_PROVIDER: "paypal" }, "PAYMENT_PROVIDER"],
    [{ ...STRIPE, STRIPE_SECRET_KEY: "" }, "STRIPE_SECRET_KEY"],
    [{ ...STRIPE, STRIPE_SECRET_KEY: "pk_test_51AbCdEfGh0123" }, "STRIPE_SECRET_KEY"],
    [{ ...STRIPE, STRIPE_WEBHOOK_SECRET: "" }, "STRIPE_WEBHOOK_SECRET"],
    [{ ...STRIPE, STRIPE_WEBHOOK_SECRET: "not-a-signing-secret" }, "STRIPE_WEBHOOK_SECRET"],
    [{ ...STRIPE, STRIPE_API_VERSION: "latest" }, "STRIPE_API_VERSION"],
    [{ ...STRIPE, STRIPE_API_URL: "ftp://127.0.0.1:12111" }, "STRIPE_API_URL"],
    [{ ...STRIPE, STRIPE_SESSION_MINUTES: "29" }, "STRIPE_SESSION_MINUTES"],
    [{ ...STRIPE, STRIPE_SESSION_MINUTES: "1441" }, "STRIPE_SESSION_MINUTES"],
    [{ ...STRIPE, STRIPE_SESSION_MINUTES: "an hour" }, "STRIPE_SESSION_MINUTES"],
    [{ ...LIVE, STRIPE_API_URL: "http://127.0.0.1:12111" }, "STRIPE_API_URL"],
    [{ ...LIVE, PUBLIC_URL: "http://shop.example" }, "PUBLIC_URL"],
  ])("refuses the payment settings %o naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${variable}:`));
  });

  it("reads Stripe's settings: the SDK's pinned API version and Stripe's own host unless told otherwise, 60-minute sessions", () => {
    expect(loadConfig({}).payments).toEqual({ provider: "test", sessionMinutes: 60 });
    expect(loadConfig(STRIPE).payments).toEqual({
      provider: "stripe",
      sessionMinutes: 60,
      stripe: { secretKey: STRIPE.STRIPE_SECRET_KEY, webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET, apiVersion: null, apiUrl: null },
    });
    const custom = loadConfig({ ...STRIPE, STRIPE_API_VERSION: "2026-10-28.endive", STRIPE_API_URL: "http://127.0.0.1:12111", STRIPE_SESSION_MINUTES: "30" }).payments;
    expect(custom).toMatchObject({ sessionMinutes: 30, stripe: { apiVersion: "2026-10-28.endive", apiUrl: new URL("http://127.0.0.1:12111") } });
    expect(loadConfig(LIVE).payments).toMatchObject({ provider: "stripe", stripe: { secretKey: LIVE.STRIPE_SECRET_KEY, apiUrl: null } });
  });

  it("reads the CDN's purge address and token, no CDN when unset", () => {
    expect(loadConfig({}).cdnPurge).toBeNull();
    expect(loadConfig({ CDN_PURGE_URL: "http://127.0.0.1:6081/purge" }).cdnPurge).toEqual({ url: "http://127.0.0.1:6081/purge", token: null });
    expect(loadConfig({ CDN_PURGE_URL: " https://cdn.example/purge ", CDN_PURGE_TOKEN: "s3cret" }).cdnPurge).toEqual({ url: "https://cdn.example/purge", token: "s3cret" });
  });

  it("reads TRUST_PROXY as Express's trust proxy does, off when unset", () => {
    expect(loadConfig({}).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: " loopback, 10.0.0.0/8 ,fd00::/8, 203.0.113.7" }).trustProxy).toEqual(["loopback", "10.0.0.0/8", "fd00::/8", "203.0.113.7"]);
  });

  it("defaults to the embedded database in ./data on 127.0.0.1:3000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: "127.0.0.1", databaseUrl: null, graphqlExplorer: true });
    expect(config.authLimits.throttleSeconds).toBe(30);
    expect(config.dataDir).toBe(path.resolve("data"));
  });
});
