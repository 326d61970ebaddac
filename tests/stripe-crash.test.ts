import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, logLines, spawnGateway, waitForHealthy, type GatewayProcess } from "./support/process.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { startFakeStripe, STRIPE_TEST_KEYS, type FakeStripe } from "./support/fake-stripe.js";
import { cardNumbersIn, databaseText, startRecordingProxy, type RecordingProxy } from "./support/card-scan.js";
import { stripeGuestDetails } from "./support/stripe-shop.js";
import { cartApi, variantsOf } from "./support/cart.js";
import { formDefaults, guestFetcher, loadPage, postForm } from "./support/checkout.js";
import { openDatabase, type DatabaseHandle } from "../gateway/db/database.js";
import { lockDataDir } from "../gateway/db/data-dir-lock.js";
import type { TestGateway } from "./support/gateway.js";

// Stripe took the money and the gateway died before it recorded anything: a real gateway process
// (PAYMENT_PROVIDER=stripe, the fake Stripe behind STRIPE_API_URL) is killed with SIGKILL after the
// shopper paid on Stripe's page and before Stripe's webhook reached it (the webhook then fails, as
// it would against a dead process). The next process's reconciliation asks Stripe at start-up and
// makes exactly one order; Stripe's later retry of the webhook changes nothing.
const started: GatewayProcess[] = [];
let database: TestDatabase | null = null;
let fake: FakeStripe | null = null;
let proxy: RecordingProxy | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-stripe-crash-"));
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await proxy?.close();
  await fake?.close();
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The gateway's database while no gateway has it open (the embedded one is locked as the gateway locks it). */
async function withDatabase<T>(work: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
  if (database) return work(database.db);
  const lock = lockDataDir(dataDir);
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
    lock.release();
  }
}

describe("a payment across a crash (Stripe)", { timeout: 300_000 }, () => {
  it("is made the one order by the next gateway's reconciliation after a SIGKILL between Stripe's approval and our record", async () => {
    fake = await startFakeStripe();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    proxy = await startRecordingProxy(base);
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      PUBLIC_URL: proxy.url,
      JOBS_RUNNER: "false",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
      STRIPE_API_URL: fake.url,
    };
    fake.webhookUrl = `${proxy.url}/api/webhooks/stripe`;

    const first = spawnGateway(env);
    started.push(first);
    await waitForHealthy(port, first);
    const shop = {
      url: proxy.url,
      rest: async (p: string, init?: RequestInit) => {
        const res = await fetch(proxy!.url + p, init);
        return { status: res.status, headers: res.headers, body: (await res.json()) as any };
      },
    } as unknown as TestGateway;
    const guest = guestFetcher(proxy.url);
    const api = cartApi(shop);
    const sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
    const cartId = await api.filled([{ variantId: sticker.id, quantity: 3 }]);
    const checkoutUrl = (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
    const { page } = await loadPage(guest, checkoutUrl);
    const pay = await postForm(guest, checkoutUrl, { ...formDefaults(page), ...stripeGuestDetails() });
    expect(pay.status).toBe(303);
    const sessionId = new URL(pay.location!).pathname.split("/").pop()!;

    // The shopper pays on Stripe's page; Stripe's webhook is on its way when the gateway dies.
    fake.hold();
    const { event } = await fake.pay(sessionId);
    first.child.kill("SIGKILL");
    await first.exited;
    const [lost] = await fake.release();
    expect(lost!.status === null || lost!.status >= 500).toBe(true);

    // Nothing was recorded: the attempt waits, no order. Its last touch is three minutes old by the
    // time the next gateway looks (reconciliation leaves younger attempts to whoever is settling them).
    await withDatabase(async (db) => {
      expect(await db.selectFrom("orders").select("id").where("cart_id", "=", cartId).execute()).toEqual([]);
      const attempts = await db.selectFrom("payment_attempts").select(["status", "session_id"]).where("cart_id", "=", cartId).execute();
      expect(attempts).toEqual([{ status: "PENDING", session_id: sessionId }]);
      await db.updateTable("payment_attempts").set({ updated_at: sql`now() - interval '3 minutes'` }).where("cart_id", "=", cartId).execute();
    });

    const second = spawnGateway(env);
    started.push(second);
    await waitForHealthy(port, second);
    // Start-up reconciliation asked Stripe before the gateway served: the order is there.
    expect(logLines(second, "payments reconciled")).toContainEqual(expect.objectContaining({ completed: 1 }));
    const placed = await loadPage(guest, checkoutUrl);
    expect(placed.page).toMatch(/Order #\d+ has been placed/);

    // Stripe sends the webhook again (its retry): acknowledged, nothing more.
    const [retried] = await fake.deliver(event);
    expect(retried!.status).toBe(200);
    expect(JSON.parse(retried!.answer)).toEqual({ received: true, result: "paid" });

    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    await withDatabase(async (db) => {
      const orders = await db.selectFrom("orders").select(["id", "total_cents", "card_last4"]).where("cart_id", "=", cartId).execute();
      expect(orders).toEqual([expect.objectContaining({ total_cents: fake!.session(sessionId).amount_total, card_last4: "4242" })]);
      const attempts = await db.selectFrom("payment_attempts").select(["status", "order_id"]).where("cart_id", "=", cartId).execute();
      expect(attempts).toEqual([{ status: "COMPLETED", order_id: orders[0]!.id }]);
      expect(await db.selectFrom("payment_events").select("event_id").where("event_id", "=", event.id).execute()).toHaveLength(1);

      // And no card number anywhere: what the gateways received and sent Stripe, their logs, their database.
      const places = [
        ...proxy!.received.map((r) => ({ place: `gateway received ${r.method} ${r.url}`, text: r.body })),
        ...fake!.received.filter((r) => r.kind === "api").map((r) => ({ place: `Stripe received ${r.method} ${r.url}`, text: `${r.url}\n${r.body}` })),
        { place: "first gateway's logs", text: first.output() },
        { place: "second gateway's logs", text: second.output() },
        ...(await databaseText(db)),
      ];
      expect(places.filter((p) => cardNumbersIn(p.text).length > 0).map((p) => p.place)).toEqual([]);
    });
  });
});
