import { useApolloClient } from "@apollo/client/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { notify } from "../../components/ui/toaster";
import { afterHydration } from "../../lib/hydration";
import { CART_UPDATED_EVENT } from "./localCart";
import type { ServerCartMirror, ServerCheckout } from "./serverCart";

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

const never = () => () => undefined;
const idle = () => false;

/** spec §4: on while a server cart operation runs. */
export function useServerCartBusy(): boolean {
  const { mirror } = useContext(ServerCartContext);
  return useSyncExternalStore(mirror?.subscribe ?? never, mirror?.isBusy ?? idle, idle);
}

/** spec §4 Cart page checkout: the kept server cart, brought to the local lines, and its checkout URL. */
export function useServerCartCheckout(): () => Promise<ServerCheckout> {
  const { load } = useContext(ServerCartContext);
  return useCallback(() => load().then((mirror) => mirror.checkout()), [load]);
}
