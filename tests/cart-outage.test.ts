import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnGateway, waitFor, waitForHealthy, type GatewayProcess } from "./support/process.js";
import type { TestDatabase } from "./support/database.js";

// Issue 14, "attack what you build": the connection to PostgreSQL is cut in the middle of a group of
// cart adds (they share one transaction, gateway/shared/groups.ts). The cut lands on COMMIT, the one
// moment where the gateway cannot know from its own connection what happened: cut before COMMIT
// reaches the server, the group is rolled back; cut after, it is committed but the answer never
// arrives. Either way every add must either succeed and be counted once, or fail with a clear
// error and count nothing: the units in each cart equal its successful adds. PostgreSQL only.
const started: GatewayProcess[] = [];
const databases: TestDatabase[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-cart-outage-"));

afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  for (const d of databases) await d.dispose().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type CutMode = "before-commit" | "after-commit";

/**
 * A TCP relay between the gateway and PostgreSQL that, once armed, cuts the next connection that
 * sends COMMIT (node-postgres sends it as a simple Query message): "before-commit" drops it
 * unsent; "after-commit" hands it to the server (which commits) and cuts only the gateway's side.
 */
async function commitCuttingRelay(upstream: URL) {
  const sockets = new Set<net.Socket>();
  const cuts: CutMode[] = [];
  let armed: CutMode | null = null;
  const server = net.createServer((client) => {
    const db = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client).add(db);
    client.on("data", (chunk: Buffer) => {
      const mode = armed;
      if (mode && /Q[\s\S]{4}commit\0/.test(chunk.toString("latin1"))) {
        armed = null;
        cuts.push(mode);
        client.destroy();
        if (mode === "after-commit") db.end(chunk);
        else db.destroy();
        return;
      }
      db.write(chunk);
    });
    db.pipe(client);
    const drop = () => {
      client.destroy();
      if (!db.writableEnded) db.destroy();
    };
    client.on("error", drop).on("close", drop);
    db.on("error", drop).on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    cuts,
    arm: (mode: CutMode) => (armed = mode),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

const ADD = `mutation($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { cart { totalQuantity } userErrors { code } } }`;

describe.runIf(process.env.TEST_DATABASE_URL)("cutting the database connection in the middle of a group of cart adds (PostgreSQL)", { timeout: 180_000 }, () => {
  it("counts every add that succeeded exactly once, fails the others clearly, and recovers by itself", async () => {
    const { createTestDatabase } = await import("./support/database.js");
    const database = await createTestDatabase();
    await database.close();
    databases.push(database);
    const relay = await commitCuttingRelay(new URL(database.url!));
    const viaRelay = new URL(database.url!);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);

    const port = await freePort();
    const gateway = spawnGateway({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: viaRelay.toString(), LOG_LEVEL: "warn" });
    started.push(gateway);
    await waitForHealthy(port, gateway);
    const base = `http://127.0.0.1:${port}`;
    const graphql = async (query: string, variables: Record<string, unknown>) => {
      const res = await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) });
      return { status: res.status, body: (await res.json()) as any };
    };
    const product = await graphql(`{ product(handle: "red-tape-sticker-pack") { variants(first: 1) { id } } }`, {});
    const sticker = product.body.data.product.variants[0].id as string;
    const carts: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const created = await graphql(`mutation($lines: [CartLineInput!]) { cartCreate(input: { lines: $lines }) { cart { id } } }`, { lines: [{ merchandiseId: sticker }] });
      carts.push(created.body.data.cartCreate.cart.id);
    }
    const unitsOf = async (id: string) => (await graphql(`query($id: ID!) { cart(id: $id) { totalQuantity } }`, { id })).body.data.cart.totalQuantity as number;

    // Each cart gets one add at a time from its own client; the gateway groups the 16 carts' adds.
    const succeeded = carts.map(() => 0);
    const clearErrors: string[] = [];
    const unclear: string[] = [];
    let loading = true;
    const clients = carts.map(async (id, c) => {
      while (loading) {
        try {
          const { status, body } = await graphql(ADD, { id, lines: [{ merchandiseId: sticker }] });
          const answer = body.data?.cartLinesAdd;
          if (status === 200 && answer?.userErrors.length === 0 && answer.cart.totalQuantity > 1) succeeded[c]! += 1;
          else if (status === 503 && body.errors?.[0]?.extensions?.code === "SERVICE_UNAVAILABLE" && body.errors[0].message.length > 20) clearErrors.push(body.errors[0].message);
          else unclear.push(`${status} ${JSON.stringify(body)}`);
        } catch (error) {
          unclear.push(`no answer: ${(error as Error).message}`);
        }
      }
    });
    // Cut 24 COMMITs, alternating before and after the server has them.
    for (let i = 0; i < 24; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 120));
      relay.arm(i % 2 === 0 ? "after-commit" : "before-commit");
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    loading = false;
    await Promise.all(clients);

    expect(relay.cuts.filter((m) => m === "after-commit").length).toBeGreaterThan(4);
    expect(relay.cuts.filter((m) => m === "before-commit").length).toBeGreaterThan(4);
    expect(gateway.child.exitCode).toBeNull();
    expect(unclear.slice(0, 3)).toEqual([]);
    // Back to normal without a restart, and not one unit lost or counted twice.
    await waitFor(async () => (await fetch(`${base}/healthz`)).status === 200, 15_000, "healthz 200 again");
    const units = [];
    for (const id of carts) units.push(await unitsOf(id));
    expect(units).toEqual(succeeded.map((n) => 1 + n));
    expect(succeeded.reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
    const after = await graphql(ADD, { id: carts[0], lines: [{ merchandiseId: sticker }] });
    expect(after.body.data.cartLinesAdd).toEqual({ cart: { totalQuantity: units[0]! + 1 }, userErrors: [] });
    gateway.child.kill("SIGTERM");
    expect(await gateway.exited).toBe(0);
    await relay.close();
    expect(gateway.output()).not.toContain("Unhandled 'error' event");
  });
});
