import { isIP } from "node:net";
import path from "node:path";

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** postgres:// URL; null means the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  publicUrl: string;
  production: boolean;
  /**
   * Apollo Sandbox and introspection on /graphql, and schema names in error messages' suggestions:
   * GRAPHQL_EXPLORER, by default on only for a shop whose PUBLIC_URL is a loopback address.
   */
  graphqlExplorer: boolean;
  /** Built client served at /; null when there is none (API-only). */
  webDistDir: string | null;
  logLevel: LogLevel;
  /** From SESSION_SECRET; null means "generate once and keep it in DATA_DIR" (see sessions/session-secret.ts). */
  sessionSecret: string | null;
  /** Google sign-in, only when both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  google: { clientId: string; clientSecret: string } | null;
  authLimits: AuthLimits;
  /**
   * TRUST_PROXY: which peers' X-Forwarded-For is believed, as Express's `trust proxy` reads it
   * (true, a hop count, or addresses, subnets and the names loopback/linklocal/uniquelocal); null
   * when unset: the socket's address is the client's.
   */
  trustProxy: TrustProxy | null;
  /**
   * SHOP_OWNER_EMAIL + SHOP_OWNER_PASSWORD: an owner with this email is made at start-up when there
   * is none (an existing account, its password included, is left alone); null when unset.
   */
  shopOwner: { email: string; password: string } | null;
  /** What one GraphQL request may ask for and how long it may run (docs/api.md "Limits"). */
  graphqlLimits: GraphQLLimits;
  /** Gateway processes the supervisor runs (WORKERS); null means one per core on PostgreSQL. Always 1 on PGlite. */
  workers: number | null;
  /** Who prints paid orders (FULFILLMENT_PARTNER): a package on disk, or Printful's API (docs/operations.md "Fulfilment"). */
  fulfillmentPartner: FulfillmentPartnerName;
  /** Printful's API and its webhook secret; set when FULFILLMENT_PARTNER=printful, else null. */
  printful: PrintfulConfig | null;
  /** SMTP_URL (smtp:// or smtps://); null writes each message as an .eml file under DATA_DIR/outbox. */
  smtpUrl: string | null;
  /** The From of the shop's emails (MAIL_FROM). */
  mailFrom: string;
  /** The durable job runner's timing (JOBS_*). */
  jobs: JobSettings;
  /**
   * WEBHOOK_ALLOW_PRIVATE_TARGETS, for tests and development only: outbound webhooks may go over
   * http and to loopback and private addresses (otherwise https to public addresses only).
   */
  webhookAllowPrivateTargets: boolean;
  /** How long a catalog answer is kept in memory (CATALOG_CACHE_SECONDS, docs/performance.md "Caches"); 0 turns the cache off. */
  catalogCacheSeconds: number;
  /** Who takes the money (PAYMENT_PROVIDER and STRIPE_*; docs/payments.md). */
  payments: PaymentsConfig;
  /**
   * A CDN or cache in front of the shop (CDN_PURGE_URL, CDN_PURGE_TOKEN; docs/operations.md "A CDN
   * or Varnish in front"): pages are sent for it to keep, and it is told what to drop after each
   * catalog change. Null: pages are sent for browsers only, to ask again each time.
   */
  cdnPurge: { url: string; token: string | null } | null;
}

type PaymentsConfig =
  /** The built-in test provider: no money moves, no account anywhere. */
  | { provider: "test"; sessionMinutes: number }
  | { provider: "stripe"; sessionMinutes: number; stripe: StripeConfig };

interface StripeConfig {
  secretKey: string;
  /** Signs POST /api/webhooks/stripe (whsec_…). */
  webhookSecret: string;
  /** Sent on every call; null: the version the installed SDK is pinned to. */
  apiVersion: string | null;
  /** Another host for the API (the tests' fake); null: Stripe's own. */
  apiUrl: URL | null;
}

/** How long a payment page takes a payment unless STRIPE_SESSION_MINUTES says otherwise (Stripe allows 30 minutes to 24 hours). */
const DEFAULT_SESSION_MINUTES = 60;

export type FulfillmentPartnerName = "filedrop" | "printful";

interface PrintfulConfig {
  apiUrl: string;
  apiToken: string;
  /** Signs /api/webhooks/printful calls (HMAC-SHA256 of the body in X-PF-Webhook-Signature). */
  webhookSecret: string;
  /** PRINTFUL_VARIANTS: a JSON file mapping "product-handle/Variant title" to Printful's variant id, imported once where ids are missing (staff keep them in /admin); null when unset. */
  variantsFile: string | null;
}

