import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGateway, freePort, logLines, spawnGateway, waitForHealthy, type GatewayProcess } from "./support/process.js";

// The run contract: `npm start` builds the gateway once (tsc, then one bundle in
// dist/server) and runs that JavaScript, supervisor and worker, with no TypeScript compiler loaded at run time.

const started: GatewayProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-build-"));

afterAll(() => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A process's command line (tsx would be there: it is loaded with --import). */
const cmdlineOf = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");

// The gateway it starts runs on the embedded database (its own DATA_DIR) whatever the suite's
// database, and it rebuilds the checkout's one dist/: CI's PostgreSQL pass, running beside the
// first, skips it (two builds of one dist/ at once broke the other's gateway as it started).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the compiled gateway (what npm start runs)", { timeout: 120_000 }, () => {
  beforeAll(() => buildGateway(), 180_000);

  it("serves the catalog from dist/ under its supervisor in production, and stops on SIGTERM", async () => {
    const port = await freePort();
    const supervisor = spawnGateway({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production" }, "dist/server/supervisor.js");
    started.push(supervisor);
    await waitForHealthy(port, supervisor);
    const [worker] = logLines(supervisor, "worker started");
    for (const pid of [supervisor.child.pid!, worker!.pid as number]) expect(cmdlineOf(pid)).not.toMatch(/tsx|\.ts\b/);
    expect(cmdlineOf(worker!.pid as number)).toContain("dist/server/main.js");

    const base = `http://127.0.0.1:${port}`;
    const collections = (await (await fetch(`${base}/api/collections`)).json()) as unknown[];
    expect(collections).toHaveLength(6);
    const res = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ products(pageSize: 3) { products { handle variants { price { amount } } } } }" }),
    });
    const body = (await res.json()) as { data: { products: { products: { handle: string }[] } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data.products.products).toHaveLength(3);

    supervisor.child.kill("SIGTERM");
    expect(await supervisor.exited).toBe(0);
  });
});
