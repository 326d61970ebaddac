import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataDir } from "../gateway/db/data-dir-lock.js";

// `npm run db:migrate` and `npm run catalog:generate` open the embedded database themselves, under
// DATA_DIR's lock (gateway/scripts/offline-database.ts): they work on a directory nobody holds,
// refuse one a gateway holds, and leave it unlocked when they end.
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-offline-"));

function script(name: string, ...args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return run(process.execPath, ["--import", "tsx", `gateway/scripts/${name}.ts`, ...args], { cwd: ROOT, env: { ...env, DATA_DIR: dataDir }, timeout: 120_000 });
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the offline database scripts", () => {
  it("migrate, grow the catalog, and leave the data directory unlocked", async () => {
    expect((await script("migrate")).stdout).toMatch(/^Applied: 001-catalog, .*009-catalog-scale/);
    expect((await script("catalog-generate", "45")).stdout).toContain("45 products (30 seeded, 15 copies) on the embedded database");
    expect((await script("migrate")).stdout).toContain("Database is up to date.");
    expect(fs.existsSync(path.join(dataDir, "gateway.lock"))).toBe(false);
  }, 240_000);

  it("refuse a data directory another process holds, with a clear message, and leave the holder's lock alone", async () => {
    const lock = lockDataDir(dataDir);
    try {
      const refused = await script("catalog-generate", "60").then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain(`DATA_DIR ${dataDir} is in use by another process (pid ${process.pid})`);
      // The holder's lock is still its own.
      expect(fs.readFileSync(path.join(dataDir, "gateway.lock"), "utf8").trim()).toBe(String(process.pid));
    } finally {
      lock.release();
    }
    expect((await script("migrate")).stdout).toContain("Database is up to date.");
  }, 240_000);
});
