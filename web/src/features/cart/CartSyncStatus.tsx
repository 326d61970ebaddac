import { HStack, Spinner, Text } from "@chakra-ui/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { afterHydration } from "../../lib/hydration";
import type { ServerCartMirror } from "./serverCart";
import { useServerCart } from "./ServerCartProvider";

const never = () => () => undefined;
const idle = () => false;

/** spec §4: on while a server cart operation runs (off until the mirror has loaded, after hydration). */
function useServerCartBusy(): boolean {
  const load = useServerCart();
  const [mirror, setMirror] = useState<ServerCartMirror | null>(null);
  useEffect(() => {
    let live = true;
    const cancelWait = afterHydration(() => void load().then((loaded) => live && setMirror(loaded), () => undefined));
    return () => {
      live = false;
      cancelWait();
    };
  }, [load]);
  return useSyncExternalStore(mirror?.subscribe ?? never, mirror?.isBusy ?? idle, idle);
}

/** spec §4: the loading flag while the cart is being saved to the store. */
export function CartSyncStatus() {
  const busy = useServerCartBusy();
  return (
    <HStack gap="1.5" role="status" aria-live="polite" minHeight="5" color="fg.muted" fontSize="xs">
      {busy && (
        <>
          <Spinner size="xs" color="brand.solid" />
          <Text>Saving your cart…</Text>
        </>
      )}
    </HStack>
  );
}
