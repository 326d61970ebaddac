import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnGateway, waitForHealthy, type GatewayProcess } from "./support/process.js";
import { createTestDatabase } from "./support/database.js";
import { startTestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";

// `npm run staff:add` on the embedded database (with and without a gateway holding it) and
// on PostgreSQL, and SHOP_OWNER_EMAIL/SHOP_OWNER_PASSWORD at start-up. The command and gateways are
// real processes compiling TypeScript at start-up, hence the longer timeout.
const PROCESS_TESTS = { timeout: 180_000 };
const ROOT = path.resolve(import.meta.dirname, "..");
const started: GatewayProcess[] = [];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

afterAll(() => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
});

function staffAdd(args: string[], env: Record<string, string>, stdin?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "gateway/scripts/staff-add.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.stdin.end(stdin ?? "");
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const STAFF_LOGIN = `mutation($e: String!, $p: String!) { staffLogin(input: { email: $e, password: $p }) { staff { email role } userErrors { code } } }`;

async function signIn(baseUrl: string, email: string, password: string) {
  return (await new BrowserSession(baseUrl).graphql(STAFF_LOGIN, { e: email, p: password })).data.staffLogin;
}

describe.skipIf(onPostgres)("staff:add on the embedded database", () => {
  it("adds a staff member when no gateway runs, refuses a weak password and a taken email, reads the password from a pipe", PROCESS_TESTS, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-staff-"));
    const env = { DATA_DIR: dataDir };
    const weak = await staffAdd(["--email", "own@shop.example", "--name", "Own", "--role", "owner", "--password", "short"], env);
    expect(weak).toMatchObject({ code: 2, output: expect.stringContaining("Refused: password must be at least 8 characters") });
    const piped = await staffAdd(["--email", "Own@Shop.example", "--name", "Own", "--role", "owner"], env, "a good long password\n");
    expect(piped.output).toContain(`Added owner own@shop.example (Own) through DATA_DIR ${dataDir}.`);
    expect(piped.code).toBe(0);
    const taken = await staffAdd(["--email", "own@shop.example", "--name", "Own", "--role", "staff", "--password", "another long one"], env);
    expect(taken).toMatchObject({ code: 2, output: expect.stringContaining("A staff member with this email already exists") });
    const usage = await staffAdd(["--email", "x@shop.example", "--name", "X", "--role", "admin", "--password", "another long one"], env);
    expect(usage).toMatchObject({ code: 2, output: expect.stringContaining("--role must be owner or staff") });
    expect(fs.existsSync(path.join(dataDir, "gateway.lock"))).toBe(false);

    // The same directory, now held by a running gateway: the command goes through its socket.
    const port = await freePort();
    const gateway = spawnGateway({ PORT: String(port), DATA_DIR: dataDir });
    started.push(gateway);
    await waitForHealthy(port, gateway);
    expect(fs.statSync(path.join(dataDir, "admin")).mode & 0o777).toBe(0o700);
    const live = await staffAdd(["--email", "clerk@shop.example", "--name", "Clerk", "--role", "staff", "--password", "clerk long password"], env);
    expect(live.output).toContain("Added staff clerk@shop.example (Clerk) through the running gateway.");
    const liveWeak = await staffAdd(["--email", "weak@shop.example", "--name", "W", "--role", "staff"], env, "1234567\n");
    expect(liveWeak).toMatchObject({ code: 2, output: expect.stringContaining("Refused") });
    const url = `http://127.0.0.1:${port}`;
    expect(await signIn(url, "clerk@shop.example", "clerk long password")).toEqual({ staff: { email: "clerk@shop.example", role: "STAFF" }, userErrors: [] });
    expect(await signIn(url, "own@shop.example", "a good long password")).toEqual({ staff: { email: "own@shop.example", role: "OWNER" }, userErrors: [] });
    expect((await signIn(url, "weak@shop.example", "1234567")).userErrors).toEqual([{ code: "UNAUTHENTICATED" }]);
    // The owner the command made sets up two-factor sign-in and then signs in with a code.
    const owner = new BrowserSession(url);
    await owner.graphql(STAFF_LOGIN, { e: "own@shop.example", p: "a good long password" });
    const { secret } = (await owner.graphql(`mutation { staffTwoFactorSetupStart { setup { secret } } }`)).data.staffTwoFactorSetupStart.setup;
    const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    const confirm = await owner.graphql(`mutation($c: String!) { staffTwoFactorSetupConfirm(code: $c) { recoveryCodes } }`, { c: app.generate() });
    expect(confirm.data.staffTwoFactorSetupConfirm.recoveryCodes).toHaveLength(10);
    const again = new BrowserSession(url);
    expect((await again.graphql(`mutation { staffLogin(input: { email: "own@shop.example", password: "a good long password" }) { twoFactorRequired } }`)).data.staffLogin.twoFactorRequired).toBe(true);
    const second = await again.graphql(`mutation($c: String!) { staffLoginTwoFactor(input: { code: $c }) { staff { email } } }`, { c: app.generate({ timestamp: Date.now() + 30_000 }) });
    expect(second.data.staffLoginTwoFactor.staff).toEqual({ email: "own@shop.example" });
    gateway.child.kill("SIGTERM");
    expect(await gateway.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "admin", "staff.sock"))).toBe(false);
  });
});

