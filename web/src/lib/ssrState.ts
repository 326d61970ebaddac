import type { NormalizedCacheObject } from "@apollo/client";

/** The id of the JSON script the gateway writes into the page (not executable, so the CSP allows it). */
export const SSR_STATE_ID = "__SSR_STATE__";

/** What the gateway's render hands to the browser's hydration. */
export interface SsrState {
  /** Apollo's cache after the render: every query the page's screens ran. */
  apollo: NormalizedCacheObject;
  /** The shop's public origin, for canonical and preview URLs. */
  publicUrl: string;
}

export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}
