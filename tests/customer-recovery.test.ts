import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CustomerLinkPurpose } from "../gateway/db/schema.js";
import { behindLocalProxy, fromAddress, startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { placeOrderFor } from "./support/orders.js";
import { readEml } from "./support/pipeline.js";

// Password reset by an emailed link, email verification, and changes of email, through GraphQL
// against the real gateway: the links are read from the outbox's .eml files, as a customer would.
let shop: TestGateway;
let outbox: string;

const RECOVER = `mutation($email: String!) { customerRecover(email: $email) { ok userErrors { code field message } } }`;
const RESET = `mutation($input: CustomerResetInput!) { customerReset(input: $input) { customer { id email emailVerified hasPassword } userErrors { code field message } } }`;
const ACTIVATE = `mutation($token: String!) { customerActivate(input: { token: $token }) { outcome email userErrors { code field message } } }`;
const RESEND = `mutation { customerEmailVerificationSend { customer { email emailVerified } userErrors { code field message } } }`;
const EMAIL_UPDATE = `mutation($input: CustomerEmailUpdateInput!) { customerEmailUpdate(input: $input) { customer { email emailVerified pendingEmail } userErrors { code field message } } }`;
const ME = `{ me { id email emailVerified pendingEmail hasPassword } }`;
const ORDERS = `{ customerOrders { id } }`;

const db = () => shop.database.db;
const services = () => shop.running.gateway.services;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const errorOf = (payload: { userErrors: { code: string; field: string | null }[] }) => payload.userErrors[0] && { code: payload.userErrors[0].code, field: payload.userErrors[0].field };

/** Runs the email jobs and answers the token, text and recipient of the newest link of `purpose` for the customer `accountEmail`. */
async function linkFor(accountEmail: string, purpose: CustomerLinkPurpose) {
  const row = await db()
    .selectFrom("customer_links")
    .innerJoin("customers", "customers.id", "customer_links.customer_id")
    .select(["customer_links.id", "customer_links.email"])
    .where("customers.email", "=", accountEmail)
    .where("customer_links.purpose", "=", purpose)
    .orderBy("customer_links.created_at", "desc")
    .executeTakeFirstOrThrow();
  await services().jobRunner.drain();
  const eml = readEml(fs.readFileSync(path.join(outbox, `customer-link-${row.id}.eml`), "utf8"));
  const token = /\/account\/(?:reset-password|verify-email)\?token=([A-Za-z0-9_-]+)/.exec(eml.text)?.[1];
  expect(token).toBeDefined();
  return { token: token!, text: eml.text, to: eml.header("To"), subject: eml.header("Subject"), linkId: row.id, linkEmail: row.email };
}

async function registered(name: string, email: string, password: string): Promise<BrowserSession> {
  const browser = new BrowserSession(shop.url);
  expect((await browser.register({ name, email, password })).status).toBe(201);
  expect((await browser.login(email, password)).status).toBe(200);
  return browser;
}

async function signedIn(email: string, password: string): Promise<BrowserSession> {
  const browser = new BrowserSession(shop.url);
  expect((await browser.login(email, password)).status).toBe(200);
  return browser;
}

async function googleAccount(subject: string, email: string) {
  return services().customers.signInWithGoogle({ subject, email, emailVerified: true, name: "Goo Gle" });
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-customer-recovery-"));
  outbox = path.join(dataDir, "outbox");
  shop = await startTestGateway({ dataDir, ...behindLocalProxy() });
});
afterAll(() => shop?.close());
beforeEach(async () => {
  await db().deleteFrom("rate_limit_events").execute();
});

