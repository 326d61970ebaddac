import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, logLines, spawnGateway, spawnSupervisor, waitFor, waitForHealthy, type GatewayProcess } from "./support/process.js";

// Each test spawns gateway processes that compile TypeScript at start-up; on a loaded 2-core machine
// that alone can take tens of seconds, so these tests get more time than the default 30 s.
const PROCESS_TESTS = { timeout: 120_000 };

// A crash is not an outage. `npm start` runs gateway/supervisor.ts, which runs the
// gateway as cluster workers, replaces one that dies at once and logs why, and stops on SIGTERM.
const started: GatewayProcess[] = [];
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-super-"));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the supervisor on the embedded database", PROCESS_TESTS, () => {
  it("runs one worker, replaces it at once when it is killed, and stops on SIGTERM", async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const supervisor = spawnSupervisor({ PORT: String(port), DATA_DIR: dataDir, WORKERS: "4" });
    started.push(supervisor);
    await waitForHealthy(port, supervisor);
    const base = `http://127.0.0.1:${port}`;

    expect(logLines(supervisor, "supervisor started")[0]).toMatchObject({ workers: 1 });
    expect(logLines(supervisor, "WORKERS ignored: the embedded database allows one process; set DATABASE_URL to run several")).toHaveLength(1);
    const [first] = logLines(supervisor, "worker started");
    expect(first!.pid).not.toBe(supervisor.child.pid);
    // The worker that created and seeded the database exited for a fresh one to serve it, which
    // runs with the embedded database's heap limits (docs/performance.md "Start-up and memory"); that was not a crash.
    const [preparer] = logLines(supervisor, "embedded database prepared; starting a fresh worker to serve it");
    expect(preparer!.pid).not.toBe(first!.pid);
    expect(logLines(supervisor, "worker died; starting another")).toHaveLength(0);
    expect(fs.readFileSync(`/proc/${first!.pid}/cmdline`, "utf8").split("\0")).toEqual(
      expect.arrayContaining(["--max-semi-space-size=32", "--max-old-space-size=256"]),
    );
    // The supervisor holds DATA_DIR: nobody else may open it, not even while its worker restarts.
    expect(fs.readFileSync(path.join(dataDir, "gateway.lock"), "utf8").trim()).toBe(String(supervisor.child.pid));
    const intruder = spawnGateway({ PORT: String(await freePort()), DATA_DIR: dataDir });
    started.push(intruder);
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(/DATA_DIR .* is in use by another process \(pid \d+\)/);

    process.kill(first!.pid, "SIGKILL");
    await waitFor(() => logLines(supervisor, "worker died; starting another").length === 1, 5_000, "the death to be logged");
    expect(logLines(supervisor, "worker died; starting another")[0]).toMatchObject({ pid: first!.pid, signal: "SIGKILL", reason: "killed by SIGKILL", restartInMs: 0 });
    await waitFor(() => logLines(supervisor, "worker started").length === 2, 60_000, "a new worker");
    const second = logLines(supervisor, "worker started")[1]!;
    expect(second.pid).not.toBe(first!.pid);
    const products = await fetch(`${base}/api/products?pageSize=2`);
    expect(products.status).toBe(200);
    expect(((await products.json()) as { products: unknown[] }).products).toHaveLength(2);

    supervisor.child.kill("SIGTERM");
    expect(await supervisor.exited).toBe(0);
    expect(alive(second.pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "gateway.lock"))).toBe(false);
    expect(supervisor.output()).toContain('"msg":"supervisor stopped"');
  });

  it("stops with the worker's own message when the gateway cannot start", async () => {
    const port = await freePort();
    const blocker = spawnGateway({ PORT: String(port), DATA_DIR: tempDir() });
    started.push(blocker);
    await waitForHealthy(port, blocker);
    const supervisor = spawnSupervisor({ PORT: String(port), DATA_DIR: tempDir() });
    started.push(supervisor);
    expect(await supervisor.exited).toBe(1);
    expect(supervisor.output()).toContain(`PORT: ${port} is already in use`);
    expect(logLines(supervisor, "worker failed to start; stopping")).toHaveLength(1);
    blocker.child.kill("SIGTERM");
    expect(await blocker.exited).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the supervisor on PostgreSQL (runs when TEST_DATABASE_URL is set)", PROCESS_TESTS, () => {
  it("runs WORKERS workers on one port; a killed one is replaced while the others keep serving", async () => {
    const { createTestDatabase } = await import("./support/database.js");
    const database = await createTestDatabase({ seed: false });
    await database.close();
    try {
      const port = await freePort();
      const supervisor = spawnSupervisor({ PORT: String(port), DATA_DIR: tempDir(), DATABASE_URL: database.url!, WORKERS: "2" });
      started.push(supervisor);
      await waitFor(() => logLines(supervisor, "worker started").length === 2, 90_000, "two workers");
      const base = `http://127.0.0.1:${port}`;
      const pids = logLines(supervisor, "worker started").map((l) => l.pid as number);
      expect(new Set(pids).size).toBe(2);
      // Each with V8's old generation capped (a crawl's garbage would otherwise grow it past 512 MiB).
      for (const pid of pids) expect(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")).toContain("--max-old-space-size=512");

      process.kill(pids[0]!, "SIGKILL");
      await waitFor(() => logLines(supervisor, "worker died; starting another").length === 1, 5_000, "the death to be logged");
      // The other worker answers meanwhile: the shop is not down while one restarts.
      for (let i = 0; i < 10; i += 1) expect((await fetch(`${base}/api/collections`)).status).toBe(200);
      await waitFor(() => logLines(supervisor, "worker started").length === 3, 60_000, "a replacement");
      expect((await fetch(`${base}/healthz`)).status).toBe(200);

      supervisor.child.kill("SIGTERM");
      expect(await supervisor.exited).toBe(0);
    } finally {
      await database.dispose();
    }
  });
});
