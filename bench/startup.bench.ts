// `npm run bench:startup`: how long the gateway takes from spawn to its first /healthz 200 on an
// existing data directory (at most 1.5 s), and its resident memory right then. One run
// first creates and seeds a temporary DATA_DIR (not counted); then RUNS (5) starts on it, each
// stopped with SIGTERM before the next; prints every run and the median.
//   STARTUP_ENTRY  dist/server/main.js (the production bundle, `npm run build:gateway` first),
//                  dist/gateway/main.js (tsc's output, unbundled) or gateway/main.ts (through tsx, as `npm run dev`)
//   WEB_DIST_DIR   web/dist by default (the server renderer is loaded as in production; "" for none)
//   DATABASE_URL   measure on PostgreSQL instead (the database is migrated and seeded by the first run)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, spawnGateway, type GatewayProcess } from "../tests/support/process.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const entry = process.env.STARTUP_ENTRY ?? "dist/server/main.js";
const runs = Number(process.env.RUNS ?? 5);

/** CPU time the process has used (user + system), in ms: steadier than the wall clock on a shared machine. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function startOnce(env: Record<string, string>): Promise<{ ms: number; cpu: number; rss: number; proc: GatewayProcess }> {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const proc = spawnGateway({ ...env, PORT: String(port) }, entry);
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`gateway exited early:\n${proc.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, cpu: cpuMs(proc.child.pid!), rss: rssMiB(proc.child.pid!), proc };
}

async function stop(proc: GatewayProcess): Promise<void> {
  proc.child.kill("SIGTERM");
  const code = await proc.exited;
  if (code !== 0) throw new Error(`gateway stopped with ${code}:\n${proc.output()}`);
}

async function main() {
  if (entry.endsWith(".js") && !fs.existsSync(path.join(ROOT, entry))) throw new Error(`No ${entry}: run \`npm run build:gateway\` first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-startup-"));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(ROOT, "web/dist"),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  };
  try {
    await stop((await startOnce(env)).proc); // creates, migrates and seeds the data directory
    const results: { ms: number; cpu: number; rss: number }[] = [];
    for (let i = 0; i < runs; i += 1) {
      const { ms, cpu, rss, proc } = await startOnce(env);
      await stop(proc);
      results.push({ ms, cpu, rss });
      console.log(`run ${i + 1}: ${ms.toFixed(0)} ms to /healthz 200 (${cpu.toFixed(0)} ms of CPU), ${rss.toFixed(0)} MiB resident`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `${entry} on ${env.DATABASE_URL ? "PostgreSQL" : "PGlite"}: median ${median(results.map((r) => r.ms)).toFixed(0)} ms ` +
        `(${median(results.map((r) => r.cpu)).toFixed(0)} ms of CPU), ` +
        `${median(results.map((r) => r.rss)).toFixed(0)} MiB resident (${runs} runs, ${new Date().toISOString().slice(0, 10)})`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
