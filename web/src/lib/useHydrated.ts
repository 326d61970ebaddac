import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False on the gateway and during hydration, true from then on (and at once for screens the browser
 * renders itself). For parts made of what only this browser knows (its stored cart, its saved
 * design): they render after hydration, so the gateway's HTML and the first render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
