import { ArgsType, Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { DECIMAL_AMOUNT } from "../shared/money.js";
import { PageNumber } from "../shared/paging.js";
import { Accept, ListOf, OptionalOneOf, OptionalText, declareCheck } from "../shared/validation.js";
import { PRODUCT_STATUSES } from "./catalog.records.js";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_OPTION_NAME_LENGTH,
  MAX_OPTION_VALUE_LENGTH,
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_PARTNER_NAME_LENGTH,
  MAX_PRODUCT_TYPE_LENGTH,
  MAX_SEO_DESCRIPTION_LENGTH,
  MAX_SEO_TITLE_LENGTH,
  MAX_SKU_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  MAX_VARIANTS,
  PARTNER_VARIANT_ID,
  optionNameProblem,
  optionValueProblem,
  partnerVariantIdProblem,
  priceProblem,
  tagsProblem,
  textUpToProblem,
  titleProblem,
} from "./catalog-rules.js";
import { Handle } from "./handles.js";

// The catalog on the shop's side: its own types, apart from the public catalog types that answers
// shared by every shopper are cached under (catalog.cache.ts), so no staff-only field or draft can
// reach a shopper's cache.

export enum ProductStatus {
  DRAFT = "DRAFT",
  ACTIVE = "ACTIVE",
  ARCHIVED = "ARCHIVED",
}

registerEnumType(ProductStatus, {
  name: "ProductStatus",
  description: "Whether shoppers see a product.",
  valuesConfig: {
    DRAFT: { description: "Being prepared: shoppers never see it." },
    ACTIVE: { description: "On sale: in the shop, search, the sitemap and the APIs." },
    ARCHIVED: { description: "Withdrawn (kept for the orders that name it): shoppers never see it." },
  },
});


@ObjectType({ description: "One size made of an uploaded image." })
export class AdminImageSource {
  @Field(() => String, { description: "Its address (relative to the shop's origin); content-addressed, so it never changes." })
  url!: string;

  @Field(() => Int, { description: "Its width in pixels." })
  width!: number;

  @Field(() => String, { description: 'Its type, e.g. "image/webp".' })
  contentType!: string;
}

@ObjectType({ description: "An image of a product, as staff manage it." })
export class AdminImage {
  @Field(() => ID, { description: "Id of the image." })
  id!: string;

  @Field(() => String, { description: "The original's address (relative to the shop's origin)." })
  url!: string;

  @Field(() => String, { description: "Text for people who cannot see it." })
  altText!: string;

  @Field(() => Int, { description: "Its place in the product's gallery, from 1." })
  position!: number;

  @Field(() => Int, { nullable: true, description: "The original's width in pixels (null for vector art)." })
  width!: number | null;

  @Field(() => Int, { nullable: true, description: "The original's height in pixels (null for vector art)." })
  height!: number | null;

  @Field(() => [AdminImageSource], { description: "The sizes made on upload, narrowest first (empty for vector art)." })
  sources!: AdminImageSource[];
}

@ObjectType({ description: "An option of a product and its values, in order." })
export class AdminProductOption {
  @Field(() => ID, { description: "Id of the option." })
  id!: string;

  @Field(() => String, { description: 'Its name, e.g. "Size".' })
  name!: string;

  @Field(() => [String], { description: "Its values in display order." })
  values!: string[];
}

@ObjectType({ description: "One value of an option that a variant stands for." })
export class AdminSelectedOption {
  @Field(() => String, { description: "The option's name." })
  name!: string;

  @Field(() => String, { description: "The value." })
  value!: string;
}

@ObjectType({ description: "A variant as staff manage it." })
export class AdminVariant {
  @Field(() => ID, { description: "Id of the variant (what carts and order lines name)." })
  id!: string;

  @Field(() => String, { description: 'Its option values joined by " / ", or "Default Title" without options.' })
  title!: string;

  @Field(() => String, { description: 'Its price in dollars and cents, e.g. "24.99".' })
  price!: string;

  @Field(() => String, { nullable: true, description: "The former price shown struck through; null when none." })
  compareAtPrice!: string | null;

  @Field(() => String, { description: "Its stock-keeping unit (empty when none)." })
  sku!: string;

  @Field(() => Boolean, { description: "Whether it can be added to a cart." })
  availableForSale!: boolean;