describe("password reset", () => {
  it("resets by the emailed link: the token is never stored, queued or logged; other sessions end and this browser is signed in", async () => {
    const phone = await registered("Ada", "ada@example.com", "first password 1");
    const laptop = await signedIn("ada@example.com", "first password 1");
    const asked = await new BrowserSession(shop.url).graphql(RECOVER, { email: " Ada@Example.com " });
    expect(asked.data.customerRecover).toEqual({ ok: true, userErrors: [] });

    const [job] = await db().selectFrom("jobs").selectAll().where("dedupe_key", "like", "email:customer-link-%").orderBy("created_at", "desc").limit(1).execute();
    const link = await linkFor("ada@example.com", "reset");
    expect(job!.payload).toEqual({ to: "ada@example.com", template: "customer_link", data: { linkId: link.linkId }, key: `customer-link-${link.linkId}` });
    expect(link.to).toBe("ada@example.com");
    expect(link.subject).toBe("Reset your Satire Supply Co. password");
    expect(link.text).toContain("http://127.0.0.1:3000/account/reset-password?token=");
    expect(link.text).toContain("The link works once, within 1 hour.");
    const stored = await db().selectFrom("customer_links").selectAll().where("id", "=", link.linkId).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(link.token));

    const browser = new BrowserSession(shop.url);
    const weak = await browser.graphql(RESET, { input: { token: link.token, password: "short" } });
    expect(errorOf(weak.data.customerReset)).toEqual({ code: "INVALID_INPUT", field: "password" });
    const done = await browser.graphql(RESET, { input: { token: link.token, password: "second password 2" } });
    expect(done.data.customerReset).toMatchObject({ customer: { email: "ada@example.com", emailVerified: true, hasPassword: true }, userErrors: [] });
    // This browser is signed in; the phone and the laptop are not any more.
    expect((await browser.graphql(ME)).data.me.email).toBe("ada@example.com");
    expect((await phone.graphql(ME)).data.me).toBeNull();
    expect((await laptop.graphql(ME)).data.me).toBeNull();
    expect((await new BrowserSession(shop.url).login("ada@example.com", "first password 1")).status).toBe(401);
    await signedIn("ada@example.com", "second password 2");

    // Once only.
    const again = await new BrowserSession(shop.url).graphql(RESET, { input: { token: link.token, password: "third password 3" } });
    expect(errorOf(again.data.customerReset)).toEqual({ code: "TOKEN_USED", field: "token" });

    // The token is nowhere but in the email.
    const jobs = await db().selectFrom("jobs").selectAll().execute();
    expect(JSON.stringify(jobs)).not.toContain(link.token);
    expect(JSON.stringify(await db().selectFrom("customer_links").selectAll().execute())).not.toContain(link.token);
    expect(shop.logs.join("\n")).not.toContain(link.token);
  });

  it("answers the same for an email without an account, and sends nothing for it", async () => {
    const jobsBefore = (await db().selectFrom("jobs").select("id").execute()).length;
    const unknown = await new BrowserSession(shop.url).graphql(RECOVER, { email: "nobody@example.com" });
    const known = await new BrowserSession(shop.url).graphql(RECOVER, { email: "ada@example.com" });
    expect(unknown).toEqual(known);
    expect(unknown.data.customerRecover).toEqual({ ok: true, userErrors: [] });
    expect((await db().selectFrom("jobs").select("id").execute()).length).toBe(jobsBefore + 1);
    const malformed = await new BrowserSession(shop.url).graphql(RECOVER, { email: "not an email" });
    expect(errorOf(malformed.data.customerRecover)).toEqual({ code: "INVALID_INPUT", field: "email" });
  });

  it("refuses an altered, an expired and a replaced link, saying which; the password stays", async () => {
    await registered("Bea", "bea@example.com", "bea password 1");
    const browser = new BrowserSession(shop.url);
    await browser.graphql(RECOVER, { email: "bea@example.com" });
    const first = await linkFor("bea@example.com", "reset");
    const altered = `${first.token.slice(0, -2)}${first.token.endsWith("AA") ? "BB" : "AA"}`;
    expect(errorOf((await browser.graphql(RESET, { input: { token: altered, password: "bea password 2" } })).data.customerReset)).toEqual({ code: "TOKEN_INVALID", field: "token" });

    await db().updateTable("customer_links").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", first.linkId).execute();
    expect(errorOf((await browser.graphql(RESET, { input: { token: first.token, password: "bea password 2" } })).data.customerReset)).toEqual({ code: "TOKEN_EXPIRED", field: "token" });

    // Asked again: a new link; and a retried email job mints a new token, so the one before stops working.
    await browser.graphql(RECOVER, { email: "bea@example.com" });
    const second = await linkFor("bea@example.com", "reset");
    const minted = await services().customerRecovery.mintLink(second.linkId);
    expect(minted).not.toBeNull();
    expect(errorOf((await browser.graphql(RESET, { input: { token: second.token, password: "bea password 2" } })).data.customerReset)).toEqual({ code: "TOKEN_INVALID", field: "token" });
    // A third request ends the second link: its newest token now counts as used.
    await browser.graphql(RECOVER, { email: "bea@example.com" });
    expect(errorOf((await browser.graphql(RESET, { input: { token: minted!.token, password: "bea password 2" } })).data.customerReset)).toEqual({ code: "TOKEN_USED", field: "token" });
    await signedIn("bea@example.com", "bea password 1");
  });

  it("limits requests per email and per client, answering the same for unknown emails", async () => {
    for (const email of ["cap@example.com", "ghost@example.com"]) {
      if (email === "cap@example.com") await registered("Cap", email, "cap password 1");
      for (let i = 0; i < 3; i++) expect((await shop.graphql(RECOVER, { email })).data.customerRecover.ok).toBe(true);
      const refused = (await shop.graphql(RECOVER, { email })).data.customerRecover;
      expect(refused.ok).toBeNull();
      expect(refused.userErrors[0].code).toBe("RATE_LIMITED");
    }
    await db().deleteFrom("rate_limit_events").execute();
    const client = new BrowserSession(shop.url, fromAddress("203.0.113.9"));
    for (let i = 0; i < 10; i++) expect((await client.graphql(RECOVER, { email: `visitor${i}@example.com` })).data.customerRecover.ok).toBe(true);
    expect((await client.graphql(RECOVER, { email: "visitor10@example.com" })).data.customerRecover.userErrors[0].code).toBe("RATE_LIMITED");
    // Another client is not held back by that one.
    expect((await new BrowserSession(shop.url, fromAddress("203.0.113.10")).graphql(RECOVER, { email: "visitor10@example.com" })).data.customerRecover.ok).toBe(true);
  });

  it("lets an account made with Google set its first password, and Google's word verifies the email", async () => {
    const guestOrder = await placeOrderFor(shop, null, "Gail@Example.com");
    const google = await googleAccount("google-sub-1", "gail@example.com");
    expect(google).toMatchObject({ hasPassword: false, emailVerified: true });
    // Google proved the address: the order placed with it as a guest is the new account's.
    expect((await db().selectFrom("orders").select("customer_id").where("id", "=", guestOrder.id).executeTakeFirstOrThrow()).customer_id).toBe(google.id);
    await shop.graphql(RECOVER, { email: "gail@example.com" });
    const { token } = await linkFor("gail@example.com", "reset");
    const browser = new BrowserSession(shop.url);
    expect((await browser.graphql(RESET, { input: { token, password: "gail password 1" } })).data.customerReset.customer).toMatchObject({ hasPassword: true });
    await signedIn("gail@example.com", "gail password 1");
  });
});

