import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/** The token of an emailed link: being read (on the gateway and while hydrating), then found or not. */
export type LinkToken = { status: "reading" } | { status: "read"; token: string | null };

/**
 * The `token` of the link that opened this page. The gateway's HTML never holds it (it renders
 * these pages without their query); the browser reads it once hydrated, keeps it for this tab
 * (sessionStorage, so a reload still has it) and takes it out of the address bar and history at
 * once. `forget` drops it once used or refused for good.
 */
export function useLinkToken(storageKey: string): { link: LinkToken; forget(): void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkToken>({ status: "reading" });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const fromAddress = params.get("token");
    if (fromAddress) {
      stored(storageKey, fromAddress);
      params.delete("token");
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true, state: location.state });
      setLink({ status: "read", token: fromAddress });
      return;
    }
    setLink((now) => (now.status === "read" ? now : { status: "read", token: stored(storageKey) }));
  }, [location, navigate, storageKey]);

  const forget = useCallback(() => stored(storageKey, null), [storageKey]);
  return { link, forget };
}

/** Reads (or with `value`, writes; null removes) the tab's copy of the token; a browser refusing storage keeps it in memory only. */
function stored(key: string, value?: string | null): string | null {
  try {
    if (value === undefined) return window.sessionStorage.getItem(key);
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the state above still holds the token.
  }
  return value ?? null;
}
