import { ArgsType, Field, ID, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { Accept, OptionalText, RequiredFile, TextAtMost, declareCheck } from "../shared/validation.js";
import { AdminImage, AdminProduct } from "./product-admin.types.js";
import { MAX_PRODUCT_IMAGES } from "./product-images.service.js";

// A product's gallery on the shop's side: the upload's multipart body (REST) and the mutations that
// change the images afterwards (GraphQL), each answering the product as saved.

export const MAX_ALT_TEXT_LENGTH = 512;

const PRODUCT_ID = "The product's id.";
const IMAGE_ID = "The image's id (one of the product's).";

/** POST /api/admin/products/{id}/images: the multipart body's parts. */
export class ProductImageUploadInput {
  @RequiredFile("A JPEG, PNG or WebP image of at most 20 MB and 50 megapixels (checked by its content).")
  image!: Buffer;

  @OptionalText(MAX_ALT_TEXT_LENGTH)
  altText?: string | null;
}

@ArgsType()
export class ProductImageUpdateArgs {
  @Field(() => ID, { description: PRODUCT_ID })
  @Accept({ type: "string" })
  productId!: string;

  @Field(() => ID, { description: IMAGE_ID })
  @Accept({ type: "string" })
  imageId!: string;

  @Field(() => String, { description: `Text for people who cannot see it (at most ${MAX_ALT_TEXT_LENGTH} characters; empty: the product's title stands in).` })
  @TextAtMost(MAX_ALT_TEXT_LENGTH)
  altText!: string;
}

@ArgsType()
export class ProductImagesReorderArgs {
  @Field(() => ID, { description: PRODUCT_ID })
  @Accept({ type: "string" })
  productId!: string;

  @Field(() => [ID], { description: "Every one of the product's images, each once, in the new gallery order (the first is the product's featured image)." })
  @declareCheck("imageIdList", { type: "array", items: { type: "string" }, maxItems: MAX_PRODUCT_IMAGES }, (value, field) => {
    if (!Array.isArray(value)) return `${field} must be a list of image ids`;
    return value.length > MAX_PRODUCT_IMAGES ? `${field} may hold at most ${MAX_PRODUCT_IMAGES} ids` : null;
  })
  imageIds!: string[];
}

@ArgsType()
export class ProductImageDeleteArgs {
  @Field(() => ID, { description: PRODUCT_ID })
  @Accept({ type: "string" })
  productId!: string;

  @Field(() => ID, { description: IMAGE_ID })
  @Accept({ type: "string" })
  imageId!: string;
}

const REFUSALS = "Why it was refused (NOT_FOUND for an unknown product or image, INVALID_INPUT naming the field); empty on success.";

@ObjectType({ description: "The result of changing a product image." })
export class ProductImageUpdatePayload {
  @Field(() => AdminProduct, { nullable: true, description: "The product as saved; null when refused." })
  product!: AdminProduct | null;

  @Field(() => AdminImage, { nullable: true, description: "The image as saved; null when refused." })
  image!: AdminImage | null;

  @Field(() => [UserError], { description: REFUSALS })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of reordering a product's images." })
export class ProductImagesReorderPayload {
  @Field(() => AdminProduct, { nullable: true, description: "The product with its images in their new order; null when refused." })
  product!: AdminProduct | null;

  @Field(() => [UserError], { description: REFUSALS })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of deleting a product image." })
export class ProductImageDeletePayload {
  @Field(() => ID, { nullable: true, description: "The id of the image deleted; null when refused." })
  deletedImageId!: string | null;

  @Field(() => AdminProduct, { nullable: true, description: "The product without the image; null when refused." })
  product!: AdminProduct | null;

  @Field(() => [UserError], { description: REFUSALS })
  userErrors!: UserError[];
}