/** Retry timing and locks of the durable jobs (docs/operations.md "Fulfilment"). */
export interface JobSettings {
  /** How often an idle runner looks for due work. */
  pollIntervalMs: number;
  /** The first retry waits this long, each further one twice as long ... */
  backoffBaseMs: number;
  /** ... up to this. */
  backoffMaxMs: number;
  /** A claimed job its runner has not finished by then is taken again (the runner died). */
  lockMs: number;
  /** Attempts before a job is FAILED (staff can retry it then). */
  maxAttempts: number;
  /** Whether this process runs jobs at all (JOBS_RUNNER; off for a gateway that only serves). */
  runner: boolean;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  pollIntervalMs: 1_000,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60 * 1000,
  lockMs: 5 * 60 * 1000,
  maxAttempts: 8,
  runner: true,
};

/** Bounds checked before a GraphQL operation runs (depth, aliases, directives, tokens, cost) and while it runs. */
export interface GraphQLLimits {
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxTokens: number;
  maxCost: number;
  /** An operation still running after this long is stopped with QUERY_TIMEOUT. */
  timeoutMs: number;
  /** A GraphQL answer larger than this (JSON bytes) is replaced by RESPONSE_TOO_LARGE. */
  maxResponseBytes: number;
}

export const DEFAULT_GRAPHQL_LIMITS: GraphQLLimits = {
  maxDepth: 10,
  maxAliases: 10,
  maxDirectives: 10,
  maxTokens: 1000,
  maxCost: 5000,
  timeoutMs: 5_000,
  maxResponseBytes: 1_000_000,
};

/** Abuse limits for sign-in and registration (counted in the database, shared by every gateway process). */
export interface AuthLimits {
  windowMinutes: number;
  failuresPerEmail: number;
  failuresPerAddress: number;
  /** Past failuresPerEmail, an email is tried at most once this often (a browser with its device cookie excepted). */
  throttleSeconds: number;
  registrationsPerAddressPerHour: number;
}

/** Express's `trust proxy` values the shop accepts: every peer, the nth hop, or these addresses and subnets. */
type TrustProxy = boolean | number | string[];

const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address or subnet as proxy-addr (behind Express's `trust proxy`) takes it: `10.0.0.1`, `10.0.0.0/8`, `fd00::/8`, or a name above. */
function isProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const value = raw?.trim() ?? "";
  if (value === "") return null;
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const entries = value.split(",").map((e) => e.trim());
  const bad = entries.find((e) => !isProxyAddress(e));
  if (bad !== undefined) {
    throw new ConfigError("TRUST_PROXY", `expected true, false, a number of proxies, or addresses and subnets (such as loopback, 10.0.0.0/8) separated by commas, got "${bad}"`);
  }
  return entries;
}

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "silent"];

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = "ConfigError";
  }
}

function parsePositiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d{1,7}$/.test(raw) || Number(raw) < 1) throw new ConfigError(name, `expected a whole number of 1 or more, got "${raw}"`);
  return Number(raw);
}

function parseSeconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  if (!/^\d{1,6}$/.test(raw.trim())) throw new ConfigError(name, `expected a whole number of seconds (0 or more), got "${raw}"`);
  return Number(raw.trim());
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "no", "off"].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