  @Field(() => ID, { nullable: true, description: "The product image shown when it is chosen; null when none." })
  imageId!: string | null;

  @Field(() => String, { nullable: true, description: "The print partner's (Printful's) variant id; null when not set." })
  partnerVariantId!: string | null;

  @Field(() => [AdminSelectedOption], { description: "The option values it stands for." })
  selectedOptions!: AdminSelectedOption[];

  @Field(() => Boolean, { description: "Whether an order names it (removing it then archives it instead of deleting it)." })
  sold!: boolean;
}

@ObjectType({ description: "Where a design goes on a product's blank mock-ups and the size it prints at, as staff set it." })
export class AdminPrintArea {
  @Field(() => Float, { description: "Its left edge, as a fraction (0–1) of the mock-up's width." })
  x!: number;

  @Field(() => Float, { description: "Its top edge, as a fraction (0–1) of the mock-up's height." })
  y!: number;

  @Field(() => Float, { description: "Its width, as a fraction of the mock-up's width." })
  width!: number;

  @Field(() => Float, { description: "Its height, as a fraction of the mock-up's height." })
  height!: number;

  @Field(() => Float, { description: "The width it prints at, in inches." })
  widthInches!: number;

  @Field(() => Float, { description: "The height it prints at, in inches." })
  heightInches!: number;

  @Field(() => Int, { description: "The print file's width in pixels (widthInches at 300 DPI)." })
  printWidthPx!: number;

  @Field(() => Int, { description: "The print file's height in pixels (heightInches at 300 DPI)." })
  printHeightPx!: number;
}

@ObjectType({ description: "A blank mock-up of a product (the item in one colour without a design), as staff manage it." })
export class AdminProductMockup {
  @Field(() => String, { nullable: true, description: "The Color option's value it shows; null for the one blank of a product without a Color option." })
  color!: string | null;

  @Field(() => String, { description: "Its address (relative to the shop's origin)." })
  url!: string;

  @Field(() => Int, { description: "Its width in pixels." })
  width!: number;

  @Field(() => Int, { description: "Its height in pixels." })
  height!: number;

  @Field(() => Boolean, {
    description: "Whether the product offers its colour now. One whose colour was removed from the Color option is kept but shown to no shopper (it shows again if the colour comes back).",
  })
  offered!: boolean;
}

@ObjectType({ description: "A product as staff manage it, in any status." })
export class AdminProduct {
  @Field(() => ID, { description: "Id of the product." })
  id!: string;

  @Field(() => String, { description: "Its address in the shop: /product/{handle}." })
  handle!: string;

  @Field(() => [String], { description: "Handles it had before; they still lead to it." })
  previousHandles!: string[];

  @Field(() => String, { description: "Its name." })
  title!: string;

  @Field(() => ProductStatus, { description: "Whether shoppers see it." })
  status!: ProductStatus;

  @Field(() => String, { description: "Its description as saved (sanitised HTML)." })
  descriptionHtml!: string;

  @Field(() => [String], { description: "Its tags (Hot Seller, New and Sale give badges in the shop)." })
  tags!: string[];

  @Field(() => String, { description: 'What kind of product it is, e.g. "T-Shirt" (empty when not set).' })
  productType!: string;

  @Field(() => String, { description: "The page title search engines show (empty: the product's title)." })
  seoTitle!: string;

  @Field(() => String, { description: "The description search engines show (empty: the description's first words)." })
  seoDescription!: string;

  @Field(() => String, { description: "Who prints it, as the product page's badge names them." })
  fulfillmentPartner!: string;

  @Field(() => Boolean, { description: "Whether the design studio offers it." })
  customizable!: boolean;

  @Field(() => String, { description: 'Its lowest price among the variants offered, e.g. "24.99".' })
  price!: string;

  @Field(() => [AdminProductOption], { description: "Its options in order." })
  options!: AdminProductOption[];

  @Field(() => [AdminVariant], { description: "The variants offered, in order (archived ones are not listed)." })
  variants!: AdminVariant[];

  @Field(() => Int, { description: "How many of its variants were archived (sold, then removed)." })
  archivedVariantCount!: number;

  @Field(() => [AdminImage], { description: "Its images in gallery order." })
  images!: AdminImage[];

