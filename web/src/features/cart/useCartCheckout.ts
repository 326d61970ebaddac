import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import { CartSyncDocument } from "../../gql/graphql";
import { firstLineWithoutPrice, type LocalCartLine } from "./localCart";

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
 * turns the local cart into a server cart (cartSync) and opens its checkout URL in a new tab, or in
 * this tab when the browser blocked the new one. Every outcome has its spec §8 toast.
 */
export function useCartCheckout() {
  const [cartSync, { loading }] = useMutation(CartSyncDocument);

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
      try {
        const { data } = await cartSync({
          variables: {
            lines: lines.map((line) => ({
              merchandiseId: line.id,
              quantity: line.quantity,
              title: line.title,
              // Issue 7: a customised line's designId (and memeId) travel to the order.
              ...(line.customAttributes?.length ? { attributes: line.customAttributes } : {}),
            })),
          },
        });
        const result = data?.cartSync;
        const problem = result?.userErrors[0];
        if (problem || !result?.checkoutUrl) {
          tab?.close();
          notify({ title: "Checkout error", description: problem?.message ?? "Failed to process checkout. Please try again.", type: "error" });
          return;
        }
        if (tab && !tab.closed) {
          tab.location.href = result.checkoutUrl;
        } else {
          window.location.assign(result.checkoutUrl);
        }
      } catch {
        tab?.close();
        notify({ title: "Checkout Error", description: "Failed to proceed to checkout. Please try again.", type: "error" });
      }
    },
    [cartSync],
  );

  return { checkout, loading };
}
