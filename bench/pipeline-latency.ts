// Measures how long a paid order takes to reach the printer (FULFILLMENT_PARTNER=filedrop) and the
// customer's inbox (.eml in DATA_DIR/outbox) on a running gateway: pays N orders one after another
// through the hosted checkout and waits for each package's order.json and confirmation email.
//   BASE_URL=http://127.0.0.1:3000 DATA_DIR=./data ORDERS=20 npx tsx bench/pipeline-latency.ts
import fs from "node:fs";
import path from "node:path";
import { cartApi, variantsOf } from "../tests/support/cart.js";
import { guestFetcher, payWith } from "../tests/support/checkout.js";
import type { TestGateway } from "../tests/support/gateway.js";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
const count = Number(process.env.ORDERS ?? 20);

const shop = {
  url: base,
  async rest(p: string, init?: RequestInit) {
    const res = await fetch(base + p, init);
    return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
  },
} as unknown as TestGateway;

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
const api = cartApi(shop);
const toPackage: number[] = [];
const toEmail: number[] = [];
for (let i = 0; i < count; i += 1) {
  const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
  const paid = await payWith(guestFetcher(base), (await api.checkoutUrl(cartId)).body.checkoutUrl);
  const paidAt = Date.now();
  const orderNumber = new URL(paid.location!).searchParams.get("order_number")!;
  await until(() => fs.existsSync(path.join(dataDir, "fulfillment", orderNumber, "order.json")));
  toPackage.push(Date.now() - paidAt);
  await until(() => fs.existsSync(path.join(dataDir, "outbox", `order-${orderNumber}-confirmation.eml`)));
  toEmail.push(Date.now() - paidAt);
}
for (const [name, values] of [
  ["payment → package on disk", toPackage],
  ["payment → confirmation .eml", toEmail],
] as const) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(`${name}: median ${percentile(sorted, 50)} ms, p90 ${percentile(sorted, 90)} ms, max ${sorted.at(-1)} ms (${values.length} orders)`);
}
