import net from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, spawnGateway, waitFor, waitForHealthy, type GatewayProcess } from "./support/process.js";
import type { TestDatabase } from "./support/database.js";

// "Attack what you build": the connection to PostgreSQL is cut in the middle of a group of
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
 * Armed with a partition, the cut is followed by that long a network partition: what the gateway
 * sends on any connection, new ones included, is held (as TCP would keep retransmitting it) and
 * delivered when the partition ends.
 */
async function commitCuttingRelay(upstream: URL) {
  const sockets = new Set<net.Socket>();
  const cuts: CutMode[] = [];
  let armed: { mode: CutMode; partitionMs: number } | null = null;
  let held: (() => void)[] | null = null;
  const server = net.createServer((client) => {
    const db = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client).add(db);
    client.on("data", (chunk: Buffer) => {
      if (held) {
        held.push(() => db.write(chunk));
        return;
      }
      const cut = armed;
      if (cut && /Q[\s\S]{4}commit\0/.test(chunk.toString("latin1"))) {
        armed = null;
        cuts.push(cut.mode);
        client.destroy();
        if (cut.mode === "after-commit") db.end(chunk);
        else db.destroy();
        if (cut.partitionMs > 0) {
          const queue: (() => void)[] = (held = []);
          setTimeout(() => {
            held = null;
            for (const send of queue) send();
          }, cut.partitionMs);
        }
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
    arm: (mode: CutMode, partitionMs = 0) => (armed = { mode, partitionMs }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

const ADD = `mutation($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { cart { totalQuantity } userErrors { code } } }`;

/** A gateway on a fresh PostgreSQL database, reached through the relay, and `carts` carts holding one sticker each. */
async function gatewayBehindRelay(carts: number) {
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
  const ids: string[] = [];
  for (let i = 0; i < carts; i += 1) {
    const created = await graphql(`mutation($lines: [CartLineInput!]) { cartCreate(input: { lines: $lines }) { cart { id } } }`, { lines: [{ merchandiseId: sticker }] });
    ids.push(created.body.data.cartCreate.cart.id);
  }
  const unitsOf = async (id: string) => (await graphql(`query($id: ID!) { cart(id: $id) { totalQuantity } }`, { id })).body.data.cart.totalQuantity as number;
  return { relay, gateway, base, graphql, sticker, carts: ids, unitsOf };
}

describe.runIf(process.env.TEST_DATABASE_URL)("cutting the database connection in the middle of a group of cart adds (PostgreSQL)", { timeout: 180_000 }, () => {
  it("counts every add that succeeded exactly once, fails the others clearly, and recovers by itself", async () => {
    const { relay, gateway, base, graphql, sticker, carts, unitsOf } = await gatewayBehindRelay(16);
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
  it("answers within its bound, saying to look before retrying, when a partition keeps the database from saying whether a COMMIT landed", async () => {
    const { relay, gateway, base, graphql, sticker, carts, unitsOf } = await gatewayBehindRelay(1);
    const PARTITION_MS = 9_000;
    // Several pooled connections open and idle: the gateway's question goes on one of them and is
    // held by the partition (a new connection would fail at the pool's 5 s connect timeout instead).
    await Promise.all(Array.from({ length: 8 }, () => unitsOf(carts[0]!)));
    relay.arm("after-commit", PARTITION_MS);
    const began = Date.now();
    const { status, body } = await graphql(ADD, { id: carts[0], lines: [{ merchandiseId: sticker }] });
    const waited = Date.now() - began;
    expect(relay.cuts).toEqual(["after-commit"]);
    // Not run again, not reported as failed: the database could not say (08007), and the shopper is told so.
    expect(status).toBe(503);
    expect(body.errors[0]).toMatchObject({
      message: "The shop's database did not confirm whether your change was saved; check before trying again",
      extensions: { code: "SERVICE_UNAVAILABLE" },
    });
    // Within the 5 s the gateway gives the question (commit-resolution.ts), not when the partition ends
    // nor at the pool's 35 s query timeout.
    expect(waited).toBeGreaterThan(4_500);
    expect(waited).toBeLessThan(PARTITION_MS - 1_000);
    // Once the network is back: the add had landed, once; the shop answers and takes the next add.
    await waitFor(async () => (await fetch(`${base}/healthz`)).status === 200, 30_000, "healthz 200 again");
    await waitFor(async () => (await graphql(`query($id: ID!) { cart(id: $id) { id } }`, { id: carts[0] })).status === 200, 30_000, "the cart readable again");
    expect(await unitsOf(carts[0]!)).toBe(2);
    const after = await graphql(ADD, { id: carts[0], lines: [{ merchandiseId: sticker }] });
    expect(after.body.data.cartLinesAdd).toEqual({ cart: { totalQuantity: 3 }, userErrors: [] });
    expect(gateway.child.exitCode).toBeNull();
    gateway.child.kill("SIGTERM");
    expect(await gateway.exited).toBe(0);
    await relay.close();
  });
});
