// The gateways the tests started, by origin: the REST contract check (contract.ts) looks at their
// answers only (not at the small servers some tests make). A module of its own, so the helpers that
// start gateways (gateway.ts, process.ts) register them without loading the check, which needs a test runner.
export const watchedGateways = new Set<string>();

/** Checks the answers of the gateway at this address (its origin) from now on. */
export function watchGateway(url: string): void {
  watchedGateways.add(new URL(url).origin);
}
