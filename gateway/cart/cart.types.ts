import { ArgsType, Field, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { Attribute, Image, Money } from "../graphql/common.types.js";
import { registerUserErrorType } from "../graphql/user-errors.js";
import type { DomainError } from "../shared/errors.js";
import { declareCheck } from "../shared/validation.js";
import { CartError } from "./cart.errors.js";
import { Variant } from "../catalog/catalog.types.js";
import { MAX_ATTRIBUTE_KEY_LENGTH, MAX_ATTRIBUTE_VALUE_LENGTH, MAX_ATTRIBUTES_PER_LINE, MAX_LINE_QUANTITY_TEXT, MAX_LINES_PER_CALL } from "./cart.rules.js";

// The cart in the Shopify Storefront API's names: cartCreate, cartLinesAdd, cartLinesUpdate,
// cartLinesRemove with userErrors, Cart.checkoutUrl, Cart.cost, CartLine.attributes.

/** The same names as the domain's CartErrorReason (cart.errors.ts). */
enum CartErrorCode {
  INVALID = "INVALID",
  INVALID_QUANTITY = "INVALID_QUANTITY",
  INVALID_ATTRIBUTES = "INVALID_ATTRIBUTES",
  MERCHANDISE_NOT_FOUND = "MERCHANDISE_NOT_FOUND",
  PRICE_MISSING = "PRICE_MISSING",
  MERCHANDISE_NOT_APPLICABLE = "MERCHANDISE_NOT_APPLICABLE",
  TOO_MANY_LINES = "TOO_MANY_LINES",
  CART_NOT_FOUND = "CART_NOT_FOUND",
  LINE_NOT_FOUND = "LINE_NOT_FOUND",
  CART_COMPLETED = "CART_COMPLETED",
  DISCOUNT_CODES_TOO_MANY = "DISCOUNT_CODES_TOO_MANY",
  DISCOUNT_CODES_THROTTLED = "DISCOUNT_CODES_THROTTLED",
  DISCOUNT_CODE_UNKNOWN = "DISCOUNT_CODE_UNKNOWN",
  DISCOUNT_CODE_NOT_STARTED = "DISCOUNT_CODE_NOT_STARTED",
  DISCOUNT_CODE_ENDED = "DISCOUNT_CODE_ENDED",
  DISCOUNT_CODE_MINIMUM_NOT_MET = "DISCOUNT_CODE_MINIMUM_NOT_MET",
  DISCOUNT_CODE_NOT_ELIGIBLE = "DISCOUNT_CODE_NOT_ELIGIBLE",
  DISCOUNT_CODE_USED_UP = "DISCOUNT_CODE_USED_UP",
  DISCOUNT_CODE_ALREADY_USED = "DISCOUNT_CODE_ALREADY_USED",
}

registerEnumType(CartErrorCode, {
  name: "CartErrorCode",
  description: "Why a cart mutation was refused.",
  valuesConfig: {
    INVALID: { description: "The input is malformed (e.g. no lines given)." },
    INVALID_QUANTITY: { description: `A quantity is not a whole number from 1 to ${MAX_LINE_QUANTITY_TEXT}, or the line would exceed ${MAX_LINE_QUANTITY_TEXT}.` },
    INVALID_ATTRIBUTES: {
      description: `Custom attributes break a rule: at most ${MAX_ATTRIBUTES_PER_LINE} per line, keys 1–${MAX_ATTRIBUTE_KEY_LENGTH} characters and unique, values at most ${MAX_ATTRIBUTE_VALUE_LENGTH}.`,
    },
    MERCHANDISE_NOT_FOUND: { description: 'The variant is unknown or its product was removed ("Price data missing for item: …").' },
    PRICE_MISSING: { description: 'The variant has no usable price ("Price data missing for item: …").' },
    MERCHANDISE_NOT_APPLICABLE: {
      description:
        'The variant can no longer be bought: removed by staff, or its product is not active ("{product} is no longer available"), or taken off sale ("{product} is not available for sale right now"). A line that holds one can be lowered or removed, not raised.',
    },
    TOO_MANY_LINES: { description: "Too many lines in one call (100) or in the cart (100)." },
    CART_NOT_FOUND: { description: "No cart has this id." },
    LINE_NOT_FOUND: { description: "A line id is not a line of this cart." },
    CART_COMPLETED: { description: "The cart was checked out; it can no longer change. Start a new cart." },
    DISCOUNT_CODES_TOO_MANY: { description: "More than one discount code: a cart holds one." },
    DISCOUNT_CODES_THROTTLED: { description: "Too many codes that do not exist were tried from this cart or this client (10 in 10 minutes); the message says when to try again." },
    DISCOUNT_CODE_UNKNOWN: { description: "No such discount code." },
    DISCOUNT_CODE_NOT_STARTED: { description: "The code's promotion has not started." },
    DISCOUNT_CODE_ENDED: { description: "The code's promotion has ended or was turned off." },
    DISCOUNT_CODE_MINIMUM_NOT_MET: { description: "The code is on the cart but needs a higher subtotal (the message says how much more)." },
    DISCOUNT_CODE_NOT_ELIGIBLE: { description: "The code is on the cart but none of its lines is a product it is limited to." },
    DISCOUNT_CODE_USED_UP: { description: "The code has been used as many times as it can be." },
    DISCOUNT_CODE_ALREADY_USED: { description: "Once per customer, and this customer has used it." },
  },
});

@ObjectType({ description: "An expected failure of a cart mutation: nothing was changed." })
class CartUserError {
  @Field(() => CartErrorCode, { description: "Machine-readable reason." })
  code!: CartErrorCode;

  @Field(() => String, { nullable: true, description: 'Dotted path to the input field at fault, e.g. "lines.0.quantity" (as UserError.field).' })
  field!: string | null;

  @Field(() => String, { description: "What went wrong, fit to show to a shopper." })
  message!: string;

  /** The userErrors form of a cart refusal; any other error is not a cart payload's to answer. */
  static from(error: DomainError): CartUserError | null {
    return error instanceof CartError ? { code: CartErrorCode[error.reason], field: error.field ?? null, message: error.message } : null;
  }
}

registerUserErrorType("CartUserError", CartUserError.from);

@ObjectType({ description: "What a cart line costs, at the catalog's current prices." })
export class CartLineCost {
  @Field(() => Money, { description: "The price of one." })
  amountPerQuantity!: Money;

  @Field(() => Money, { description: "Price × quantity." })
  subtotalAmount!: Money;

  @Field(() => Money, { description: "What the line adds to the cart's total: its subtotal less its share of the discount code's (equal to the subtotal without one)." })
  totalAmount!: Money;
}

/** Why a discount code gives nothing (promotions/promotion.rules.ts). */
export enum DiscountCodeRejection {
  UNKNOWN = "UNKNOWN",
  NOT_STARTED = "NOT_STARTED",
  ENDED = "ENDED",
  MINIMUM_NOT_MET = "MINIMUM_NOT_MET",
  NOT_ELIGIBLE = "NOT_ELIGIBLE",
  USED_UP = "USED_UP",
  ALREADY_USED = "ALREADY_USED",
}

registerEnumType(DiscountCodeRejection, {
  name: "DiscountCodeRejection",
  description: "Why a discount code gives nothing now.",
  valuesConfig: {
    UNKNOWN: { description: "No such code." },
    NOT_STARTED: { description: "Its promotion has not started." },
    ENDED: { description: "Its promotion has ended or was turned off." },
    MINIMUM_NOT_MET: { description: "The cart's subtotal is below the promotion's minimum (the message says how much more)." },
    NOT_ELIGIBLE: { description: "The promotion is limited to products or collections none of the cart's lines is in." },
    USED_UP: { description: "The code has been used as many times as it can be." },
    ALREADY_USED: { description: "Once per customer, and this customer has used it." },
  },
});

@ObjectType({ description: "A discount code the cart holds (one at most), and whether it applies now." })
export class CartDiscountCode {
  @Field(() => String, { description: "The code as the shop wrote it (codes are matched without regard to case)." })
  code!: string;

  @Field(() => Boolean, { description: "Whether it takes anything off now; when false, `reason` and `message` say why (it stays on the cart, and applies once the cart meets it)." })
  applicable!: boolean;

  @Field(() => DiscountCodeRejection, { nullable: true, description: "Why it does not apply; null when it does." })
  reason!: DiscountCodeRejection | null;

  @Field(() => String, { nullable: true, description: 'The reason in words for the shopper, e.g. "Add $12.50 more to use HEARING20."; null when it applies.' })
  message!: string | null;

  @Field(() => Boolean, { description: "A free-shipping code: shipping costs nothing at checkout (nothing comes off the goods)." })
  freeShipping!: boolean;
}

@ObjectType({ description: "What a discount code takes off the cart, or off one line." })
export class CartCodeDiscountAllocation {
  @Field(() => String, { description: "The code." })
  code!: string;

  @Field(() => Money, { description: "The amount it takes off." })
  discountedAmount!: Money;
}

@ObjectType({ description: "One variant in a cart, with a quantity and optional custom attributes (such as a design's id)." })
export class CartLine {
  @Field(() => ID, { description: "Id of the line; cartLinesUpdate and cartLinesRemove take it." })
  id!: string;

  @Field(() => Int, { description: `How many (1–${MAX_LINE_QUANTITY_TEXT}).` })
  quantity!: number;

  @Field(() => Variant, {
    description:
      'The variant, with its product. A variant titled "Default Title" (a product without options) is shown with no variant title. availableForSale false: it can no longer be bought, and checkout refuses the cart until the line is removed.',
  })
  merchandise!: Variant;

  @Field(() => [Attribute], { description: "Custom attributes of the line; the same variant with different attributes is a different line." })
  attributes!: Attribute[];

  @Field(() => Image, {
    nullable: true,
    description:
      "The line's picture: for a custom design's line, the design's mock-up (the product with the design in its print area); otherwise the variant's or the product's image. Null when there is none.",
  })
  image!: Image | null;

  @Field(() => CartLineCost, { description: "What the line costs." })
  cost!: CartLineCost;

  @Field(() => [CartCodeDiscountAllocation], { description: "The line's share of the discount code's amount (empty without one)." })
  discountAllocations!: CartCodeDiscountAllocation[];
}

@ObjectType({ description: "A cart line with its cursor." })
export class CartLineEdge {
  @Field(() => String, { description: "Opaque position of the line." })
  cursor!: string;

  @Field(() => CartLine, { description: "The line." })
  node!: CartLine;
}

@ObjectType({ description: "The lines of a cart, in the order they were added." })
export class CartLineConnection {
  @Field(() => [CartLineEdge], { description: "The lines with cursors." })
  edges!: CartLineEdge[];

  @Field(() => [CartLine], { description: "The same lines without cursors." })
  nodes!: CartLine[];
}

@ObjectType({
  description: "What a cart costs before checkout. Shipping is calculated at checkout, so the total equals the subtotal, less the discount code's amount when one applies.",
})
export class CartCost {
  @Field(() => Money, { description: "Sum of the lines at the catalog's current prices." })
  subtotalAmount!: Money;

  @Field(() => Money, { description: "What the discount code takes off the goods (0.00 without one that applies)." })
  discountAmount!: Money;

  @Field(() => Money, { description: "What the cart costs before shipping: the subtotal less the discount." })
  totalAmount!: Money;
}

@ObjectType({ description: "A server cart. Its id is a bearer token: whoever has it can read and change the cart." })
export class Cart {
  @Field(() => ID, { description: "The cart's id (gid://shop/Cart/…); keep it, and URL-encode it in REST paths." })
  id!: string;

  @Field(() => String, { description: "The store's hosted checkout page for this cart." })
  checkoutUrl!: string;

  @Field(() => Int, { description: "Sum of the lines' quantities (the header's badge)." })
  totalQuantity!: number;

  @Field(() => CartLineConnection, { description: "The lines, in the order they were added (at most 100)." })
  lines!: CartLineConnection;

  @Field(() => CartCost, { description: "Subtotal, discount and total at the catalog's current prices." })
  cost!: CartCost;

  @Field(() => [CartDiscountCode], { description: "The discount code the cart holds (one at most), applicable or not; set with cartDiscountCodesUpdate." })
  discountCodes!: CartDiscountCode[];

  @Field(() => [CartCodeDiscountAllocation], { description: "What the discount code takes off the whole cart (empty without one that applies)." })
  discountAllocations!: CartCodeDiscountAllocation[];

  @Field(() => GraphQLISODateTime, { description: "When the cart was created." })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { description: "When the cart last changed." })
  updatedAt!: Date;
}

