import { within } from "../within.js";

/** How long a transaction whose COMMIT went unanswered waits to learn whether it committed. */
const COMMIT_RESOLVE_MS = 5_000;

/** How often the database is asked again while it cannot say. */
const ASK_AGAIN_MS = 50;

/** What the database says of a transaction: PostgreSQL's pg_xact_status, null when it no longer knows the id. */
export type TransactionStatus = "committed" | "aborted" | "in progress" | null;

/**
 * Whether a transaction that failed after its write committed after all: a COMMIT whose answer was
 * lost may have been carried out. `askStatus` is asked on another connection until the database
 * knows (its server process may still be finishing). When it cannot say within `limitMs` (every
 * connection down, or the network holding the question, which can take as long as the pool's
 * query timeout), the caller's work fails with PostgreSQL's own "transaction resolution unknown"
 * (08007), answered as the database being unavailable (503), rather than being run again or
 * reported as not made. A question still unanswered at the deadline is not waited for.
 */
export async function resolveCommit(
  askStatus: () => Promise<TransactionStatus>,
  failure: unknown,
  limitMs = COMMIT_RESOLVE_MS,
): Promise<"committed" | "aborted"> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const status = await within(askStatus().catch(() => null), deadline - Date.now(), null);
    if (status === "committed" || status === "aborted") return status;
    if (Date.now() >= deadline) {
      throw Object.assign(new Error(`Transaction resolution unknown: the connection was lost during COMMIT (${String(failure)})`), {
        code: "08007",
        cause: failure,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(ASK_AGAIN_MS, deadline - Date.now())));
  }
}
