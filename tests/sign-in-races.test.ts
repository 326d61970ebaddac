import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { behindLocalProxy, fromAddress, startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { CustomerRepository } from "../gateway/customers/customer.repository.js";
import { StaffRepository } from "../gateway/staff/staff.repository.js";
import { RateLimiter } from "../gateway/shared/rate-limiter.js";
import { RateLimitedError } from "../gateway/shared/errors.js";

// Limits counted while many requests arrive at once. Both doors check a password right after
// reading the account's credentials (the decoy's for an unknown email), so those reads are the
// password checks the limits let through.
const passwordChecks = [vi.spyOn(CustomerRepository.prototype, "findCredentialsByEmail"), vi.spyOn(StaffRepository.prototype, "findCredentialsByEmail")];
const passwordCheckCount = () => passwordChecks.reduce((n, spy) => n + spy.mock.calls.length, 0);

const LIMIT = 10;
const AT_ONCE = 100;
const password = "the right password";
const CUSTOMER = "victim@example.com";
const STAFF = { email: "clerk@shop.example", password: "clerk password 1" };
const STAFF_2FA = { email: "guarded@shop.example", password: "guarded password 1" };

const STAFF_LOGIN = `mutation($input: StaffLoginInput!) { staffLogin(input: $input) { twoFactorRequired userErrors { code retryAfter } } }`;
const LOGIN_2FA = `mutation($code: String!) { staffLoginTwoFactor(input: { code: $code }) { staff { email } userErrors { code field retryAfter } } }`;
const SETUP_START = `mutation { staffTwoFactorSetupStart { setup { secret } userErrors { code } } }`;
const SETUP_CONFIRM = `mutation($code: String!) { staffTwoFactorSetupConfirm(code: $code) { recoveryCodes userErrors { code } } }`;

let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway({
    ...behindLocalProxy(),
    authLimits: { windowMinutes: 15, failuresPerEmail: LIMIT, failuresPerAddress: LIMIT, throttleSeconds: 30, registrationsPerAddressPerHour: 50 },
  });
  expect((await new BrowserSession(shop.url).register({ name: "Victim", email: CUSTOMER, password })).status).toBe(201);
  const { staff } = shop.running.gateway.services;
  await staff.create({ ...STAFF, name: "Clem Clerk", role: "staff" });
  await staff.create({ ...STAFF_2FA, name: "Gus Guarded", role: "staff" });
});
afterEach(async () => {
  await shop.database.db.deleteFrom("rate_limit_events").execute();
  for (const spy of passwordChecks) spy.mockClear();
});
afterAll(() => shop?.close());

/** How a wrong sign-in ended: its password was checked (and was wrong), or it was refused before. */
type Outcome = "checked" | "RATE_LIMITED" | string;
interface Door {
  email: string;
  signIn(email: string, address: string): Promise<{ outcome: Outcome; retryAfter: number | null }>;
}

const DOORS: Record<string, Door> = {
  "customer sign-in (REST)": {
    email: CUSTOMER,
    async signIn(email, address) {
      const { status, res } = await new BrowserSession(shop.url, fromAddress(address)).login(email, "wrong password");
      const outcome = status === 401 ? "checked" : status === 429 ? "RATE_LIMITED" : `HTTP ${status}`;
      return { outcome, retryAfter: status === 429 ? Number(res.headers.get("retry-after")) : null };
    },
  },
  "staff sign-in (GraphQL)": {
    email: STAFF.email,
    async signIn(email, address) {
      const { data } = await new BrowserSession(shop.url, fromAddress(address)).graphql(STAFF_LOGIN, { input: { email, password: "wrong password" } });
      const error = data.staffLogin.userErrors[0];
      return { outcome: error?.code === "UNAUTHENTICATED" ? "checked" : (error?.code ?? "signed in"), retryAfter: error?.retryAfter ?? null };
    },
  },
};

const SCENARIOS: Record<string, (door: Door, i: number) => [email: string, address: string]> = {
  "one email from one client": (door) => [door.email, "10.20.0.1"],
  "one email from a hundred clients": (door, i) => [door.email, `10.21.0.${i}`],
  "a hundred emails from one client": (_door, i) => [`nobody-${i}@example.com`, "10.22.0.1"],
};