/**
 * How many lines one cart call takes: at least one (unless `empty` is null: none is fine) and at
 * most MAX_LINES_PER_CALL, answered with the cart's reasons (INVALID, TOO_MANY_LINES) naming
 * `field`. The cart's line rules (quantities, attributes, variants, merged lines) are the service's.
 */
function linesPerCallProblem(lines: unknown, field: string, empty: string | null): CartError | null {
  const count = Array.isArray(lines) ? lines.length : 0;
  if (count === 0 && empty !== null) return new CartError("INVALID", empty, field);
  return count > MAX_LINES_PER_CALL ? new CartError("TOO_MANY_LINES", `At most ${MAX_LINES_PER_CALL} lines per call`, field) : null;
}

/** The lines-per-call schema and check of a list argument (`empty`: the message for none, or null when none is fine). */
export const linesPerCall = (empty: string | null) => ({
  schema: { ...(empty === null ? {} : { minItems: 1 }), maxItems: MAX_LINES_PER_CALL },
  check: (value: unknown, field: string) => linesPerCallProblem(value, field, empty),
});

const LinesPerCall = (empty: string | null) => {
  const rule = linesPerCall(empty);
  return declareCheck("cartLinesPerCall", { type: ["array", "null"], ...rule.schema }, rule.check);
};

