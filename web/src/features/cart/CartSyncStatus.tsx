import { HStack, Spinner, Text } from "@chakra-ui/react";
import { useSyncExternalStore } from "react";
import { useServerCart } from "./ServerCartProvider";

const never = () => () => undefined;
const idle = () => false;

/** spec §4: on while a server cart operation runs. */
function useServerCartBusy(): boolean {
  const { mirror } = useServerCart();
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
