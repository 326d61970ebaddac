import { useCallback, useMemo, useSyncExternalStore } from "react";
import { notify } from "../../components/ui/toaster";
import {
  addLine,
  itemCount,
  loadCart,
  lineKey,
  parseCart,
  quantityOf,
  readStoredCart,
  removeLine,
  saveCart,
  setLineQuantity,
  subscribeToCart,
  subtotalCents,
  type LocalCartLine,
} from "./localCart";
import { useLineQuantityLimit } from "./useLineQuantityLimit";

/** What adding did: how many were added and how many of the line the cart now holds; null when storage refused. */
type AddOutcome = { added: number; inCart: number } | null;

/** The local cart as stored now; re-renders on every change in this tab or another. */
export function useLocalCart() {
  const raw = useSyncExternalStore(subscribeToCart, readStoredCart, () => null);
  return useMemo(() => {
    const lines = parseCart(raw);
    return { lines, count: itemCount(lines), subtotalCents: subtotalCents(lines) };
  }, [raw]);
}

/**
 * The cart's changes with their spec §4/§8 toasts (Clear Cart, with its Undo, is useClearCart).
 * Each reads the cart from storage first, so a change made in another tab is never overwritten
 * with a stale copy. A line never holds more than the store accepts: adding stops there, and a
 * quantity above it is set to it.
 */
export function useCartActions() {
  const limit = useLineQuantityLimit();
  const max = limit ?? Infinity;

  const add = useCallback(
    (line: LocalCartLine): AddOutcome => {
      try {
        const lines = loadCart();
        const key = lineKey(line);
        const before = quantityOf(lines, key);
        const next = addLine(lines, line, max);
        if (next !== lines) saveCart(next);
        const inCart = quantityOf(next, key);
        return { added: inCart - before, inCart };
      } catch {
        notify({ title: "Error", description: "Failed to add item to cart. Please try again.", type: "error" });
        return null;
      }
    },
    [max],
  );

  // `key` is the line's lineKey (a plain line's variant id).
  const setQuantity = useCallback(
    (key: string, quantity: number) => {
      const lines = loadCart();
      const next = setLineQuantity(lines, key, quantity, max);
      if (next === lines) return;
      try {
        saveCart(next);
        const line = next.find((l) => lineKey(l) === key);
        notify({ title: "Cart Updated", description: line ? `${line.title || "Item"}: quantity ${line.quantity}` : undefined, type: "success" });
      } catch {
        notify({ title: "Error", description: "Failed to update cart. Please try again.", type: "error" });
      }
    },
    [max],
  );

  const remove = useCallback((key: string) => {
    try {
      saveCart(removeLine(loadCart(), key));
      notify({ title: "Item removed", type: "info" });
    } catch {
      notify({ title: "Error", description: "Failed to remove item from cart. Please try again.", type: "error" });
    }
  }, []);

  return { add, setQuantity, remove, limit };
}
