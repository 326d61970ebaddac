import { useApolloClient } from "@apollo/client/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { notify } from "../../components/ui/toaster";
import { afterHydration } from "../../lib/hydration";
import { CART_UPDATED_EVENT } from "./localCart";
import type { ServerCartMirror } from "./serverCart";

interface ServerCartControl {
  mirror: ServerCartMirror | null;
  /** The mirror, once its code has loaded. */
  load(): Promise<ServerCartMirror>;
}

const ServerCartContext = createContext<ServerCartControl>({
  mirror: null,
  load: () => Promise.reject(new Error("No server cart here")),
});

/**
 * Keeps the server cart in step with the local cart (spec §4 Server cart; one cart per shopper).
 * The mirror's code loads after the first paint, so a first visit does not wait for it. Only
 * changes made in this tab are carried over (`cart-updated`): another tab carries over its own.
 * Failures are told with spec §8's toasts.
 */
export function ServerCartProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [mirror, setMirror] = useState<ServerCartMirror | null>(null);
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
    // After hydration: setMirror changes the context the whole page sits in.
    const cancelWait = afterHydration(() => {
      void load().then((loaded) => {
        if (cancelled) return;
        setMirror(loaded);
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

  const value = useMemo(() => ({ mirror, load }), [mirror, load]);
  return <ServerCartContext.Provider value={value}>{children}</ServerCartContext.Provider>;
}

/**
 * The shopper's one server cart (spec §4): the mirror once loaded (null before), and `load` for the
 * code that needs it (checkout, discount codes). Its hooks live with the screens that use them
 * (CartSyncStatus, useCartCheckout, useCartDiscount), so a first visit does not download them.
 */
export function useServerCart(): ServerCartControl {
  return useContext(ServerCartContext);
}
