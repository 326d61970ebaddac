import { ArgsType, Field, Float, ID, InputType, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { Accept, OptionalText, RequiredFile } from "../shared/validation.js";
import { MAX_OPTION_VALUE_LENGTH } from "./catalog-rules.js";
import { AdminProduct } from "./product-admin.types.js";
import { MAX_MOCKUP_SIDE, MAX_PRINT_INCHES, MAX_PRINT_PIXELS, MIN_PRINT_FRACTION, MIN_PRINT_INCHES } from "./product-mockups.service.js";

// What the design studio prints on, on the shop's side: the print area (GraphQL) and the blank
// mock-ups (uploaded over REST, POST /api/admin/products/{id}/mockups; removed over GraphQL), each
// write answering the product as saved.

const PRODUCT_ID = "The product's id.";
const NUMBER = { type: "number" };

/** POST /api/admin/products/{id}/mockups: the multipart body's parts. */
export class ProductMockupUploadInput {
  @RequiredFile(`A JPEG, PNG or WebP image of the item without any design, at most 20 MB and 50 megapixels (checked by its content; kept at most ${MAX_MOCKUP_SIDE} px on its longest side).`)
  image!: Buffer;

  @OptionalText(MAX_OPTION_VALUE_LENGTH)
  color?: string | null;
}

@InputType({
  description: `Where a design goes on the product's blank mock-ups, and the size it prints at. The rectangle lies within the mock-up, each side more than ${MIN_PRINT_FRACTION * 100}% of it; each printed side is ${MIN_PRINT_INCHES}–${MAX_PRINT_INCHES} inches (at most two decimals), and the print file at 300 DPI at most ${MAX_PRINT_PIXELS / 1_000_000} megapixels.`,
})
export class PrintAreaInput {
  @Field(() => Float, { description: "The left edge, as a fraction (0–1) of the mock-up's width." })
  @Accept(NUMBER, { required: true })
  x!: number;

  @Field(() => Float, { description: "The top edge, as a fraction (0–1) of the mock-up's height." })
  @Accept(NUMBER, { required: true })
  y!: number;

  @Field(() => Float, { description: "The width, as a fraction of the mock-up's width (x + width at most 1)." })
  @Accept(NUMBER, { required: true })
  width!: number;

  @Field(() => Float, { description: "The height, as a fraction of the mock-up's height (y + height at most 1)." })
  @Accept(NUMBER, { required: true })
  height!: number;

  @Field(() => Float, { description: `The width it prints at, in inches (${MIN_PRINT_INCHES}–${MAX_PRINT_INCHES}).` })
  @Accept(NUMBER, { required: true })
  widthInches!: number;

  @Field(() => Float, { description: `The height it prints at, in inches (${MIN_PRINT_INCHES}–${MAX_PRINT_INCHES}).` })
  @Accept(NUMBER, { required: true })
  heightInches!: number;
}

@ArgsType()
export class ProductPrintAreaSetArgs {
  @Field(() => ID, { description: PRODUCT_ID })
  @Accept({ type: "string" })
  productId!: string;

  @Field(() => PrintAreaInput, { nullable: true, description: "The print area; null removes it (the studio then uses its whole canvas)." })
  @Accept({ type: ["object", "null"] })
  printArea?: PrintAreaInput | null;
}

@ArgsType()
export class ProductMockupDeleteArgs {
  @Field(() => ID, { description: PRODUCT_ID })
  @Accept({ type: "string" })
  productId!: string;

  @Field(() => String, { nullable: true, description: "The colour of the blank to remove, as kept (AdminProductMockup.color); null for the blank of a product without a Color option." })
  @OptionalText(MAX_OPTION_VALUE_LENGTH)
  color?: string | null;
}

const REFUSALS = "Why it was refused (NOT_FOUND for an unknown product or blank, INVALID_INPUT naming the field); empty on success.";

@ObjectType({ description: "The result of setting or removing a product's print area." })
export class ProductPrintAreaSetPayload {
  @Field(() => AdminProduct, { nullable: true, description: "The product as saved; null when refused." })
  product!: AdminProduct | null;

  @Field(() => [UserError], { description: REFUSALS })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of removing a product's blank mock-up." })
export class ProductMockupDeletePayload {
  @Field(() => AdminProduct, { nullable: true, description: "The product without the blank; null when refused." })
  product!: AdminProduct | null;

  @Field(() => [UserError], { description: REFUSALS })
  userErrors!: UserError[];
}
