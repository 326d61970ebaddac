import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useHydrated } from "../../lib/useHydrated";

/** The token of an emailed link: being read (on the gateway and while hydrating), then found or not. */
export type LinkToken = { status: "reading" } | { status: "read"; token: string | null };

/**
 * The `token` of the link that opened this page. The gateway's HTML never holds it (it renders
 * these pages without their query); the browser reads it once hydrated, keeps it for this tab
 * (sessionStorage, so a reload still has it) and takes it out of the address bar and history at
 * once. `forget` drops it once used or refused for good.
 */
export function useLinkToken(storageKey: string): { link: LinkToken; forget(): void } {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const fromAddress = hydrated ? new URLSearchParams(location.search).get("token") : null;

  useEffect(() => {
    if (!fromAddress) return;
    stored(storageKey, fromAddress);
    const params = new URLSearchParams(location.search);
    params.delete("token");
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true, state: location.state });
  }, [fromAddress, location, navigate, storageKey]);

  const forget = useCallback(() => void stored(storageKey, null), [storageKey]);
  if (!hydrated) return { link: { status: "reading" }, forget };
  return { link: { status: "read", token: fromAddress ?? stored(storageKey) }, forget };
}

/** Reads (or with `value`, writes; null removes) the tab's copy of the token; a browser refusing storage keeps none. */
function stored(key: string, value?: string | null): string | null {
  try {
    if (value === undefined) return window.sessionStorage.getItem(key);
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the link works while its address is on screen only.
  }
  return value ?? null;
}
