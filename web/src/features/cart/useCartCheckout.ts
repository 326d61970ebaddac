import { useCallback, useState } from "react";
import { clearToasts, notify } from "../../components/ui/toaster";
import { firstLineWithoutPrice, type LocalCartLine } from "./localCart";
import { useServerCart } from "./ServerCartProvider";

/** A tab opened during the click (so no pop-up blocker stops it), showing a note until the address is known. */
function openPendingTab(): Window | null {
  const tab = window.open("", "_blank");
  if (!tab) return null;
  try {
    tab.opener = null;
    tab.document.title = "Preparing checkout…";
    tab.document.body.textContent = "Preparing your secure checkout…";
  } catch {
    // Some browsers restrict access to the new tab: it stays blank until it is sent on.
  }
  return tab;
}

/**
 * spec §2/§4 Cart page, Proceed to Checkout: refuses a cart with a line without a price, otherwise
 * brings the kept server cart (the one the shop already has for this shopper) exactly to the local
 * cart's lines and opens its checkout URL in a new tab, or in this tab when the browser blocked the
 * new one. So a shopper has one server cart, not one per checkout. Every outcome has its
 * spec §8 toast.
 */
export function useCartCheckout() {
  const serverCart = useServerCart();
  const [loading, setLoading] = useState(false);

  const checkout = useCallback(
    async (lines: LocalCartLine[]) => {
      if (lines.length === 0) return;
      const missing = firstLineWithoutPrice(lines);
      if (missing) {
        notify({ title: "Checkout error", description: `Price data missing for item: ${missing.title || "Untitled item"}`, type: "error" });
        return;
      }
      const tab = openPendingTab();
      notify({ title: "Preparing checkout", description: "Your secure checkout page is opening…", type: "loading" });
      setLoading(true);
      try {
        const result = await serverCart().then((mirror) => mirror.checkout());
        if (result.kind === "refused" || !result.checkoutUrl) {
          tab?.close();
          notify({ title: "Checkout error", description: result.kind === "refused" ? result.message : "Failed to process checkout. Please try again.", type: "error" });
          return;
        }
        if (tab && !tab.closed) {
          tab.location.href = result.checkoutUrl;
          // Its job is done: the checkout is opening in its tab. Left, it would still say "opening…"
          // when the shopper comes back to this tab (toasts wait while their page is hidden).
          clearToasts();
        } else {
          window.location.assign(result.checkoutUrl);
        }
      } catch {
        tab?.close();
        notify({ title: "Checkout Error", description: "Failed to proceed to checkout. Please try again.", type: "error" });
      } finally {
        setLoading(false);
      }
    },
    [serverCart],
  );

  return { checkout, loading };
}