/** Whether an origin's host is the machine itself: localhost, 127.0.0.0/8 or [::1]. */
function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Reads and checks the environment once, at start-up; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Retired: staff edit the free-shipping threshold in /admin (shop_settings). A shop that still sets
  // it would otherwise believe it in force.
  if (env.FREE_SHIPPING_THRESHOLD !== undefined && env.FREE_SHIPPING_THRESHOLD !== "") {
    throw new ConfigError("FREE_SHIPPING_THRESHOLD", "is no longer read: the free-shipping threshold is set in /admin → Promotions (unset the variable)");
  }
  const rawPort = env.PORT ?? "3000";
  if (!/^\d+$/.test(rawPort) || Number(rawPort) < 1 || Number(rawPort) > 65535) {
    throw new ConfigError("PORT", `expected a port number between 1 and 65535, got "${rawPort}"`);
  }
  const port = Number(rawPort);

  const host = env.HOST?.trim() || "127.0.0.1";

  let databaseUrl: string | null = null;
  if (env.DATABASE_URL) {
    let url: URL;
    try {
      url = new URL(env.DATABASE_URL);
    } catch {
      throw new ConfigError("DATABASE_URL", "not a valid URL (expected postgres://user@host:port/database)");
    }
    if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
      throw new ConfigError("DATABASE_URL", `expected a postgres:// URL, got the scheme "${url.protocol}"`);
    }
    if (!url.hostname && !url.searchParams.get("host")) {
      throw new ConfigError("DATABASE_URL", "names no host");
    }
    databaseUrl = env.DATABASE_URL;
  }

  const dataDir = path.resolve(env.DATA_DIR?.trim() || "./data");

  const publicUrlRaw = env.PUBLIC_URL?.trim() || `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`;
  let publicUrl: string;
  try {
    const url = new URL(publicUrlRaw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
    publicUrl = url.origin;
  } catch {
    throw new ConfigError("PUBLIC_URL", `expected an http(s) URL, got "${publicUrlRaw}"`);
  }

  const logLevel = (env.LOG_LEVEL?.trim() || "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError("LOG_LEVEL", `expected one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}"`);
  }

  const sessionSecret = env.SESSION_SECRET ?? null;
  if (sessionSecret !== null && sessionSecret.length < 32) {
    throw new ConfigError("SESSION_SECRET", "must be at least 32 characters (or unset, to generate one in DATA_DIR)");
  }

  const googleId = env.GOOGLE_CLIENT_ID?.trim() || "";
  const googleSecret = env.GOOGLE_CLIENT_SECRET?.trim() || "";
  if (Boolean(googleId) !== Boolean(googleSecret)) {
    throw new ConfigError(googleId ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID", "Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET");
  }

  const pipeline = loadPipelineConfig(env);
  const payments = loadPaymentsConfig(env, publicUrl);

  const cdnPurge = loadCdnPurge(env);

  const ownerEmail = env.SHOP_OWNER_EMAIL?.trim() || "";
  const ownerPassword = env.SHOP_OWNER_PASSWORD ?? "";
  if (Boolean(ownerEmail) !== Boolean(ownerPassword)) {
    throw new ConfigError(ownerEmail ? "SHOP_OWNER_PASSWORD" : "SHOP_OWNER_EMAIL", "an owner at start-up needs both SHOP_OWNER_EMAIL and SHOP_OWNER_PASSWORD");
  }

  return {
    ...pipeline,
    payments,
    cdnPurge,
    host,
    port,
    dataDir,
    shopOwner: ownerEmail ? { email: ownerEmail, password: ownerPassword } : null,
    databaseUrl,
    publicUrl,
    production: env.NODE_ENV === "production",
    // Sandbox runs Apollo's page from its CDN in the shop's origin, with the shop's cookies: on by
    // default only where nobody but the machine's own user can reach it.
    graphqlExplorer: parseBoolean("GRAPHQL_EXPLORER", env.GRAPHQL_EXPLORER, isLoopbackOrigin(publicUrl)),
    webDistDir: env.WEB_DIST_DIR === "" ? null : path.resolve(env.WEB_DIST_DIR ?? "web/dist"),
    logLevel,
    sessionSecret,
    google: googleId ? { clientId: googleId, clientSecret: googleSecret } : null,
    graphqlLimits: {
      maxDepth: parsePositiveInt("GRAPHQL_MAX_DEPTH", env.GRAPHQL_MAX_DEPTH, DEFAULT_GRAPHQL_LIMITS.maxDepth),
      maxAliases: parsePositiveInt("GRAPHQL_MAX_ALIASES", env.GRAPHQL_MAX_ALIASES, DEFAULT_GRAPHQL_LIMITS.maxAliases),
      maxDirectives: parsePositiveInt("GRAPHQL_MAX_DIRECTIVES", env.GRAPHQL_MAX_DIRECTIVES, DEFAULT_GRAPHQL_LIMITS.maxDirectives),
      maxTokens: parsePositiveInt("GRAPHQL_MAX_TOKENS", env.GRAPHQL_MAX_TOKENS, DEFAULT_GRAPHQL_LIMITS.maxTokens),
      maxCost: parsePositiveInt("GRAPHQL_MAX_COST", env.GRAPHQL_MAX_COST, DEFAULT_GRAPHQL_LIMITS.maxCost),
      timeoutMs: parsePositiveInt("GRAPHQL_TIMEOUT_MS", env.GRAPHQL_TIMEOUT_MS, DEFAULT_GRAPHQL_LIMITS.timeoutMs),
      maxResponseBytes: parsePositiveInt("GRAPHQL_MAX_RESPONSE_BYTES", env.GRAPHQL_MAX_RESPONSE_BYTES, DEFAULT_GRAPHQL_LIMITS.maxResponseBytes),
    },
    catalogCacheSeconds: parseSeconds("CATALOG_CACHE_SECONDS", env.CATALOG_CACHE_SECONDS, 60),
    workers: env.WORKERS === undefined || env.WORKERS === "" ? null : parsePositiveInt("WORKERS", env.WORKERS, 1),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    authLimits: {
      windowMinutes: parsePositiveInt("AUTH_WINDOW_MINUTES", env.AUTH_WINDOW_MINUTES, 15),
      failuresPerEmail: parsePositiveInt("AUTH_MAX_FAILURES_PER_EMAIL", env.AUTH_MAX_FAILURES_PER_EMAIL, 10),
      failuresPerAddress: parsePositiveInt("AUTH_MAX_FAILURES_PER_ADDRESS", env.AUTH_MAX_FAILURES_PER_ADDRESS, 100),
      throttleSeconds: parsePositiveInt("AUTH_THROTTLE_SECONDS", env.AUTH_THROTTLE_SECONDS, 30),
      registrationsPerAddressPerHour: parsePositiveInt("AUTH_MAX_REGISTRATIONS_PER_HOUR", env.AUTH_MAX_REGISTRATIONS_PER_HOUR, 50),
    },
  };
}

function parseHttpUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") return raw.replace(/\/+$/, "");
  } catch {
    // answered below
  }
  throw new ConfigError(name, `expected an http(s) URL, got "${raw}"`);
}

/** Where the CDN in front is told which pages to drop, with the token it wants. */
function loadCdnPurge(env: NodeJS.ProcessEnv): Config["cdnPurge"] {
  const url = env.CDN_PURGE_URL?.trim() || "";
  const token = env.CDN_PURGE_TOKEN?.trim() || "";
  if (!url) {
    if (token) throw new ConfigError("CDN_PURGE_TOKEN", "is set without CDN_PURGE_URL, which says where to send it");
    return null;
  }
  // Sent as a header's value: visible ASCII only.
  if (token && !/^[\x21-\x7e]+$/.test(token)) throw new ConfigError("CDN_PURGE_TOKEN", "expected printable characters without spaces");
  return { url: parseHttpUrl("CDN_PURGE_URL", url), token: token || null };
}

/** Who takes the money. A live Stripe key is refused unless the shop is public on https and talks to Stripe itself. */
function loadPaymentsConfig(env: NodeJS.ProcessEnv, publicUrl: string): PaymentsConfig {
  const provider = env.PAYMENT_PROVIDER?.trim() || "test";
  if (provider !== "test" && provider !== "stripe") throw new ConfigError("PAYMENT_PROVIDER", `expected test or stripe, got "${provider}"`);
  const minutesRaw = env.STRIPE_SESSION_MINUTES?.trim() || "";
  if (minutesRaw !== "" && (!/^\d{1,4}$/.test(minutesRaw) || Number(minutesRaw) < 30 || Number(minutesRaw) > 1440)) {
    throw new ConfigError("STRIPE_SESSION_MINUTES", `expected a whole number of minutes from 30 to 1440, got "${minutesRaw}"`);
  }
  const sessionMinutes = minutesRaw === "" ? DEFAULT_SESSION_MINUTES : Number(minutesRaw);
  if (provider === "test") return { provider, sessionMinutes };

  const secretKey = env.STRIPE_SECRET_KEY?.trim() || "";
  if (!secretKey) throw new ConfigError("STRIPE_SECRET_KEY", "PAYMENT_PROVIDER=stripe needs the secret key (sk_test_… or sk_live_…)");
  if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/.test(secretKey)) throw new ConfigError("STRIPE_SECRET_KEY", "expected a Stripe secret key such as sk_test_…");
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || "";
  if (!webhookSecret) throw new ConfigError("STRIPE_WEBHOOK_SECRET", "PAYMENT_PROVIDER=stripe needs the webhook signing secret (whsec_…)");
  if (!/^whsec_[A-Za-z0-9+/=]{8,}$/.test(webhookSecret)) throw new ConfigError("STRIPE_WEBHOOK_SECRET", "expected a webhook signing secret such as whsec_…");
  const apiVersion = env.STRIPE_API_VERSION?.trim() || null;
  if (apiVersion !== null && !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(apiVersion)) {
    throw new ConfigError("STRIPE_API_VERSION", `expected a Stripe API version such as 2026-10-28.endive, got "${apiVersion}"`);
  }
  const apiUrlRaw = env.STRIPE_API_URL?.trim() || "";
  const apiUrl = apiUrlRaw ? new URL(parseHttpUrl("STRIPE_API_URL", apiUrlRaw)) : null;
  const live = /^(sk|rk)_live_/.test(secretKey);
  if (live && apiUrl) throw new ConfigError("STRIPE_API_URL", "a live key talks to Stripe itself: unset STRIPE_API_URL");
  if (live && !publicUrl.startsWith("https://")) throw new ConfigError("PUBLIC_URL", "a live Stripe key needs the shop on https (PUBLIC_URL=https://…)");
  return { provider, sessionMinutes, stripe: { secretKey, webhookSecret, apiVersion, apiUrl } };
}

/** The fulfilment pipeline's part of the environment. */
function loadPipelineConfig(env: NodeJS.ProcessEnv): Pick<Config, "fulfillmentPartner" | "printful" | "smtpUrl" | "mailFrom" | "jobs" | "webhookAllowPrivateTargets"> {
  const partner = env.FULFILLMENT_PARTNER?.trim() || "filedrop";
  if (partner !== "filedrop" && partner !== "printful") {
    throw new ConfigError("FULFILLMENT_PARTNER", `expected filedrop or printful, got "${partner}"`);
  }
  let printful: PrintfulConfig | null = null;
  if (partner === "printful") {
    const apiToken = env.PRINTFUL_API_TOKEN?.trim() || "";
    if (!apiToken) throw new ConfigError("PRINTFUL_API_TOKEN", "FULFILLMENT_PARTNER=printful needs the API token");
    const webhookSecret = env.PRINTFUL_WEBHOOK_SECRET?.trim() || "";
    if (webhookSecret.length < 16) throw new ConfigError("PRINTFUL_WEBHOOK_SECRET", "FULFILLMENT_PARTNER=printful needs a webhook secret of at least 16 characters");
    printful = {
      apiUrl: parseHttpUrl("PRINTFUL_API_URL", env.PRINTFUL_API_URL?.trim() || "https://api.printful.com"),
      apiToken,
      webhookSecret,
      variantsFile: env.PRINTFUL_VARIANTS?.trim() ? path.resolve(env.PRINTFUL_VARIANTS.trim()) : null,
    };
  }
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl !== null) {
    const protocol = URL.canParse(smtpUrl) ? new URL(smtpUrl).protocol : null;
    if (protocol === null) throw new ConfigError("SMTP_URL", "not a valid URL (expected smtp://user:password@host:port or smtps://...)");
    if (protocol !== "smtp:" && protocol !== "smtps:") throw new ConfigError("SMTP_URL", `expected smtp:// or smtps://, got the scheme "${protocol}"`);
  }
  const mailFrom = env.MAIL_FROM?.trim() || "Satire Supply Co. <orders@satire-supply.example>";
  if (!/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom)) {
    throw new ConfigError("MAIL_FROM", `expected an address such as "Shop <orders@example.com>", got "${mailFrom}"`);
  }
  return {
    fulfillmentPartner: partner,
    printful,
    smtpUrl,
    mailFrom,
    webhookAllowPrivateTargets: parseBoolean("WEBHOOK_ALLOW_PRIVATE_TARGETS", env.WEBHOOK_ALLOW_PRIVATE_TARGETS, false),
    jobs: {
      pollIntervalMs: parsePositiveInt("JOBS_POLL_MS", env.JOBS_POLL_MS, DEFAULT_JOB_SETTINGS.pollIntervalMs),
      backoffBaseMs: parsePositiveInt("JOBS_BACKOFF_BASE_MS", env.JOBS_BACKOFF_BASE_MS, DEFAULT_JOB_SETTINGS.backoffBaseMs),
      backoffMaxMs: parsePositiveInt("JOBS_BACKOFF_MAX_MS", env.JOBS_BACKOFF_MAX_MS, DEFAULT_JOB_SETTINGS.backoffMaxMs),
      lockMs: parsePositiveInt("JOBS_LOCK_MS", env.JOBS_LOCK_MS, DEFAULT_JOB_SETTINGS.lockMs),
      maxAttempts: parsePositiveInt("JOBS_MAX_ATTEMPTS", env.JOBS_MAX_ATTEMPTS, DEFAULT_JOB_SETTINGS.maxAttempts),
      runner: parseBoolean("JOBS_RUNNER", env.JOBS_RUNNER, DEFAULT_JOB_SETTINGS.runner),
    },
  };
}
