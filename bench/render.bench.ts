// `npm run bench:render`: the CPU a page costs when nobody asked for it a minute ago. A gateway
// runs in this process (production mode, the built client in web/dist, every cache of catalog
// answers off: CATALOG_CACHE_SECONDS=0) on a fresh embedded database grown to RENDER_PRODUCTS
// products (400) by catalog:generate; each page is asked for once by its own address, so the page
// cache never answers. For each kind of page: 20 warm-up renders, then 100 measured ones, each
// measured with process.cpuUsage() around the whole request (routing, data, render, the page's
// brotli copy; the client reads the compressed bytes without decompressing them). Prints the
// median, p90 and mean CPU per render and the wall time.
// RENDER_RUNS (100) and RENDER_WARMUP (20) change the counts; RENDER_ONLY=product (or shop,
// collection, memes) measures one kind; RENDER_PROFILE=<dir> writes a CPU profile of each kind's
// measured renders there (for Chrome's DevTools or speedscope); RENDER_DIST=<dir> renders with
// another build of the client than web/dist (to compare two builds one after the other).
// It runs with the V8 heap settings the supervisor gives the shop's worker on the embedded database
// (gateway/worker-heap.ts): the bench starts itself again with them.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { EMBEDDED_WORKER_HEAP } from "../gateway/worker-heap.js";
import { freePort } from "../tests/support/process.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.RENDER_RUNS ?? 100);
const WARMUP = Number(process.env.RENDER_WARMUP ?? 20);
const PRODUCTS = Number(process.env.RENDER_PRODUCTS ?? 400);
const ONLY = process.env.RENDER_ONLY;

interface Kind {
  name: string;
  /** The i-th distinct address of this kind. */
  address(i: number): string;
}

