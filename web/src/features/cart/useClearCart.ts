import { useCallback, useRef, useState } from "react";
import { clearToasts, notify } from "../../components/ui/toaster";
import { addLine, loadCart, saveCart, type LocalCartLine } from "./localCart";
import { useServerCart } from "./ServerCartProvider";

/**
 * The cleared lines put back: exactly those (their designs, attributes and quantities), followed by
 * what the shopper added since clearing, which stays (added to a line it matches, as adding does).
 */
function restoredLines(cleared: LocalCartLine[], now: LocalCartLine[]): LocalCartLine[] {
  return now.reduce((lines, line) => addLine(lines, line), cleared);
}

/** Clear Cart, and its Undo while the cleared lines can still come back (null otherwise). */
export interface ClearCart {
  clear(): void;
  /**
   * Puts the cleared lines back, once: the toast's Undo and the empty cart's (the one a keyboard
   * reaches while the drawer keeps focus inside it) are the same.
   */
  undo: (() => void) | null;
}

/**
 * spec §4 Clear Cart: empties the list and says "Cart cleared". The toast offers Undo, which puts
 * the lines back and sends the server cart back to the one they were in (which kept them, and its
 * discount code), instead of the fresh cart clearing made. `lineCount` is the cart's: the empty
 * cart's Undo is offered until it has lines again. Lives with the drawer
 * and the cart page, not with the header's count, so a first visit does not download it.
 */
export function useClearCart(lineCount: number): ClearCart {
  const serverCart = useServerCart();
  const cleared = useRef<LocalCartLine[] | null>(null);
  const [undoable, setUndoable] = useState(false);

  // Lines again (put back, or added since): the empty cart's Undo goes for good; the toast's stays
  // for its few seconds, putting the cleared lines back before what was added.
  if (lineCount > 0 && undoable) setUndoable(false);

  const undo = useCallback(async () => {
    const lines = cleared.current;
    if (!lines) return;
    cleared.current = null;
    setUndoable(false);
    clearToasts();
    // Before the lines come back: putting them back is what makes the mirror sync.
    await serverCart().then(
      (mirror) => mirror.undoClear(),
      // No server cart here (a screen rendered on its own): the local lines alone.
      () => undefined,
    );
    try {
      saveCart(restoredLines(lines, loadCart()));
    } catch {
      notify({ title: "Error", description: "Failed to update cart. Please try again.", type: "error" });
    }
  }, [serverCart]);

  const clear = useCallback(() => {
    const lines = loadCart();
    try {
      saveCart([]);
    } catch {
      notify({ title: "Error", description: "Failed to clear cart. Please try again.", type: "error" });
      return;
    }
    cleared.current = lines;
    setUndoable(true);
    notify({ title: "Cart cleared", type: "info", action: { label: "Undo", onClick: () => void undo() } });
  }, [undo]);

  return { clear, undo: undoable ? () => void undo() : null };
}
