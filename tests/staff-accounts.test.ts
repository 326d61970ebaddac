import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { readEml } from "./support/pipeline.js";

// Staff accounts run by owners (add, role, disable/enable, reset links), password links that work
// once and never sit in a job, staff session lifetimes, and two-factor sign-in, through HTTP.
let shop: TestGateway;
let outbox: string;
const OWNER = { email: "boss@shop.example", password: "boss password 1" };
const CLERK = { email: "desk@shop.example", password: "desk password 1" };
let ownerId: string;
let clerkId: string;

const LOGIN = `mutation($input: StaffLoginInput!) { staffLogin(input: $input) { staff { email role status twoFactorSetupRequired } twoFactorRequired userErrors { code field message } } }`;
const LOGIN_2FA = `mutation($code: String!) { staffLoginTwoFactor(input: { code: $code }) { staff { email } userErrors { code field message } } }`;
const ME = `{ staffMe { id email role twoFactorEnabled twoFactorSetupRequired } }`;
const ORDERS = `{ adminOrders(first: 1) { totalCount } }`;
const MEMBER = `staffMember { id email name role status twoFactorEnabled lastSignInAt createdAt } userErrors { code field message }`;
const LIST = `{ staffMembers { id email name role status twoFactorEnabled twoFactorSetupRequired lastSignInAt } }`;
const CREATE = `mutation($input: StaffMemberCreateInput!) { staffMemberCreate(input: $input) { password ${MEMBER} } }`;
const ROLE = `mutation($id: ID!, $role: StaffRole!) { staffMemberUpdateRole(id: $id, role: $role) { ${MEMBER} } }`;
const DISABLE = `mutation($id: ID!) { staffMemberDisable(id: $id) { ${MEMBER} } }`;
const ENABLE = `mutation($id: ID!) { staffMemberEnable(id: $id) { ${MEMBER} } }`;
const SEND_RESET = `mutation($id: ID!) { staffMemberSendPasswordReset(id: $id) { ${MEMBER} } }`;
const TWO_FACTOR_RESET = `mutation($id: ID!) { staffMemberTwoFactorReset(id: $id) { ${MEMBER} } }`;
const REQUIRE = `mutation($required: Boolean!) { staffTwoFactorRequirementSet(required: $required) { required userErrors { code field message } } }`;
const RESET_REQUEST = `mutation($email: String!) { staffPasswordResetRequest(email: $email) { ok userErrors { code field message } } }`;
const RESET = `mutation($token: String!, $password: String!) { staffPasswordReset(token: $token, password: $password) { ok userErrors { code field message } } }`;
const SETUP_START = `mutation { staffTwoFactorSetupStart { setup { secret otpauthUri qrCodeDataUrl } userErrors { code message } } }`;
const SETUP_CONFIRM = `mutation($code: String!) { staffTwoFactorSetupConfirm(code: $code) { recoveryCodes userErrors { code field message } } }`;
const DISABLE_2FA = `mutation($code: String!) { staffTwoFactorDisable(code: $code) { staffMember { twoFactorEnabled } userErrors { code field message } } }`;
const REGENERATE = `mutation($code: String!) { staffRecoveryCodesRegenerate(code: $code) { recoveryCodes userErrors { code field message } } }`;
const SECURITY = `{ staffSecurity { twoFactorEnabled recoveryCodesLeft twoFactorRequired } }`;
const AUDIT = `{ auditLog(first: 100) { nodes { actor action details } } }`;

const codes = (errors: any[] | undefined) => (errors ?? []).map((e) => e.extensions?.code);
const services = () => shop.running.gateway.services;
const db = () => shop.database.db;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
function totp(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + steps * 30_000 });
}

async function signIn(who: { email: string; password: string }, rememberMe = false): Promise<BrowserSession> {
  const browser = new BrowserSession(shop.url);
  const { data } = await browser.graphql(LOGIN, { input: { email: who.email, password: who.password, rememberMe } });
  expect(data.staffLogin.userErrors).toEqual([]);
  return browser;
}

async function addWithPassword(owner: BrowserSession, email: string, name: string, role: "OWNER" | "STAFF") {
  const { data } = await owner.graphql(CREATE, { input: { email, name, role, inviteMethod: "ONE_TIME_PASSWORD" } });
  expect(data.staffMemberCreate.userErrors).toEqual([]);
  return { id: data.staffMemberCreate.staffMember.id as string, email, password: data.staffMemberCreate.password as string };
}

