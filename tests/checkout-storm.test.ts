import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, logLines, spawnGateway, waitFor, waitForHealthy, type GatewayProcess } from "./support/process.js";
import { formDefaults, guestDetails } from "./support/checkout.js";
import type { TestDatabase } from "./support/database.js";

// A checkout storm with a crash in the middle loses nothing. 200 payments at once on
// PostgreSQL, the gateway killed with SIGKILL while they are in flight, restarted, and every
// payment submitted again. Its figures are printed and recorded in docs/benchmarks/server.md.
const PAYMENTS = 200;
/** Every test charge with the order of the attempt whose session it paid (none for a charge that lost a race and was given back). */
const CHARGES = `SELECT c.status, a.order_id FROM test_payment_charges c
  LEFT JOIN test_payment_sessions s ON s.payment_reference = c.reference
  LEFT JOIN payment_attempts a ON a.id::text = s.attempt_id`;
/** Sessions the provider took money for whose attempt has no order yet. */
const PAID_WITHOUT_ORDER = `SELECT count(*) FROM test_payment_sessions s JOIN payment_attempts a ON a.id::text = s.attempt_id
  WHERE s.status = 'PAID' AND a.status NOT IN ('COMPLETED', 'VOIDED')`;
const KILL_AFTER_ANSWERS = 40;
const started: GatewayProcess[] = [];
let database: TestDatabase | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-storm-"));

afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await database?.dispose().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Checkout {
  cartId: string;
  path: string;
  form: Record<string, string>;
}

interface Answer {
  status: number;
  orderNumber: number | null;
}

const orderNumberOf = (location: string | null) => {
  const value = location ? new URL(location).searchParams.get("order_number") : null;
  return value ? Number(value) : null;
};

async function submit(base: string, checkout: Checkout): Promise<Answer> {
  const res = await fetch(base + checkout.path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(checkout.form).toString(),
    redirect: "manual",
  });
  await res.arrayBuffer();
  return { status: res.status, orderNumber: res.status === 303 ? orderNumberOf(res.headers.get("location")) : null };
}

async function prepareCheckouts(base: string): Promise<Checkout[]> {
  const { products } = (await (await fetch(`${base}/api/products?pageSize=24`)).json()) as { products: { variants: { id: string }[] }[] };
  const variants = products.flatMap((p) => p.variants.map((v) => v.id));
  const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const one = async (i: number): Promise<Checkout> => {
    const { id } = (await (await fetch(`${base}/api/cart`, { method: "POST" })).json()) as { id: string };
    const cartPath = `${base}/api/cart/${encodeURIComponent(id)}`;
    const items = Array.from({ length: 1 + (i % 3) }, (_, k) => ({ variantId: variants[(i * 7 + k * 5) % variants.length]!, quantity: 1 + ((i + k) % 4) }));
    const added = await fetch(`${cartPath}/items`, json({ items }));
    if (added.status !== 200) throw new Error(`cart ${i}: ${added.status}`);
    const { checkoutUrl } = (await (await fetch(`${cartPath}/checkout-url`)).json()) as { checkoutUrl: string };
    const checkoutPath = new URL(checkoutUrl).pathname;
    const page = await (await fetch(base + checkoutPath)).text();
    return { cartId: id, path: checkoutPath, form: { ...formDefaults(page), ...guestDetails(), email: `storm${i}@example.com` } };
  };
  const checkouts: Checkout[] = [];
  for (let i = 0; i < PAYMENTS; i += 20) checkouts.push(...(await Promise.all(Array.from({ length: Math.min(20, PAYMENTS - i) }, (_, k) => one(i + k)))));
  return checkouts;
}

