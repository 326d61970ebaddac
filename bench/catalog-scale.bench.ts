// `npm run bench:scale`: the shop list on a large catalog (make one first with `npm run
// catalog:generate`). Starts a gateway on DATABASE_URL or DATA_DIR, sends each request 100 times
// over one connection (after 5 unmeasured), prints the median and p95; then stops the gateway,
// opens the database itself and prints the key lines of EXPLAIN (ANALYZE) for the statements
// each request sends. BENCH_REQUESTS (100) tunes the count; port from BENCH_PORT or a free one.
import http from "node:http";
import { sql } from "kysely";
import { CatalogRepository } from "../gateway/catalog/catalog.repository.js";
import { CatalogService, type ProductListInput } from "../gateway/catalog/catalog.service.js";
import { openDatabase } from "../gateway/db/database.js";
import { freePort, spawnGateway, waitForHealthy } from "../tests/support/process.js";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = 5;
const CASES: { path: string; input: ProductListInput }[] = [
  { path: "/api/products?page=50", input: { page: 50 } },
  { path: "/api/products?sort=price-low&page=50", input: { sort: "price-low", page: 50 } },
  { path: "/api/products?sort=price-high&page=50", input: { sort: "price-high", page: 50 } },
  { path: "/api/products?sort=newest&page=50", input: { sort: "newest", page: 50 } },
  { path: "/api/products?search=subcommittee", input: { search: "subcommittee" } },
  { path: "/api/products?search=subcommittee&page=50", input: { search: "subcommittee", page: 50 } },
  { path: "/api/products?search=mug&page=3", input: { search: "mug", page: 3 } },
  { path: "/api/products?search=no-such-thing-anywhere", input: { search: "no-such-thing-anywhere" } },
];

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string): Promise<{ status: number; ms: number; body: string }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - started) / 1e6, body }));
      })
      .on("error", reject);
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function timeRequests(base: string) {
  const rows = [];
  for (const c of CASES) {
    const first = await get(base + c.path);
    if (first.status !== 200) throw new Error(`${c.path}: ${first.status} ${first.body.slice(0, 200)}`);
    const { pageInfo } = JSON.parse(first.body) as { pageInfo: { totalCount: number } };
    for (let i = 1; i < WARMUP; i++) await get(base + c.path);
    const times = [];
    for (let i = 0; i < REQUESTS; i++) times.push((await get(base + c.path)).ms);
    times.sort((a, b) => a - b);
    rows.push({
      request: c.path,
      matches: pageInfo.totalCount,
      "first ms": +first.ms.toFixed(1),
      "median ms": +quantile(times, 0.5).toFixed(1),
      "p95 ms": +quantile(times, 0.95).toFixed(1),
      "max ms": +times.at(-1)!.toFixed(1),
    });
  }
  return rows;
}

/** Key lines of EXPLAIN (ANALYZE) for the statements the list sends, run once warm. */
async function explain(databaseUrl: string | undefined, dataDir: string | undefined) {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const database = await openDatabase(
    databaseUrl ? { kind: "postgres", url: databaseUrl, maxConnections: 1 } : { kind: "pglite", dataDir: dataDir! },
    (text, parameters) => captured.push({ sql: text, parameters }),
  );
  try {
    for (const c of CASES) {
      const service = new CatalogService(new CatalogRepository(database.db));
      captured.length = 0;
      await service.listProducts(c.input);
      const statements = [...captured];
      console.log(`\n### ${c.path} (${statements.length} statement${statements.length === 1 ? "" : "s"} cold)`);
      for (const s of statements) {
        const plan = await sql<{ "QUERY PLAN": string }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${sql.raw(inline(s.sql, s.parameters))}`.execute(database.db);
        for (const line of plan.rows.map((r) => r["QUERY PLAN"])) {
          if (/Scan|Sort|Limit|Aggregate|Rows Removed|Execution Time|Heap Blocks|Recheck|InitPlan|Filter/.test(line)) console.log(line);
        }
      }
    }
  } finally {
    await database.close();
  }
}

/** The statement with its parameters written in (EXPLAIN takes no bind parameters on every driver). */
function inline(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    if (typeof value === "number") return String(value);
    if (typeof value === "boolean") return value ? "true" : "false";
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!databaseUrl && !dataDir) throw new Error("Set DATABASE_URL or DATA_DIR to the database `npm run catalog:generate` grew");
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const proc = spawnGateway({
    PORT: String(port),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
  });
  let rows;
  try {
    await waitForHealthy(port, proc);
    rows = await timeRequests(`http://127.0.0.1:${port}`);
  } finally {
    agent.destroy();
    proc.child.kill("SIGTERM");
    await proc.exited;
  }
  console.log(`\n${REQUESTS} requests each over one connection, ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}, ${new Date().toISOString()}`);
  console.table(rows);
  await explain(databaseUrl, dataDir);
}

await main();
