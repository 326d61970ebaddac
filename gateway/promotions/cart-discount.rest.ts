import type { Request, Router } from "express";
import { route } from "../http/errors.js";
import { clientKey } from "../http/request-context.js";
import { describedRouter, errorAnswer, jsonAnswer, type ApiOperation } from "../http/openapi.js";
import { CartError } from "../cart/cart.errors.js";
import { CART_JSON, toCartJson } from "../cart/cart.view.js";
import { invalidInput, RateLimitedError } from "../shared/errors.js";
import { Accept, parseInput } from "../shared/validation.js";
import type { CartDiscountService } from "./cart-discount.service.js";
import { discountErrorCode } from "./cart-discount.errors.js";

/** POST /api/cart/{cartId}/discount-codes: {"discountCodes": ["HEARING20"]} (an empty list removes the code). */
class DiscountCodesBody {
  @Accept({ type: "array", items: { type: "string", maxLength: 100 }, maxItems: 5, description: "The codes the cart should hold: one, or none to remove it." }, { required: true })
  discountCodes!: string[];
}

const applyCodes: ApiOperation = {
  method: "post",
  path: "/cart/:cartId/discount-codes",
  tag: "cart",
  summary: "Set the cart's discount code",
  description:
    "GraphQL's cartDiscountCodesUpdate. One code per cart, matched without regard to case; an empty list removes it. A code the cart does not meet yet (its minimum, its products) stays on the cart and the answer is the cart, whose discountCodes[0] has applicable false with the reason and its message (\"Add $12.50 more to use HEARING20.\"). A code that does not exist, has not started, has ended, is used up or was used by this customer is refused (400, `code` names why) and the cart keeps what it had. Codes that do not exist: 10 in 10 minutes per cart and per client, then 429.",
  params: { cartId: "The cart's id (gid://shop/Cart/…), URL-encoded." },
  body: { json: DiscountCodesBody },
  responses: {
    200: jsonAnswer("The cart, with its discount code and what it takes off.", CART_JSON),
    400: errorAnswer('The code was refused (`code`: DISCOUNT_CODE_UNKNOWN, …_NOT_STARTED, …_ENDED, …_USED_UP, …_ALREADY_USED, DISCOUNT_CODES_TOO_MANY; `field` "discountCodes.0"), or the body is malformed.'),
    404: errorAnswer('No cart has this id ("Cart not found").'),
    409: errorAnswer("The cart has been checked out and can no longer change; start a new cart."),
    429: errorAnswer("Too many codes that do not exist were tried from this cart or this client; Retry-After says when to try again."),
  },
};

export const CART_DISCOUNT_API = [applyCodes];

export function cartDiscountRoutes(discounts: CartDiscountService, publicUrl: string): Router {
  const api = describedRouter(CART_DISCOUNT_API);
  api.on(
    applyCodes,
    route(async (req: Request, res) => {
      const { discountCodes } = parseInput(DiscountCodesBody, req.body) as { discountCodes: unknown };
      if (!Array.isArray(discountCodes) || discountCodes.length > 5 || !discountCodes.every((c) => typeof c === "string" && c.length <= 100)) {
        throw invalidInput("discountCodes", "discountCodes must be a list of at most 5 codes (strings of at most 100 characters)");
      }
      const outcome = await discounts.apply(String(req.params.cartId), discountCodes, { address: clientKey(req) });
      const refused = outcome.errors.find((e) => !e.kept);
      if (refused?.code === "THROTTLED") throw new RateLimitedError(refused.retryAfterSeconds ?? 600);
      if (refused) throw new CartError(discountErrorCode(refused.code), refused.message, refused.field);
      res.json(toCartJson(outcome.cart, publicUrl));
    }),
  );
  return api.done();
}
