// `npm run bench:pages`: the server side of rendered pages with autocannon. A product page's HTML as a
// browser asks for it (Accept-Encoding: br), from the gateway's page cache, with 32 connections;
// then, for scale, the same page rendered afresh each time (the cache cleared by a short lifetime
// is not measurable from outside, so this renders distinct addresses: ?v=1, ?v=2…).
// Starts its own gateway serving web/dist (run `npm run build:web` first) on a temporary DATA_DIR,
// unless BENCH_URL names a running one. BENCH_SECONDS (10) and BENCH_CONNECTIONS (32). Loopback only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, spawnGateway, waitForHealthy, type GatewayProcess } from "../tests/support/process.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROOT = path.resolve(import.meta.dirname, "..");

async function main() {
  let base = process.env.BENCH_URL;
  let proc: GatewayProcess | null = null;
  let dataDir: string | null = null;
  if (!base) {
    if (!fs.existsSync(path.join(ROOT, "web/dist/.ssr/entry-server.js"))) throw new Error("No build in web/dist: run `npm run build:web` first.");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-bench-"));
    const port = await freePort();
    proc = spawnGateway({
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: path.join(ROOT, "web/dist"),
      NODE_ENV: "production",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    });
    await waitForHealthy(port, proc);
    base = `http://127.0.0.1:${port}`;
  }
  const handle = ((await (await fetch(`${base}/api/products`)).json()) as { products: { handle: string }[] }).products[0]!.handle;
  const pagePath = `/product/${handle}`;
  const headers = { "accept-encoding": "br, gzip", accept: "text/html" };
  // Warm: the first request renders the page and keeps it.
  const first = await fetch(base + pagePath, { headers });
  if (first.status !== 200) throw new Error(`${pagePath} answered ${first.status}`);
  await first.arrayBuffer();

  let fresh = 0;
  // The cached page must always answer 200; a render that waits past GRAPHQL_TIMEOUT_MS answers 503
  // (the plain page, rendered by the browser): counted, not fatal.
  const cases: { name: string; strict: boolean; opts: autocannon.Options }[] = [
    { name: `GET ${pagePath} (cached, br)`, strict: true, opts: { url: base + pagePath, headers } },
    {
      name: `GET ${pagePath}?v=N (rendered every time)`,
      strict: false,
      opts: {
        url: base + pagePath,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: `${pagePath}?v=${++fresh}` }) }],
      },
    },
  ];

  const rows = [];
  for (const c of cases) {
    const result = await autocannon({ ...c.opts, connections, duration: seconds });
    if (c.strict && (result.non2xx > 0 || result.errors > 0)) throw new Error(`${c.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    rows.push({
      request: c.name,
      "req/s (avg)": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      requests: result.requests.total,
      "non-2xx": result.non2xx,
      "timeouts/errors": result.errors,
    });
  }
  console.log(
    `\nautocannon, ${connections} connections, ${seconds} s each, against ${process.env.BENCH_URL ? base : `a fresh gateway on ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}`} (${new Date().toISOString().slice(0, 10)})`,
  );
  console.table(rows);

  if (proc) {
    proc.child.kill("SIGTERM");
    await proc.exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
