import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { notify } from "../../components/ui/toaster";
import { saveCart } from "../cart/localCart";
import type { CheckoutResult } from "./checkoutResult";

/** spec §4: the order confirmation toast after about 1.2 s. */
const ORDER_TOAST_DELAY_MS = 1200;
/** spec §4: an incomplete checkout returns to the cart after 2 s. */
const INCOMPLETE_REDIRECT_MS = 2000;

/**
 * What arriving on /checkout-success does: a placed order empties the local cart and confirms with
 * a toast; an incomplete checkout says so and goes back to /cart.
 */
export function useCheckoutOutcome(result: CheckoutResult) {
  const navigate = useNavigate();
  const placed = result.kind === "order";

  useEffect(() => {
    if (placed) {
      try {
        saveCart([]);
      } catch {
        // Storage unavailable: there is no stored cart to empty.
      }
      const timer = window.setTimeout(() => notify({ title: "Order placed successfully!", description: "Thank you for shopping with us.", type: "success" }), ORDER_TOAST_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    notify({ title: "Checkout incomplete", description: "Your payment was not completed. Taking you back to your cart.", type: "warning" });
    const timer = window.setTimeout(() => navigate("/cart", { replace: true }), INCOMPLETE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [placed, navigate]);
}
