import type { ApolloClient } from "@apollo/client";
import type { ToastMessage } from "../../components/ui/toaster";
import { CartDiscountCodesUpdateDocument, CartDiscountDocument, type CartDiscount_CartFragment } from "../../gql/graphql";
import type { ServerCartMirror } from "./serverCart";

export type DiscountCart = CartDiscount_CartFragment;

/**
 * What setting the cart's codes came to. `kept`: the cart holds the code but does not meet it yet
 * (its minimum, its products); it applies once the cart does. `refused`: the cart keeps what it had.
 */
export type DiscountOutcome =
  | { kind: "applied"; cart: DiscountCart; code: string; freeShipping: boolean }
  | { kind: "kept"; cart: DiscountCart; code: string; message: string }
  | { kind: "refused"; cart: DiscountCart | null; message: string }
  | { kind: "removed"; cart: DiscountCart | null };

type Payload = { cart: DiscountCart | null; userErrors: { code: string; message: string }[] };

/** The gateway's answer, read: the code the cart holds after it tells whether it was taken. */
function outcomeOf({ cart, userErrors }: Payload, codes: readonly string[]): DiscountOutcome {
  const problem = userErrors[0];
  const held = cart?.discountCodes[0];
  const typed = codes[0]?.trim().toLowerCase();
  if (typed === undefined) return problem ? { kind: "refused", cart, message: problem.message } : { kind: "removed", cart };
  if (cart && held && held.code.toLowerCase() === typed) {
    return held.applicable
      ? { kind: "applied", cart, code: held.code, freeShipping: held.freeShipping }
      : { kind: "kept", cart, code: held.code, message: held.message ?? problem?.message ?? "" };
  }
  return { kind: "refused", cart, message: problem?.message ?? "This code could not be applied." };
}

type Mirror = Pick<ServerCartMirror, "sync" | "cartId">;

/**
 * Sets the server cart's discount codes (one, or none to remove it). A code needs a server cart: the
 * mirror's sync brings the shopper's one cart to the local lines first, making it when there is none,
 * so the code is judged against what the shopper sees. Throws when the gateway cannot be reached or
 * the cart is gone (checked out in another tab: the mirror's next sync starts a new one).
 */
export async function updateDiscountCodes(client: ApolloClient, mirror: Mirror, codes: readonly string[]): Promise<DiscountOutcome> {
  await mirror.sync();
  const cartId = mirror.cartId();
  if (!cartId) throw new Error("No server cart");
  const { data } = await client.mutate({ mutation: CartDiscountCodesUpdateDocument, variables: { cartId, discountCodes: [...codes] }, fetchPolicy: "no-cache" });
  const payload = data?.cartDiscountCodesUpdate;
  if (!payload || payload.userErrors.some((e) => e.code === "CART_NOT_FOUND" || e.code === "CART_COMPLETED")) throw new Error("No cart to set the code on");
  return outcomeOf(payload, codes);
}

/** The kept server cart's code and cost as the gateway prices it now; null without a cart. */
export async function fetchCartDiscount(client: ApolloClient, mirror: Mirror): Promise<DiscountCart | null> {
  const id = mirror.cartId();
  if (!id) return null;
  const { data } = await client.query({ query: CartDiscountDocument, variables: { id }, fetchPolicy: "no-cache" });
  return data?.cart ?? null;
}

/** The toast a shared discount link ends with (spec §8's style: a title, then the detail). */
export function discountToast(outcome: DiscountOutcome | null): ToastMessage {
  switch (outcome?.kind) {
    case "applied":
      return { title: `Discount applied: ${outcome.code}`, description: outcome.freeShipping ? "Free shipping at checkout" : undefined, type: "success" };
    case "kept":
      return { title: `Discount code saved: ${outcome.code}`, description: outcome.message, type: "info" };
    case "refused":
      return { title: "Discount code not applied", description: outcome.message, type: "error" };
    default:
      return { title: "Error", description: "Failed to apply discount code. Please try again.", type: "error" };
  }
}
