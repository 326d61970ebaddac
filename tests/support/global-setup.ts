import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../gateway/db/database.js";
import { migrateToLatest } from "../../gateway/db/migrate.js";
import { applySeed } from "../../gateway/seed/seed.js";
import { buildSeedData } from "../../gateway/seed/data/index.js";

// An in-memory PGlite takes seconds to create: build one migrated, seeded database per run and let
// every test file load a copy of it (see database.ts). With TEST_DATABASE_URL the files use PostgreSQL.
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    console.log(`[tests] database: PostgreSQL (${redact(process.env.TEST_DATABASE_URL)})`);
    return;
  }
  console.log("[tests] database: in-memory PGlite (set TEST_DATABASE_URL to run the suite on PostgreSQL)");
  const handle = await openDatabase({ kind: "pglite", dataDir: null });
  await migrateToLatest(handle.db);
  await applySeed(handle.db, buildSeedData());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-tests-"));
  const file = path.join(dir, "template.tar.gz");
  const dump = await handle.pglite!.dumpDataDir("gzip");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

function redact(url: string) {
  return url.replace(/\/\/([^@/]*)@/, "//***@");
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
