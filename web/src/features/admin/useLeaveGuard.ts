import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";

type Leaving = { kind: "link"; to: string } | { kind: "history"; delta: number };

/** What this hook reads of the Navigation API (Chromium; TypeScript's DOM library has no types for it yet). */
interface TraverseEvent extends Event {
  navigationType: "push" | "replace" | "reload" | "traverse";
  destination: { sameDocument: boolean; index: number };
}
interface NavigationApi extends EventTarget {
  currentEntry: { index: number } | null;
}

/**
 * Asks before unsaved changes are left behind. React Router's useBlocker works only under a data
 * router, and the shop runs a <BrowserRouter> (a data router would add to every shopper's first
 * visit), so this does its three parts itself while `dirty`:
 * - a reload, closing the tab or another site: the browser's own question (beforeunload);
 * - a click on a link of the shop: held before React Router sees it, and followed on "leave";
 * - Back and Forward, where the browser has the Navigation API (Chromium): the step is cancelled
 *   before it happens (its `navigate` event), and taken again on "leave". Elsewhere nothing can
 *   stop the router following a step through history: its popstate listener is the page's first.
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
    const navigation = (window as { navigation?: NavigationApi }).navigation;
    const traverse = (event: Event) => {
      const step = event as TraverseEvent;
      if (released.current || step.navigationType !== "traverse" || !step.cancelable || !step.destination.sameDocument) return;
      const here = navigation?.currentEntry?.index;
      if (here === undefined) return;
      event.preventDefault();
      setLeaving({ kind: "history", delta: step.destination.index - here });
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    navigation?.addEventListener("navigate", traverse);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
      navigation?.removeEventListener("navigate", traverse);
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
