// `npm run bench`: load on the catalog through the real HTTP server with autocannon.
// Starts its own gateway (embedded PGlite in a temporary DATA_DIR) unless BENCH_URL names a running one.
// BENCH_SECONDS (10) and BENCH_CONNECTIONS (10) tune the runs. Loopback only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, spawnGateway, waitForHealthy, type GatewayProcess } from "../tests/support/process.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const LIST_QUERY = `query Shop($page: Int!) { products(page: $page) { products {
  id handle title price { amount } compareAtPrice { amount } featuredImage { url altText } tags
} pageInfo { totalPages } } }`;

async function main() {
  let base = process.env.BENCH_URL;
  let proc: GatewayProcess | null = null;
  let dataDir: string | null = null;
  if (!base) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-"));
    const port = await freePort();
    proc = spawnGateway({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) });
    await waitForHealthy(port, proc);
    base = `http://127.0.0.1:${port}`;
  }
  const handle = ((await (await fetch(`${base}/api/products`)).json()) as { products: { handle: string }[] }).products[0]!.handle;

  const cases: { name: string; opts: autocannon.Options }[] = [
    { name: "GET /api/products?page=1", opts: { url: `${base}/api/products?page=1` } },
    {
      name: "POST /graphql products(page: 1)",
      opts: {
        url: `${base}/graphql`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: LIST_QUERY, variables: { page: 1 } }),
      },
    },
    { name: `GET /api/products/${handle}`, opts: { url: `${base}/api/products/${handle}` } },
  ];

  const rows = [];
  for (const c of cases) {
    const result = await autocannon({ ...c.opts, connections, duration: seconds });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${c.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    rows.push({
      request: c.name,
      "req/s (avg)": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      requests: result.requests.total,
    });
  }
  console.log(`\nautocannon, ${connections} connections, ${seconds} s each, against ${process.env.BENCH_URL ? base : `a fresh gateway on ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}`}`);
  console.table(rows);

  if (proc) {
    proc.child.kill("SIGTERM");
    await proc.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
