import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { behindLocalProxy, fromAddress, startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";

let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway(behindLocalProxy());
});
afterAll(async () => {
  await shop?.close();
});

const password = "correct horse battery";

describe("POST /api/auth/register", () => {
  it("makes an account with a trimmed, lower-cased email, answering 201 {user}", async () => {
    const browser = new BrowserSession(shop.url);
    const { status, body } = await browser.register({ name: " Pat Doe ", email: "  Pat@Example.COM ", password });
    expect(status).toBe(201);
    expect(body).toEqual({ user: { email: "pat@example.com", displayName: "Pat Doe" } });
    const row = await shop.database.db.selectFrom("customers").select(["password_hash"]).where("email", "=", "pat@example.com").executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(password);
  });

  it("refuses an email already registered with 409", async () => {
    const browser = new BrowserSession(shop.url);
    const { status, body } = await browser.register({ name: "Other", email: "PAT@example.com", password });
    expect(status).toBe(409);
    expect(body).toEqual({ error: "An account with this email already exists" });
  });

  it.each([
    [{ name: "", email: "a@b.co", password }, "name"],
    [{ name: "x".repeat(101), email: "a@b.co", password }, "name"],
    [{ name: "Al", email: "not-an-email", password }, "email"],
    [{ name: "Al", email: "a@b.co", password: "short" }, "password"],
    [{ name: "Al", email: "a@b.co" }, "password"],
  ])("refuses %o with 400 naming %s, making nothing", async (input, field) => {
    const browser = new BrowserSession(shop.url);
    const { status, body } = await browser.json("/api/auth/register", { method: "POST", json: input });
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expect(body.error).toContain(field);
    const count = await shop.database.db.selectFrom("customers").select("id").where("email", "=", "a@b.co").execute();
    expect(count).toHaveLength(0);
  });
});

describe("sign-in, session and sign-out", () => {
  beforeAll(async () => {
    await new BrowserSession(shop.url).register({ name: "Sam", email: "sam@example.com", password });
  });

  it("answers {user:null} before sign-in", async () => {
    const { body } = await new BrowserSession(shop.url).json("/api/auth/session");
    expect(body).toEqual({ user: null });
  });

  it("signs in with a browser-session cookie (httpOnly, SameSite=Lax) and the session answers the user", async () => {
    const browser = new BrowserSession(shop.url);
    const { status, body } = await browser.login("SAM@example.com", password);
    expect(status).toBe(200);
    expect(body).toEqual({ user: { email: "sam@example.com", displayName: "Sam" } });
    const cookie = browser.lastSetCookie.find((c) => c.startsWith("storefront.sid="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Expires|Max-Age/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await browser.json("/api/auth/session")).body).toEqual({ user: { email: "sam@example.com", displayName: "Sam" } });
  });

  it("keeps a remember-me session for 30 days", async () => {
    const browser = new BrowserSession(shop.url);
    await browser.login("sam@example.com", password, true);
    const cookie = browser.lastSetCookie.find((c) => c.startsWith("storefront.sid="))!;
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    expect(expires - Date.now()).toBeLessThan(30.1 * 24 * 3600 * 1000);
  });

  it("gives a new session id at sign-in (no fixation)", async () => {
    const browser = new BrowserSession(shop.url);
    await browser.login("nobody@example.com", "wrong password");
    await browser.fetch("/api/auth/session");
    const before = browser.cookie("storefront.sid");
    await browser.login("sam@example.com", password);
    expect(browser.cookie("storefront.sid")).toBeTruthy();
    expect(browser.cookie("storefront.sid")).not.toBe(before);
  });

  it.each([
    ["sam@example.com", "wrong password"],
    ["nobody@example.com", password],
  ])("answers %s / %s with the same 401", async (email, pw) => {
    const { status, body } = await new BrowserSession(shop.url, fromAddress("10.9.9.9")).login(email, pw);
    expect(status).toBe(401);
    expect(body).toEqual({ error: "Invalid email or password" });
  });

  it("refuses a login without a password or with a bad rememberMe with 400", async () => {
    const browser = new BrowserSession(shop.url);
    expect((await browser.json("/api/auth/login", { method: "POST", json: { email: "sam@example.com" } })).body.field).toBe("password");
    const bad = await browser.json("/api/auth/login", { method: "POST", json: { email: "sam@example.com", password, rememberMe: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("rememberMe");
  });

  it("signs out: {ok:true}, the session row is gone and the old cookie no longer works", async () => {
    const browser = new BrowserSession(shop.url);
    await browser.login("sam@example.com", password);
    const oldCookies = browser.cloneCookies();
    const sid = decodeURIComponent(oldCookies.get("storefront.sid")!).slice(2).split(".")[0]!;
    expect(await shop.database.db.selectFrom("sessions").select("sid").where("sid", "=", sid).execute()).toHaveLength(1);
    const { status, body } = await browser.json("/api/auth/logout", { method: "POST" });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(await shop.database.db.selectFrom("sessions").select("sid").where("sid", "=", sid).execute()).toHaveLength(0);
    const replay = new BrowserSession(shop.url);
    replay.setCookies(oldCookies);
    expect((await replay.json("/api/auth/session")).body).toEqual({ user: null });
  });
});

describe("request bodies", () => {
  it("refuses a body over 100 kB with 413", async () => {
    const { status, body } = await new BrowserSession(shop.url).json("/api/auth/register", {
      method: "POST",
      json: { name: "x".repeat(110_000), email: "big@example.com", password },
    });
    expect(status).toBe(413);
    expect(body).toEqual({ error: "Request body too large" });
  });
});