describe("sign-in limits under simultaneous wrong passwords", () => {
  const cases = Object.keys(DOORS).flatMap((door) => Object.keys(SCENARIOS).map((scenario) => [door, scenario] as const));

  it.each(cases)(`%s, %s: of ${AT_ONCE} at once, ${LIMIT} are checked against the password and the rest answer RATE_LIMITED`, async (doorName, scenario) => {
    const door = DOORS[doorName]!;
    const results = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => door.signIn(...SCENARIOS[scenario]!(door, i))));
    const outcomes = results.map((r) => r.outcome);
    expect(outcomes.filter((o) => o !== "checked" && o !== "RATE_LIMITED")).toEqual([]);
    expect(outcomes.filter((o) => o === "checked")).toHaveLength(LIMIT);
    expect(passwordCheckCount()).toBe(LIMIT);
    for (const { retryAfter } of results.filter((r) => r.outcome === "RATE_LIMITED")) expect(retryAfter).toBeGreaterThan(0);
    // Each failure is counted once: no more than the limit were kept.
    const failures = await shop.database.db.selectFrom("rate_limit_events").select("bucket").where("bucket", "like", "%-fail:%").execute();
    expect(failures.length).toBe(LIMIT * 3);
  });

  it("lets the right password through afterwards from a browser that signed in before, and takes its own attempt back", async () => {
    const owner = new BrowserSession(shop.url, fromAddress("10.23.0.1"));
    expect((await owner.login(CUSTOMER, password)).status).toBe(200);
    await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => DOORS["customer sign-in (REST)"]!.signIn(CUSTOMER, `10.24.0.${i}`)));
    for (const spy of passwordChecks) spy.mockClear();
    const signIns = await Promise.all(Array.from({ length: 5 }, () => owner.login(CUSTOMER, password)));
    expect(signIns.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(passwordCheckCount()).toBe(5);
    const left = await shop.database.db.selectFrom("rate_limit_events").select("bucket").where("bucket", "like", "login-fail:device:%").execute();
    expect(left).toEqual([]);
  });
});

describe("RateLimiter.take", () => {
  it("grants exactly the limit of simultaneous reservations on one bucket; a released one makes room", async () => {
    const limiter = new RateLimiter(shop.database.db);
    const taken = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.take("race:test", LIMIT, 60)));
    const granted = taken.filter((t) => t.status === "fulfilled");
    expect(granted).toHaveLength(LIMIT);
    for (const refused of taken.filter((t) => t.status === "rejected")) expect(refused.reason).toBeInstanceOf(RateLimitedError);
    await expect(limiter.take("race:test", LIMIT, 60)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await (granted[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
    await expect(limiter.take("race:test", LIMIT, 60)).resolves.toBeDefined();
  });
});

describe("two-factor codes under simultaneous wrong guesses", () => {
  it("checks at most 5 codes per member; the rest answer RATE_LIMITED", async () => {
    const member = new BrowserSession(shop.url);
    expect((await member.graphql(STAFF_LOGIN, { input: STAFF_2FA })).data.staffLogin.userErrors).toEqual([]);
    const secret = (await member.graphql(SETUP_START)).data.staffTwoFactorSetupStart.setup.secret as string;
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    expect((await member.graphql(SETUP_CONFIRM, { code: totp.generate() })).data.staffTwoFactorSetupConfirm.recoveryCodes).toHaveLength(10);

    const guesser = new BrowserSession(shop.url, fromAddress("10.25.0.1"));
    expect((await guesser.graphql(STAFF_LOGIN, { input: STAFF_2FA })).data.staffLogin.twoFactorRequired).toBe(true);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => guesser.graphql(LOGIN_2FA, { code: `wrong-guess-${i}` })));
    const codes = answers.map((a) => a.data.staffLoginTwoFactor.userErrors[0]?.code);
    expect(codes.filter((c) => c === "INVALID_INPUT")).toHaveLength(5);
    expect(codes.filter((c) => c === "RATE_LIMITED")).toHaveLength(25);
    // Even the right code now waits for the window.
    expect((await guesser.graphql(LOGIN_2FA, { code: totp.generate({ timestamp: Date.now() + 30_000 }) })).data.staffLoginTwoFactor.userErrors[0].code).toBe("RATE_LIMITED");
  });
});
