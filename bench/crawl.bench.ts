// `npm run bench:crawl`: a crawler's visit. On PostgreSQL (DATABASE_URL) with a large catalog (make
// it first: `DATABASE_URL=… npm run catalog:generate`), starts what `npm start` runs (the built
// supervisor, dist/server/supervisor.js, with its default workers: one per core) and asks for
// distinct product pages nobody asked for before, CRAWL_CONNECTIONS (32) at a time for
// CRAWL_SECONDS (30): every page is a miss of the page cache. Prints pages per second (and per
// worker), p50/p99, errors and timeouts, and each worker's resident memory at its highest during the
// crawl and a minute after it (CRAWL_SETTLE_SECONDS, 60). Run `npm run build` first. Loopback only.
// CRAWL_DIST=<dir> serves another build of the client than web/dist (to compare two builds).
// The measured crawl follows CRAWL_WARMUP_SECONDS (10) of the same crawl, reported apart: a crawler
// visits a shop that has been running, whose workers' JIT has long settled, not one started a
// second ago (a fresh worker's first thousand pages cost it up to a third more CPU each).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort, spawnGateway, waitForHealthy } from "../tests/support/process.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.CRAWL_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.CRAWL_CONNECTIONS ?? 32);
const SETTLE_SECONDS = Number(process.env.CRAWL_SETTLE_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.CRAWL_WARMUP_SECONDS ?? 10);
const MiB = 1024 * 1024;

/** The supervisor's workers (its children) and their resident memory, from /proc. */
function workersRss(supervisor: number): Map<number, number> {
  const found = new Map<number, number>();
  let children: string;
  try {
    children = execFileSync("ps", ["-o", "pid=", "--ppid", String(supervisor)], { encoding: "utf8" });
  } catch {
    return found;
  }
  for (const pid of children.split(/\s+/).filter(Boolean).map(Number)) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      if (rss) found.set(pid, Number(rss) * 1024);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A sampler of the workers' memory: the highest each reached while it ran. */
function sampleRss(supervisor: number) {
  const highest = new Map<number, number>();
  const timer = setInterval(() => {
    for (const [pid, rss] of workersRss(supervisor)) highest.set(pid, Math.max(rss, highest.get(pid) ?? 0));
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return highest;
    },
  };
}

const shuffle = <T>(items: T[]): T[] => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
};

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("Set DATABASE_URL: the crawl is measured on PostgreSQL (make a catalog with npm run catalog:generate).");
  if (!fs.existsSync(path.join(ROOT, "dist/server/supervisor.js")) || !fs.existsSync(path.join(ROOT, "web/dist/.ssr/entry-server.js"))) {
    throw new Error("No build: run `npm run build` first.");
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const handles = shuffle((await client.query<{ handle: string }>("SELECT handle FROM products WHERE status = 'ACTIVE'")).rows.map((row) => row.handle));
  await client.end();
  if (handles.length < 1000) throw new Error(`${handles.length} products: make a large catalog first (npm run catalog:generate)`);

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-crawl-"));
  const proc = spawnGateway(
    { PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn", WEB_DIST_DIR: path.resolve(process.env.CRAWL_DIST ?? path.join(ROOT, "web/dist")) },
    path.join(ROOT, "dist/server/supervisor.js"),
  );
  try {
    await waitForHealthy(port, proc);
    const base = `http://127.0.0.1:${port}`;
    // Each worker loads its renderer on its first page: not part of a crawl of a running shop.
    let next = 0;
    const workers = workersRss(proc.child.pid!).size;
    for (let i = 0; i < workers * 4; i++) await (await fetch(`${base}/product/${handles[next++]}`)).arrayBuffer();

    const crawl = (duration: number) =>
      autocannon({
        url: base,
        connections: CONNECTIONS,
        duration,
        timeout: 10,
        headers: { accept: "text/html", "accept-encoding": "br, gzip" },
        requests: [{ setupRequest: (request) => ({ ...request, path: `/product/${encodeURIComponent(handles[next++ % handles.length]!)}` }) }],
      });
    const sampler = sampleRss(proc.child.pid!);
    const warmup = WARMUP_SECONDS > 0 ? await crawl(WARMUP_SECONDS) : null;
    const loadBefore = os.loadavg()[0];
    const statuses = new Map<number, number>();
    const result = await crawl(SECONDS);
    const during = sampler.stop();
    const loadAfter = os.loadavg()[0];
    for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) statuses.set(Number(code), (count as { count: number }).count);
    const settle = sampleRss(proc.child.pid!);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const after = workersRss(proc.child.pid!);
    settle.stop();

    const pagesPerSecond = result.requests.average;
    if (warmup) {
      console.log(
        `\nwarm-up: ${WARMUP_SECONDS} s of the same crawl on the fresh workers: ${Math.round(warmup.requests.average)} pages/s, p50 ${warmup.latency.p50} ms, p99 ${warmup.latency.p99} ms, ${warmup.errors} errors, ${warmup.timeouts} timeouts, ${warmup.non2xx} not 200`,
      );
    }
    console.log(
      `\ncrawl of distinct product pages (${handles.length} products, PostgreSQL), ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up, ${workers} workers, nproc ${os.availableParallelism()}, load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} (${new Date().toISOString().slice(0, 10)})`,
    );
    console.table([
      {
        "pages/s": Math.round(pagesPerSecond),
        "pages/s per worker": Math.round(pagesPerSecond / Math.max(1, workers)),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        "max ms": result.latency.max,
        pages: result.requests.total,
        statuses: [...statuses].map(([code, count]) => `${code}×${count}`).join(" "),
        "errors/timeouts": `${result.errors}/${result.timeouts}`,
      },
    ]);
    console.table(
      [...during].map(([pid, rss]) => ({ worker: pid, "highest RSS during, MiB": Math.round(rss / MiB), [`RSS ${SETTLE_SECONDS} s after, MiB`]: Math.round((after.get(pid) ?? 0) / MiB) })),
    );
  } finally {
    proc.child.kill("SIGTERM");
    await proc.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