  @Field(() => AdminPrintArea, { nullable: true, description: "Where the design studio puts a design on its blank mock-ups; null when not set." })
  printArea!: AdminPrintArea | null;

  @Field(() => [AdminProductMockup], { description: "Its blank mock-ups: the colours it offers first, in the Color option's order, then any whose colour it no longer offers." })
  mockups!: AdminProductMockup[];

  @Field(() => Boolean, { description: "Whether an order names it (deleting it then archives it instead)." })
  sold!: boolean;

  @Field(() => String, { nullable: true, description: "Its page in the shop (relative), when it is ACTIVE; null otherwise." })
  onlineStorePath!: string | null;

  @Field(() => GraphQLISODateTime, { description: "When it was added." })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { description: "When it was last changed." })
  updatedAt!: Date;
}

@ObjectType({ description: "A product in the admin's list." })
export class AdminProductSummary {
  @Field(() => ID, { description: "Id of the product." })
  id!: string;

  @Field(() => String, { description: "Its handle." })
  handle!: string;

  @Field(() => String, { description: "Its name." })
  title!: string;

  @Field(() => ProductStatus, { description: "Whether shoppers see it." })
  status!: ProductStatus;

  @Field(() => String, { description: 'Its lowest price, e.g. "24.99".' })
  price!: string;

  @Field(() => Int, { description: "How many variants it offers." })
  variantCount!: number;

  @Field(() => String, { nullable: true, description: "A small version of its first image; null when it has none." })
  thumbnailUrl!: string | null;

  @Field(() => GraphQLISODateTime, { description: "When it was last changed." })
  updatedAt!: Date;
}

@ObjectType({ description: "A page of the admin's product list." })
export class AdminProductList {
  @Field(() => [AdminProductSummary], { description: "The products of this page, most recently changed first." })
  nodes!: AdminProductSummary[];

  @Field(() => Int, { description: "How many products match in all." })
  totalCount!: number;

  @Field(() => Int, { description: "This page's number, from 1." })
  page!: number;

  @Field(() => Int, { description: "How many products a page holds." })
  pageSize!: number;

  @Field(() => Int, { description: "How many pages there are (at least 1)." })
  totalPages!: number;
}

@ArgsType()
export class AdminProductsArgs {
  @Field(() => String, { nullable: true, description: "Words in the title, tags or description, or part of the handle or a SKU." })
  @OptionalText(200)
  search?: string | null;

  @Field(() => ProductStatus, { nullable: true, description: "Only products in this status." })
  @OptionalOneOf(PRODUCT_STATUSES)
  status?: ProductStatus | null;

  @Field(() => Int, { defaultValue: 1, description: "1-based page number." })
  @PageNumber()
  page?: number;

  @Field(() => Int, { defaultValue: 20, description: "Products per page (1–100)." })
  @declareCheck("adminProductPageSize", { type: "integer", minimum: 1, maximum: 100 }, (value, field) =>
    value === undefined || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100) ? null : `${field} must be between 1 and 100`,
  )
  pageSize?: number;
}

const absent = (value: unknown) => value === undefined || value === null;

/** Left out (unchanged), or a title of 1 to `max` characters once trimmed. */
export const OptionalNonBlank = (max: number) =>
  declareCheck("optionalNonBlank", { type: "string", pattern: "\\S", maxLength: max }, (value, field) => (absent(value) ? null : titleProblem(value, field, max)));

/** Left out, or text of at most `max` characters (may be empty). */
export const OptionalUpTo = (max: number) =>
  declareCheck("optionalUpTo", { type: "string", maxLength: max }, (value, field) =>
    absent(value) ? null : textUpToProblem(value, max, field),
  );

export const Tags = () =>
  declareCheck("productTags", { type: "array", maxItems: MAX_TAGS, items: { type: "string", maxLength: MAX_TAG_LENGTH } }, (value, field) =>
    absent(value) ? null : tagsProblem(value, field),
  );

const Price = () => declareCheck("price", { type: "string", pattern: DECIMAL_AMOUNT.source }, (value, field) => priceProblem(value, field));
const OptionalPrice = () =>
  declareCheck("optionalPrice", { type: ["string", "null"], pattern: DECIMAL_AMOUNT.source }, (value, field) =>
    absent(value) || (typeof value === "string" && value.trim() === "") ? null : priceProblem(value, field),
  );