/** Runs the email jobs and answers the link the newest password email of `email` holds. */
async function linkSentTo(email: string): Promise<{ token: string; text: string; linkId: string }> {
  const row = await db()
    .selectFrom("staff_password_tokens")
    .innerJoin("staff_members", "staff_members.id", "staff_password_tokens.staff_id")
    .select(["staff_password_tokens.id"])
    .where("staff_members.email", "=", email)
    .orderBy("staff_password_tokens.created_at", "desc")
    .executeTakeFirstOrThrow();
  await services().jobRunner.drain();
  const eml = readEml(fs.readFileSync(path.join(outbox, `staff-password-link-${row.id}.eml`), "utf8"));
  expect(eml.header("To")).toBe(email);
  const token = /\/admin\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(eml.text)?.[1];
  expect(token).toBeDefined();
  return { token: token!, text: eml.text, linkId: row.id };
}

async function staffSessionRows(staffId: string) {
  return db().selectFrom("sessions").select(["sid", "sess"]).where("staff_id", "=", staffId).execute();
}

/** Changes a staff session's stored times, as if time had passed (no sleeping). */
async function ageSessions(staffId: string, change: (sess: Record<string, any>) => void) {
  for (const row of await staffSessionRows(staffId)) {
    const sess = { ...(row.sess as Record<string, any>) };
    change(sess);
    await db().updateTable("sessions").set({ sess: JSON.stringify(sess) }).where("sid", "=", row.sid).execute();
  }
}

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-staff-accounts-"));
  outbox = path.join(dataDir, "outbox");
  shop = await startTestGateway({ dataDir });
  ownerId = (await services().staff.create({ ...OWNER, name: "Bea Boss", role: "owner" })).id;
  clerkId = (await services().staff.create({ ...CLERK, name: "Dee Desk", role: "staff" })).id;
});
afterAll(() => shop?.close());
beforeEach(async () => {
  await db().deleteFrom("rate_limit_events").execute();
});