describe("email verification", () => {
  it("sends a link at registration; guest orders with the email join the account only once it is verified", async () => {
    const guestOrder = await placeOrderFor(shop, null, "dee@example.com");
    const dee = await registered("Dee", "dee@example.com", "dee password 1");
    expect((await dee.graphql(ME)).data.me).toMatchObject({ email: "dee@example.com", emailVerified: false, pendingEmail: null });
    // Signed in and unverified: the guest order is not on the dashboard.
    expect((await dee.graphql(ORDERS)).data.customerOrders).toEqual([]);

    const first = await linkFor("dee@example.com", "verify_email");
    expect(first.subject).toBe("Confirm your email for Satire Supply Co.");
    expect(first.text).toContain("The link works once, within 24 hours.");
    // Sent again: the first link stops working.
    expect((await dee.graphql(RESEND)).data.customerEmailVerificationSend.userErrors).toEqual([]);
    const second = await linkFor("dee@example.com", "verify_email");
    expect(errorOf((await shop.graphql(ACTIVATE, { token: first.token })).data.customerActivate)).toEqual({ code: "TOKEN_USED", field: "token" });
    expect((await dee.graphql(ORDERS)).data.customerOrders).toEqual([]);

    // Followed in any browser (the link is the proof).
    expect((await shop.graphql(ACTIVATE, { token: second.token })).data.customerActivate).toEqual({ outcome: "EMAIL_VERIFIED", email: "dee@example.com", userErrors: [] });
    expect((await dee.graphql(ME)).data.me.emailVerified).toBe(true);
    expect((await dee.graphql(ORDERS)).data.customerOrders).toEqual([{ id: guestOrder.id }]);
    expect(errorOf((await shop.graphql(ACTIVATE, { token: second.token })).data.customerActivate)).toEqual({ code: "TOKEN_USED", field: "token" });
    expect(errorOf((await dee.graphql(RESEND)).data.customerEmailVerificationSend)).toEqual({ code: "CONFLICT", field: "email" });
    expect(errorOf((await shop.graphql(ACTIVATE, { token: "not-a-token" })).data.customerActivate)).toEqual({ code: "TOKEN_INVALID", field: "token" });
    expect(shop.logs.join("\n")).not.toContain(second.token);
  });

  it("a completed reset verifies the email and attaches the guest orders", async () => {
    const order = await placeOrderFor(shop, null, "Eve@Example.com");
    await registered("Eve", "eve@example.com", "eve password 1");
    await shop.graphql(RECOVER, { email: "eve@example.com" });
    const { token } = await linkFor("eve@example.com", "reset");
    const browser = new BrowserSession(shop.url);
    await browser.graphql(RESET, { input: { token, password: "eve password 2" } });
    expect((await browser.graphql(ME)).data.me.emailVerified).toBe(true);
    expect((await browser.graphql(ORDERS)).data.customerOrders).toEqual([{ id: order.id }]);
  });

  it("limits resends, and needs a signed-in customer", async () => {
    const fay = await registered("Fay", "fay@example.com", "fay password 1");
    for (let i = 0; i < 3; i++) expect((await fay.graphql(RESEND)).data.customerEmailVerificationSend.userErrors).toEqual([]);
    expect(errorOf((await fay.graphql(RESEND)).data.customerEmailVerificationSend)?.code).toBe("RATE_LIMITED");
    expect(errorOf((await shop.graphql(RESEND)).data.customerEmailVerificationSend)?.code).toBe("UNAUTHENTICATED");
  });
});

