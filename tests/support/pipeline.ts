import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import type { Database } from "../../gateway/db/schema.js";
import type { TestGateway } from "./gateway.js";
import { cartApi } from "./cart.js";
import { guestFetcher, payWith } from "./checkout.js";
import { waitFor } from "./process.js";

/** A cart of these lines paid through the hosted checkout as a guest; answers the order it made. */
export async function paidOrder(
  shop: Pick<TestGateway, "rest" | "url">,
  db: Kysely<Database>,
  items: { variantId: string; quantity: number; customAttributes?: { key: string; value: string }[] }[],
  details: Record<string, string> = {},
): Promise<{ id: string; orderNumber: number }> {
  const api = cartApi(shop as TestGateway);
  const cartId = await api.filled(items);
  const checkoutUrl = (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
  const submitted = await payWith(guestFetcher(shop.url), checkoutUrl, details);
  if (submitted.status !== 303) throw new Error(`payment failed: ${submitted.status} ${submitted.page.slice(0, 300)}`);
  const order = await db.selectFrom("orders").select(["id", "order_number"]).where("cart_id", "=", cartId).executeTakeFirstOrThrow();
  return { id: order.id, orderNumber: order.order_number };
}

/** The job under a dedupe key, waited for until it reaches `state`. */
export async function jobReaching(db: Kysely<Database>, dedupeKey: string, state: string, timeoutMs = 20_000) {
  await waitFor(
    async () => (await db.selectFrom("jobs").select("state").where("dedupe_key", "=", dedupeKey).executeTakeFirst())?.state === state,
    timeoutMs,
    `job ${dedupeKey} to be ${state}`,
  );
  return db.selectFrom("jobs").selectAll().where("dedupe_key", "=", dedupeKey).executeTakeFirstOrThrow();
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** An HTTP server on 127.0.0.1 standing for something outside the machine (a webhook receiver, a print partner's API). */
export async function startFakeServer(
  respond: (req: ReceivedRequest, res: http.ServerResponse) => void | Promise<void>,
): Promise<{ url: string; received: ReceivedRequest[]; close(): Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry = { method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      Promise.resolve(respond(entry, res)).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An .eml file from the outbox: its header lines, and its text/plain part decoded (quoted-printable). */
export function readEml(raw: string): { header: (name: string) => string | null; text: string } {
  const [head] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head!)?.[1] ?? null;
  const part = /Content-Type: text\/plain; charset=utf-8\r?\nContent-Transfer-Encoding: quoted-printable\r?\n\r?\n([\s\S]*?)\r?\n----/.exec(raw)?.[1] ?? "";
  const text = Buffer.from(
    part.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`),
    "latin1",
  ).toString("latin1");
  return { header, text: decodeURIComponent(text.replace(/%(?![0-9A-F]{2})/g, "%25")) };
}