describe("owners manage staff", () => {
  it("keeps every staff-management operation for owners: staff, tokens and visitors are refused", async () => {
    const clerk = await signIn(CLERK);
    const owner = await signIn(OWNER);
    const token = (await owner.graphql(`mutation { apiTokenCreate(name: "all", scopes: ["orders:read", "orders:write", "webhooks:write"]) { token } }`)).data.apiTokenCreate.token;
    const asToken = new BrowserSession(shop.url, { authorization: `Bearer ${token}` });
    const anonymous = new BrowserSession(shop.url);
    const operations: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [CREATE, { input: { email: "x@shop.example", name: "X", role: "STAFF", inviteMethod: "ONE_TIME_PASSWORD" } }],
      [ROLE, { id: clerkId, role: "OWNER" }],
      [DISABLE, { id: ownerId }],
      [ENABLE, { id: clerkId }],
      [SEND_RESET, { id: ownerId }],
      [TWO_FACTOR_RESET, { id: ownerId }],
      [REQUIRE, { required: false }],
    ];
    for (const [browser, code] of [
      [clerk, "FORBIDDEN"],
      [asToken, "FORBIDDEN"],
      [anonymous, "UNAUTHENTICATED"],
    ] as const) {
      for (const [query, variables] of operations) {
        const answer = await browser.graphql(query, variables);
        expect(codes(answer.errors), query).toEqual([code]);
      }
      expect(codes((await browser.graphql(SETUP_START)).errors)).toEqual(browser === clerk ? [] : [code]);
    }
    await db().updateTable("staff_members").set({ totp_pending_secret: null }).where("id", "=", clerkId).execute();
    expect((await db().selectFrom("staff_members").select("role").where("id", "=", clerkId).executeTakeFirstOrThrow()).role).toBe("staff");
    expect(await db().selectFrom("staff_members").select("id").where("email", "=", "x@shop.example").execute()).toEqual([]);
    // The list, for the owner.
    const list = (await owner.graphql(LIST)).data.staffMembers;
    expect(list.map((m: any) => [m.email, m.role, m.status, m.twoFactorEnabled])).toEqual(
      expect.arrayContaining([
        [OWNER.email, "OWNER", "ACTIVE", false],
        [CLERK.email, "STAFF", "ACTIVE", false],
      ]),
    );
    expect(list.find((m: any) => m.email === OWNER.email).lastSignInAt).toEqual(expect.any(String));
  });

  it("adds a member with an emailed link: the job holds no token, the link sets the password once, then is refused", async () => {
    const owner = await signIn(OWNER);
    const created = await owner.graphql(CREATE, { input: { email: " New.Hire@Shop.example ", name: "Nia New", role: "STAFF", inviteMethod: "EMAIL_LINK" } });
    expect(created.data.staffMemberCreate).toMatchObject({ password: null, staffMember: { email: "new.hire@shop.example", status: "INVITED" }, userErrors: [] });
    const who = { email: "new.hire@shop.example", password: "a brand new password" };
    // No password yet: sign-in is refused like a wrong password.
    expect((await new BrowserSession(shop.url).graphql(LOGIN, { input: who })).data.staffLogin.userErrors[0].code).toBe("UNAUTHENTICATED");

    const [job] = await db().selectFrom("jobs").select(["payload", "dedupe_key"]).where("dedupe_key", "like", "email:staff-password-link-%").orderBy("created_at", "desc").execute();
    const { token, text, linkId } = await linkSentTo(who.email);
    expect(text).toContain("http://127.0.0.1:3000/admin/reset-password?token=");
    expect(text).toContain("within 72 hours");
    expect(job!.payload).toMatchObject({ to: who.email, template: "staff_password_link", data: { linkId } });
    const afterRun = await db().selectFrom("jobs").selectAll().where("dedupe_key", "=", job!.dedupe_key).executeTakeFirstOrThrow();
    expect(JSON.stringify(job)).not.toContain(token);
    expect(JSON.stringify(afterRun)).not.toContain(token);
    expect(afterRun.state).toBe("SUCCEEDED");
    expect(shop.logs.join("\n")).not.toContain(token);
    const stored = await db().selectFrom("staff_password_tokens").selectAll().where("id", "=", linkId).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const browser = new BrowserSession(shop.url);
    const short = await browser.graphql(RESET, { token, password: "short" });
    expect(short.data.staffPasswordReset.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "password" });
    expect((await browser.graphql(RESET, { token, password: who.password })).data.staffPasswordReset).toEqual({ ok: true, userErrors: [] });
    const again = await browser.graphql(RESET, { token, password: "another new password" });
    expect(again.data.staffPasswordReset.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "token" });
    const member = await signIn(who);
    expect((await member.graphql(ME)).data.staffMe).toMatchObject({ email: who.email, role: "STAFF" });
    expect(shop.logs.join("\n")).not.toContain(token);
  });

  it("refuses an expired link, and a link minted again (a retried email job) replaces the one before", async () => {
    const owner = await signIn(OWNER);
    const nia = await db().selectFrom("staff_members").select("id").where("email", "=", "new.hire@shop.example").executeTakeFirstOrThrow();
    expect((await owner.graphql(SEND_RESET, { id: nia.id })).data.staffMemberSendPasswordReset.userErrors).toEqual([]);
    const first = await linkSentTo("new.hire@shop.example");
    expect(first.text).toContain("within 1 hour");
    const minted = await services().staffAccounts.mintLink(first.linkId);
    expect(minted).not.toBeNull();
    const browser = new BrowserSession(shop.url);
    const replaced = await browser.graphql(RESET, { token: first.token, password: "reset password 22" });
    expect(replaced.data.staffPasswordReset.userErrors[0]).toMatchObject({ field: "token" });
    await db().updateTable("staff_password_tokens").set({ expires_at: new Date(Date.now() - 1000) }).where("id", "=", first.linkId).execute();
    const expired = await browser.graphql(RESET, { token: minted!.token, password: "reset password 22" });
    expect(expired.data.staffPasswordReset.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "token" });
    // The old password still works.
    await signIn({ email: "new.hire@shop.example", password: "a brand new password" });
  });

  it("adds a member with a password answered once (only its hash kept), who signs in with it", async () => {
    const owner = await signIn(OWNER);
    const added = await addWithPassword(owner, "temp@shop.example", "Tom Temp", "STAFF");
    expect(added.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const row = await db().selectFrom("staff_members").selectAll().where("id", "=", added.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(added.password);
    const member = await signIn(added);
    expect((await member.graphql(ME)).data.staffMe.email).toBe("temp@shop.example");
    const taken = await owner.graphql(CREATE, { input: { email: "temp@shop.example", name: "Again", role: "STAFF", inviteMethod: "ONE_TIME_PASSWORD" } });
    expect(taken.data.staffMemberCreate).toMatchObject({ staffMember: null, password: null, userErrors: [{ code: "CONFLICT", field: "email" }] });
    const badEmail = await owner.graphql(CREATE, { input: { email: "not-an-email", name: "N", role: "STAFF", inviteMethod: "EMAIL_LINK" } });
    expect(badEmail.data.staffMemberCreate.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "email" });
    const noName = await owner.graphql(CREATE, { input: { email: "n@shop.example", name: " ", role: "STAFF", inviteMethod: "EMAIL_LINK" } });
    expect(noName.data.staffMemberCreate.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "name" });
  });

  it("changes a role, and never demotes or disables the last active owner", async () => {
    const owner = await signIn(OWNER);
    const promoted = await owner.graphql(ROLE, { id: clerkId, role: "OWNER" });
    expect(promoted.data.staffMemberUpdateRole.staffMember).toMatchObject({ email: CLERK.email, role: "OWNER" });
    const clerk = await signIn(CLERK);
    expect(codes((await clerk.graphql(LIST)).errors)).toEqual([]);
    expect((await owner.graphql(ROLE, { id: clerkId, role: "STAFF" })).data.staffMemberUpdateRole.staffMember.role).toBe("STAFF");
    expect(codes((await clerk.graphql(LIST)).errors)).toEqual(["FORBIDDEN"]);

    // Bea is now the only active owner.
    const demote = await owner.graphql(ROLE, { id: ownerId, role: "STAFF" });
    expect(demote.data.staffMemberUpdateRole).toEqual({ staffMember: null, userErrors: [{ code: "CONFLICT", field: "id", message: "The shop needs an active owner: make another owner first" }] });
    const disable = await owner.graphql(DISABLE, { id: ownerId });
    expect(disable.data.staffMemberDisable.userErrors[0]).toMatchObject({ code: "CONFLICT", field: "id" });
    expect((await db().selectFrom("staff_members").select(["role", "disabled_at"]).where("id", "=", ownerId).executeTakeFirstOrThrow())).toEqual({ role: "owner", disabled_at: null });
    // A disabled second owner does not count.
    const second = await addWithPassword(owner, "second.owner@shop.example", "Sam Second", "OWNER");
    expect((await owner.graphql(DISABLE, { id: second.id })).data.staffMemberDisable.staffMember.status).toBe("DISABLED");
    expect((await owner.graphql(ROLE, { id: ownerId, role: "STAFF" })).data.staffMemberUpdateRole.userErrors[0].code).toBe("CONFLICT");
    expect((await owner.graphql(ENABLE, { id: second.id })).data.staffMemberEnable.staffMember.status).toBe("ACTIVE");
    const unknown = await owner.graphql(DISABLE, { id: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.data.staffMemberDisable.userErrors).toEqual([{ code: "NOT_FOUND", field: null, message: "No staff member with this id" }]);
  });

  it("disables a member: their open session is signed out at once and sign-in is refused; enabling lets them back", async () => {
    const owner = await signIn(OWNER);
    const clerk = await signIn(CLERK, true);
    expect((await clerk.graphql(ME)).data.staffMe.email).toBe(CLERK.email);
    expect((await staffSessionRows(clerkId)).length).toBeGreaterThan(0);
    const disabled = await owner.graphql(DISABLE, { id: clerkId });
    expect(disabled.data.staffMemberDisable.staffMember).toMatchObject({ status: "DISABLED" });
    expect(await staffSessionRows(clerkId)).toEqual([]);
    expect((await clerk.graphql(ME)).data.staffMe).toBeNull();
    expect(codes((await clerk.graphql(ORDERS)).errors)).toEqual(["UNAUTHENTICATED"]);
    const refused = await new BrowserSession(shop.url).graphql(LOGIN, { input: CLERK });
    expect(refused.data.staffLogin).toMatchObject({ staff: null, userErrors: [{ code: "UNAUTHENTICATED", message: "This staff account is disabled: ask the shop's owner" }] });
    // A link asked for now is not sent to a disabled member.
    expect((await owner.graphql(SEND_RESET, { id: clerkId })).data.staffMemberSendPasswordReset.userErrors[0].code).toBe("CONFLICT");

    expect((await owner.graphql(ENABLE, { id: clerkId })).data.staffMemberEnable.staffMember.status).toBe("ACTIVE");
    const back = await signIn(CLERK);
    expect(codes((await back.graphql(ORDERS)).errors)).toEqual([]);
  });
});