@InputType({ description: "A key and value to attach to a cart line." })
export class AttributeInput {
  @Field(() => String, { description: `The attribute's name (1–${MAX_ATTRIBUTE_KEY_LENGTH} characters, unique within the line).` })
  key!: string;

  @Field(() => String, { description: `The attribute's value (at most ${MAX_ATTRIBUTE_VALUE_LENGTH} characters).` })
  value!: string;
}

@InputType({ description: "A line to add to a cart." })
export class CartLineInput {
  @Field(() => ID, { description: "Id of the variant to add (a Variant.id)." })
  merchandiseId!: string;

  @Field(() => Int, { defaultValue: 1, description: `How many (1–${MAX_LINE_QUANTITY_TEXT}).` })
  quantity!: number;

  @Field(() => [AttributeInput], { nullable: true, description: `Custom attributes, such as a design's id (at most ${MAX_ATTRIBUTES_PER_LINE}).` })
  attributes?: AttributeInput[] | null;
}

@InputType({ description: "A line of the browser's local cart, for cartSync." })
export class CartSyncLineInput extends CartLineInput {
  @Field(() => String, { nullable: true, description: 'The title the shopper saw; names the line in "Price data missing for item: {title}".' })
  title?: string | null;
}

@InputType({ description: "A new quantity for a cart line." })
export class CartLineUpdateInput {
  @Field(() => ID, { description: "Id of the line (a CartLine.id)." })
  id!: string;