describe.skipIf(!onPostgres)("staff:add on PostgreSQL", () => {
  it("writes the database named by DATABASE_URL", PROCESS_TESTS, async () => {
    const database = await createTestDatabase();
    try {
      const env = { DATABASE_URL: database.url!, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "storefront-staff-")) };
      const added = await staffAdd(["--email", "pg@shop.example", "--name", "Pat", "--role", "owner", "--password", "postgres long pass"], env);
      expect(added.output).toContain("Added owner pg@shop.example (Pat) through DATABASE_URL.");
      const again = await staffAdd(["--email", "pg@shop.example", "--name", "Pat", "--role", "owner", "--password", "postgres long pass"], env);
      expect(again.code).toBe(2);
      const shop = await startTestGateway({}, database);
      try {
        expect((await signIn(shop.url, "pg@shop.example", "postgres long pass")).staff).toEqual({ email: "pg@shop.example", role: "OWNER" });
      } finally {
        await shop.close();
      }
    } finally {
      await database.dispose();
    }
  });
});

describe("SHOP_OWNER_EMAIL and SHOP_OWNER_PASSWORD", () => {
  it("make an owner at start-up when missing and never overwrite an existing account's password", async () => {
    const shop = await startTestGateway({ shopOwner: { email: " Boss@Shop.example ", password: "first long password" } });
    try {
      expect(shop.logs.join("\n")).toContain('"msg":"shop owner created"');
      expect((await signIn(shop.url, "boss@shop.example", "first long password")).staff).toEqual({ email: "boss@shop.example", role: "OWNER" });
      // The next start-up with another password: the account is there, so nothing changes.
      expect(await shop.running.gateway.services.staff.ensureOwner("BOSS@shop.example", "a different password")).toEqual({ created: false });
      expect((await signIn(shop.url, "boss@shop.example", "a different password")).userErrors).toEqual([{ code: "UNAUTHENTICATED" }]);
      expect((await signIn(shop.url, "boss@shop.example", "first long password")).staff.role).toBe("OWNER");
    } finally {
      await shop.close();
    }
    const database = await createTestDatabase();
    try {
      await expect(startTestGateway({ shopOwner: { email: "new@shop.example", password: "weak" } }, database)).rejects.toThrow(
        "SHOP_OWNER_EMAIL/SHOP_OWNER_PASSWORD: password must be at least 8 characters",
      );
      expect(await database.db.selectFrom("staff_members").select("email").execute()).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});
