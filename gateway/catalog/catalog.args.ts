import { ArgsType, Field, ID, Int } from "type-graphql";
import { PageNumber, PageSize } from "../shared/paging.js";
import { Accept, OptionalOneOf, OptionalText, declareCheck } from "../shared/validation.js";
import { PRODUCT_SORTS } from "./catalog.records.js";
import { FEATURED_PRODUCTS_COUNT, MAX_SEARCH_LENGTH, PRODUCT_PAGE_SIZE, RELATED_PRODUCTS_COUNT } from "./catalog.service.js";
import { ProductSortKey } from "./catalog.types.js";

// The catalog's arguments, with their checks declared on the fields: GraphQL checks them on the
// way in, and the REST catalog calls read their query parameters through the same classes.

const SEARCH_DESCRIPTION =
  "Words to find in titles, tags and descriptions (at most 200 characters). Products holding the words as typed come first, in the list's order; then those holding each word as typed or misspelt, the closest first.";

/** One of two references is enough: `field` or `other` (a product by id or handle, a collection by handle or id). */
const EitherOf = (other: string, message: string) =>
  declareCheck("eitherOf", { type: ["string", "null"] }, (value, _field, input) => (value || input[other] ? null : message));

@ArgsType()
export class ProductListArgs {
  // REST's sort parameter takes the same names: the enum's values are them.
  @Field(() => ProductSortKey, { defaultValue: ProductSortKey.BEST_SELLING, description: "Order of the list." })
  @OptionalOneOf(PRODUCT_SORTS)
  sort?: ProductSortKey;

  @Field(() => String, { nullable: true, description: SEARCH_DESCRIPTION })
  @OptionalText(MAX_SEARCH_LENGTH)
  search?: string | null;

  @Field(() => Int, { defaultValue: 1, description: "1-based page number." })
  @PageNumber()
  page?: number;

  @Field(() => Int, { defaultValue: PRODUCT_PAGE_SIZE, description: "Products per page (1–100)." })
  @PageSize()
  pageSize?: number;

  // Nothing to check (REST's boolParam and GraphQL's Boolean already made it one); Accept lets REST read it.
  @Field(() => Boolean, { nullable: true, description: "Only products that can (true) or cannot (false) be customised." })
  @Accept({ type: "boolean" })
  customizable?: boolean | null;
}

@ArgsType()
export class ProductConnectionArgs {
  @Field(() => ProductSortKey, { defaultValue: ProductSortKey.BEST_SELLING, description: "Order of the list." })
  sort!: ProductSortKey;

  @Field(() => String, { nullable: true, description: SEARCH_DESCRIPTION })
  @OptionalText(MAX_SEARCH_LENGTH)
  search!: string | null;

  @Field(() => Int, { defaultValue: PRODUCT_PAGE_SIZE, description: "How many products (1–100)." })
  @PageSize()
  first!: number;

  @Field(() => String, { nullable: true, description: "Continue after this cursor (a pageInfo.endCursor)." })
  after!: string | null;

  @Field(() => Boolean, { nullable: true, description: "Only customisable (true) or other (false) products." })
  customizable!: boolean | null;
}

@ArgsType()
export class ProductRefArgs {
  @Field(() => ID, { nullable: true, description: "The product's id." })
  @EitherOf("handle", "give a product id or handle")
  id!: string | null;

  @Field(() => String, { nullable: true, description: "The product's handle." })
  handle!: string | null;
}

@ArgsType()
export class FeaturedProductsArgs {
  @Field(() => Int, { defaultValue: FEATURED_PRODUCTS_COUNT, description: "How many (1–100)." })
  @PageSize()
  first!: number;
}

@ArgsType()
export class RelatedProductsArgs {
  @Field(() => String, { description: "Handle of the product being viewed." })
  handle!: string;

  @Field(() => Int, { defaultValue: RELATED_PRODUCTS_COUNT, description: "How many (1–100)." })
  @PageSize()
  first!: number;
}

@ArgsType()
export class CollectionRefArgs {
  @Field(() => String, { nullable: true, description: "The collection's handle." })
  @EitherOf("id", "give a collection handle or id")
  handle!: string | null;

  @Field(() => ID, { nullable: true, description: "The collection's id." })
  id!: string | null;
}

@ArgsType()
export class VariantListArgs {
  // Absent: every variant. A card that shows one price asks for the first (the default selection)
  // and its page carries no other (/memes' data).
  @Field(() => Int, { nullable: true, description: "Only the first this many variants (1–100); all of them when left out." })
  @PageSize()
  first?: number | null;
}
