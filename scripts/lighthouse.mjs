#!/usr/bin/env node
// Lighthouse (mobile, its default simulated throttling) in Debian's Chromium on the five
// pages the issue names, printed as the issue's table. Starts a gateway on a fresh data directory
// serving web/dist (`npm run lighthouse` builds it first), or measures LIGHTHOUSE_URL.
//   LIGHTHOUSE_RUNS=3   runs per page; the run with the median performance score is shown (default 3)
//   CHROME_PATH         the browser (default /usr/bin/chromium)
//   LIGHTHOUSE_JSON=dir writes each page's full report there
//   LIGHTHOUSE_PAGES=/,/shop  only these pages (default the five below)
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const ROOT = path.resolve(import.meta.dirname, "..");
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/shop", "/product/i-survived-the-subcommittee-tee", "/collections/t-shirts", "/memes"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function startGateway() {
  if (!fs.existsSync(path.join(ROOT, "web/dist/.ssr/entry-server.js"))) {
    throw new Error("No build in web/dist: run `npm run build:web` first (`npm run lighthouse` does).");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-lighthouse-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "gateway/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the gateway exited before it answered");
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the gateway did not answer within 2 minutes");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const score = (category) => Math.round(category.score * 100);

async function main() {
  const gateway = process.env.LIGHTHOUSE_URL ? null : await startGateway();
  const base = (process.env.LIGHTHOUSE_URL ?? gateway.url).replace(/\/$/, "");
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const rows = [];
  try {
    for (const page of PAGES) {
      // A running shop has rendered its pages before, and sent them more than once: the first
      // request renders the page, the next has its brotli copy made again at best quality
      // (gateway/ssr/html-cache.ts), in the background, which the pause leaves time for.
      for (let i = 0; i < 2; i++) await (await fetch(base + page)).arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const runs = [];
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt++) {
        const result = await lighthouse(base + page, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        // A run Lighthouse could not finish (a timeout on a busy machine) is run again.
        if (result.lhr.runtimeError || result.lhr.categories.performance.score === null) {
          console.error(`${page}: ${result.lhr.runtimeError?.code ?? "no performance score"}; running it again`);
          continue;
        }
        runs.push(result.lhr);
      }
      if (runs.length === 0) throw new Error(`${page}: no Lighthouse run finished`);
      runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const lhr = runs[Math.floor(runs.length / 2)];
      if (process.env.LIGHTHOUSE_JSON) {
        fs.mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_JSON, `${page.replace(/\W+/g, "_") || "home"}.json`), JSON.stringify(lhr));
      }
      const audit = (id) => lhr.audits[id].numericValue;
      rows.push({
        page,
        performance: score(lhr.categories.performance),
        fcp: seconds(audit("first-contentful-paint")),
        lcp: seconds(audit("largest-contentful-paint")),
        tbt: `${Math.round(audit("total-blocking-time")).toLocaleString("en-US")} ms`,
        cls: audit("cumulative-layout-shift").toFixed(3),
        seo: score(lhr.categories.seo),
        accessibility: score(lhr.categories.accessibility),
        bestPractices: score(lhr.categories["best-practices"]),
        all: runs.map((r) => score(r.categories.performance)).join("/"),
      });
      const failed = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && ["binary", "numeric"].includes(a.scoreDisplayMode) && a.details?.type !== "opportunity");
      if (failed.length > 0 && process.env.LIGHTHOUSE_VERBOSE) console.error(page, failed.map((a) => `${a.id}=${a.displayValue ?? a.score}`).join(", "));
    }
  } finally {
    await chrome.kill();
    await gateway?.stop();
  }
  console.log(`\nLighthouse ${rows.length ? "13" : ""} (mobile, default throttling), ${RUNS} run(s) per page, median by performance; ${new Date().toISOString().slice(0, 10)}\n`);
  console.log("| page | performance | FCP | LCP | TBT | CLS | SEO | accessibility | best practices |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(`| \`${r.page}\` | ${r.performance} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.seo} | ${r.accessibility} | ${r.bestPractices} |`);
  }
  console.log(`\nperformance of every run: ${rows.map((r) => `${r.page} ${r.all}`).join(", ")}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
