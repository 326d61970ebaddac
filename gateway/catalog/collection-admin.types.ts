import { ArgsType, Field, GraphQLISODateTime, ID, InputType, Int, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { PageNumber, PageSize } from "../shared/paging.js";
import { Accept, RequiredFile, declareCheck } from "../shared/validation.js";
import { Handle } from "./handles.js";
import { AdminImageSource, ProductStatus } from "./product-admin.types.js";

// The collections on the shop's side: their own types, apart from the public Collection that
// shoppers' cached answers hold.

const MAX_TITLE_LENGTH = 255;
const MAX_DESCRIPTION_LENGTH = 5000;
/** At most this many products are added or removed in one call. */
const MAX_PRODUCTS_PER_CALL = 250;

const COLLECTION_ID = { description: "The collection's id." };
const absent = (value: unknown) => value === undefined || value === null;
const isBlank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** A place in a list, from 1; left out when optional. */
const Place = ({ optional }: { optional: boolean }) =>
  declareCheck("place", { type: optional ? ["integer", "null"] : "integer", minimum: 1 }, (value, field) => {
    if (optional && absent(value)) return null;
    return Number.isInteger(value) && (value as number) >= 1 ? null : `${field} must be a whole number of 1 or more`;
  });

const ProductIdList = () =>
  declareCheck("productIdList", { type: "array", items: { type: "string" }, minItems: 1, maxItems: MAX_PRODUCTS_PER_CALL }, (value, field) => {
    if (!Array.isArray(value) || value.length === 0) return `${field} must list at least one product id`;
    return value.length > MAX_PRODUCTS_PER_CALL ? `${field} may hold at most ${MAX_PRODUCTS_PER_CALL} ids` : null;
  });

@ObjectType({ description: "A collection's image as staff manage it." })
export class AdminCollectionImage {
  @Field(() => String, { description: "The original's address (relative to the shop's origin)." })
  url!: string;

  @Field(() => Int, { nullable: true, description: "The original's width in pixels (null for vector art)." })
  width!: number | null;

  @Field(() => Int, { nullable: true, description: "The original's height in pixels (null for vector art)." })
  height!: number | null;

  @Field(() => [AdminImageSource], { description: "The sizes made on upload, narrowest first (empty for vector art)." })
  sources!: AdminImageSource[];
}

@ObjectType({ description: "A product in a collection, at its place there." })
export class AdminCollectionProduct {
  @Field(() => Int, { description: "Its place in the collection, from 1 (shoppers see the ACTIVE ones in this order)." })
  position!: number;

  @Field(() => ID, { description: "Id of the product." })
  id!: string;

  @Field(() => String, { description: "Its handle." })
  handle!: string;

  @Field(() => String, { description: "Its name." })
  title!: string;

  @Field(() => ProductStatus, { description: "Whether shoppers see it (only ACTIVE products appear in the shop's collection)." })
  status!: ProductStatus;

  @Field(() => String, { description: 'Its lowest price, e.g. "24.99".' })
  price!: string;

  @Field(() => String, { nullable: true, description: "A small version of its first image; null when it has none." })
  thumbnailUrl!: string | null;
}

@ObjectType({ description: "A page of a collection's products, in the collection's order." })
export class AdminCollectionProductList {
  @Field(() => [AdminCollectionProduct], { description: "The products of this page, in order." })
  nodes!: AdminCollectionProduct[];

  @Field(() => Int, { description: "How many products the collection holds, in every status." })
  totalCount!: number;

  @Field(() => Int, { description: "This page's number, from 1." })
  page!: number;

  @Field(() => Int, { description: "How many products a page holds." })
  pageSize!: number;

  @Field(() => Int, { description: "How many pages there are (0 when the collection is empty)." })
  totalPages!: number;
}

@ObjectType({ description: "A collection as staff manage it." })
export class AdminCollection {
  @Field(() => ID, { description: "Id of the collection." })
  id!: string;

  @Field(() => String, { description: "Its address in the shop: /collections/{handle}." })
  handle!: string;

  @Field(() => String, { description: "Its name." })
  title!: string;

  @Field(() => String, { description: "Its description (plain text; empty when none)." })
  description!: string;

  @Field(() => Int, { description: "Its place among the collections, from 1: lists follow it, and the home page shows the first three." })
  position!: number;

  @Field(() => AdminCollectionImage, { nullable: true, description: "Its image; null when it has none (the shop shows a placeholder)." })
  image!: AdminCollectionImage | null;

  @Field(() => Int, { description: "How many products it holds, in every status." })
  productCount!: number;

  @Field(() => Int, { description: "How many of them are ACTIVE (what shoppers see)." })
  activeProductCount!: number;

  @Field(() => Boolean, { description: "Whether the shop's footer links to it: then it can be neither deleted nor given another handle." })
  footerLinked!: boolean;

  @Field(() => String, { description: "Its page in the shop (relative)." })
  onlineStorePath!: string;

  @Field(() => GraphQLISODateTime, { description: "When it was added." })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { description: "When it or its products last changed." })
  updatedAt!: Date;
}

