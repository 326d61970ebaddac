import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGateway } from "../gateway/bootstrap.js";
import { createLogger } from "../gateway/logger.js";
import { behindLocalProxy, fromAddress, startTestGateway, testConfig, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";

const password = "the right password";
let shop: TestGateway;
const THROTTLE_SECONDS = 5;

const at = (address: string) => new BrowserSession(shop.url, fromAddress(address));
const retryAfter = (res: Response) => Number(res.headers.get("retry-after"));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  shop = await startTestGateway({
    ...behindLocalProxy(),
    authLimits: { windowMinutes: 15, failuresPerEmail: 3, failuresPerAddress: 6, throttleSeconds: THROTTLE_SECONDS, registrationsPerAddressPerHour: 4 },
  });
  for (const [email, address] of [
    ["target@example.com", "10.0.0.1"],
    ["bystander@example.com", "10.0.0.2"],
    ["someone@example.com", "10.0.0.3"],
    ["sprayed@example.com", "10.0.0.4"],
    ["owner@example.com", "10.0.0.5"],
  ] as const) {
    await at(address).register({ name: "Shopper", email, password });
  }
});
afterAll(async () => {
  await shop?.close();
});

describe("sign-in limits", () => {
  it("refuses an email from one client after too many failures, with Retry-After; elsewhere it is only slowed down", async () => {
    const attacker = at("10.1.1.1");
    for (let i = 0; i < 3; i += 1) expect((await attacker.login("target@example.com", "guess " + i)).status).toBe(401);
    expect((await shop.database.db.selectFrom("rate_limit_events").select("bucket").where("bucket", "=", "login-fail:email:target@example.com").execute()).length).toBe(3);
    const locked = await attacker.login("target@example.com", "guess 4");
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: "Too many attempts, try again later" });
    expect(retryAfter(locked.res)).toBeGreaterThan(800);
    // Even the right password from this client waits out the window.
    expect((await attacker.login("target@example.com", password)).status).toBe(429);

    // The owner, elsewhere and without a device cookie, waits at most AUTH_THROTTLE_SECONDS...
    const owner = at("10.0.0.1");
    const slowed = await owner.login("target@example.com", password);
    expect(slowed.status).toBe(429);
    expect(retryAfter(slowed.res)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(slowed.res)).toBeLessThanOrEqual(THROTTLE_SECONDS);
    // ...and nobody else is affected.
    expect((await at("10.0.0.2").login("bystander@example.com", password)).status).toBe(200);
    await sleep(retryAfter(slowed.res) * 1000 + 100);
    expect((await owner.login("target@example.com", password)).status).toBe(200);
    // A success clears the email's failures: the next attempt elsewhere is not slowed down.
    expect((await at("10.0.0.9").login("target@example.com", "typo")).status).toBe(401);
  });

  it("slows an email with too many failures, from anywhere, down to one attempt per AUTH_THROTTLE_SECONDS", async () => {
    for (let i = 0; i < 3; i += 1) expect((await at(`10.4.0.${i}`).login("sprayed@example.com", "guess")).status).toBe(401);
    const refused = await at("10.4.0.50").login("sprayed@example.com", "guess");
    expect(refused.status).toBe(429);
    expect(retryAfter(refused.res)).toBeLessThanOrEqual(THROTTLE_SECONDS);
    await sleep(retryAfter(refused.res) * 1000 + 100);
    expect((await at("10.4.0.51").login("sprayed@example.com", "guess")).status).toBe(401);
    expect((await at("10.4.0.52").login("sprayed@example.com", "guess")).status).toBe(429);
  });

  it("lets a browser that signed in before past them: it is limited only by its own failures", async () => {
    const owner = at("10.5.5.5");
    expect((await owner.login("owner@example.com", password)).status).toBe(200);
    const deviceCookie = owner.lastSetCookie.find((c) => c.startsWith("storefront.device."));
    expect(deviceCookie).toMatch(/^storefront\.device\.[\w-]{16}=d1\.[\w-]{22}\.\d+\.[\w-]+; Max-Age=31536000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    expect(deviceCookie).not.toContain("owner");

    // Guesses from everywhere, the owner's own address included, lock and slow down everyone else...
    for (let i = 0; i < 3; i += 1) expect((await at("10.5.5.5").login("owner@example.com", "guess")).status).toBe(401);
    expect((await at("10.5.5.5").login("owner@example.com", password)).status).toBe(429);
    expect((await at("10.5.6.6").login("owner@example.com", password)).status).toBe(429);
    // ...but not the owner's browser.
    expect((await owner.login("owner@example.com", password)).status).toBe(200);

    // A cookie for one account says nothing about another, and a changed one is no cookie.
    for (let i = 0; i < 3; i += 1) expect((await at("10.5.7.7").login("owner@example.com", "guess")).status).toBe(401);
    const name = deviceCookie!.split("=")[0]!;
    const forged = at("10.5.5.5");
    forged.setCookies(new Map([[name, owner.cookie(name)!.replace(/^d1\.[\w-]{22}/, "d1.AAAAAAAAAAAAAAAAAAAAAA")]]));
    expect((await forged.login("owner@example.com", password)).status).toBe(429);

    // The browser's own failures count: after three it is refused too.
    for (let i = 0; i < 3; i += 1) expect((await owner.login("owner@example.com", "my typo")).status).toBe(401);
    const own = await owner.login("owner@example.com", password);
    expect(own.status).toBe(429);
    expect(retryAfter(own.res)).toBeGreaterThan(800);
  });

  it("does not count successful sign-ins", async () => {
    const shopper = at("10.0.0.3");
    for (let i = 0; i < 8; i += 1) expect((await shopper.login("someone@example.com", password)).status).toBe(200);
  });

  it("limits failures per client address across emails", async () => {
    const sprayer = at("10.2.2.2");
    for (let i = 0; i < 6; i += 1) expect((await sprayer.login(`spray${i}@example.com`, "guess")).status).toBe(401);
    expect((await sprayer.login("spray-next@example.com", "guess")).status).toBe(429);
    expect((await at("10.2.2.3").login("spray-next@example.com", "guess")).status).toBe(401);
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 address", async () => {
    for (let i = 0; i < 6; i += 1) expect((await at(`2001:db8:6:6::${i + 1}`).login(`v6-${i}@example.com`, "guess")).status).toBe(401);
    expect((await at("2001:db8:6:6:ffff::1").login("v6-next@example.com", "guess")).status).toBe(429);
    expect((await at("2001:db8:6:7::1").login("v6-next@example.com", "guess")).status).toBe(401);

    for (let i = 0; i < 6; i += 1) expect((await at("10.6.6.6").login(`mapped-${i}@example.com`, "guess")).status).toBe(401);
    expect((await at("::ffff:10.6.6.6").login("mapped-next@example.com", "guess")).status).toBe(429);
  });

  it("limits registrations per client address", async () => {
    const bot = at("10.3.3.3");
    for (let i = 0; i < 4; i += 1) expect((await bot.register({ name: "Bot", email: `bot${i}@example.com`, password })).status).toBe(201);
    const refused = await bot.register({ name: "Bot", email: "bot9@example.com", password });
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get("retry-after")).toBeTruthy();
    expect(await shop.database.db.selectFrom("customers").select("id").where("email", "=", "bot9@example.com").execute()).toHaveLength(0);
  });
});