const ms = (micros: number) => micros / 1000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * The page as a browser asks for it (brotli), its bytes read as they come: the client here costs
 * next to nothing of the CPU measured (fetch would decompress the page, in this same process).
 */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { accept: "text/html", "accept-encoding": "br" } }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main() {
  const dist = path.resolve(process.env.RENDER_DIST ?? path.join(ROOT, "web/dist"));
  if (!fs.existsSync(path.join(dist, ".ssr/entry-server.js"))) throw new Error(`No build in ${dist}: run \`npm run build:web\` first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-render-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" };
  console.log(`growing the embedded catalog to ${PRODUCTS} products…`);
  execFileSync(process.execPath, ["--import", "tsx", "gateway/scripts/catalog-generate.ts", String(PRODUCTS)], { cwd: ROOT, env, stdio: "ignore" });

  Object.assign(process.env, {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    NODE_ENV: "production",
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    LOG_LEVEL: "debug",
    CATALOG_CACHE_SECONDS: "0",
    JOBS_RUNNER: "false",
    WEB_DIST_DIR: dist,
  });
  const { loadConfig } = await import("../gateway/config.js");
  const { createLogger } = await import("../gateway/logger.js");
  const { prepareDatabase, startGateway } = await import("../gateway/bootstrap.js");
  const config = loadConfig();
  // The gateway's debug log says how each render went (its renders, and its time asking for data,
  // rendering and writing styles); the rest of the log is left out.
  const rendered: { renders: number; fragments?: number; dataMs: number; renderMs: number; stylesMs: number }[] = [];
  const logger = createLogger("debug", (line) => {
    if (!line.includes('"page rendered"')) return;
    rendered.push(JSON.parse(line) as (typeof rendered)[number]);
  });
  const { database, lock } = await prepareDatabase(config, logger);
  const running = await startGateway(config, logger, database);
  try {
    const db = database.db;
    const products = (await db.selectFrom("products").select("handle").orderBy("handle").execute()).map((row) => row.handle);
    const collections = (await db.selectFrom("collections").select("handle").orderBy("handle").execute()).map((row) => row.handle);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM products`.execute(db);
    const needed = WARMUP + RUNS;
    // Spread over the whole catalog: copies of every seeded product, not the first few alone.
    const step = Math.max(1, Math.floor(products.length / needed));
    const all: Kind[] = [
      { name: "product page", address: (i) => `/product/${products[i * step]}` },
      // Listing pages: distinct addresses (the page cache misses); with the catalog cache off, the
      // data is read afresh each time too.
      { name: "/shop", address: (i) => `/shop?v=${i}` },
      { name: "a collection", address: (i) => `/collections/${collections[i % collections.length]}?v=${i}` },
      { name: "/memes", address: (i) => `/memes?v=${i}` },
    ];
    const kinds = all.filter((kind) => !ONLY || kind.name.includes(ONLY));
    // Product pages are distinct products (the other kinds' addresses differ by their query string).
    if (kinds.includes(all[0]!) && products.length < needed) throw new Error(`${products.length} products, ${needed} needed: raise RENDER_PRODUCTS`);

    const profiler = process.env.RENDER_PROFILE ? new Session() : null;
    if (profiler) {
      fs.mkdirSync(process.env.RENDER_PROFILE!, { recursive: true });
      profiler.connect();
      await profiler.post("Profiler.enable");
    }
    const table = [];
    for (const kind of kinds) {
      const cpu: number[] = [];
      const parts: (typeof rendered)[number][] = [];
      const wall: number[] = [];
      for (let i = 0; i < needed; i++) {
        if (i === WARMUP && profiler) await profiler.post("Profiler.start");
        const started = performance.now();
        const before = process.cpuUsage();
        rendered.length = 0;
        const status = await get(running.url + kind.address(i));
        const used = process.cpuUsage(before);
        if (status !== 200) throw new Error(`${kind.address(i)} answered ${status}`);
        if (i < WARMUP) continue;
        cpu.push(ms(used.user + used.system));
        // (A gateway from before the render's debug log logs none: its columns stay empty.)
        if (rendered.length > 1) throw new Error(`${kind.address(i)} was rendered ${rendered.length} times`);
        if (rendered[0]) parts.push(rendered[0]);
        wall.push(performance.now() - started);
      }
      if (profiler) {
        const { profile } = await profiler.post("Profiler.stop");
        const file = path.join(process.env.RENDER_PROFILE!, `render-${kind.name.replace(/[^a-z]+/g, "-").replace(/^-|-$/g, "")}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(profile));
        console.log(`profile: ${file}`);
      }
      const sorted = [...cpu].sort((a, b) => a - b);
      const walls = [...wall].sort((a, b) => a - b);
      table.push({
        page: kind.name,
        renders: cpu.length,
        "CPU median ms": +quantile(sorted, 0.5).toFixed(1),
        "CPU p90 ms": +quantile(sorted, 0.9).toFixed(1),
        "CPU mean ms": +(cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(1),
        "wall median ms": +quantile(walls, 0.5).toFixed(1),
        // Medians of the gateway's own account of each render (wall time, in-process).
        "tree renders": quantile(parts.map((p) => p.renders).sort((a, b) => a - b), 0.5),
        "kept parts": quantile(parts.map((p) => p.fragments ?? 0).sort((a, b) => a - b), 0.5),
        "data ms": quantile(parts.map((p) => p.dataMs).sort((a, b) => a - b), 0.5),
        "render ms": quantile(parts.map((p) => p.renderMs).sort((a, b) => a - b), 0.5),
        "styles ms": quantile(parts.map((p) => p.stylesMs).sort((a, b) => a - b), 0.5),
      });
    }
    console.log(
      `\nrendered on a miss, ${WARMUP} warm-ups then ${RUNS} distinct addresses each, ${rows[0]!.n} products, embedded database, catalog cache off (${new Date().toISOString().slice(0, 10)}, node ${process.version} ${EMBEDDED_WORKER_HEAP.join(" ")}, nproc ${os.availableParallelism()}, load ${os.loadavg()[0].toFixed(2)})`,
    );
    console.table(table);
  } finally {
    await running.close();
    lock?.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (EMBEDDED_WORKER_HEAP.every((flag) => process.execArgv.includes(flag))) {
  await main();
} else {
  const run = spawnSync(process.execPath, [...EMBEDDED_WORKER_HEAP, ...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exitCode = run.status ?? 1;
}