@ArgsType()
export class AdminCollectionProductsArgs {
  @Field(() => Int, { defaultValue: 1, description: "1-based page number." })
  @PageNumber()
  page?: number;

  @Field(() => Int, { defaultValue: 50, description: "Products per page (1–100)." })
  @PageSize()
  pageSize?: number;
}

/** The fields of a collection as staff give them; left out means unchanged (on update) or the default (on create). */
@InputType({ description: "A collection's fields; on update, what is left out stays as it is." })
export class CollectionInput {
  @Field(() => String, { nullable: true, description: `Its name (1–${MAX_TITLE_LENGTH} characters); required to create one.` })
  @declareCheck("collectionTitle", { type: ["string", "null"], pattern: "\\S", maxLength: MAX_TITLE_LENGTH }, (value, field) => {
    if (absent(value)) return null;
    if (isBlank(value)) return `${field} must not be blank`;
    return (value as string).trim().length > MAX_TITLE_LENGTH ? `${field} must be at most ${MAX_TITLE_LENGTH} characters` : null;
  })
  title?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Its address in the shop (lower-case letters, digits, hyphens); made from the title when left out on create. The footer's collections keep theirs.",
  })
  @Handle("election-season")
  handle?: string | null;

  @Field(() => String, { nullable: true, description: `Its description, plain text (at most ${MAX_DESCRIPTION_LENGTH} characters).` })
  @declareCheck("collectionDescription", { type: ["string", "null"], maxLength: MAX_DESCRIPTION_LENGTH }, (value, field) => {
    if (absent(value)) return null;
    if (typeof value !== "string") return `${field} must be text`;
    return value.trim().length > MAX_DESCRIPTION_LENGTH ? `${field} must be at most ${MAX_DESCRIPTION_LENGTH} characters` : null;
  })
  description?: string | null;

  @Field(() => Int, { nullable: true, description: "Its place among the collections (1 = first; past the end = last). Left out on create: last." })
  @Place({ optional: true })
  position?: number | null;
}

@ArgsType()
export class CollectionProductsAddArgs {
  @Field(() => ID, COLLECTION_ID)
  @Accept({ type: "string" })
  collectionId!: string;

  @Field(() => [ID], { description: `The products to add, in order (1–${MAX_PRODUCTS_PER_CALL}, any status); one already in the collection stays where it is.` })
  @ProductIdList()
  productIds!: string[];

  @Field(() => Int, { nullable: true, description: "Where the first goes (1 = first; past the end or left out = at the end)." })
  @Place({ optional: true })
  position?: number | null;
}

@ArgsType()
export class CollectionProductsRemoveArgs {
  @Field(() => ID, COLLECTION_ID)
  @Accept({ type: "string" })
  collectionId!: string;

  @Field(() => [ID], { description: `The products to take out of the collection (1–${MAX_PRODUCTS_PER_CALL}); they stay in the catalog.` })
  @ProductIdList()
  productIds!: string[];
}

@ArgsType()
export class CollectionProductMoveArgs {
  @Field(() => ID, COLLECTION_ID)
  @Accept({ type: "string" })
  collectionId!: string;

  @Field(() => ID, { description: "The product to move (one in the collection)." })
  @Accept({ type: "string" })
  productId!: string;

  @Field(() => Int, { description: "Its new place (1 = first; past the end = last); the products between shift by one." })
  @Place({ optional: false })
  position!: number;
}

/** POST /api/admin/collections/{id}/image: the multipart body's part. */
export class CollectionImageUploadInput {
  @RequiredFile("A JPEG, PNG or WebP image of at most 20 MB and 50 megapixels (checked by its content).")
  image!: Buffer;
}

const REFUSALS =
  "Why it was refused (INVALID_INPUT naming the field, such as the handle or deleting one of the footer's collections; CONFLICT for a handle in use; NOT_FOUND); empty on success.";

@ObjectType({ description: "The result of changing a collection or its products." })
export class CollectionPayload {
  @Field(() => AdminCollection, { nullable: true, description: "The collection as saved; null when refused." })
  collection!: AdminCollection | null;

  @Field(() => [UserError], { description: REFUSALS })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of deleting a collection." })
export class CollectionDeletePayload {
  @Field(() => ID, { nullable: true, description: "The id of the collection deleted (its products stay in the catalog); null when refused." })
  deletedCollectionId!: string | null;

  @Field(() => [UserError], { description: REFUSALS })
  userErrors!: UserError[];
}