describe("password resets", () => {
  it("answers a reset request the same for an unknown email, and sends only to a member", async () => {
    const before = await db().selectFrom("jobs").select("id").where("dedupe_key", "like", "email:staff-password-link-%").execute();
    const visitor = new BrowserSession(shop.url);
    const unknown = await visitor.graphql(RESET_REQUEST, { email: "nobody@shop.example" });
    const known = await visitor.graphql(RESET_REQUEST, { email: "Desk@Shop.example" });
    expect(unknown).toEqual(known);
    expect(known.data.staffPasswordResetRequest).toEqual({ ok: true, userErrors: [] });
    const after = await db().selectFrom("jobs").select("id").where("dedupe_key", "like", "email:staff-password-link-%").execute();
    expect(after.length).toBe(before.length + 1);
    // Limited per email (3 an hour), whether the email is a member's or not.
    for (let i = 0; i < 2; i += 1) await visitor.graphql(RESET_REQUEST, { email: "nobody@shop.example" });
    const limited = await visitor.graphql(RESET_REQUEST, { email: "nobody@shop.example" });
    expect(limited.data.staffPasswordResetRequest.userErrors[0].code).toBe("RATE_LIMITED");
  });

  it("limits reset requests per client address", async () => {
    const visitor = new BrowserSession(shop.url);
    for (let i = 0; i < 10; i += 1) expect((await visitor.graphql(RESET_REQUEST, { email: `guess${i}@shop.example` })).data.staffPasswordResetRequest.ok).toBe(true);
    expect((await visitor.graphql(RESET_REQUEST, { email: "guess-more@shop.example" })).data.staffPasswordResetRequest.userErrors[0].code).toBe("RATE_LIMITED");
  });

  it("sets a new password by the link once, ending every other session of the member", async () => {
    const clerk = await signIn(CLERK);
    await new BrowserSession(shop.url).graphql(RESET_REQUEST, { email: CLERK.email });
    const { token } = await linkSentTo(CLERK.email);
    const visitor = new BrowserSession(shop.url);
    expect((await visitor.graphql(RESET, { token, password: "desk password 2" })).data.staffPasswordReset.ok).toBe(true);
    expect((await clerk.graphql(ME)).data.staffMe).toBeNull();
    expect((await visitor.graphql(RESET, { token, password: "desk password 3" })).data.staffPasswordReset.userErrors[0].field).toBe("token");
    expect((await new BrowserSession(shop.url).graphql(LOGIN, { input: CLERK })).data.staffLogin.userErrors[0].code).toBe("UNAUTHENTICATED");
    CLERK.password = "desk password 2";
    await signIn(CLERK);
  });
});

