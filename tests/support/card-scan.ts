// The no-card-numbers promise, checked: every 13–19-digit number (digits alone, or in groups joined
// by spaces or dashes as people type them) that passes the Luhn check, as every payment card's
// number does, found in a text. The Stripe-mode tests run it over what the gateway received, what it
// sent to Stripe, its logs and every text column of its database.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../gateway/db/schema.js";
import { passesLuhn } from "../../gateway/checkout/card.js";
import { watchGateway } from "./watched-gateways.js";

/**
 * The card-shaped numbers in a text: 13 to 19 digits passing Luhn, written whole or in the groups
 * people type (4-4-4-4…, or 4-6-5), joined by spaces or dashes; not part of a longer word (a hex id
 * such as a UUID's last groups is not a number someone typed).
 */
export function cardNumbersIn(text: string): string[] {
  const found: string[] = [];
  const shapes = /(?<![\w-])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{1,4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5})(?![\w-])/g;
  for (const [run] of text.matchAll(shapes)) {
    const digits = run.replace(/[ -]/g, "");
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) found.push(run);
  }
  return found;
}

/** Every value of every text-like column (text, varchar, citext, json, jsonb) of every table, as text: a dump of what the shop keeps. */
export async function databaseText(db: Kysely<Database>): Promise<{ place: string; text: string }[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR c.udt_name = 'citext')
    ORDER BY c.table_name, c.column_name`.execute(db);
  const out: { place: string; text: string }[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    const rows = await sql<{ v: string | null }>`SELECT ${sql.ref(column)}::text AS v FROM ${sql.table(table)}`.execute(db);
    const text = rows.rows.map((r) => r.v ?? "").join("\n");
    if (text) out.push({ place: `${table}.${column}`, text });
  }
  return out;
}

export interface RecordingProxy {
  url: string;
  /** Every request that went through to the gateway: method, path and body. */
  received: { method: string; url: string; body: string }[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of a gateway that keeps every request body it passes on: the tests (and
 * the fake Stripe's webhooks) talk to the gateway through it, so what the gateway received can be read.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const received: RecordingProxy["received"] = [];
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      received.push({ method: req.method!, url: req.url!, body: body.toString("utf8") });
      const forward = http.request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      // The gateway is not there (stopped, or killed): the caller's connection fails as it would without the proxy.
      forward.on("error", () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The gateway's answers through the proxy are checked against the OpenAPI document as its own are.
  watchGateway(url);
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
