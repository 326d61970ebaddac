#!/usr/bin/env node
// The JavaScript a first visit to the home page downloads: the entry chunk, the shop's code it
// imports once the page has painted (src/start.tsx), the home route's chunk, what the shop
// loads after hydrating by itself (AFTER_HYDRATION), and every chunk they import statically
// (transitively), read from Vite's manifest of the last `npm run build:web`. Sizes are gzip (level 9, as a compressing proxy or CDN would serve them).
// Exits 1 when the total is over the budget (213 kB), which sits just above what the build comes to,
// so a change that adds to a first visit is seen at once. The line printed also says how far the
// build is from the 150 kB target; scripts/stack-floor.mjs measures what React, React Router, Apollo
// Client and Chakra alone come to (163.1 kB; docs/performance.md).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUDGET_BYTES = 213 * 1000;
const TARGET_BYTES = 150 * 1000;
const dist = path.resolve(import.meta.dirname, "../web/dist");
const manifestPath = path.join(dist, ".vite/manifest.json");
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${path.relative(process.cwd(), manifestPath)}: run \`npm run build:web\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const homeKey = "src/routes/HomeRoute.tsx";
if (!entryKey || !manifest[homeKey]) {
  console.error(`The manifest has no ${entryKey ? homeKey : "entry"}.`);
  process.exit(2);
}

const files = new Map();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.set(chunk.file, key);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit(entryKey);
visit("src/start.tsx");
visit(homeKey);
// Fetched on every first visit once the page has hydrated, with no action of the shopper's: the
// server cart's code (features/cart/ServerCartProvider.tsx keeps one per shopper). Counted, as a
// visit downloads it. The toaster, the drawer, dialogs and menus load with the shopper's first
// interaction or use, and are not counted.
const AFTER_HYDRATION = ["src/features/cart/serverCart.ts"];
for (const key of AFTER_HYDRATION) {
  if (!manifest[key]) {
    console.error(`The manifest has no ${key}: update AFTER_HYDRATION in scripts/bundle-size.mjs.`);
    process.exit(2);
  }
  visit(key);
}

let raw = 0;
let gzip = 0;
const rows = [];
for (const file of files.keys()) {
  if (!file.endsWith(".js")) continue;
  const body = fs.readFileSync(path.join(dist, file));
  const zipped = zlib.gzipSync(body, { level: 9 }).length;
  raw += body.length;
  gzip += zipped;
  // Files are named by their hash alone (web/vite.config.ts): the chunk's name says what it holds.
  const chunk = manifest[files.get(file)];
  rows.push([`${file} ${chunk.name ?? files.get(file)}`, body.length, zipped]);
}
rows.sort((a, b) => b[2] - a[2]);
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
for (const [file, size, zipped] of rows) console.log(`  ${file.padEnd(56)} ${kB(size).padStart(10)}  gzip ${kB(zipped).padStart(9)}`);
const verdict = gzip <= BUDGET_BYTES ? "within" : "OVER";
const target = gzip <= TARGET_BYTES ? "within target" : `${kB(gzip - TARGET_BYTES)} over target`;
console.log(`First visit to / downloads ${rows.length} JS files: ${kB(raw)}, ${kB(gzip)} gzip (${verdict} the ${kB(BUDGET_BYTES)} budget; ${target} of ${kB(TARGET_BYTES)}).`);
if (gzip > BUDGET_BYTES) process.exit(1);
