#!/usr/bin/env node
// The main-thread tasks a first visit runs, from a Chromium trace, without Lighthouse's
// simulated throttling. Lighthouse's Total Blocking Time counts each task's time over 50 ms on a
// phone 4× slower, after the first contentful paint, so a task over 12.5 ms here is one it counts. Tasks are measured in the main
// thread's CPU time (the trace's `tdur`), not wall time: on a busy machine a task's wall time
// grows with every other process that gets the CPU meanwhile, its CPU time hardly.
//   node scripts/long-tasks.mjs URL [URL…]
//   LONG_TASKS_RUNS=5        cold visits per URL (a fresh browser context each: nothing cached); default 5
//   LONG_TASKS_MS=12.5       the threshold
//   LONG_TASKS_WALL=1        wall time instead of CPU time
//   LONG_TASKS_CPU=1         CPU throttling rate (4 = Lighthouse's phone, slower and noisier)
//   LONG_TASKS_DETAIL=1      what each long task spent its time on (script evaluation by URL, hydration…)
//   LONG_TASKS_TRACE=dir     writes each run's trace there (open it in DevTools' Performance panel)
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const URLS = process.argv.slice(2);
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 5);
const THRESHOLD = Number(process.env.LONG_TASKS_MS ?? 12.5);
const CPU = Number(process.env.LONG_TASKS_CPU ?? 1);
const DETAIL = Boolean(process.env.LONG_TASKS_DETAIL);
const WALL = Boolean(process.env.LONG_TASKS_WALL);
const length = (event) => (WALL ? event.dur : (event.tdur ?? event.dur)) / 1000;
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing", "loading", "disabled-by-default-v8.cpu_profiler"];
// Lighthouse's mobile screen (its default `screenEmulation`): layout and paint cost depend on it.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
// How long a page is watched after `load`: hydration and what follows it run after the first paint.
const SETTLE_MS = 4_000;

if (URLS.length === 0) {
  console.error("usage: node scripts/long-tasks.mjs URL [URL…]");
  process.exit(2);
}

/** The page's main thread: the one that parsed the page's HTML. */
function mainThread(events, url) {
  const parse = events.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url?.startsWith(url));
  return parse && `${parse.pid}:${parse.tid}`;
}

const short = (url) => (url ? url.replace(/^.*\//, "").replace(/\?.*$/, "") : "");

// The browser's own work in a task (besides JavaScript), as the trace names it.
const BROWSER_WORK = new Set(["ParseHTML", "ParseAuthorStyleSheet", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit", "v8.compile", "v8.compileModule", "MinorGC", "MajorGC"]);

/** The JavaScript profiler's samples on the thread: [timestamp µs, script file, function] each. */
function samples(events) {
  const nodes = new Map();
  const clock = new Map(); // a profile's id → the timestamp of its last sample
  const out = [];
  for (const e of events) {
    if (e.name === "Profile") clock.set(e.id, e.args.data.startTime);
    if (e.name !== "ProfileChunk" || !clock.has(e.id)) continue;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(`${e.id}:${node.id}`, node.callFrame);
    let ts = clock.get(e.id);
    const deltas = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      ts += deltas[i] ?? 0;
      out.push([ts, `${e.id}:${id}`]);
    });
    clock.set(e.id, ts);
  }
  return out.map(([ts, id]) => {
    const frame = nodes.get(id) ?? {};
    return [ts, short(frame.url) || `(${frame.functionName || "native"})`, frame.functionName || "(anonymous)"];
  });
}

/** What a long task spent its time on: the profiler's samples in it, by script file and by function. */
function describe(task, profile, events) {
  const work = new Map();
  for (const e of events) {
    if (e.ph !== "X" || e.ts < task.ts || e.ts > task.ts + task.dur || !BROWSER_WORK.has(e.name)) continue;
    work.set(e.name, (work.get(e.name) ?? 0) + length(e));
  }
  const browser = [...work.entries()].filter(([, ms]) => ms >= 0.5).map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(", ");
  const inside = profile.filter(([ts]) => ts >= task.ts && ts <= task.ts + task.dur);
  const count = (key) => {
    const counts = new Map();
    for (const sample of inside) counts.set(key(sample), (counts.get(key(sample)) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]);
  };
  const share = (entries, n) => entries.slice(0, n).map(([name, k]) => `${name} ${Math.round((100 * k) / inside.length)}%`).join(", ");
  return `${browser || "no layout/parse/paint"}; ${inside.length} samples; files: ${share(count((s) => s[1]), 6)}\n      functions: ${share(count((s) => `${s[2]}@${s[1]}`), 8)}`;
}

async function visit(browser, url, run) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (CPU !== 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(SETTLE_MS);
  const buffer = await browser.stopTracing();
  await context.close();
  if (process.env.LONG_TASKS_TRACE) {
    fs.mkdirSync(process.env.LONG_TASKS_TRACE, { recursive: true });
    fs.writeFileSync(path.join(process.env.LONG_TASKS_TRACE, `${new URL(url).pathname.replace(/\W+/g, "_")}-${run}.json`), buffer);
  }
  const { traceEvents: events } = JSON.parse(buffer.toString());
  const thread = mainThread(events, url);
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === thread);
  // Total Blocking Time counts the tasks between the first contentful paint and the page's being
  // interactive: tasks that ended before the first paint (loading and parsing the page, its first
  // layout) are left out.
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && `${e.pid}:${e.tid}` === thread)?.ts ?? 0;
  const tasks = mine.filter((e) => e.name === "RunTask" && e.ph === "X" && e.ts + e.dur > fcp && length(e) > THRESHOLD).sort((a, b) => a.ts - b.ts);
  const profile = DETAIL ? samples(events.filter((e) => e.pid === mine[0]?.pid)) : [];
  return tasks.map((t) => ({ ms: length(t), detail: DETAIL ? describe(t, profile, mine) : "" }));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  console.log(`tasks over ${THRESHOLD} ms (${WALL ? "wall" : "CPU"} time) on the main thread, CPU ×${CPU}, ${RUNS} cold visit(s) per page`);
  // The pages take turns, so that two builds compared side by side share the machine's ups and downs.
  const results = new Map(URLS.map((url) => [url, { blocking: [], counted: [] }]));
  for (let run = 0; run < RUNS; run++) {
    for (const url of URLS) {
      const tasks = await visit(browser, url, run);
      // Lighthouse's measure: each task's time over 50 ms on its phone, 4× slower than this machine
      // (which ran the page CPU× slower): here, the time over 50 × CPU / 4 ms, times 4 / CPU.
      const threshold = (50 * CPU) / 4;
      const over = tasks.reduce((sum, t) => sum + Math.max(0, t.ms - threshold), 0);
      results.get(url).blocking.push((over * 4) / CPU);
      results.get(url).counted.push(tasks.filter((t) => t.ms > threshold).length);
      console.log(`${url} run ${run + 1}: ${tasks.map((t) => t.ms.toFixed(1)).join(" ") || "none"}  (≈ ${((over * 4) / CPU).toFixed(0)} ms TBT on a 4× slower phone)`);
      if (DETAIL) for (const t of tasks) console.log(`   ${t.ms.toFixed(1)} ms: ${t.detail}`);
    }
  }
  for (const [url, { blocking, counted }] of results) {
    console.log(`${url}: median ≈ ${median(blocking).toFixed(0)} ms TBT on a 4× slower phone (runs: ${blocking.map((b) => b.toFixed(0)).join(" ")}); median ${median(counted)} tasks over the threshold`);
  }
} finally {
  await browser.close();
}
