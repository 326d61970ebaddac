// `npm run bench:import`: the catalog's CSV import at size, through the real HTTP route as the owner
// sends it. Starts a gateway in this process (embedded PGlite in a temporary DATA_DIR, or
// DATABASE_URL), signs an owner in, and times: the preview of a file of new products, its import
// (apply), the same file again (nothing changes, nothing is written), a file changing every price,
// and the export of the whole catalog. BENCH_PRODUCTS (1000) × BENCH_VARIANTS (5) sets the size:
// 5,000 variants by default. Prints each step's time, its SQL statement count and the report's counts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "csv-stringify/sync";
import { loadConfig } from "../gateway/config.js";
import { prepareDatabase, startGateway } from "../gateway/bootstrap.js";
import { createLogger } from "../gateway/logger.js";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 5);
const OWNER = { email: "bench-owner@shop.example", password: "bench owner password" };

const HEADER = ["Handle", "Title", "Body (HTML)", "Type", "Tags", "Status", "Option1 Name", "Option1 Value", "Variant SKU", "Variant Price", "Variant Compare At Price", "Variant Printful ID"];
const SIZES = ["XS", "S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL", "6XL"];

/** PRODUCTS products of VARIANTS sizes each, ACTIVE, with SKUs and Printful ids; prices raised by `raise` cents. */
function catalogFile(run: string, raise: number): string {
  const rows: string[][] = [HEADER];
  for (let p = 0; p < PRODUCTS; p++) {
    for (let v = 0; v < VARIANTS; v++) {
      const first = v === 0;
      rows.push([
        `bench-${run}-${p}`,
        first ? `Bench ${run} Tee ${p}` : "",
        first ? `<p>Tee number ${p}, printed to order.</p>` : "",
        first ? "T-Shirt" : "",
        first ? "Bench, New" : "",
        first ? "active" : "",
        first ? "Size" : "",
        SIZES[v % SIZES.length]! + (v >= SIZES.length ? `-${v}` : ""),
        `BENCH-${run}-${p}-${v}`,
        ((2000 + v * 100 + raise) / 100).toFixed(2),
        "",
        String(4000 + v),
      ]);
    }
  }
  return stringify(rows, { record_delimiter: "windows" });
}

async function main() {
  const dataDir = process.env.DATABASE_URL ? null : fs.mkdtempSync(path.join(os.tmpdir(), "storefront-import-bench-"));
  const config = { ...loadConfig({ ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}), LOG_LEVEL: "warn" }), host: "127.0.0.1", port: 0 };
  const logger = createLogger("warn", () => undefined);
  const { database, lock } = await prepareDatabase(config, logger);
  const gateway = await startGateway(config, logger, database, () => lock?.release());
  await gateway.gateway.stopBackgroundWork();
  const run = Date.now().toString(36);
  try {
    const services = gateway.gateway.services;
    await services.staff.create({ ...OWNER, email: `${run}-${OWNER.email}`, name: "Bench Owner", role: "owner" });
    const login = await fetch(`${gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, variables: { input: { ...OWNER, email: `${run}-${OWNER.email}` } } }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    if (!cookie) throw new Error(`the owner could not sign in: ${await login.text()}`);

    const rows: Record<string, string | number>[] = [];
    const step = async (name: string, send: () => Promise<Response>, check: (body: string) => string) => {
      const before = database.queryCount;
      const started = performance.now();
      const res = await send();
      const body = await res.text();
      const seconds = (performance.now() - started) / 1000;
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body.slice(0, 300)}`);
      rows.push({ step: name, seconds: +seconds.toFixed(2), statements: database.queryCount - before, result: check(body) });
    };
    const post = (file: string, apply: boolean) => () =>
      fetch(`${gateway.url}/api/admin/catalog/import${apply ? "?apply=true" : ""}`, { method: "POST", headers: { cookie, "content-type": "text/csv" }, body: file });
    const counts = (body: string) => {
      const report = JSON.parse(body) as { applied: boolean; created: number; changed: number; unchanged: number; errors: unknown[] };
      if (report.errors.length > 0) throw new Error(`the file was refused: ${JSON.stringify(report.errors.slice(0, 3))}`);
      return `applied ${report.applied}: ${report.created} created, ${report.changed} changed, ${report.unchanged} unchanged`;
    };

    const file = catalogFile(run, 0);
    const raised = catalogFile(run, 100);
    console.log(`${PRODUCTS} products × ${VARIANTS} variants = ${PRODUCTS * VARIANTS} rows, ${(Buffer.byteLength(file) / 1024).toFixed(0)} KiB, on ${config.databaseUrl ? "PostgreSQL" : "PGlite"}`);
    await step("preview (new products)", post(file, false), counts);
    await step("import (new products)", post(file, true), counts);
    await step("import the same file again", post(file, true), counts);
    await step("preview (every price changed)", post(raised, false), counts);
    await step("import (every price changed)", post(raised, true), counts);
    await step("export the catalog", () => fetch(`${gateway.url}/api/admin/catalog/products.csv`, { headers: { cookie } }), (body) => `${body.split("\r\n").length - 2} rows`);
    console.table(rows);
  } finally {
    await gateway.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
