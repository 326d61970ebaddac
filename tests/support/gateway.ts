import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_GRAPHQL_LIMITS, DEFAULT_JOB_SETTINGS, type Config } from "../../gateway/config.js";
import { createLogger, type Logger } from "../../gateway/logger.js";
import { startGateway, type RunningGateway } from "../../gateway/bootstrap.js";
import { createTestDatabase, type TestDatabase } from "./database.js";
import { watchGateway } from "./watched-gateways.js";

export interface TestGateway {
  url: string;
  running: RunningGateway;
  database: TestDatabase;
  logs: string[];
  /** GET or another method on a path, answering status, headers and parsed JSON (when JSON). */
  rest<T = any>(pathAndQuery: string, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }>;
  /** A GraphQL operation; answers the parsed response. */
  graphql<T = any>(query: string, variables?: Record<string, unknown>): Promise<{ status: number; data: T; errors?: any[] }>;
  close(): Promise<void>;
}

const TEST_JOBS = { ...DEFAULT_JOB_SETTINGS, pollIntervalMs: 200, backoffBaseMs: 50, backoffMaxMs: 1_000, runner: false };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    host: "127.0.0.1",
    port: 0,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "storefront-data-")),
    databaseUrl: null,
    publicUrl: "http://127.0.0.1:3000",
    production: false,
    graphqlExplorer: true,
    webDistDir: null,
    logLevel: "info",
    sessionSecret: "test-session-secret-that-is-long-enough-0123456789",
    google: null,
    authLimits: { windowMinutes: 15, failuresPerEmail: 10, failuresPerAddress: 100, throttleSeconds: 30, registrationsPerAddressPerHour: 50 },
    shopOwner: null,
    // As in production: X-Forwarded-For is ignored unless a test says the gateway is behind a proxy (behindLocalProxy).
    trustProxy: null,
    graphqlLimits: DEFAULT_GRAPHQL_LIMITS,
    workers: null,
    fulfillmentPartner: "filedrop",
    printful: null,
    smtpUrl: null,
    mailFrom: "Satire Supply Co. <orders@satire-supply.example>",
    // No job runner unless a test asks for one (withJobRunner): the jobs' own queries and the
    // orders they move would disturb what other tests count and see. When on, jobs run promptly;
    // retries wait 50 ms, 100 ms, ... rather than half a minute.
    jobs: TEST_JOBS,
    // As in production: webhooks only to https receivers on public addresses. Tests delivering to a
    // receiver on 127.0.0.1 turn this on.
    webhookAllowPrivateTargets: false,
    // Tests change the catalog behind the gateway's back; tests/catalog-cache.test.ts turns the cache on.
    catalogCacheSeconds: 0,
    payments: { provider: "test", sessionMinutes: 60 },
    // No CDN in front unless a test puts one there (tests/page-cache.test.ts).
    cdnPurge: null,
    ...overrides,
  };
}

/** Test settings for a gateway that runs its jobs (print partner, emails, webhooks), with `overrides`. */
export function withJobRunner(overrides: Partial<Config["jobs"]> = {}): Pick<Config, "jobs"> {
  return { jobs: { ...TEST_JOBS, runner: true, ...overrides } };
}

/**
 * Test settings for a gateway behind a proxy on its own machine (TRUST_PROXY=loopback): the tests'
 * requests come from 127.0.0.1, so their X-Forwarded-For (`fromAddress`) names the client.
 */
export function behindLocalProxy(): Pick<Config, "trustProxy"> {
  return { trustProxy: ["loopback"] };
}

/** The header a proxy adds for a client at `address`, for a gateway started with behindLocalProxy(). */
export function fromAddress(address: string): Record<string, string> {
  return { "x-forwarded-for": address };
}

/** A real gateway over HTTP on a free port, with its own seeded database; logs are captured. */
export async function startTestGateway(overrides: Partial<Config> = {}, database?: TestDatabase): Promise<TestGateway> {
  const logs: string[] = [];
  const logger: Logger = createLogger(overrides.logLevel ?? "info", (line) => logs.push(line));
  const db = database ?? (await createTestDatabase());
  const running = await startGateway(testConfig(overrides), logger, db);
  const url = running.url;
  watchGateway(url);
  return {
    url,
    running,
    database: db,
    logs,
    async rest(pathAndQuery, init) {
      const res = await fetch(url + pathAndQuery, init);
      const text = await res.text();
      const isJson = res.headers.get("content-type")?.includes("json");
      return { status: res.status, headers: res.headers, body: isJson ? JSON.parse(text) : text };
    },
    async graphql(query, variables) {
      const res = await fetch(`${url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      });
      const json = (await res.json()) as { data: any; errors?: any[] };
      return { status: res.status, data: json.data, errors: json.errors };
    },
    async close() {
      await running.close();
      if (!database) await db.dispose().catch(() => undefined);
    },
  };
}
