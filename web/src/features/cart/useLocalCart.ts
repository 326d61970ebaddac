import { useCallback, useMemo, useSyncExternalStore } from "react";
import { notify } from "../../components/ui/toaster";
import {
  addLine,
  itemCount,
  loadCart,
  parseCart,
  readStoredCart,
  removeLine,
  saveCart,
  setLineQuantity,
  subscribeToCart,
  subtotal,
  type LocalCartLine,
} from "./localCart";

/** The local cart as stored now; re-renders on every change in this tab or another. */
export function useLocalCart() {
  const raw = useSyncExternalStore(subscribeToCart, readStoredCart, () => null);
  return useMemo(() => {
    const lines = parseCart(raw);
    return { lines, count: itemCount(lines), subtotal: subtotal(lines) };
  }, [raw]);
}

/**
 * The cart's changes with their spec §4/§8 toasts. Each reads the cart from storage first, so a
 * change made in another tab is never overwritten with a stale copy.
 */
export function useCartActions() {
  const add = useCallback((line: LocalCartLine): boolean => {
    try {
      saveCart(addLine(loadCart(), line));
      return true;
    } catch {
      notify({ title: "Error", description: "Failed to add item to cart. Please try again.", type: "error" });
      return false;
    }
  }, []);

  // `key` is the line's lineKey (a plain line's variant id).
  const setQuantity = useCallback((key: string, quantity: number) => {
    const lines = loadCart();
    const next = setLineQuantity(lines, key, quantity);
    if (next === lines) return;
    try {
      saveCart(next);
    } catch {
      notify({ title: "Error", description: "Failed to update cart. Please try again.", type: "error" });
    }
  }, []);

  const remove = useCallback((key: string) => {
    try {
      saveCart(removeLine(loadCart(), key));
      notify({ title: "Item removed", type: "info" });
    } catch {
      notify({ title: "Error", description: "Failed to remove item from cart. Please try again.", type: "error" });
    }
  }, []);

  const clear = useCallback(() => {
    try {
      saveCart([]);
      notify({ title: "Cart cleared", type: "info" });
    } catch {
      notify({ title: "Error", description: "Failed to clear cart. Please try again.", type: "error" });
    }
  }, []);

  return { add, setQuantity, remove, clear };
}
