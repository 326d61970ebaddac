import { createRequire } from "node:module";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Strategy as GoogleStrategy, type Profile } from "passport-google-oauth20";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";

// Google's servers are outside the machine: the token exchange and profile fetch are stubbed on the
// real strategy's prototypes, so the route, the state check, the verify function and the session
// are all the real ones.
const require = createRequire(import.meta.url);
const { OAuth2 } = require("oauth") as { OAuth2: { prototype: Record<string, unknown> } };

let shop: TestGateway;
let unconfigured: TestGateway;

function profile(sub: string, email: string, verified = true): Profile {
  return {
    provider: "google",
    id: sub,
    displayName: "Morgan Google",
    emails: [{ value: email, verified }],
    _raw: "",
    _json: { sub, email, email_verified: verified } as Profile["_json"],
    profileUrl: "",
  };
}

function stubGoogle(p: Profile) {
  vi.spyOn(OAuth2.prototype as { getOAuthAccessToken: (...a: unknown[]) => void }, "getOAuthAccessToken").mockImplementation(
    (...args: unknown[]) => (args[2] as (e: null, a: string, r: string, p: object) => void)(null, "access-token", "refresh-token", {}),
  );
  vi.spyOn(GoogleStrategy.prototype, "userProfile").mockImplementation((_token, done) => done(null, p));
}

/** Starts the flow like a browser: the consent redirect carries the state the callback must return. */
async function signInWithGoogle(browser: BrowserSession) {
  const start = await browser.fetch("/api/auth/google");
  expect(start.status).toBe(302);
  const consent = new URL(start.headers.get("location")!);
  const callback = await browser.fetch(`/api/auth/google/callback?code=abc&state=${consent.searchParams.get("state")}`);
  return { consent, callback };
}

beforeAll(async () => {
  shop = await startTestGateway({ google: { clientId: "client-123.apps.googleusercontent.com", clientSecret: "secret-xyz" } });
  unconfigured = await startTestGateway();
});
afterAll(async () => {
  await shop?.close();
  await unconfigured?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("Google sign-in", () => {
  it("is offered to the storefront (shop.googleSignIn) only where both Google settings are given", async () => {
    const query = "{ shop { googleSignIn } }";
    expect((await new BrowserSession(shop.url).graphql(query)).data).toEqual({ shop: { googleSignIn: true } });
    expect((await new BrowserSession(unconfigured.url).graphql(query)).data).toEqual({ shop: { googleSignIn: false } });
  });

  it("redirects to /?auth_error=google when Google is not configured", async () => {
    const browser = new BrowserSession(unconfigured.url);
    for (const path of ["/api/auth/google", "/api/auth/google/callback?code=x"]) {
      const res = await browser.fetch(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/?auth_error=google");
    }
  });

  it("sends the browser to Google's consent page with our client id, callback and a state", async () => {
    const res = await new BrowserSession(shop.url).fetch("/api/auth/google");
    const url = new URL(res.headers.get("location")!);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("client_id")).toBe("client-123.apps.googleusercontent.com");
    expect(url.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:3000/api/auth/google/callback");
    expect(url.searchParams.get("scope")).toContain("email");
    expect(url.searchParams.get("state")).toBeTruthy();
  });

  it("creates an account on first sign-in, signs in, and redirects to /dashboard", async () => {
    stubGoogle(profile("google-sub-1", "Morgan@Gmail.com"));
    const browser = new BrowserSession(shop.url);
    const { callback } = await signInWithGoogle(browser);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/dashboard");
    expect((await browser.json("/api/auth/session")).body).toEqual({ user: { email: "morgan@gmail.com", displayName: "Morgan Google" } });
  });

  it("finds the same account by Google's subject next time, even if the email changed", async () => {
    stubGoogle(profile("google-sub-1", "morgan.new@gmail.com"));
    const browser = new BrowserSession(shop.url);
    await signInWithGoogle(browser);
    expect((await browser.json("/api/auth/session")).body.user.email).toBe("morgan@gmail.com");
    expect(await shop.database.db.selectFrom("customers").select("id").where("google_sub", "=", "google-sub-1").execute()).toHaveLength(1);
  });

  it("links an existing account by verified email, dropping the unproven password and its sessions", async () => {
    const squatter = new BrowserSession(shop.url);
    await squatter.register({ name: "Riley", email: "riley@gmail.com", password: "password-set-by-someone" });
    await squatter.login("riley@gmail.com", "password-set-by-someone");
    stubGoogle(profile("google-sub-2", "riley@gmail.com"));
    const owner = new BrowserSession(shop.url);
    await signInWithGoogle(owner);
    expect((await owner.json("/api/auth/session")).body.user.email).toBe("riley@gmail.com");
    expect((await squatter.json("/api/auth/session")).body.user).toBeNull();
    expect((await new BrowserSession(shop.url).login("riley@gmail.com", "password-set-by-someone")).status).toBe(401);
  });

  it("fails to /?auth_error=google for an unverified email, a bad state, or an error from Google", async () => {
    stubGoogle(profile("google-sub-3", "unverified@gmail.com", false));
    const browser = new BrowserSession(shop.url);
    const { callback } = await signInWithGoogle(browser);
    expect(callback.headers.get("location")).toBe("/?auth_error=google");
    expect((await browser.json("/api/auth/session")).body.user).toBeNull();

    const forged = await new BrowserSession(shop.url).fetch("/api/auth/google/callback?code=abc&state=forged");
    expect(forged.headers.get("location")).toBe("/?auth_error=google");

    const denied = await new BrowserSession(shop.url).fetch("/api/auth/google/callback?error=access_denied");
    expect(denied.headers.get("location")).toBe("/?auth_error=google");
  });
});
