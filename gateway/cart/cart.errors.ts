import { DomainError, type DomainErrorCode } from "../shared/errors.js";

/** Why a cart call was refused; GraphQL's CartUserError.code carries it. */
export type CartErrorReason =
  | "INVALID"
  | "INVALID_QUANTITY"
  | "INVALID_ATTRIBUTES"
  | "MERCHANDISE_NOT_FOUND"
  | "PRICE_MISSING"
  | "MERCHANDISE_NOT_APPLICABLE"
  | "TOO_MANY_LINES"
  | "CART_NOT_FOUND"
  | "LINE_NOT_FOUND"
  | "CART_COMPLETED"
  | "DISCOUNT_CODES_TOO_MANY"
  | "DISCOUNT_CODES_THROTTLED"
  | "DISCOUNT_CODE_UNKNOWN"
  | "DISCOUNT_CODE_NOT_STARTED"
  | "DISCOUNT_CODE_ENDED"
  | "DISCOUNT_CODE_MINIMUM_NOT_MET"
  | "DISCOUNT_CODE_NOT_ELIGIBLE"
  | "DISCOUNT_CODE_USED_UP"
  | "DISCOUNT_CODE_ALREADY_USED";

// REST answers by the domain code (http/errors.ts): 400, 404 or 409.
const DOMAIN_CODE: Record<CartErrorReason, DomainErrorCode> = {
  INVALID: "INVALID_INPUT",
  INVALID_QUANTITY: "INVALID_INPUT",
  INVALID_ATTRIBUTES: "INVALID_INPUT",
  MERCHANDISE_NOT_FOUND: "INVALID_INPUT",
  PRICE_MISSING: "INVALID_INPUT",
  MERCHANDISE_NOT_APPLICABLE: "INVALID_INPUT",
  TOO_MANY_LINES: "INVALID_INPUT",
  CART_NOT_FOUND: "NOT_FOUND",
  LINE_NOT_FOUND: "NOT_FOUND",
  CART_COMPLETED: "CONFLICT",
  DISCOUNT_CODES_TOO_MANY: "INVALID_INPUT",
  DISCOUNT_CODES_THROTTLED: "RATE_LIMITED",
  DISCOUNT_CODE_UNKNOWN: "INVALID_INPUT",
  DISCOUNT_CODE_NOT_STARTED: "INVALID_INPUT",
  DISCOUNT_CODE_ENDED: "INVALID_INPUT",
  DISCOUNT_CODE_MINIMUM_NOT_MET: "INVALID_INPUT",
  DISCOUNT_CODE_NOT_ELIGIBLE: "INVALID_INPUT",
  DISCOUNT_CODE_USED_UP: "INVALID_INPUT",
  DISCOUNT_CODE_ALREADY_USED: "INVALID_INPUT",
};

/** An expected refusal of a cart call. `field` is a dotted path into the input, e.g. "lines.0.quantity". */
export class CartError extends DomainError {
  constructor(
    readonly reason: CartErrorReason,
    message: string,
    field?: string,
  ) {
    super(DOMAIN_CODE[reason], message, field);
    this.name = "CartError";
  }
}

export const cartNotFound = () => new CartError("CART_NOT_FOUND", "Cart not found", "cartId");

export const cartCompleted = () =>
  new CartError("CART_COMPLETED", "This cart has already been checked out and can no longer change; start a new cart", "cartId");