describe.runIf(process.env.TEST_DATABASE_URL)("a checkout storm with a crash in the middle (PostgreSQL)", () => {
  it(`loses nothing: ${PAYMENTS} payments, SIGKILL mid-flight, restart, everything submitted again`, { timeout: 240_000 }, async () => {
    const { createTestDatabase } = await import("./support/database.js");
    database = await createTestDatabase();
    await database.close();
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url!, LOG_LEVEL: "info" };
    const base = `http://127.0.0.1:${port}`;

    const first = spawnGateway(env);
    started.push(first);
    await waitForHealthy(port, first);
    const checkouts = await prepareCheckouts(base);

    // The storm, and the kill once KILL_AFTER_ANSWERS payments have been answered.
    const before = new Map<string, Answer>();
    const stormStarted = performance.now();
    const storm = checkouts.map(async (checkout) => {
      try {
        const answer = await submit(base, checkout);
        before.set(checkout.cartId, answer);
      } catch {
        // in flight when the gateway died
      }
    });
    await waitFor(() => before.size >= KILL_AFTER_ANSWERS || first.child.exitCode !== null, 60_000, "the first answers");
    first.child.kill("SIGKILL");
    await first.exited;
    const killedAfterMs = performance.now() - stormStarted;
    await Promise.all(storm);
    const answeredBefore = [...before.values()];
    expect(answeredBefore.every((a) => a.status === 303 && a.orderNumber !== null)).toBe(true);
    expect(before.size).toBeLessThan(PAYMENTS);

    const admin = new pg.Client({ connectionString: database.url! });
    await admin.connect();
    try {
      const count = async (text: string, values: unknown[] = []) => Number((await admin.query(text, values)).rows[0].count);
      const atKill = {
        orders: await count("SELECT count(*) FROM orders"),
        approvedCharges: await count("SELECT count(*) FROM test_payment_charges WHERE status = 'APPROVED'"),
        openAttempts: await count("SELECT count(*) FROM payment_attempts WHERE status IN ('PENDING', 'PROCESSING', 'APPROVED', 'VOIDING')"),
      };

      // Restart: start-up reconciliation asks the provider about every open attempt and turns each
      // session it took money for into its order.
      const second = spawnGateway(env);
      started.push(second);
      await waitForHealthy(port, second);
      await waitFor(async () => (await count(PAID_WITHOUT_ORDER)) === 0, 30_000, "reconciliation");
      const afterRestart = {
        orders: await count("SELECT count(*) FROM orders"),
        reconciled: logLines(second, "payments reconciled").reduce((n, l) => n + (l.completed as number), 0),
      };
      expect(afterRestart.orders).toBeGreaterThanOrEqual(atKill.orders);
      // Every approved charge has its order already (the rest were never charged, or given back).
      expect(await count(`${CHARGES} WHERE c.status = 'APPROVED' AND a.order_id IS NULL`.replace("SELECT c.status, a.order_id", "SELECT count(*)"))).toBe(0);

      // Everything submitted again, at once.
      const resubmitStarted = performance.now();
      const again = await Promise.all(checkouts.map((c) => submit(base, c)));
      const resubmitMs = performance.now() - resubmitStarted;
      expect(again.every((a) => a.status === 303 && a.orderNumber !== null)).toBe(true);

      // No cart has two orders; every cart is paid exactly once.
      const perCart = await admin.query<{ cart_id: string; n: string; order_number: number }>(
        "SELECT cart_id, count(*) AS n, min(order_number) AS order_number FROM orders WHERE cart_id = ANY($1) GROUP BY cart_id",
        [checkouts.map((c) => c.cartId)],
      );
      expect(perCart.rows).toHaveLength(PAYMENTS);
      expect(perCart.rows.every((r) => Number(r.n) === 1)).toBe(true);
      const orderOfCart = new Map(perCart.rows.map((r) => [r.cart_id, Number(r.order_number)]));
      checkouts.forEach((c, i) => {
        // A payment answered before the crash still has that order; the re-submission answers it too.
        const earlier = before.get(c.cartId);
        if (earlier) expect(earlier.orderNumber).toBe(orderOfCart.get(c.cartId));
        expect(again[i]!.orderNumber).toBe(orderOfCart.get(c.cartId));
      });
      // Paying an already paid checkout (again) answers the same order.
      for (const c of checkouts.slice(0, 5)) expect((await submit(base, c)).orderNumber).toBe(orderOfCart.get(c.cartId));

      // No cart locked or half completed.
      expect(await count("SELECT count(*) FROM carts WHERE id = ANY($1) AND status <> 'COMPLETED'", [checkouts.map((c) => c.cartId)])).toBe(0);
      expect(await count("SELECT count(*) FROM payment_attempts WHERE status IN ('PENDING', 'PROCESSING', 'APPROVED', 'VOIDING')")).toBe(0);
      await admin.query("BEGIN");
      await admin.query("SELECT id FROM carts WHERE id = ANY($1) FOR UPDATE NOWAIT", [checkouts.map((c) => c.cartId)]);
      await admin.query("ROLLBACK");

      // The provider holds exactly one approved charge per order, and none without one.
      const charges = await admin.query<{ status: string; order_id: string | null }>(CHARGES);
      const approved = charges.rows.filter((r) => r.status === "APPROVED");
      expect(approved.every((r) => r.order_id !== null)).toBe(true);
      expect(new Set(approved.map((r) => r.order_id)).size).toBe(approved.length);
      expect(approved).toHaveLength(await count("SELECT count(*) FROM orders"));
      const voided = charges.rows.filter((r) => r.status === "VOIDED").length;

      const figures = {
        payments: PAYMENTS,
        answeredBeforeKill: before.size,
        killedAfterMs: Math.round(killedAfterMs),
        atKill,
        afterRestart,
        resubmittedIn: `${Math.round(resubmitMs)} ms`,
        orders: approved.length,
        approvedCharges: approved.length,
        voidedCharges: voided,
        attempts: await count("SELECT count(*) FROM payment_attempts"),
      };
      console.log(`[checkout storm] ${JSON.stringify(figures)}`);
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