describe("staff session lifetime", () => {
  beforeEach(async () => {
    await db().deleteFrom("sessions").where("staff_id", "=", clerkId).execute();
  });

  it("ends after 12 hours without a request", async () => {
    const clerk = await signIn(CLERK);
    await ageSessions(clerkId, (sess) => (sess.staffSeenAt = Date.now() - 11 * 3600_000));
    expect((await clerk.graphql(ME)).data.staffMe.email).toBe(CLERK.email);
    // That request counted as activity.
    const [row] = await staffSessionRows(clerkId);
    expect(Date.now() - (row!.sess as any).staffSeenAt).toBeLessThan(60_000);
    await ageSessions(clerkId, (sess) => (sess.staffSeenAt = Date.now() - 12 * 3600_000 - 60_000));
    expect((await clerk.graphql(ME)).data.staffMe).toBeNull();
    expect(codes((await clerk.graphql(ORDERS)).errors)).toEqual(["UNAUTHENTICATED"]);
    expect(await staffSessionRows(clerkId)).toEqual([]);
  });

  it("ends 7 days after sign-in however active, remember me or not; the cookie lasts 7 days at most", async () => {
    const clerk = await signIn(CLERK, true);
    const expires = /Expires=([^;]+)/i.exec(clerk.lastSetCookie.find((c) => c.startsWith("storefront.sid="))!)?.[1];
    const lifetime = new Date(expires!).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(7 * 86400_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(7 * 86400_000 + 1000);
    await ageSessions(clerkId, (sess) => (sess.staffSignedInAt = Date.now() - 6 * 86400_000));
    expect((await clerk.graphql(ME)).data.staffMe.email).toBe(CLERK.email);
    await ageSessions(clerkId, (sess) => {
      sess.staffSignedInAt = Date.now() - 7 * 86400_000 - 60_000;
      sess.staffSeenAt = Date.now();
    });
    expect((await clerk.graphql(ME)).data.staffMe).toBeNull();
    expect(await staffSessionRows(clerkId)).toEqual([]);
  });
});

describe("two-factor sign-in", () => {
  let secret: string;
  let recovery: string[];
  let usedCode: string;

  it("is set up with a QR code and confirmed with a current code, answering ten recovery codes once", async () => {
    const clerk = await signIn(CLERK);
    const started = (await clerk.graphql(SETUP_START)).data.staffTwoFactorSetupStart.setup;
    secret = started.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUri).toContain(`secret=${secret}`);
    expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(started.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.qrCodeDataUrl.split(",")[1], "base64").toString()).toContain("<svg");
    const wrong = await clerk.graphql(SETUP_CONFIRM, { code: totp(secret) === "000000" ? "111111" : "000000" });
    expect(wrong.data.staffTwoFactorSetupConfirm).toMatchObject({ recoveryCodes: null, userErrors: [{ code: "INVALID_INPUT", field: "code" }] });
    usedCode = totp(secret);
    const confirmed = await clerk.graphql(SETUP_CONFIRM, { code: usedCode });
    recovery = confirmed.data.staffTwoFactorSetupConfirm.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await clerk.graphql(SECURITY)).data.staffSecurity).toEqual({ twoFactorEnabled: true, recoveryCodesLeft: 10, twoFactorRequired: false });
    // The secret is never answered again, and recovery codes are kept only as hashes.
    expect(codes((await clerk.graphql(SETUP_START)).errors)).toEqual([]);
    expect((await clerk.graphql(SETUP_START)).data.staffTwoFactorSetupStart).toMatchObject({ setup: null, userErrors: [{ code: "CONFLICT" }] });
    const stored = await db().selectFrom("staff_recovery_codes").select("code_hash").where("staff_id", "=", clerkId).execute();
    expect(JSON.stringify(stored)).not.toContain(recovery[0]!.replace("-", ""));
    expect(stored).toHaveLength(10);
  });

  it("asks for a code after the password; until then the session has no powers; a code works once", async () => {
    const browser = new BrowserSession(shop.url);
    const first = await browser.graphql(LOGIN, { input: CLERK });
    expect(first.data.staffLogin).toEqual({ staff: null, twoFactorRequired: true, userErrors: [] });
    // The password alone does not make this a browser the member signed in on.
    expect(browser.lastSetCookie.some((c) => c.startsWith("storefront.device."))).toBe(false);
    expect((await browser.graphql(ME)).data.staffMe).toBeNull();
    expect(codes((await browser.graphql(ORDERS)).errors)).toEqual(["UNAUTHENTICATED"]);
    expect(codes((await browser.graphql(SECURITY)).errors)).toEqual(["UNAUTHENTICATED"]);
    // The code used at setup was spent.
    const reused = await browser.graphql(LOGIN_2FA, { code: usedCode });
    expect(reused.data.staffLoginTwoFactor.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "code" });
    usedCode = totp(secret, 1);
    const ok = await browser.graphql(LOGIN_2FA, { code: usedCode });
    expect(ok.data.staffLoginTwoFactor).toEqual({ staff: { email: CLERK.email }, userErrors: [] });
    expect(browser.lastSetCookie.some((c) => c.startsWith("storefront.device."))).toBe(true);
    expect(codes((await browser.graphql(ORDERS)).errors)).toEqual([]);

    // Another sign-in with the same code is refused.
    const other = new BrowserSession(shop.url);
    await other.graphql(LOGIN, { input: CLERK });
    expect((await other.graphql(LOGIN_2FA, { code: usedCode })).data.staffLoginTwoFactor.userErrors[0].field).toBe("code");
    // Without a pending sign-in, a code opens nothing.
    const stranger = new BrowserSession(shop.url);
    expect((await stranger.graphql(LOGIN_2FA, { code: totp(secret) })).data.staffLoginTwoFactor.userErrors[0].code).toBe("UNAUTHENTICATED");
  });

  it("takes a recovery code once; a pending sign-in expires after 5 minutes; wrong codes are limited", async () => {
    const browser = new BrowserSession(shop.url);
    await browser.graphql(LOGIN, { input: CLERK });
    expect((await browser.graphql(LOGIN_2FA, { code: recovery[0]!.toUpperCase() })).data.staffLoginTwoFactor.staff.email).toBe(CLERK.email);
    expect((await browser.graphql(SECURITY)).data.staffSecurity.recoveryCodesLeft).toBe(9);
    const again = new BrowserSession(shop.url);
    await again.graphql(LOGIN, { input: CLERK });
    expect((await again.graphql(LOGIN_2FA, { code: recovery[0] })).data.staffLoginTwoFactor.userErrors[0].field).toBe("code");

    const pendingRows = (await db().selectFrom("sessions").select(["sid", "sess"]).where("staff_id", "is", null).execute()).filter((row) => (row.sess as any).staffPending);
    expect(pendingRows.length).toBeGreaterThan(0);
    for (const row of pendingRows) {
      const sess = { ...(row.sess as any), staffPending: { ...(row.sess as any).staffPending, until: Date.now() - 1 } };
      await db().updateTable("sessions").set({ sess: JSON.stringify(sess) }).where("sid", "=", row.sid).execute();
    }
    expect((await again.graphql(LOGIN_2FA, { code: recovery[1] })).data.staffLoginTwoFactor.userErrors[0]).toMatchObject({ code: "UNAUTHENTICATED" });

    const guesser = new BrowserSession(shop.url);
    await guesser.graphql(LOGIN, { input: CLERK });
    for (let i = 0; i < 5; i += 1) await guesser.graphql(LOGIN_2FA, { code: `zzzzz-zzzz${i}` });
    expect((await guesser.graphql(LOGIN_2FA, { code: recovery[1] })).data.staffLoginTwoFactor.userErrors[0].code).toBe("RATE_LIMITED");
  });

  it("regenerates recovery codes and is turned off with a code; an owner turns it off for a lost device", async () => {
    await db().deleteFrom("rate_limit_events").execute();
    const browser = new BrowserSession(shop.url);
    await browser.graphql(LOGIN, { input: CLERK });
    await browser.graphql(LOGIN_2FA, { code: recovery[2] });
    const fresh = (await browser.graphql(REGENERATE, { code: recovery[3] })).data.staffRecoveryCodesRegenerate.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await browser.graphql(DISABLE_2FA, { code: recovery[4] })).data.staffTwoFactorDisable.userErrors[0].field).toBe("code");
    expect((await browser.graphql(DISABLE_2FA, { code: fresh[0] })).data.staffTwoFactorDisable).toEqual({ staffMember: { twoFactorEnabled: false }, userErrors: [] });
    await signIn(CLERK);

    // Set up again, then the owner turns it off.
    const setup = (await browser.graphql(SETUP_START)).data.staffTwoFactorSetupStart.setup;
    await browser.graphql(SETUP_CONFIRM, { code: totp(setup.secret) });
    const owner = await signIn(OWNER);
    expect((await owner.graphql(TWO_FACTOR_RESET, { id: clerkId })).data.staffMemberTwoFactorReset.staffMember.twoFactorEnabled).toBe(false);
    const plain = await signIn(CLERK);
    expect((await plain.graphql(ME)).data.staffMe.twoFactorEnabled).toBe(false);
  });

  it("when owners require it, a member without it may only set it up, then works as before", async () => {
    const owner = await signIn(OWNER);
    const refused = await owner.graphql(REQUIRE, { required: true });
    expect(refused.data.staffTwoFactorRequirementSet.userErrors[0]).toMatchObject({ code: "CONFLICT", message: "Turn on two-factor sign-in for yourself first" });
    const ownerSetup = (await owner.graphql(SETUP_START)).data.staffTwoFactorSetupStart.setup;
    await owner.graphql(SETUP_CONFIRM, { code: totp(ownerSetup.secret) });
    expect((await owner.graphql(REQUIRE, { required: true })).data.staffTwoFactorRequirementSet).toEqual({ required: true, userErrors: [] });

    const clerk = new BrowserSession(shop.url);
    const login = await clerk.graphql(LOGIN, { input: CLERK });
    expect(login.data.staffLogin.staff).toMatchObject({ email: CLERK.email, twoFactorSetupRequired: true });
    expect((await clerk.graphql(ME)).data.staffMe.twoFactorSetupRequired).toBe(true);
    const blocked = await clerk.graphql(ORDERS);
    expect(blocked.errors![0]).toMatchObject({ message: "Set up two-factor sign-in first: the shop requires it for every staff member", extensions: { code: "FORBIDDEN" } });
    expect((await clerk.graphql(SECURITY)).data.staffSecurity.twoFactorRequired).toBe(true);
    const setup = (await clerk.graphql(SETUP_START)).data.staffTwoFactorSetupStart.setup;
    expect((await clerk.graphql(SETUP_CONFIRM, { code: totp(setup.secret) })).data.staffTwoFactorSetupConfirm.recoveryCodes).toHaveLength(10);
    expect(codes((await clerk.graphql(ORDERS)).errors)).toEqual([]);
    expect((await clerk.graphql(ME)).data.staffMe.twoFactorSetupRequired).toBe(false);

    expect((await owner.graphql(REQUIRE, { required: false })).data.staffTwoFactorRequirementSet.required).toBe(false);
    await owner.graphql(TWO_FACTOR_RESET, { id: clerkId });
    await owner.graphql(TWO_FACTOR_RESET, { id: ownerId });
  });
});

