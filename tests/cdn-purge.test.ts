import { afterEach, describe, expect, it } from "vitest";
import { CdnPurge } from "../gateway/ssr/cdn-purge.js";
import { createLogger } from "../gateway/logger.js";
import { startCdnEndpoint } from "./support/cdn-endpoint.js";

// The shop tells a CDN in front which pages to drop (docs/operations.md "A CDN or Varnish in
// front"): POST {"keys": [...]} with the keys in Surrogate-Key too and the token as a Bearer; it
// retries what may pass later, gives up on a refusal, never throws, and logs what failed.

let endpoint: Awaited<ReturnType<typeof startCdnEndpoint>> | null = null;
afterEach(async () => {
  await endpoint?.close();
  endpoint = null;
});

function purger(url: string, token: string | null, options: { timeoutMs?: number } = {}) {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger("debug", (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  return { purge: new CdnPurge({ url, token, attempts: 3, backoffMs: 10, ...options }, logger), logs };
}

const KEYS = ["product-0b6d4f8e-1c1f-4b8e-9a57-3f2c1d0e9a11", "collection-7f1e2d3c-4b5a-4c6d-8e9f-0a1b2c3d4e5f", "listing"];

describe("a CDN purge", () => {
  it("POSTs the keys as JSON, in Surrogate-Key, with the token as a Bearer", async () => {
    endpoint = await startCdnEndpoint([200]);
    const { purge, logs } = purger(endpoint.url, "s3cret-token");
    await purge.purge(KEYS);
    expect(endpoint.received).toEqual([
      { method: "POST", path: "/purge", authorization: "Bearer s3cret-token", contentType: "application/json", surrogateKey: KEYS.join(" "), keys: KEYS },
    ]);
    expect(logs.filter((l) => l.level === "warn")).toEqual([]);
  });

  it("sends no Authorization without a token, and nothing at all for no keys", async () => {
    endpoint = await startCdnEndpoint([200]);
    const { purge } = purger(endpoint.url, null);
    await purge.purge([]);
    expect(endpoint.received).toEqual([]);
    await purge.purge(["all"]);
    expect(endpoint.received.map((r) => [r.authorization, r.keys])).toEqual([[null, ["all"]]]);
  });

  it("tries again after an error or a busy answer, until one passes", async () => {
    endpoint = await startCdnEndpoint([503, 429, 200]);
    const { purge, logs } = purger(endpoint.url, null);
    await purge.purge(KEYS);
    expect(endpoint.received).toHaveLength(3);
    expect(logs.filter((l) => l.level === "warn")).toEqual([]);
  });

  it("gives up after its attempts and logs it, without throwing", async () => {
    endpoint = await startCdnEndpoint([500]);
    const { purge, logs } = purger(endpoint.url, null);
    await expect(purge.purge(KEYS)).resolves.toBeUndefined();
    expect(endpoint.received).toHaveLength(3);
    expect(logs.filter((l) => l.level === "warn")).toEqual([expect.objectContaining({ msg: expect.stringContaining("cdn purge failed"), status: 500, keyCount: 3 })]);
  });

  it("does not ask again after a refusal (a wrong token)", async () => {
    endpoint = await startCdnEndpoint([401]);
    const { purge, logs } = purger(endpoint.url, "wrong");
    await purge.purge(KEYS);
    expect(endpoint.received).toHaveLength(1);
    expect(logs.filter((l) => l.level === "warn")).toEqual([expect.objectContaining({ status: 401 })]);
  });

  it("stops waiting for an endpoint that does not answer, and tries again", async () => {
    endpoint = await startCdnEndpoint(["hang", 200]);
    const { purge, logs } = purger(endpoint.url, null, { timeoutMs: 200 });
    const started = Date.now();
    await purge.purge(KEYS);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(endpoint.received).toHaveLength(2);
    expect(logs.filter((l) => l.level === "warn")).toEqual([]);
  });

  it("logs an endpoint that cannot be reached", async () => {
    endpoint = await startCdnEndpoint([200]);
    const url = endpoint.url;
    await endpoint.close();
    endpoint = null;
    const { purge, logs } = purger(url, null);
    await purge.purge(KEYS);
    expect(logs.filter((l) => l.level === "warn")).toEqual([expect.objectContaining({ error: expect.stringMatching(/fetch failed/) })]);
  });
});
