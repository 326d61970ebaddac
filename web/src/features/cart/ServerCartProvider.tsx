import { useApolloClient } from "@apollo/client/react";
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { CART_UPDATED_EVENT } from "./localCart";
import type { ServerCartMirror } from "./serverCart";

const ServerCartContext = createContext<ServerCartMirror | null>(null);

/**
 * Keeps the server cart in step with the local cart (spec §4 Server cart; issue 6 "one cart"). The
 * mirror's code loads after the first paint, so a first visit does not wait for it. Only changes
 * made in this tab are carried over (`cart-updated`): another tab carries over its own.
 */
export function ServerCartProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const [mirror, setMirror] = useState<ServerCartMirror | null>(null);

  useEffect(() => {
    let cancelled = false;
    let stop = () => undefined as void;
    void import("./serverCart").then(({ ServerCartMirror }) => {
      if (cancelled) return;
      const created = new ServerCartMirror(client);
      setMirror(created);
      void created.sync();
      const onChange = () => void created.sync();
      window.addEventListener(CART_UPDATED_EVENT, onChange);
      stop = () => window.removeEventListener(CART_UPDATED_EVENT, onChange);
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [client]);

  return <ServerCartContext.Provider value={mirror}>{children}</ServerCartContext.Provider>;
}

const never = () => () => undefined;
const idle = () => false;

/** spec §4: on while a server cart operation runs. */
export function useServerCartBusy(): boolean {
  const mirror = useContext(ServerCartContext);
  return useSyncExternalStore(mirror?.subscribe ?? never, mirror?.isBusy ?? idle, idle);
}