const PartnerVariantId = () =>
  declareCheck("partnerVariantId", { type: ["string", "null"], pattern: PARTNER_VARIANT_ID.source }, (value, field) =>
    absent(value) || (typeof value === "string" && value.trim() === "") ? null : partnerVariantIdProblem(value, field),
  );

@InputType({ description: "An option of a product and its values, in order." })
export class ProductOptionInput {
  @Field(() => String, { description: `Its name, e.g. "Size" (1–${MAX_OPTION_NAME_LENGTH} characters).` })
  @declareCheck("optionName", { type: "string", pattern: "\\S", maxLength: MAX_OPTION_NAME_LENGTH }, (value, field) => optionNameProblem(value, field))
  name!: string;

  @Field(() => [String], { description: `Its values in display order (1–${MAX_OPTION_VALUES}, each 1–${MAX_OPTION_VALUE_LENGTH} characters).` })
  @declareCheck("optionValues", { type: "array", minItems: 1, maxItems: MAX_OPTION_VALUES }, (value, field) => {
    if (!Array.isArray(value) || value.length === 0) return `${field} must list at least one value`;
    if (value.length > MAX_OPTION_VALUES) return `${field} may hold at most ${MAX_OPTION_VALUES} values`;
    for (const [i, v] of value.entries()) {
      const problem = optionValueProblem(v, `${field}[${i}]`);
      if (problem) return problem;
    }
    return null;
  })
  values!: string[];
}

@InputType({ description: "A variant of a product: an existing one (with its id) or a new one." })
export class ProductVariantInput {
  @Field(() => ID, { nullable: true, description: "Id of an existing variant of the product; left out for a new one." })
  @Accept({ type: ["string", "null"] })
  id?: string | null;

  @Field(() => [String], { description: "One value of each option, in the options' order (none for a product without options)." })
  @declareCheck("variantOptionValues", { type: "array", items: { type: "string" } }, (value, field) => (Array.isArray(value) ? null : `${field} must be a list of values`))
  optionValues!: string[];

  @Field(() => String, { description: 'Its price in dollars and cents, e.g. "24.99" (0.01 to 999999.99).' })
  @Price()
  price!: string;

  @Field(() => String, { nullable: true, description: "A former price shown struck through (more than price); null or empty for none." })
  @OptionalPrice()
  compareAtPrice?: string | null;

  @Field(() => String, { nullable: true, description: `Its stock-keeping unit (at most ${MAX_SKU_LENGTH} characters; unique among the variants offered).` })
  @OptionalUpTo(MAX_SKU_LENGTH)
  sku?: string | null;

  @Field(() => Boolean, { defaultValue: true, description: "Whether it can be added to a cart." })
  @Accept({ type: "boolean" })
  availableForSale?: boolean;

  @Field(() => ID, { nullable: true, description: "One of the product's images, shown when this variant is chosen." })
  @Accept({ type: ["string", "null"] })
  imageId?: string | null;

  @Field(() => String, { nullable: true, description: "Printful's variant id (a whole number); required on an ACTIVE product when the shop prints with Printful." })
  @PartnerVariantId()
  partnerVariantId?: string | null;
}

const VARIANTS_LIST = {
  optional: true,
  nullable: true,
  notList: (field: string) => `${field} must be a list of variants`,
  badItem: (item: unknown, field: string, i: number) => (item !== null && typeof item === "object" ? null : `${field}[${i}] must be a variant`),
  then: {
    schema: { minItems: 1, maxItems: MAX_VARIANTS },
    check: (value: unknown, field: string) => {
      const n = (value as unknown[]).length;
      if (n === 0) return `${field} must hold at least one variant`;
      return n > MAX_VARIANTS ? `${field} may hold at most ${MAX_VARIANTS} variants` : null;
    },
  },
};

const OPTIONS_LIST = {
  optional: true,
  nullable: true,
  notList: (field: string) => `${field} must be a list of options`,
  badItem: (item: unknown, field: string, i: number) => (item !== null && typeof item === "object" ? null : `${field}[${i}] must be an option`),
  then: { schema: { maxItems: MAX_OPTIONS }, check: (value: unknown, field: string) => ((value as unknown[]).length > MAX_OPTIONS ? `${field} may hold at most ${MAX_OPTIONS} options` : null) },
};

