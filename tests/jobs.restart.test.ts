import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, logLines, spawnGateway, waitFor, waitForHealthy, type GatewayProcess } from "./support/process.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { startFakeServer } from "./support/pipeline.js";
import { cartApi, variantsOf } from "./support/cart.js";
import { guestFetcher, payWith } from "./support/checkout.js";
import { BrowserSession } from "./support/browser-session.js";
import type { TestGateway } from "./support/gateway.js";

// The job survives the process: a gateway is killed (SIGKILL) while it is sending an
// order to the print partner; the next gateway takes the job again once its lock has run out, finds
// the order the dead one had already placed (external_id), and the partner has it exactly once.
const started: GatewayProcess[] = [];
let database: TestDatabase | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-restart-"));
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const OWNER = { email: "owner@shop.example", password: "owner password 1" };

describe("a partner job across a crash", { timeout: 240_000 }, () => {
  it("is taken again after the killed gateway's lock runs out and completes once", async () => {
    const held: http.ServerResponse[] = [];
    const partnerOrders: { id: number; external_id: string; status: string; shipments: unknown[] }[] = [];
    const printful = await startFakeServer((req, res) => {
      const byExternal = /^\/orders\/@([^/?]+)$/.exec(req.path);
      if (req.method === "GET" && byExternal) {
        const found = partnerOrders.find((o) => o.external_id === decodeURIComponent(byExternal[1]!));
        res.writeHead(found ? 200 : 404, { "content-type": "application/json" });
        res.end(JSON.stringify(found ? { code: 200, result: found } : { code: 404, error: { message: "Not found" } }));
        return;
      }
      const body = JSON.parse(req.body.toString("utf8"));
      partnerOrders.push({ id: 9000 + partnerOrders.length, external_id: body.external_id, status: "pending", shipments: [] });
      // The partner takes the order but the answer never comes: the gateway dies waiting for it.
      held.push(res);
    });
    try {
      const port = await freePort();
      if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
      const variantsFile = path.join(dataDir, "printful-variants.json");
      fs.writeFileSync(variantsFile, JSON.stringify({ "i-survived-the-subcommittee-tee": 4012 }));
      const env = {
        PORT: String(port),
        DATA_DIR: dataDir,
        ...(database?.url ? { DATABASE_URL: database.url } : {}),
        FULFILLMENT_PARTNER: "printful",
        PRINTFUL_API_URL: printful.url,
        PRINTFUL_API_TOKEN: "token",
        PRINTFUL_WEBHOOK_SECRET: "a-webhook-secret-of-some-length",
        PRINTFUL_VARIANTS: variantsFile,
        JOBS_LOCK_MS: "3000",
        JOBS_POLL_MS: "200",
        SHOP_OWNER_EMAIL: OWNER.email,
        SHOP_OWNER_PASSWORD: OWNER.password,
      };
      const first = spawnGateway(env);
      started.push(first);
      await waitForHealthy(port, first);
      const base = `http://127.0.0.1:${port}`;
      const shop = {
        url: base,
        rest: async (p: string, init?: RequestInit) => {
          const res = await fetch(base + p, init);
          return { status: res.status, headers: res.headers, body: (await res.json()) as any };
        },
      } as unknown as TestGateway;
      const tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
      const api = cartApi(shop);
      const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
      const paid = await payWith(guestFetcher(base), (await api.checkoutUrl(cartId)).body.checkoutUrl);
      expect(paid.status).toBe(303);
      const orderNumber = Number(new URL(paid.location!).searchParams.get("order_number"));

      await waitFor(() => partnerOrders.length === 1, 30_000, "the partner to receive the order");
      first.child.kill("SIGKILL");
      await first.exited;

      const second = spawnGateway(env);
      started.push(second);
      await waitForHealthy(port, second);
      const staff = new BrowserSession(base);
      await staff.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: OWNER });
      const jobOf = async () =>
        (await staff.graphql(`{ adminOrders(search: "#${orderNumber}") { nodes { id fulfillmentStatus fulfillmentJob { state attempts externalId lastError } } } }`)).data
          .adminOrders.nodes[0];
      await waitFor(async () => (await jobOf())?.fulfillmentJob?.state === "SUCCEEDED", 60_000, "the job to complete on the new gateway");
      const order = await jobOf();
      expect(order.fulfillmentStatus).toBe("IN_PROGRESS");
      // Two attempts: the one that died with the first gateway, and the one that found the order.
      expect(order.fulfillmentJob).toMatchObject({ state: "SUCCEEDED", attempts: 2, externalId: "9000" });
      expect(partnerOrders).toHaveLength(1);
      expect(partnerOrders[0]!.external_id).toBe(order.id);
      expect(logLines(second, "job succeeded")).toContainEqual(expect.objectContaining({ kind: "fulfillment.submit", attempt: 2 }));

      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    } finally {
      for (const res of held) res.destroy();
      await printful.close();
    }
  });
});