describe("the audit log", () => {
  it("has an entry for every change, naming who did what to whom, and no secret", async () => {
    const owner = await signIn(OWNER);
    const entries = (await owner.graphql(AUDIT)).data.auditLog.nodes as { actor: string; action: string; details: string }[];
    const seen = (action: string, actor: string, details: string | RegExp) =>
      entries.some((e) => e.action === action && e.actor === actor && (typeof details === "string" ? e.details === details : details.test(e.details)));
    const boss = `staff:${OWNER.email}`;
    expect(seen("staff_created", boss, "new.hire@shop.example (staff, emailed link)")).toBe(true);
    expect(seen("staff_created", boss, "temp@shop.example (staff, one-time password)")).toBe(true);
    expect(seen("staff_password_set", "staff:new.hire@shop.example", "new.hire@shop.example")).toBe(true);
    expect(seen("staff_password_reset_sent", boss, "new.hire@shop.example (reset)")).toBe(true);
    expect(seen("staff_role_changed", boss, `${CLERK.email}: staff → owner`)).toBe(true);
    expect(seen("staff_role_changed", boss, `${CLERK.email}: owner → staff`)).toBe(true);
    expect(seen("staff_disabled", boss, CLERK.email)).toBe(true);
    expect(seen("staff_enabled", boss, CLERK.email)).toBe(true);
    expect(seen("staff_password_reset_requested", "visitor", CLERK.email)).toBe(true);
    expect(seen("staff_password_reset", `staff:${CLERK.email}`, CLERK.email)).toBe(true);
    expect(seen("two_factor_enabled", `staff:${CLERK.email}`, CLERK.email)).toBe(true);
    expect(seen("two_factor_recovery_code_used", `staff:${CLERK.email}`, /^\d+ left$/)).toBe(true);
    expect(seen("two_factor_recovery_codes_regenerated", `staff:${CLERK.email}`, CLERK.email)).toBe(true);
    expect(seen("two_factor_disabled", `staff:${CLERK.email}`, `${CLERK.email} (by themselves)`)).toBe(true);
    expect(seen("two_factor_disabled", boss, `${CLERK.email} (by an owner)`)).toBe(true);
    expect(seen("two_factor_requirement_changed", boss, "required for every staff member")).toBe(true);
    expect(seen("two_factor_requirement_changed", boss, "not required")).toBe(true);
    expect(entries.some((e) => e.action === "staff_password_reset_requested" && e.details === "nobody@shop.example")).toBe(false);
    const text = JSON.stringify(entries);
    expect(text).not.toMatch(/password [0-9]|[a-z2-9]{5}-[a-z2-9]{5}|token=/);
  });
});