describe("a gateway on https, without TRUST_PROXY", () => {
  let direct: TestGateway;
  beforeAll(async () => {
    direct = await startTestGateway({
      publicUrl: "https://shop.example",
      authLimits: { windowMinutes: 15, failuresPerEmail: 10, failuresPerAddress: 2, throttleSeconds: 30, registrationsPerAddressPerHour: 50 },
    });
  });
  afterAll(() => direct?.close());

  it("takes the socket's address as the client's, ignores X-Forwarded-For, and says so once in the log", async () => {
    const from = (address: string) => new BrowserSession(direct.url, fromAddress(address));
    expect((await from("10.10.0.1").login("nobody-1@example.com", "guess")).status).toBe(401);
    expect((await from("10.10.0.2").login("nobody-2@example.com", "guess")).status).toBe(401);
    // Another claimed address is the same socket address: its count is full.
    expect((await from("10.10.0.3").login("nobody-3@example.com", "guess")).status).toBe(429);
    const warnings = direct.logs.filter((line) => line.includes("X-Forwarded-For ignored"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: "warn", peer: expect.stringMatching(/127\.0\.0\.1$/) });
  });

  it("marks the device cookie Secure", async () => {
    const browser = new BrowserSession(direct.url);
    expect((await browser.register({ name: "Shopper", email: "secure@example.com", password })).status).toBe(201);
    await direct.database.db.deleteFrom("rate_limit_events").execute();
    expect((await browser.login("secure@example.com", password)).status).toBe(200);
    expect(browser.lastSetCookie.find((c) => c.startsWith("storefront.device."))).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });
});

describe("sessions across gateway restarts", () => {
  it("keeps a signed-in session valid on a new gateway over the same database and DATA_DIR", async () => {
    const config = testConfig({ sessionSecret: null });
    const first = await startGateway(config, createLogger("silent"), shop.database);
    const browser = new BrowserSession(first.url);
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
