import { ArgsType, Field, GraphQLISODateTime, ID, InputType, Int, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { PageNumber } from "../shared/paging.js";
import { Accept, OptionalText, RequiredFile, declareCheck } from "../shared/validation.js";
import { OptionalNonBlank, OptionalUpTo, ProductStatus, Tags } from "../catalog/product-admin.types.js";
import { MemeAvailability } from "./meme.types.js";

// The meme gallery on the shop's side: its own types, apart from the public Meme (a meme without an
// image, or linked to a draft, is staff's business only).

const MAX_TITLE_LENGTH = 120;
const MAX_DESCRIPTION_LENGTH = 1000;

@ObjectType({ description: "The product a meme is linked to, in any status." })
export class AdminMemeProduct {
  @Field(() => ID, { description: "Id of the product." })
  id!: string;

  @Field(() => String, { description: "Its handle (its address in the shop: /product/{handle})." })
  handle!: string;

  @Field(() => String, { description: "Its title." })
  title!: string;

  @Field(() => ProductStatus, { description: "Its status: only an ACTIVE product makes the meme available to shoppers." })
  status!: ProductStatus;
}

@ObjectType({ description: "A meme as staff manage it." })
export class AdminMeme {
  @Field(() => ID, { description: "Id of the meme." })
  id!: string;

  @Field(() => String, { description: "Its title." })
  title!: string;

  @Field(() => String, { description: "A sentence or two about it." })
  description!: string;

  @Field(() => String, { nullable: true, description: "Its image's address (relative to the shop's origin); null until one is uploaded, and until then shoppers never see the meme." })
  imageUrl!: string | null;

  @Field(() => [String], { description: "Its topics." })
  tags!: string[];

  @Field(() => AdminMemeProduct, { nullable: true, description: "The product it is sold on; null when none is linked." })
  product!: AdminMemeProduct | null;

  @Field(() => MemeAvailability, { description: "Whether shoppers can buy it as a product, and if not, why." })
  availability!: `${MemeAvailability}`;

  @Field(() => String, { nullable: true, description: 'Why shoppers see "Not Available", in the words its card shows; null when they can buy it.' })
  unavailableReason!: string | null;

  @Field(() => Boolean, { description: "Whether it is the meme of the week (at most one is)." })
  featured!: boolean;

  @Field(() => Boolean, { description: "Whether shoppers see it in the gallery (it has an image)." })
  visible!: boolean;

  @Field(() => GraphQLISODateTime, { description: "When it was added." })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { description: "When it last changed." })
  updatedAt!: Date;
}

@ObjectType({ description: "A page of the admin's meme list." })
export class AdminMemeList {
  @Field(() => [AdminMeme], { description: "The memes of this page, most recently changed first." })
  nodes!: AdminMeme[];

  @Field(() => Int, { description: "How many memes match in all." })
  totalCount!: number;

  @Field(() => Int, { description: "This page's number, from 1." })
  page!: number;

  @Field(() => Int, { description: "How many memes a page holds." })
  pageSize!: number;

  @Field(() => Int, { description: "How many pages there are (at least 1)." })
  totalPages!: number;
}

@ArgsType()
export class AdminMemesArgs {
  @Field(() => String, { nullable: true, description: "Words in the title, the description or a tag." })
  @OptionalText(200)
  search?: string | null;

  @Field(() => Int, { defaultValue: 1, description: "1-based page number." })
  @PageNumber()
  page?: number;

  @Field(() => Int, { defaultValue: 20, description: "Memes per page (1–100)." })
  @declareCheck("adminMemePageSize", { type: "integer", minimum: 1, maximum: 100 }, (value, field) =>
    value === undefined || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100) ? null : `${field} must be between 1 and 100`,
  )
  pageSize?: number;
}

/** The fields of a meme as staff give them; left out means unchanged (on update) or empty (on create). */
@InputType({ description: "A meme's fields; on update, what is left out stays as it is." })
export class MemeInput {
  @Field(() => String, { nullable: true, description: `Its title (1–${MAX_TITLE_LENGTH} characters); required to create one.` })
  @OptionalNonBlank(MAX_TITLE_LENGTH)
  title?: string | null;

  @Field(() => String, { nullable: true, description: `A sentence or two about it (at most ${MAX_DESCRIPTION_LENGTH} characters; plain text).` })
  @OptionalUpTo(MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  @Field(() => [String], { nullable: true, description: "Its topics (at most 50, each 1–60 characters)." })
  @Tags()
  tags?: string[] | null;

  @Field(() => ID, { nullable: true, description: "The product it is sold on (any status; shoppers can buy it once the product is ACTIVE). null unlinks it; left out, unchanged." })
  @Accept({ type: ["string", "null"] })
  productId?: string | null;
}

@ArgsType()
export class MemeIdArgs {
  @Field(() => ID, { description: "The meme's id." })
  @Accept({ type: "string" })
  id!: string;
}

/** POST /api/admin/memes/{id}/image: the multipart body's one part. */
export class MemeImageUploadInput {
  @RequiredFile("A JPEG, PNG or WebP image of at most 20 MB and 50 megapixels (checked by its content).")
  image!: Buffer;
}

@ObjectType({ description: "The result of changing a meme." })
export class MemePayload {
  @Field(() => AdminMeme, { nullable: true, description: "The meme as saved; null when refused." })
  meme!: AdminMeme | null;

  @Field(() => [UserError], { description: "Why it was refused (INVALID_INPUT naming the field, NOT_FOUND, CONFLICT); empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of deleting a meme." })
export class MemeDeletePayload {
  @Field(() => ID, { nullable: true, description: "The id of the meme deleted; null when refused." })
  deletedMemeId!: string | null;

  @Field(() => [UserError], { description: "Why it was refused (NOT_FOUND; CONFLICT for the meme of the week, which another must replace first); empty on success." })
  userErrors!: UserError[];
}
