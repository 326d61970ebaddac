import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeDataDir, widerThanOwner } from "../gateway/db/data-dir.js";
import { freePort, logLines, spawnGateway, waitForHealthy, type GatewayProcess } from "./support/process.js";

// DATA_DIR holds the embedded database, the session secret, the staff socket, emails and print
// packages: the gateway creates all of it for its owner only (folders 700, files 600), and says at
// start-up when DATA_DIR or anything in it is open to other users of the machine.

const work = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-datadir-"));
const started: GatewayProcess[] = [];

afterAll(() => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  fs.rmSync(work, { recursive: true, force: true });
});

/** Every entry under `dir` (itself included) with its permission bits, symbolic links left out. */
function modesUnder(dir: string): { path: string; mode: number; directory: boolean }[] {
  const found: { path: string; mode: number; directory: boolean }[] = [];
  const walk = (full: string) => {
    const stats = fs.lstatSync(full);
    if (stats.isSymbolicLink()) return;
    found.push({ path: path.relative(dir, full) || ".", mode: stats.mode & 0o777, directory: stats.isDirectory() });
    if (stats.isDirectory()) for (const name of fs.readdirSync(full)) walk(path.join(full, name));
  };
  walk(dir);
  return found;
}

describe("widerThanOwner", () => {
  it("names DATA_DIR and each entry the group or others may reach, with its mode, following no link", () => {
    const dir = fs.mkdtempSync(path.join(work, "scan-"));
    fs.writeFileSync(path.join(dir, "session-secret"), "s", { mode: 0o600 });
    fs.mkdirSync(path.join(dir, "outbox"), { mode: 0o700 });
    fs.writeFileSync(path.join(dir, "outbox", "1.eml"), "m");
    fs.chmodSync(path.join(dir, "outbox", "1.eml"), 0o640);
    fs.mkdirSync(path.join(dir, "fulfillment"));
    fs.chmodSync(path.join(dir, "fulfillment"), 0o755);
    fs.symlinkSync("/etc/passwd", path.join(dir, "link"));
    expect(widerThanOwner(dir)).toEqual({ entries: [{ path: "fulfillment", mode: "755" }, { path: path.join("outbox", "1.eml"), mode: "640" }], total: 2 });
    fs.chmodSync(dir, 0o711);
    expect(widerThanOwner(dir, 2)).toEqual({ entries: [{ path: ".", mode: "711" }, { path: "fulfillment", mode: "755" }], total: 3 });
    expect(widerThanOwner(path.join(dir, "not-there"))).toEqual({ entries: [], total: 0 });
  });

  it("is empty for a DATA_DIR made by makeDataDir, its parents included", () => {
    const dir = path.join(work, "made", "deeper", "data");
    makeDataDir(dir);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(widerThanOwner(dir)).toEqual({ entries: [], total: 0 });
  });
});

describe("the gateway process", { timeout: 180_000 }, () => {
  it("creates DATA_DIR and everything in it for its owner only, and warns at start-up when something there is open to others", async () => {
    // This test's own files are open to others (umask 022, as a login shell's), so whatever the gateway
    // makes owner-only is its own doing.
    const control = path.join(work, "control");
    fs.writeFileSync(control, "c");
    expect(fs.statSync(control).mode & 0o044).not.toBe(0);

    const dataDir = path.join(work, "shop", "data");
    const port = await freePort();
    const first = spawnGateway({ PORT: String(port), DATA_DIR: dataDir });
    started.push(first);
    await waitForHealthy(port, first);
    expect(logLines(first, "DATA_DIR is open to other users of this machine; make it its owner's only (chmod -R go= on it)")).toEqual([]);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    const entries = modesUnder(dataDir);
    // The embedded database's files, the session secret, the staff socket's folder: all of them.
    expect(entries.map((e) => e.path)).toEqual(expect.arrayContaining([".", "session-secret", "PG_VERSION", "base"]));
    expect(entries.length).toBeGreaterThan(50);
    expect(entries.filter((e) => (e.mode & 0o077) !== 0)).toEqual([]);
    expect(entries.find((e) => e.path === ".")!.mode).toBe(0o700);

    // Opened up by hand: the next start says so, naming what is open.
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, "notes.txt"), "n", { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, "notes.txt"), 0o644);
    const again = spawnGateway({ PORT: String(port), DATA_DIR: dataDir });
    started.push(again);
    await waitForHealthy(port, again);
    const [warning] = logLines(again, "DATA_DIR is open to other users of this machine; make it its owner's only (chmod -R go= on it)");
    expect(warning).toMatchObject({ level: "warn", dataDir, entries: [". 755", "notes.txt 644"], total: 2 });
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });
});
