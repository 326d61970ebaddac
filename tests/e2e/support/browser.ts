import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { freePort, spawnGateway, waitForHealthy, type GatewayProcess } from "../../support/process.js";
import { buildClient } from "../../support/client-build.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// ../shared/STACK.md: the flags Debian's Chromium needs here.
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export interface Storefront {
  url: string;
  browser: Browser;
  gateway: GatewayProcess;
  /** The gateway's DATA_DIR (its outbox of emails is `outbox/` in it); null for a gateway you started (E2E_BASE_URL). */
  dataDir: string | null;
  /**
   * The path the browser fetches a source module's chunk from (e.g. "src/routes/HomeRoute.tsx" →
   * "/assets/Bx1….js"): the client's files are named by their hash alone, so tests ask the build's
   * manifest.
   */
  chunkOf(source: string): string;
  close(): Promise<void>;
}

function manifestReader(dist: string): (source: string) => string {
  let manifest: Record<string, { file: string }> | undefined;
  return (source) => {
    manifest ??= JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;
    const chunk = manifest[source];
    if (!chunk) throw new Error(`The client build has no chunk for ${source}`);
    return `/${chunk.file}`;
  };
}

/**
 * A real gateway process on a fresh embedded database serving a fresh client build, and Chromium.
 * With E2E_BASE_URL set (e.g. http://127.0.0.1:3458), the tests drive a gateway you started instead:
 * quicker while working on the client, but not on a fresh database. `env`: more of the gateway's
 * environment (e.g. SHOP_OWNER_EMAIL and SHOP_OWNER_PASSWORD for a staff member).
 */
export async function startStorefront(env: Record<string, string> = {}): Promise<Storefront> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  if (process.env.E2E_BASE_URL) return useRunningGateway(process.env.E2E_BASE_URL.replace(/\/$/, ""));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-e2e-"));
  const dist = path.join(work, "dist");
  await buildClient(dist);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // No job runner: the journeys see an order as the shop's staff leave it (the file-drop partner would
  // move every paid order to Processing at once; tests/pipeline.*.test.ts cover that).
  const dataDir = path.join(work, "data");
  const gateway = spawnGateway({ JOBS_RUNNER: "false", ...env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST_DIR: dist, PUBLIC_URL: url, LOG_LEVEL: "warn" });
  try {
    await waitForHealthy(port, gateway);
  } catch (error) {
    gateway.child.kill("SIGKILL");
    throw error;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    url,
    browser,
    gateway,
    dataDir,
    chunkOf: manifestReader(dist),
    async close() {
      await browser.close().catch(() => undefined);
      if (gateway.child.exitCode === null) {
        gateway.child.kill("SIGTERM");
        await Promise.race([gateway.exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (gateway.child.exitCode === null) gateway.child.kill("SIGKILL");
      }
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

async function useRunningGateway(url: string): Promise<Storefront> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const gateway = { child: { exitCode: 0 }, output: () => "", exited: Promise.resolve(0) } as unknown as GatewayProcess;
  // The gateway you started serves web/dist: its manifest says which file holds which module.
  const chunkOf = manifestReader(path.resolve(import.meta.dirname, "../../../web/dist"));
  return { url, browser, gateway, dataDir: null, chunkOf, close: () => browser.close().catch(() => undefined) };
}

/** Everything a page logged as an error, threw, or failed to load (the client must log none). */
export function watchForErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}${process.env.E2E_DEBUG ? ` @ ${message.location().url}` : ""}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => {
    // A navigation away from a page cancels its pending requests; that is not a fault.
    if (request.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return problems;
}

/**
 * The shop's pages arrive rendered, before their code has hydrated them. After each
 * goto() and reload() of a shop page, wait until it is interactive (<html data-hydrated>), as a
 * person would wait for a page to finish loading before using it. The store's own pages
 * (/store/…) have no client code and are left alone.
 */
export function useOnceHydrated(page: Page): void {
  const shopPage = () => !new URL(page.url()).pathname.startsWith("/store/");
  const hydrated = () => page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (shopPage()) await hydrated();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (shopPage()) await hydrated();
    return response;
  };
}

/** Pages for a journey, each in a browser context of its own. */
export interface Pages {
  /** A page watched for errors (collected in `problems`) that waits for hydration after each goto. */
  open(options?: BrowserContextOptions): Promise<Page>;
  /** What every closed page logged as an error, threw or failed to load. */
  problems: string[];
  close(): Promise<void>;
}

export function pagesOf(storefront: Storefront): Pages {
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  return {
    problems,
    async open(options = { viewport: { width: 1280, height: 900 } }) {
      const context = await storefront.browser.newContext({ baseURL: storefront.url, ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const seen = watchForErrors(page);
      useOnceHydrated(page);
      page.on("close", () => problems.push(...seen));
      return page;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
    },
  };
}
