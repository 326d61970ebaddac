import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

import { watchGateway } from "./watched-gateways.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface GatewayProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Runs one gateway process without the client build: from the sources (gateway/main.ts, tsx as its
 * loader), or, for an entry in dist/ (`npm run build:gateway`), the compiled JavaScript as `npm start` runs it.
 */
export function spawnGateway(env: Record<string, string>, entry = "gateway/main.ts"): GatewayProcess {
  const args = entry.endsWith(".ts") ? ["--import", "tsx", entry] : [entry];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "info", WEB_DIST_DIR: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Runs the entry point `npm start` runs: the supervisor and its workers (gateway/supervisor.ts). */
export function spawnSupervisor(env: Record<string, string>): GatewayProcess {
  return spawnGateway(env, "gateway/supervisor.ts");
}

/** Builds the gateway as `npm run build:gateway` does (tsc to dist/gateway, bundled to dist/server), for tests of what `npm start` runs. */
export function buildGateway(): void {
  fs.rmSync(path.join(ROOT, "dist"), { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "pipe" });
  execFileSync(process.execPath, [path.join(ROOT, "scripts/bundle-gateway.mjs")], { cwd: ROOT, stdio: "pipe" });
}

/** The JSON log lines of a process's output with this msg. */
export function logLines(proc: GatewayProcess, msg: string): Record<string, any>[] {
  return proc
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, any>)
    .filter((line) => line.msg === msg);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 60_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export async function waitForHealthy(port: number, proc: GatewayProcess): Promise<void> {
  watchGateway(`http://127.0.0.1:${port}`);
  await waitFor(
    async () => {
      if (proc.child.exitCode !== null) throw new Error(`gateway exited early:\n${proc.output()}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
      } catch {
        return false;
      }
    },
    90_000,
    `the gateway on port ${port}`,
  );
}
