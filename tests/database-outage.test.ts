import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnGateway, waitFor, waitForHealthy, type GatewayProcess } from "./support/process.js";
import type { TestDatabase } from "./support/database.js";

// Each test spawns gateway processes that compile TypeScript at start-up; on a loaded 2-core machine
// that alone can take tens of seconds, so these tests get more time than the default 30 s.
const PROCESS_TESTS = { timeout: 120_000 };

// The database can go away and come back. A connection that dies while in use never
// crashes the gateway; while the database does not answer, REST and GraphQL answer 503 and
// /healthz too; when it is back the gateway serves again without a restart. PostgreSQL only:
// the embedded database lives inside the process.
const started: GatewayProcess[] = [];
const databases: TestDatabase[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-outage-"));

afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  for (const d of databases) await d.dispose().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freshDatabase(): Promise<TestDatabase> {
  const { createTestDatabase } = await import("./support/database.js");
  const database = await createTestDatabase();
  await database.close();
  databases.push(database);
  return database;
}

const PRODUCTS_QUERY = JSON.stringify({ query: "{ products(pageSize: 12) { products { id title variants { id } } } }" });

async function request(base: string, which: number): Promise<number> {
  try {
    const res =
      which % 3 === 0
        ? await fetch(`${base}/api/products?page=1`)
        : which % 3 === 1
          ? await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: PRODUCTS_QUERY })
          : await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return -1; // the connection itself failed: the gateway is gone
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)("the database going away (PostgreSQL)", PROCESS_TESTS, () => {
  it("survives its connections being ended under load, answering 200 or 503, and recovers by itself", async () => {
    const database = await freshDatabase();
    const dbName = new URL(database.url!).pathname.slice(1);
    const port = await freePort();
    const gateway = spawnGateway({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url!, LOG_LEVEL: "warn" });
    started.push(gateway);
    await waitForHealthy(port, gateway);
    const base = `http://127.0.0.1:${port}`;

    const statuses = new Map<number, number>();
    let loading = true;
    const clients = Array.from({ length: 4 }, async (_, c) => {
      for (let i = c; loading; i += 1) {
        const status = await request(base, i);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    let ended = 0;
    try {
      for (let round = 0; round < 10; round += 1) {
        await new Promise((r) => setTimeout(r, 300));
        const result = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [dbName]);
        ended += result.rowCount ?? 0;
      }
    } finally {
      loading = false;
      await Promise.all(clients);
      await admin.end();
    }

    expect(ended).toBeGreaterThan(0);
    expect(gateway.child.exitCode).toBeNull();
    expect(gateway.output()).not.toContain("Unhandled 'error' event");
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503), gateway.output().split("\n").filter((l) => l.includes("failed")).slice(0, 3).join("\n")).toEqual([]);
    // Back to normal without a restart.
    await waitFor(async () => (await request(base, 2)) === 200, 10_000, "healthz 200 again");
    expect(await request(base, 0)).toBe(200);
    expect(await request(base, 1)).toBe(200);
    gateway.child.kill("SIGTERM");
    expect(await gateway.exited).toBe(0);
  });

  it("answers 503 everywhere while the database does not answer, and serves again when it is back", async () => {
    const database = await freshDatabase();
    const upstream = new URL(database.url!);
    // A TCP relay between the gateway and PostgreSQL stands for the network or the server going away.
    const sockets = new Set<net.Socket>();
    const relayPort = await freePort();
    const relay = () =>
      new Promise<net.Server>((resolve) => {
        const server = net.createServer((client) => {
          const db = net.connect(Number(upstream.port || 5432), upstream.hostname);
          sockets.add(client).add(db);
          client.pipe(db).pipe(client);
          const drop = () => {
            client.destroy();
            db.destroy();
          };
          client.on("error", drop).on("close", drop);
          db.on("error", drop).on("close", drop);
        });
        server.listen(relayPort, "127.0.0.1", () => resolve(server));
      });
    let server = await relay();
    const viaRelay = new URL(database.url!);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relayPort);

    const port = await freePort();
    // Without the catalog cache, so that every request below needs the database (a cached catalog
    // page would still be served while it is away, which is the cache's business, not this test's).
    const gateway = spawnGateway({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: viaRelay.toString(), LOG_LEVEL: "warn", CATALOG_CACHE_SECONDS: "0" });
    started.push(gateway);
    await waitForHealthy(port, gateway);
    const base = `http://127.0.0.1:${port}`;
    expect(await request(base, 0)).toBe(200);

    // The database goes away: open connections die, new ones are refused.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
      sockets.clear();
    });
    const rest = await fetch(`${base}/api/products?page=1`);
    expect(rest.status).toBe(503);
    expect(await rest.json()).toMatchObject({ error: "The shop's database is unavailable; please try again shortly" });
    const graphql = await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: PRODUCTS_QUERY });
    expect(graphql.status).toBe(503);
    expect(((await graphql.json()) as any).errors[0].extensions.code).toBe("SERVICE_UNAVAILABLE");
    // An integration's request: finding who holds the token needs the database before anything runs.
    const integration = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer sst_0123456789abcdef0123456789abcdef0123456789a" },
      body: JSON.stringify({ query: "{ adminOrders { totalCount } }" }),
    });
    const integrationBody = (await integration.json()) as any;
    expect(integration.status, JSON.stringify(integrationBody)).toBe(503);
    expect(integrationBody.errors[0].extensions.code).toBe("SERVICE_UNAVAILABLE");
    expect(await request(base, 2)).toBe(503);
    expect(gateway.child.exitCode).toBeNull();

    // It comes back: the gateway serves again by itself.
    server = await relay();
    await waitFor(async () => (await request(base, 2)) === 200, 15_000, "healthz 200 again");
    expect(await request(base, 0)).toBe(200);
    expect(await request(base, 1)).toBe(200);
    gateway.child.kill("SIGTERM");
    expect(await gateway.exited).toBe(0);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  });
});