  @Field(() => Int, { description: `The new quantity (1–${MAX_LINE_QUANTITY_TEXT}); use cartLinesRemove to remove a line.` })
  quantity!: number;
}

@InputType({ description: "What a new cart starts with." })
export class CartInput {
  @Field(() => [CartLineInput], { nullable: true, description: "Lines to start with." })
  @LinesPerCall(null)
  lines?: CartLineInput[] | null;
}

// The cart mutations' arguments: how many lines a call takes is checked on the way in (GraphQL's
// validateFn), answered as the payload's CartUserError like every other cart refusal.

@ArgsType()
export class CartLinesAddArgs {
  @Field(() => ID, { description: "The cart's id." })
  cartId!: string;

  @Field(() => [CartLineInput], { description: "The lines to add (at most 100)." })
  @LinesPerCall("Give at least one line")
  lines!: CartLineInput[];
}

@ArgsType()
export class CartLinesUpdateArgs {
  @Field(() => ID, { description: "The cart's id." })
  cartId!: string;

  @Field(() => [CartLineUpdateInput], { description: "Line ids and their new quantities." })
  @LinesPerCall("Give at least one line to update")
  lines!: CartLineUpdateInput[];
}

@ArgsType()
export class CartLinesRemoveArgs {
  @Field(() => ID, { description: "The cart's id." })
  cartId!: string;

  @Field(() => [ID], { description: "Ids of the lines to remove." })
  @LinesPerCall("Give at least one line to remove")
  lineIds!: string[];
}

@ArgsType()
export class CartSyncArgs {
  @Field(() => [CartSyncLineInput], { description: "The local cart's lines." })
  @LinesPerCall("The cart is empty: give at least one line")
  lines!: CartSyncLineInput[];
}

@ObjectType({ description: "What every cart mutation answers (not part of the schema itself)." })
abstract class CartPayload {
  @Field(() => Cart, { nullable: true, description: "The cart after the change; null when it was refused." })
  cart!: Cart | null;

  @Field(() => [CartUserError], { description: "Why the change was refused; empty on success." })
  userErrors!: CartUserError[];
}

@ObjectType({ description: "Result of cartCreate." })
export class CartCreatePayload extends CartPayload {}

@ObjectType({ description: "Result of cartLinesAdd." })
export class CartLinesAddPayload extends CartPayload {}

@ObjectType({ description: "Result of cartLinesUpdate." })
export class CartLinesUpdatePayload extends CartPayload {}

@ObjectType({ description: "Result of cartLinesRemove." })
export class CartLinesRemovePayload extends CartPayload {}

@ArgsType()
export class CartDiscountCodesUpdateArgs {
  @Field(() => ID, { description: "The cart's id." })
  cartId!: string;

  @Field(() => [String], { description: "The codes the cart should hold: one (matched without regard to case), or none to remove it." })
  discountCodes!: string[];
}

@ObjectType({ description: "The cart after cartDiscountCodesUpdate; userErrors say why a code was not taken or does not apply yet." })
export class CartDiscountCodesUpdatePayload extends CartPayload {}

@ObjectType({ description: "Result of cartSync: a new server cart holding the local cart's lines, and where to pay for it." })
export class CartSyncPayload extends CartPayload {
  @Field(() => ID, { nullable: true, description: "Id of the new cart; null when refused." })
  cartId!: string | null;

  @Field(() => String, { nullable: true, description: "The hosted checkout page to open; null when refused." })
  checkoutUrl!: string | null;
}
