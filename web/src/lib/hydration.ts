import { useSyncExternalStore } from "react";

// While React hydrates the gateway's page (a boundary at a time, yielding to the browser),
// a state update from outside (a query's answer, a lazily loaded module) makes React hydrate what it
// touches at once, in one long task. Work that only fills in this shopper's own parts (the session,
// the server cart) waits until the page has hydrated. Nothing waits where nothing hydrates (pages the
// browser renders itself, tests).
let hydrating = false;
const listeners = new Set<() => void>();

/** start.tsx, before hydrateRoot. */
export function beginHydration(): void {
  hydrating = true;
}

/** AppProviders' marker, once the hydrated page has gone idle. */
export function endHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `task` once the page has hydrated: at once (synchronously) when nothing hydrates. Answers a cancel. */
export function afterHydration(task: () => void): () => void {
  if (!hydrating) {
    task();
    return () => undefined;
  }
  const done = () => {
    listeners.delete(done);
    task();
  };
  listeners.add(done);
  return () => listeners.delete(done);
}

/** False on the gateway and until the page has hydrated; true where nothing hydrates. */
export function useHydrationDone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !hydrating,
    () => false,
  );
}
