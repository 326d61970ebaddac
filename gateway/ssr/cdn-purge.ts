import type { Logger } from "../logger.js";

export interface CdnPurgeOptions {
  /** CDN_PURGE_URL: where the keys are POSTed. */
  url: string;
  /** CDN_PURGE_TOKEN: sent as `Authorization: Bearer …`; null sends none. */
  token: string | null;
  /** One attempt's time (default 5 s). */
  timeoutMs?: number;
  /** Attempts in all (default 4). */
  attempts?: number;
  /** The wait before the first retry, doubled before each next one (default 500 ms). */
  backoffMs?: number;
}

/** Answers worth asking again: the purge endpoint was busy, slow or failing, not refusing the request. */
const retried = (status: number) => status >= 500 || status === 408 || status === 429;

/** An error in a line: fetch's own ("fetch failed") says why only in its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/**
 * Tells the CDN or cache in front of the shop which pages to drop, by the keys the pages carry in
 * their Surrogate-Key and Cache-Tag headers (docs/operations.md "A CDN or Varnish in front"):
 * `POST CDN_PURGE_URL` with `{"keys": [...]}` as JSON, the same keys space-separated in a
 * `Surrogate-Key` header (for a Varnish that bans by header), and `Authorization: Bearer
 * CDN_PURGE_TOKEN` when set. A purge is idempotent. It runs beside the change, never in its way:
 * `purge` never rejects; a purge that still fails after its retries is logged.
 */
export class CdnPurge {
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly backoffMs: number;

  constructor(
    private readonly options: CdnPurgeOptions,
    private readonly logger: Logger,
  ) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.attempts = options.attempts ?? 4;
    this.backoffMs = options.backoffMs ?? 500;
  }

  async purge(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const headers: Record<string, string> = { "content-type": "application/json", "surrogate-key": keys.join(" ") };
    if (this.options.token !== null) headers.authorization = `Bearer ${this.options.token}`;
    const body = JSON.stringify({ keys });
    let failure: Record<string, unknown> = {};
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, this.backoffMs * 2 ** (attempt - 2)));
      try {
        const res = await fetch(this.options.url, { method: "POST", headers, body, signal: AbortSignal.timeout(this.timeoutMs), redirect: "error" });
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) {
          this.logger.debug("cdn purged", { keys: keys.length, attempt });
          return;
        }
        failure = { status: res.status };
        if (!retried(res.status)) break;
      } catch (error) {
        failure = { error: describe(error) };
      }
    }
    this.logger.warn("cdn purge failed: the CDN may answer these pages until their s-maxage ends", { keys: keys.slice(0, 20), keyCount: keys.length, ...failure });
  }
}
