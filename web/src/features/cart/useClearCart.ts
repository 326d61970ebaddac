import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import { addLine, loadCart, saveCart, type LocalCartLine } from "./localCart";
import { useServerCart } from "./ServerCartProvider";

/**
 * The cleared lines put back: exactly those (their designs, attributes and quantities), followed by
 * what the shopper added since clearing, which stays (added to a line it matches, as adding does).
 */
function restoredLines(cleared: LocalCartLine[], now: LocalCartLine[]): LocalCartLine[] {
  return now.reduce((lines, line) => addLine(lines, line), cleared);
}

/**
 * spec §4 Clear Cart: empties the list and says "Cart cleared". The toast offers Undo, which puts
 * the lines back and sends the server cart back to the one they were in (which kept them, and its
 * discount code), instead of the fresh cart clearing made. Lives with the drawer and the cart
 * page, not with the header's count, so a first visit does not download it.
 */
export function useClearCart(): () => void {
  const serverCart = useServerCart();

  const undo = useCallback(
    async (cleared: LocalCartLine[]) => {
      // Before the lines come back: putting them back is what makes the mirror sync.
      await serverCart().then(
        (mirror) => mirror.undoClear(),
        // No server cart here (a screen rendered on its own): the local lines alone.
        () => undefined,
      );
      try {
        saveCart(restoredLines(cleared, loadCart()));
      } catch {
        notify({ title: "Error", description: "Failed to update cart. Please try again.", type: "error" });
      }
    },
    [serverCart],
  );

  return useCallback(() => {
    const cleared = loadCart();
    try {
      saveCart([]);
    } catch {
      notify({ title: "Error", description: "Failed to clear cart. Please try again.", type: "error" });
      return;
    }
    notify({ title: "Cart cleared", type: "info", action: { label: "Undo", onClick: () => void undo(cleared) } });
  }, [undo]);
}
