import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnGateway, waitFor, waitForHealthy, type GatewayProcess } from "./support/process.js";

// Each test spawns gateway processes that compile TypeScript at start-up; on a loaded 2-core machine
// that alone can take tens of seconds, so these tests get more time than the default 30 s.
const PROCESS_TESTS = { timeout: 120_000 };

// The run contract (DESIGN.md): start-up migrates and seeds idempotently, a second process is
// refused the same DATA_DIR, bad configuration stops start-up with one line, SIGTERM exits 0.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-proc-"));
const started: GatewayProcess[] = [];

afterAll(() => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the gateway process on the embedded database", PROCESS_TESTS, () => {
  it("starts, refuses a second process on its DATA_DIR, stops on SIGTERM, and restarts without re-seeding", async () => {
    const port = await freePort();
    const first = spawnGateway({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production" });
    started.push(first);
    await waitForHealthy(port, first);
    expect(first.output()).toContain('"msg":"seed applied"');

    // Sandbox and introspection are on in production mode too, for a shop on a loopback address (PUBLIC_URL's default here).
    const sandbox = await fetch(`http://127.0.0.1:${port}/graphql`, { headers: { accept: "text/html" } });
    expect(await sandbox.text()).toContain("embeddable-sandbox");
    const products = (await (await fetch(`http://127.0.0.1:${port}/api/products`)).json()) as { products: { id: string }[] };
    expect(products.products.length).toBeGreaterThan(0);

    const second = spawnGateway({ PORT: String(await freePort()), DATA_DIR: dataDir });
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/DATA_DIR .* is in use by another process \(pid \d+\)/);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "gateway.lock"))).toBe(false);

    const again = spawnGateway({ PORT: String(port), DATA_DIR: dataDir });
    started.push(again);
    await waitForHealthy(port, again);
    expect(again.output()).toContain('"msg":"seed already current"');
    expect(again.output()).not.toContain("migrations applied");
    const sameProducts = (await (await fetch(`http://127.0.0.1:${port}/api/products`)).json()) as { products: { id: string }[] };
    expect(sameProducts.products.map((p: { id: string }) => p.id)).toEqual(products.products.map((p: { id: string }) => p.id));
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });

  it("stops with exit 0, serving nothing, when told to while it starts", async () => {
    const port = await freePort();
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-proc-early-"));
    try {
      const proc = spawnGateway({ PORT: String(port), DATA_DIR: fresh });
      started.push(proc);
      // Its first log line comes while it prepares the database, long before it listens.
      await waitFor(() => proc.output().includes('"level"') || proc.child.exitCode !== null, 60_000, "the first log line");
      proc.child.kill("SIGTERM");
      expect(await proc.exited, proc.output()).toBe(0);
      expect(fs.existsSync(path.join(fresh, "gateway.lock"))).toBe(false);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it.each([
    [{ PORT: "not-a-port" }, /^Configuration error: PORT: /m],
    [{ DATABASE_URL: "mysql://127.0.0.1/shop" }, /^Configuration error: DATABASE_URL: /m],
  ])("stops start-up on %o with one line naming the variable", async (env, message) => {
    const proc = spawnGateway({ DATA_DIR: dataDir, ...env });
    started.push(proc);
    expect(await proc.exited).toBe(1);
    expect(proc.output().trim()).toMatch(message);
    expect(proc.output().trim().split("\n")).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the gateway process on PostgreSQL (runs when TEST_DATABASE_URL is set)", PROCESS_TESTS, () => {
  it("migrates, seeds and serves the catalog from DATABASE_URL", async () => {
    const { createTestDatabase } = await import("./support/database.js");
    const database = await createTestDatabase({ seed: false });
    await database.close();
    try {
      const port = await freePort();
      const proc = spawnGateway({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url! });
      started.push(proc);
      await waitForHealthy(port, proc);
      expect(proc.output()).toContain('"database":"postgres"');
      const body = (await (await fetch(`http://127.0.0.1:${port}/api/collections`)).json()) as unknown[];
      expect(body.length).toBe(6);
      proc.child.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
    } finally {
      await database.dispose();
    }
  });

  it("shares sessions and carts between two gateway processes on one database (scale-out)", async () => {
    const { createTestDatabase } = await import("./support/database.js");
    const { BrowserSession } = await import("./support/browser-session.js");
    const database = await createTestDatabase();
    await database.close();
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url!, SESSION_SECRET: "shared-secret-for-both-gateways-0123456789" };
      const [portA, portB] = [await freePort(), await freePort()];
      const a = spawnGateway({ ...env, PORT: String(portA) });
      const b = spawnGateway({ ...env, PORT: String(portB) });
      started.push(a, b);
      await Promise.all([waitForHealthy(portA, a), waitForHealthy(portB, b)]);
      const onA = new BrowserSession(`http://127.0.0.1:${portA}`);
      expect((await onA.register({ name: "Kim", email: "kim@example.com", password: "password123" })).status).toBe(201);
      expect((await onA.login("kim@example.com", "password123")).status).toBe(200);
      const onB = new BrowserSession(`http://127.0.0.1:${portB}`);
      onB.setCookies(onA.cloneCookies());
      expect((await onB.json("/api/auth/session")).body.user.email).toBe("kim@example.com");
      expect((await onB.json("/api/auth/logout", { method: "POST" })).body).toEqual({ ok: true });
      expect((await onA.json("/api/auth/session")).body.user).toBeNull();

      // Concurrent adds of one variant to one cart, half through each process, lose nothing.
      const product = (await onA.json("/api/products?pageSize=1")).body.products[0];
      const cartId = (await onA.json("/api/cart", { method: "POST" })).body.id as string;
      const path = `/api/cart/${encodeURIComponent(cartId)}/items`;
      const adds = Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? onA : onB).json(path, { method: "POST", json: { items: [{ variantId: product.variants[0].id, quantity: 1 }] } }),
      );
      expect((await Promise.all(adds)).every((r) => r.status === 200)).toBe(true);
      const cart = (await onB.json(`/api/cart/${encodeURIComponent(cartId)}`)).body;
      expect(cart.lines.edges.map((e: { node: { quantity: number } }) => e.node.quantity)).toEqual([40]);
      a.child.kill("SIGTERM");
      b.child.kill("SIGTERM");
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      await database.dispose();
    }
  });
});
