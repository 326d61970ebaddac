import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";

let shop: TestGateway;
beforeAll(async () => {
  shop = await startTestGateway();
});
afterAll(async () => {
  await shop?.close();
});

const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { customer { email displayName } userErrors { code field message } } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { customer { email } userErrors { code field message } } }`;

describe("account mutations", () => {
  it("registers, refuses a duplicate and bad input as userErrors", async () => {
    const browser = new BrowserSession(shop.url);
    const ok = await browser.graphql(REGISTER, { input: { name: "Gale", email: "Gale@Example.com", password: "password123" } });
    expect(ok.data.register).toEqual({ customer: { email: "gale@example.com", displayName: "Gale" }, userErrors: [] });
    const dup = await browser.graphql(REGISTER, { input: { name: "Gale", email: "gale@example.com", password: "password123" } });
    expect(dup.data.register.userErrors).toEqual([{ code: "CONFLICT", field: "email", message: "An account with this email already exists" }]);
    const bad = await browser.graphql(REGISTER, { input: { name: "Gale", email: "x@y.z", password: "short" } });
    expect(bad.data.register.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "password" });
  });

  it("logs in (setting the session cookie), answers me, and logs out", async () => {
    const browser = new BrowserSession(shop.url);
    const wrong = await browser.graphql(LOGIN, { input: { email: "gale@example.com", password: "nope-nope" } });
    expect(wrong.data.login.userErrors).toEqual([{ code: "UNAUTHENTICATED", field: null, message: "Invalid email or password" }]);
    const ok = await browser.graphql(LOGIN, { input: { email: "gale@example.com", password: "password123", rememberMe: true } });
    expect(ok.data.login.customer.email).toBe("gale@example.com");
    expect(browser.lastSetCookie.join()).toMatch(/storefront\.sid=.*Expires=/);
    expect((await browser.graphql(`{ me { email displayName hasPassword googleLinked } }`)).data.me).toEqual({
      email: "gale@example.com",
      displayName: "Gale",
      hasPassword: true,
      googleLinked: false,
    });
    // The REST session call sees the same session.
    expect((await browser.json("/api/auth/session")).body.user.email).toBe("gale@example.com");
    const out = await browser.graphql(`mutation { logout { ok userErrors { message } } }`);
    expect(out.data.logout).toEqual({ ok: true, userErrors: [] });
    expect((await browser.graphql(`{ me { email } }`)).data.me).toBeNull();
  });

  it("starts a session only when one is needed: none for an anonymous call, one at login, none to end at logout", async () => {
    const browser = new BrowserSession(shop.url);
    await browser.graphql(`{ me { email } }`);
    expect(browser.lastSetCookie).toEqual([]);
    const out = await browser.graphql(`mutation { logout { ok userErrors { message } } }`);
    expect(out.data.logout).toEqual({ ok: true, userErrors: [] });
    // Another site's cookie is not a session: login still starts one, without "remember me" a browser-session cookie.
    browser.setCookies(new Map([["theme", "dark"]]));
    const ok = await browser.graphql(LOGIN, { input: { email: "gale@example.com", password: "password123" } });
    expect(ok.data.login.customer.email).toBe("gale@example.com");
    const sessionCookie = browser.lastSetCookie.find((c) => c.startsWith("storefront.sid="));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toMatch(/Expires=/);
    expect((await browser.graphql(`{ me { email } }`)).data.me).toEqual({ email: "gale@example.com" });
  });

  it("changes the display name, and refuses an empty one", async () => {
    const browser = new BrowserSession(shop.url);
    await browser.login("gale@example.com", "password123");
    const UPDATE = `mutation($name: String!) { customerUpdate(input: { displayName: $name }) { customer { displayName } userErrors { field message } } }`;
    const UPDATE_CODE = UPDATE.replace("userErrors { field message }", "userErrors { code field message }");
    expect((await browser.graphql(UPDATE, { name: "  Gale Force " })).data.customerUpdate).toEqual({ customer: { displayName: "Gale Force" }, userErrors: [] });
    const empty = await browser.graphql(UPDATE, { name: "  " });
    expect(empty.data.customerUpdate.userErrors[0].field).toBe("displayName");
    expect((await browser.json("/api/auth/session")).body.user.displayName).toBe("Gale Force");
    const guest = await new BrowserSession(shop.url).graphql(UPDATE_CODE, { name: "Intruder" });
    expect(guest.data.customerUpdate.userErrors[0]).toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("changes the password with the current one, ending the customer's other sessions", async () => {
    const here = new BrowserSession(shop.url);
    const elsewhere = new BrowserSession(shop.url);
    await here.login("gale@example.com", "password123");
    await elsewhere.login("gale@example.com", "password123");
    const CHANGE = `mutation($c: String, $n: String!) { customerChangePassword(input: { currentPassword: $c, newPassword: $n }) { customer { email } userErrors { field message } } }`;
    const wrong = await here.graphql(CHANGE, { c: "not-it-at-all", n: "brand new password" });
    expect(wrong.data.customerChangePassword.userErrors).toEqual([{ field: "currentPassword", message: "Current password is incorrect" }]);
    const ok = await here.graphql(CHANGE, { c: "password123", n: "brand new password" });
    expect(ok.data.customerChangePassword.userErrors).toEqual([]);
    expect((await here.json("/api/auth/session")).body.user.email).toBe("gale@example.com");
    expect((await elsewhere.json("/api/auth/session")).body.user).toBeNull();
    expect((await new BrowserSession(shop.url).login("gale@example.com", "password123")).status).toBe(401);
    expect((await new BrowserSession(shop.url).login("gale@example.com", "brand new password")).status).toBe(200);
  });
});
