import { useApolloClient } from "@apollo/client/react";
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from "react";
import { notify } from "../../components/ui/toaster";
import { afterHydration } from "../../lib/hydration";
import { CART_UPDATED_EVENT } from "./localCart";
import type { ServerCartMirror } from "./serverCart";

/** The mirror, once its code has loaded. */
type LoadServerCart = () => Promise<ServerCartMirror>;

const ServerCartContext = createContext<LoadServerCart>(() => Promise.reject(new Error("No server cart here")));

/**
 * Keeps the server cart in step with the local cart (spec §4 Server cart; one cart per shopper).
 * The mirror's code loads after the first paint, so a first visit does not wait for it. Only
 * changes made in this tab are carried over (`cart-updated`): another tab carries over its own.
 * Failures are told with spec §8's toasts.
 */
export function ServerCartProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const loading = useRef<{ client: unknown; mirror: Promise<ServerCartMirror> } | null>(null);

  const load = useCallback(() => {
    if (loading.current?.client !== client) {
      const created = import("./serverCart").then(
        ({ ServerCartMirror, serverCartProblemToast }) => new ServerCartMirror(client, { onProblem: (problem) => notify(serverCartProblemToast(problem)) }),
      );
      loading.current = { client, mirror: created };
    }
    return loading.current.mirror;
  }, [client]);

  useEffect(() => {
    let cancelled = false;
    let stop = () => undefined as void;
    // After hydration: the mirror's first sync is no part of the page's start.
    const cancelWait = afterHydration(() => {
      void load().then((loaded) => {
        if (cancelled) return;
        void loaded.sync();
        const onChange = () => void loaded.sync();
        window.addEventListener(CART_UPDATED_EVENT, onChange);
        stop = () => window.removeEventListener(CART_UPDATED_EVENT, onChange);
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      stop();
    };
  }, [load]);

  return <ServerCartContext.Provider value={load}>{children}</ServerCartContext.Provider>;
}

/**
 * The shopper's one server cart (spec §4): its mirror, once its code has loaded (checkout, discount
 * codes, the saving indicator). Its hooks live with the screens that use them (CartSyncStatus,
 * useCartCheckout, useCartDiscount), so a first visit does not download them.
 */
export function useServerCart(): LoadServerCart {
  return useContext(ServerCartContext);
}
