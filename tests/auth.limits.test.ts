import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGateway } from "../gateway/bootstrap.js";
import { createLogger } from "../gateway/logger.js";
import { startTestGateway, testConfig, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";

const password = "the right password";
let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway({
    authLimits: { windowMinutes: 15, failuresPerEmail: 3, failuresPerAddress: 6, registrationsPerAddressPerHour: 4 },
  });
  for (const [email, address] of [
    ["target@example.com", "10.0.0.1"],
    ["bystander@example.com", "10.0.0.2"],
    ["someone@example.com", "10.0.0.3"],
  ] as const) {
    await new BrowserSession(shop.url, { "x-forwarded-for": address }).register({ name: "Shopper", email, password });
  }
});
afterAll(async () => {
  await shop?.close();
});

describe("sign-in limits", () => {
  it("locks an email after too many failures, with Retry-After, while other customers sign in", async () => {
    const attacker = new BrowserSession(shop.url, { "x-forwarded-for": "10.1.1.1" });
    for (let i = 0; i < 3; i += 1) expect((await attacker.login("target@example.com", "guess " + i)).status).toBe(401);
    const locked = await attacker.login("target@example.com", "guess 4");
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: "Too many attempts, try again later" });
    expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(800);
    // Even the right password waits out the window for this email...
    expect((await new BrowserSession(shop.url, { "x-forwarded-for": "10.0.0.1" }).login("target@example.com", password)).status).toBe(429);
    // ...and nobody else is affected.
    expect((await new BrowserSession(shop.url, { "x-forwarded-for": "10.0.0.2" }).login("bystander@example.com", password)).status).toBe(200);
  });

  it("does not count successful sign-ins", async () => {
    const shopper = new BrowserSession(shop.url, { "x-forwarded-for": "10.0.0.3" });
    for (let i = 0; i < 8; i += 1) expect((await shopper.login("someone@example.com", password)).status).toBe(200);
  });

  it("limits failures per client address across emails", async () => {
    const sprayer = new BrowserSession(shop.url, { "x-forwarded-for": "10.2.2.2" });
    for (let i = 0; i < 6; i += 1) expect((await sprayer.login(`spray${i}@example.com`, "guess")).status).toBe(401);
    expect((await sprayer.login("spray-next@example.com", "guess")).status).toBe(429);
    expect((await new BrowserSession(shop.url, { "x-forwarded-for": "10.2.2.3" }).login("spray-next@example.com", "guess")).status).toBe(401);
  });

  it("limits registrations per client address", async () => {
    const bot = new BrowserSession(shop.url, { "x-forwarded-for": "10.3.3.3" });
    for (let i = 0; i < 4; i += 1) expect((await bot.register({ name: "Bot", email: `bot${i}@example.com`, password })).status).toBe(201);
    const refused = await bot.register({ name: "Bot", email: "bot9@example.com", password });
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get("retry-after")).toBeTruthy();
    expect(await shop.database.db.selectFrom("customers").select("id").where("email", "=", "bot9@example.com").execute()).toHaveLength(0);
  });

  it("keeps the counts in the database, where every gateway process sees them", async () => {
    const rows = await shop.database.db.selectFrom("rate_limit_events").select("bucket").where("bucket", "=", "login-fail:email:target@example.com").execute();
    expect(rows.length).toBe(3);
  });
});

describe("sessions across gateway restarts", () => {
  it("keeps a signed-in session valid on a new gateway over the same database and DATA_DIR", async () => {
    const config = testConfig({ sessionSecret: null });
    const first = await startGateway(config, createLogger("silent"), shop.database);
    const browser = new BrowserSession(first.url, { "x-forwarded-for": "10.0.0.3" });
    expect((await browser.login("someone@example.com", password, true)).status).toBe(200);
    // Stop the first gateway's HTTP side only; the database handle belongs to this test file.
    await new Promise<void>((resolve) => first.server.close(() => resolve()));
    await first.gateway.stopBackgroundWork();
    await first.gateway.graphql.stop();

    const second = await startGateway(config, createLogger("silent"), shop.database);
    const again = new BrowserSession(second.url);
    again.setCookies(browser.cloneCookies());
    expect((await again.json("/api/auth/session")).body.user.email).toBe("someone@example.com");
    await new Promise<void>((resolve) => second.server.close(() => resolve()));
    await second.gateway.stopBackgroundWork();
    await second.gateway.graphql.stop();
  });
});
