import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedAddress, WebhookTargets } from "./webhook-target.js";
import { hostOf, TargetRefused } from "./webhook-target.js";

/** What one POST to a receiver came to: its status, or why there was none. */
export type PostOutcome = { statusCode: number } | { error: string; refused?: true };

/**
 * A lookup that answers only `address` (already checked), whatever it is asked for: the connection
 * goes to the address the check passed, never to what the name resolves to a moment later.
 * net.connect asks for every address (`all`) when it tries both families in turn.
 */
function pinnedLookup(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (err: null, addresses: ResolvedAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
}

/**
 * POSTs a webhook's body to its receiver: the receiver's address is checked by `targets` first
 * (and this attempt connects only there), redirects are not followed (a 3xx is the answer), and
 * the whole attempt, name resolution included, gets `timeoutMs`.
 */
export async function postWebhook(
  targets: WebhookTargets,
  url: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<PostOutcome> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const late = `No answer within ${request.timeoutMs / 1000} s`;
  const target = new URL(url);
  let address: ResolvedAddress;
  try {
    address = await Promise.race([
      targets.addressFor(target),
      new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error(late)), { once: true })),
    ]);
  } catch (error) {
    if (!(error instanceof TargetRefused)) return { error: signal.aborted ? late : (error as Error).message };
    return { error: `Refused: ${error.message}`, refused: true };
  }
  const send = target.protocol === "https:" ? https.request : http.request;
  return new Promise<PostOutcome>((resolve) => {
    const req = send(
      {
        protocol: target.protocol,
        host: hostOf(target),
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: "POST",
        headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
        lookup: pinnedLookup(address),
        // One connection per attempt: a pooled socket could be one made to another address.
        agent: false,
        signal,
      },
      (res) => {
        res.resume();
        res.on("error", () => undefined);
        resolve({ statusCode: res.statusCode ?? 0 });
      },
    );
    req.on("error", (error) => resolve({ error: signal.aborted ? late : error.message }));
    req.end(request.body);
  });
}
