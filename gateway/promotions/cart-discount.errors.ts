import type { CartErrorReason } from "../cart/cart.errors.js";
import type { DiscountCodeError } from "./cart-discount.service.js";

/** A discount code's refusal as the cart's error codes name it (GraphQL's CartErrorCode, REST's code). */
export function discountErrorCode(code: DiscountCodeError["code"]): CartErrorReason {
  if (code === "TOO_MANY_CODES") return "DISCOUNT_CODES_TOO_MANY";
  if (code === "THROTTLED") return "DISCOUNT_CODES_THROTTLED";
  return `DISCOUNT_CODE_${code}`;
}
