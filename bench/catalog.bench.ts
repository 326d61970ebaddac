// `npm run bench`: load on the catalog through the real HTTP server with autocannon: the shop's own
// requests, then the four shapes of the side-by-side run with Vendure (bench/shapes.ts), and the
// SQL statements each request costs (counted by a gateway started in this process, 20 requests each).
// Starts its own gateway (embedded PGlite in a temporary DATA_DIR, or DATABASE_URL) unless BENCH_URL
// names a running one (then no SQL counts). BENCH_SECONDS (10) and BENCH_CONNECTIONS (10) tune the
// runs; NODE_ENV and LOG_LEVEL pass through to the gateway. Loopback only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "../gateway/config.js";
import { prepareDatabase, startGateway } from "../gateway/bootstrap.js";
import { createLogger } from "../gateway/logger.js";
import { freePort, spawnGateway, waitForHealthy, type GatewayProcess } from "../tests/support/process.js";
import { addSucceeded, shapeBodies, SHAPE_TITLES, type ShapeName } from "./shapes.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SHAPES: ShapeName[] = ["a", "b", "c", "d"];
const COUNTED_REQUESTS = 20;

const LIST_QUERY = `query Shop($page: Int!) { products(page: $page) { products {
  id handle title price { amount } compareAtPrice { amount } featuredImage { url altText } tags
} pageInfo { totalPages } } }`;

const JSON_POST = { method: "POST" as const, headers: { "content-type": "application/json" } };

interface Case {
  name: string;
  opts: autocannon.Options;
  /** For d: the carts, to check afterwards that each successful answer added exactly one unit. */
  carts?: { cartId: string; body: string }[];
}

async function ownCases(base: string): Promise<Case[]> {
  const handle = ((await (await fetch(`${base}/api/products`)).json()) as { products: { handle: string }[] }).products[0]!.handle;
  return [
    { name: "GET /api/products?page=1", opts: { url: `${base}/api/products?page=1` } },
    { name: "POST /graphql products(page: 1)", opts: { url: `${base}/graphql`, ...JSON_POST, body: JSON.stringify({ query: LIST_QUERY, variables: { page: 1 } }) } },
    { name: `GET /api/products/${handle}`, opts: { url: `${base}/api/products/${handle}` } },
  ];
}

async function shapeCases(base: string): Promise<Case[]> {
  const shapes = await shapeBodies(`${base}/graphql`);
  const cases: Case[] = (["a", "b", "c"] as const).map((s) => ({ name: SHAPE_TITLES[s], opts: { url: `${base}/graphql`, ...JSON_POST, body: shapes.fixed(s) } }));
  const carts = await shapes.cartBodies(connections);
  let next = 0;
  cases.push({
    name: SHAPE_TITLES.d,
    carts,
    opts: {
      url: `${base}/graphql`,
      ...JSON_POST,
      body: carts[0]!.body,
      setupClient: (client) => client.setBody(carts[next++ % carts.length]!.body),
      verifyBody: (body) => addSucceeded(String(body)),
    },
  });
  return cases;
}

async function run(c: Case, base: string) {
  const result = await autocannon({ ...c.opts, connections, duration: seconds });
  const bad = result.non2xx + result.errors + (result.mismatches ?? 0);
  if (bad > 0) throw new Error(`${c.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.mismatches} wrong bodies`);
  if (c.carts) {
    const shapes = await shapeBodies(`${base}/graphql`);
    let units = 0;
    for (const cart of c.carts) units += (await shapes.totalQuantity(cart.cartId)) - 1;
    // Requests still in flight when the run stops (at most one per connection) are applied but not counted.
    if (units < result.requests.total || units > result.requests.total + connections) {
      throw new Error(`${c.name}: ${result.requests.total} successful adds, but the carts gained ${units} units`);
    }
  }
  return {
    request: c.name,
    "req/s (avg)": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    requests: result.requests.total,
  };
}

/** Statements per request for each shape, from a gateway in this process on the same database. */
async function countStatements(dataDir: string | null): Promise<Record<string, string>> {
  const config = { ...loadConfig({ ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}), LOG_LEVEL: "warn" }), host: "127.0.0.1", port: 0 };
  const logger = createLogger("warn", () => undefined);
  const { database, lock } = await prepareDatabase(config, logger);
  const gateway = await startGateway(config, logger, database, () => lock?.release());
  gateway.gateway.stopBackgroundWork(); // the sweeper's statements are no request's
  try {
    const shapes = await shapeBodies(`${gateway.url}/graphql`);
    const [cart] = await shapes.cartBodies(1);
    const counts: Record<string, string> = {};
    for (const s of SHAPES) {
      const body = s === "d" ? cart!.body : shapes.fixed(s);
      const send = () => fetch(`${gateway.url}/graphql`, { ...JSON_POST, body }).then((r) => r.text());
      await send(); // warm: the list's size is counted once per catalog version
      const before = database.queryCount;
      for (let i = 0; i < COUNTED_REQUESTS; i++) await send();
      counts[SHAPE_TITLES[s]] = ((database.queryCount - before) / COUNTED_REQUESTS).toFixed(1);
    }
    return counts;
  } finally {
    await gateway.close();
  }
}

async function main() {
  let base = process.env.BENCH_URL;
  let proc: GatewayProcess | null = null;
  let dataDir: string | null = null;
  if (!base) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-"));
    const port = await freePort();
    proc = spawnGateway({
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...(process.env.NODE_ENV ? { NODE_ENV: process.env.NODE_ENV } : {}),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    });
    await waitForHealthy(port, proc);
    base = `http://127.0.0.1:${port}`;
  }

  const rows = [];
  try {
    for (const c of [...(await ownCases(base)), ...(await shapeCases(base))]) rows.push(await run(c, base));
  } finally {
    if (proc) {
      proc.child.kill("SIGTERM");
      await proc.exited;
    }
  }
  const counts = proc ? await countStatements(dataDir) : {};
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });

  const target = process.env.BENCH_URL ? base : `a fresh gateway on ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}`;
  console.log(`\nautocannon, ${connections} connections, ${seconds} s each, against ${target}, ${new Date().toISOString()}`);
  console.table(rows.map((r) => ({ ...r, "SQL statements/request": counts[r.request] ?? "" })));
}

await main();