/** The fields of a product as staff give them; left out means unchanged (on update) or the default (on create). */
@InputType({ description: "A product's fields; on update, what is left out stays as it is." })
export class ProductInput {
  @Field(() => String, { nullable: true, description: `Its name (1–${MAX_TITLE_LENGTH} characters); required to create one.` })
  @OptionalNonBlank(MAX_TITLE_LENGTH)
  title?: string | null;

  @Field(() => String, { nullable: true, description: "Its address in the shop (lower-case letters, digits, hyphens); made from the title when left out on create. A changed handle keeps the old one leading to the product." })
  @Handle("impeachment-tee")
  handle?: string | null;

  @Field(() => String, { nullable: true, description: "Its description in HTML; sanitised when saved (formatting and links are kept, scripts and styles dropped)." })
  @OptionalUpTo(MAX_DESCRIPTION_LENGTH)
  descriptionHtml?: string | null;

  @Field(() => ProductStatus, { nullable: true, description: "Whether shoppers see it (DRAFT when created without one)." })
  @OptionalOneOf(PRODUCT_STATUSES)
  status?: ProductStatus | null;

  @Field(() => [String], { nullable: true, description: `Its tags (at most ${MAX_TAGS}); Hot Seller, New and Sale give badges.` })
  @Tags()
  tags?: string[] | null;

  @Field(() => String, { nullable: true, description: `What kind of product it is, e.g. "Mug" (at most ${MAX_PRODUCT_TYPE_LENGTH} characters).` })
  @OptionalUpTo(MAX_PRODUCT_TYPE_LENGTH)
  productType?: string | null;

  @Field(() => String, { nullable: true, description: `The title search engines show (at most ${MAX_SEO_TITLE_LENGTH} characters; empty: the product's title).` })
  @OptionalUpTo(MAX_SEO_TITLE_LENGTH)
  seoTitle?: string | null;

  @Field(() => String, { nullable: true, description: `The description search engines show (at most ${MAX_SEO_DESCRIPTION_LENGTH} characters).` })
  @OptionalUpTo(MAX_SEO_DESCRIPTION_LENGTH)
  seoDescription?: string | null;

  @Field(() => String, { nullable: true, description: `Who prints it, as the product page names them (at most ${MAX_PARTNER_NAME_LENGTH} characters).` })
  @OptionalUpTo(MAX_PARTNER_NAME_LENGTH)
  fulfillmentPartner?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Whether the design studio offers it." })
  @Accept({ type: ["boolean", "null"] })
  customizable?: boolean | null;

  @Field(() => [ProductOptionInput], { nullable: true, description: `The whole set of its options (at most ${MAX_OPTIONS}); needs variants too.` })
  @ListOf(() => ProductOptionInput, OPTIONS_LIST)
  options?: ProductOptionInput[] | null;

  @Field(() => [ProductVariantInput], {
    nullable: true,
    description: `The whole set of its variants (1–${MAX_VARIANTS}), each a different combination of option values: listed ids are kept, new ones added, the rest removed (archived when an order or a cart names them).`,
  })
  @ListOf(() => ProductVariantInput, VARIANTS_LIST)
  variants?: ProductVariantInput[] | null;
}

@ObjectType({ description: "The result of creating or changing a product." })
export class ProductPayload {
  @Field(() => AdminProduct, { nullable: true, description: "The product as saved; null when refused." })
  product!: AdminProduct | null;

  @Field(() => [UserError], { description: "Why it was refused (INVALID_INPUT naming the field, CONFLICT for a handle or SKU in use, NOT_FOUND); empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of deleting a product." })
export class ProductDeletePayload {
  @Field(() => ID, { nullable: true, description: "The id of the product deleted; null when it was archived instead, or refused." })
  deletedProductId!: string | null;

  @Field(() => AdminProduct, { nullable: true, description: "The product, archived instead of deleted because an order or a cart names it; null otherwise." })
  archivedProduct!: AdminProduct | null;

  @Field(() => [UserError], { description: "Why it was refused (NOT_FOUND); empty on success." })
  userErrors!: UserError[];
}
