import { useApolloClient } from "@apollo/client/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchCartDiscount, updateDiscountCodes, type DiscountCart } from "./cartDiscount";
import { useServerCart } from "./ServerCartProvider";

export interface CartDiscountState {
  /** The code the server cart holds, as the gateway judged it with the cart's lines; null: none. */
  held: DiscountCart["discountCodes"][number] | null;
  /** The server cart's cost (subtotal, discount, total), the only amounts a discount is shown with. */
  cost: DiscountCart["cost"] | null;
  /** The lines changed and the gateway has not priced them yet: the amounts are the previous ones. */
  stale: boolean;
  /** A code is being applied or removed. */
  pending: boolean;
  /** Why the code just tried was refused (the gateway's words for the shopper); null otherwise. */
  refusal: string | null;
  /** Answers whether the cart now holds the code (applying, or kept until the cart meets it). */
  apply(code: string): Promise<boolean>;
  remove(): Promise<boolean>;
}

const UNREACHABLE = "The discount code could not be applied right now. Please try again.";

/**
 * The discount code on the shopper's server cart, for the drawer and the cart page. The code and
 * the amounts are the gateway's: read when the screen opens, and again each time the mirror has
 * carried a change of the lines over (only while the cart holds a code: without one, nothing here
 * depends on the server).
 */
export function useCartDiscount(): CartDiscountState {
  const client = useApolloClient();
  const serverCart = useServerCart();
  const [cart, setCart] = useState<DiscountCart | null>(null);
  const [stale, setStale] = useState(false);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const holdsCode = useRef(false);
  // While a code is being set, its answer is the cart to show: a read started before it is older.
  const changing = useRef(0);

  const show = useCallback((next: DiscountCart | null) => {
    holdsCode.current = (next?.discountCodes.length ?? 0) > 0;
    setCart(next);
    setStale(false);
  }, []);

  useEffect(() => {
    let live = true;
    let stop = () => undefined as void;
    serverCart().then(
      (mirror) => {
        if (!live) return;
        const refresh = () =>
          fetchCartDiscount(client, mirror).then(
            (next) => live && changing.current === 0 && show(next),
            () => live && setStale(false),
          );
        let busy = mirror.isBusy();
        let known = !busy;
        if (known) void refresh();
        const unsubscribe = mirror.subscribe(() => {
          if (busy === mirror.isBusy()) return;
          busy = !busy;
          if (known && !holdsCode.current) return;
          known = true;
          if (busy) setStale(true);
          else void refresh();
        });
        stop = () => void unsubscribe();
      },
      // No server cart here (e.g. a screen rendered on its own): no code can be held.
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, [client, serverCart, show]);

  const change = useCallback(
    async (codes: string[]) => {
      setPending(true);
      setRefusal(null);
      changing.current += 1;
      try {
        const outcome = await updateDiscountCodes(client, await serverCart(), codes);
        if (outcome.cart) show(outcome.cart);
        setRefusal(outcome.kind === "refused" ? outcome.message : null);
        return outcome.kind !== "refused";
      } catch {
        setRefusal(UNREACHABLE);
        // A read skipped while the code was being set: the amounts shown are the last ones known.
        setStale(false);
        return false;
      } finally {
        changing.current -= 1;
        setPending(false);
      }
    },
    [client, serverCart, show],
  );

  const apply = useCallback(
    (code: string) => {
      const typed = code.trim();
      if (typed !== "") return change([typed]);
      setRefusal("Enter a discount code.");
      return Promise.resolve(false);
    },
    [change],
  );
  const remove = useCallback(() => change([]), [change]);

  return { held: cart?.discountCodes[0] ?? null, cost: cart?.cost ?? null, stale, pending, refusal, apply, remove };
}