describe("changing the email", () => {
  it("needs the password, refuses a taken email, and takes effect only once the new address is verified", async () => {
    const gus = await registered("Gus", "gus@example.com", "gus password 1");
    const update = (input: Record<string, unknown>) => gus.graphql(EMAIL_UPDATE, { input });
    expect(errorOf((await update({ email: "gus.new@example.com" })).data.customerEmailUpdate)).toEqual({ code: "INVALID_INPUT", field: "currentPassword" });
    expect(errorOf((await update({ email: "gus.new@example.com", currentPassword: "wrong password" })).data.customerEmailUpdate)).toEqual({ code: "INVALID_INPUT", field: "currentPassword" });
    expect(errorOf((await update({ email: "ada@example.com", currentPassword: "gus password 1" })).data.customerEmailUpdate)).toEqual({ code: "CONFLICT", field: "email" });
    expect(errorOf((await update({ email: "nope", currentPassword: "gus password 1" })).data.customerEmailUpdate)).toEqual({ code: "INVALID_INPUT", field: "email" });

    const order = await placeOrderFor(shop, null, "gus.new@example.com");
    // A reset link sent to the old address before the change…
    await shop.graphql(RECOVER, { email: "gus@example.com" });
    const oldMailboxReset = await linkFor("gus@example.com", "reset");
    const asked = await update({ email: " Gus.New@Example.com ", currentPassword: "gus password 1" });
    expect(asked.data.customerEmailUpdate).toMatchObject({ customer: { email: "gus@example.com" }, userErrors: [] });
    expect((await gus.graphql(ME)).data.me).toMatchObject({ email: "gus@example.com", pendingEmail: "gus.new@example.com" });
    const link = await linkFor("gus@example.com", "change_email");
    expect(link.to).toBe("gus.new@example.com");
    expect(link.linkEmail).toBe("gus.new@example.com");
    // The old address is told.
    const notice = readEml(fs.readFileSync(path.join(outbox, `customer-email-change-notice-${link.linkId}.eml`), "utf8"));
    expect(notice.header("To")).toBe("gus@example.com");
    expect(notice.text).toContain("gus.new@example.com");
    // Not yet: the old email still signs in, the new one does not, the order is not his.
    await signedIn("gus@example.com", "gus password 1");
    expect((await new BrowserSession(shop.url).login("gus.new@example.com", "gus password 1")).status).toBe(401);
    expect((await gus.graphql(ORDERS)).data.customerOrders).toEqual([]);

    expect((await shop.graphql(ACTIVATE, { token: link.token })).data.customerActivate).toEqual({ outcome: "EMAIL_CHANGED", email: "gus.new@example.com", userErrors: [] });
    expect((await gus.graphql(ME)).data.me).toMatchObject({ email: "gus.new@example.com", emailVerified: true, pendingEmail: null });
    expect((await gus.graphql(ORDERS)).data.customerOrders).toEqual([{ id: order.id }]);
    // …stops working once the account has left that mailbox.
    expect(errorOf((await shop.graphql(RESET, { input: { token: oldMailboxReset.token, password: "taken over 1" } })).data.customerReset)).toEqual({ code: "TOKEN_USED", field: "token" });
    await signedIn("gus.new@example.com", "gus password 1");
    expect((await new BrowserSession(shop.url).login("gus@example.com", "gus password 1")).status).toBe(401);
    // Five requests an hour (four so far: the missing and wrong passwords, the taken email, the change), wrong passwords included.
    expect(errorOf((await update({ email: "gus.third@example.com", currentPassword: "a guess" })).data.customerEmailUpdate)).toEqual({ code: "INVALID_INPUT", field: "currentPassword" });
    expect(errorOf((await update({ email: "gus.third@example.com", currentPassword: "another guess" })).data.customerEmailUpdate)?.code).toBe("RATE_LIMITED");
  });

  it("refuses the change when the new address was taken meanwhile", async () => {
    const hal = await registered("Hal", "hal@example.com", "hal password 1");
    await hal.graphql(EMAIL_UPDATE, { input: { email: "taken.later@example.com", currentPassword: "hal password 1" } });
    const link = await linkFor("hal@example.com", "change_email");
    await registered("Later", "taken.later@example.com", "later password 1");
    expect(errorOf((await shop.graphql(ACTIVATE, { token: link.token })).data.customerActivate)).toEqual({ code: "CONFLICT", field: "token" });
    expect((await hal.graphql(ME)).data.me.email).toBe("hal@example.com");
  });

  it("an account without a password approves the change from its current address first", async () => {
    const google = await googleAccount("google-sub-2", "ivy@example.com");
    // Signed in as that account (a Google sign-in in real life).
    const sessionCookieHolder = await googleSession(new BrowserSession(shop.url), google.id);
    const asked = await sessionCookieHolder.graphql(EMAIL_UPDATE, { input: { email: "ivy.new@example.com" } });
    expect(asked.data.customerEmailUpdate.userErrors).toEqual([]);
    const approval = await linkFor("ivy@example.com", "confirm_email_change");
    expect(approval.to).toBe("ivy@example.com");
    expect((await shop.graphql(ACTIVATE, { token: approval.token })).data.customerActivate).toEqual({ outcome: "EMAIL_CHANGE_APPROVED", email: "ivy.new@example.com", userErrors: [] });
    expect((await sessionCookieHolder.graphql(ME)).data.me).toMatchObject({ email: "ivy@example.com", pendingEmail: "ivy.new@example.com" });
    const confirm = await linkFor("ivy@example.com", "change_email");
    expect(confirm.to).toBe("ivy.new@example.com");
    expect((await shop.graphql(ACTIVATE, { token: confirm.token })).data.customerActivate.outcome).toBe("EMAIL_CHANGED");
    expect((await sessionCookieHolder.graphql(ME)).data.me).toMatchObject({ email: "ivy.new@example.com", emailVerified: true, pendingEmail: null });
  });
});

/** A browser holding a session of `customerId`, written to the session store as a Google sign-in would leave it. */
async function googleSession(browser: BrowserSession, customerId: string): Promise<BrowserSession> {
  // Sign in any account to get a session cookie, then point that session at the Google customer.
  await browser.register({ name: "Tmp", email: `tmp-${customerId}@example.com`, password: "temporary password" });
  await browser.login(`tmp-${customerId}@example.com`, "temporary password");
  const tmp = await db().selectFrom("customers").select("id").where("email", "=", `tmp-${customerId}@example.com`).executeTakeFirstOrThrow();
  const row = await db().selectFrom("sessions").select(["sid", "sess"]).where("customer_id", "=", tmp.id).executeTakeFirstOrThrow();
  const sess = { ...(row.sess as Record<string, unknown>), customerId };
  await db().updateTable("sessions").set({ sess: JSON.stringify(sess), customer_id: customerId }).where("sid", "=", row.sid).execute();
  return browser;
}
