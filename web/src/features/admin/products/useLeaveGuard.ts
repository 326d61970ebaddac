import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";

type Leaving = { kind: "link"; to: string } | { kind: "history"; delta: number };

/** The entry's place in the session history, as React Router's history writes it in history.state. */
const historyIndex = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" ? idx : null;
};

/**
 * Asks before unsaved changes are left behind. React Router's useBlocker works only under a data
 * router, and the shop runs a <BrowserRouter> (a data router would add to every shopper's first
 * visit), so this does its three parts itself while `dirty`:
 * - a reload, closing the tab or another site: the browser's own question (beforeunload);
 * - a click on a link of the shop: held before React Router sees it, and followed on "leave";
 * - Back and Forward: the step is undone (history.go) before the router follows it, and taken
 *   again on "leave".
 * The screen's own navigations (after creating or deleting) are not clicks: they go through.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const released = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      if (released.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      // Another site is the browser's to ask about (beforeunload); a link within the page leaves nothing.
      if (url.origin !== window.location.origin) return;
      if (url.pathname === pathname && url.search === search) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ kind: "link", to: url.pathname + url.search + url.hash });
    };
    const here = historyIndex(window.history.state);
    let undoing = false;
    // Capturing on window runs before the router's own listener, which is not capturing.
    const popState = (event: PopStateEvent) => {
      if (released.current) return;
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const there = historyIndex(event.state);
      if (here === null || there === null || there === here) return;
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(here - there);
      setLeaving({ kind: "history", delta: there - here });
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    window.addEventListener("popstate", popState, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
      window.removeEventListener("popstate", popState, true);
    };
  }, [dirty, pathname, search]);

  const leave = useCallback(() => {
    if (!leaving) return;
    released.current = true;
    setLeaving(null);
    if (leaving.kind === "link") navigate(leaving.to);
    else window.history.go(leaving.delta);
  }, [leaving, navigate]);

  const stay = useCallback(() => setLeaving(null), []);

  return { asking: leaving !== null, leave, stay };
}
