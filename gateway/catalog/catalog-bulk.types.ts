import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { invalidInput as invalidField } from "../shared/errors.js";
import { DECIMAL_AMOUNT } from "../shared/money.js";
import { PageNumber } from "../shared/paging.js";
import { Accept, OptionalOneOf, OptionalText, declareCheck } from "../shared/validation.js";
import { PRODUCT_STATUSES } from "./catalog.records.js";
import { priceProblem } from "./catalog-rules.js";
import { MAX_BULK_PRODUCTS, PERCENT, percentProblem } from "./catalog-bulk.rules.js";
import { ProductStatus } from "./product-admin.types.js";

// Bulk changes on the shop's side (owners only): a selection of products, a change, its preview and
// the change applied with the preview's fingerprint.

export enum BulkSelectionKind {
  PRODUCT_IDS = "PRODUCT_IDS",
  COLLECTION = "COLLECTION",
  SEARCH = "SEARCH",
}

registerEnumType(BulkSelectionKind, {
  name: "BulkSelectionKind",
  description: "How a bulk change's products are chosen.",
  valuesConfig: {
    PRODUCT_IDS: { description: "The products named by productIds." },
    COLLECTION: { description: "Every product of the collection collectionId, in any status." },
    SEARCH: { description: "Every product adminProducts finds with search and status (both left out: the whole catalog)." },
  },
});

const absent = (value: unknown) => value === undefined || value === null;

@InputType({ description: `Which products a bulk change takes: at most ${MAX_BULK_PRODUCTS.toLocaleString("en-US")}.` })
export class BulkSelectionInput {
  @Field(() => BulkSelectionKind, { description: "How they are chosen; only the fields of that kind may be given." })
  @declareCheck("bulkSelection", { enum: Object.values(BulkSelectionKind) }, (value, _field, input) => {
    const given = (name: string) => !absent(input[name]);
    if (value !== BulkSelectionKind.PRODUCT_IDS && given("productIds")) return invalidField("selection.productIds", "productIds is only for by: PRODUCT_IDS");
    if (value !== BulkSelectionKind.COLLECTION && given("collectionId")) return invalidField("selection.collectionId", "collectionId is only for by: COLLECTION");
    if (value !== BulkSelectionKind.SEARCH && (given("search") || given("status"))) return invalidField("selection.search", "search and status are only for by: SEARCH");
    if (value === BulkSelectionKind.COLLECTION && !given("collectionId")) return invalidField("selection.collectionId", "collectionId is required for by: COLLECTION");
    if (value === BulkSelectionKind.PRODUCT_IDS && !given("productIds")) return invalidField("selection.productIds", "productIds is required for by: PRODUCT_IDS");
    return null;
  })
  by!: BulkSelectionKind;

  @Field(() => [ID], { nullable: true, description: `With PRODUCT_IDS: the products' ids (1 to ${MAX_BULK_PRODUCTS.toLocaleString("en-US")}).` })
  @declareCheck("bulkProductIds", { type: ["array", "null"], maxItems: MAX_BULK_PRODUCTS, items: { type: "string" } }, (value) => {
    if (absent(value)) return null;
    if (!Array.isArray(value) || value.length === 0) return invalidField("selection.productIds", "productIds must name at least one product");
    if (value.length > MAX_BULK_PRODUCTS) return invalidField("selection.productIds", `productIds may name at most ${MAX_BULK_PRODUCTS.toLocaleString("en-US")} products`);
    return null;
  })
  productIds?: string[] | null;

  @Field(() => ID, { nullable: true, description: "With COLLECTION: the collection's id." })
  @Accept({ type: ["string", "null"] })
  collectionId?: string | null;

  @Field(() => String, { nullable: true, description: "With SEARCH: as adminProducts' search (words of the title, tags or description, part of the handle or a SKU)." })
  @OptionalText(200)
  search?: string | null;

  @Field(() => ProductStatus, { nullable: true, description: "With SEARCH: only products in this status, as adminProducts' status." })
  @OptionalOneOf(PRODUCT_STATUSES)
  status?: ProductStatus | null;
}

@InputType({ description: "A price change: by a percentage or to an amount (exactly one)." })
export class BulkPriceChangeInput {
  @Field(() => String, {
    nullable: true,
    description:
      'A percentage, e.g. "-15" or "10" (more than -100, at most 1000, two decimals at most). Prices and compare-at prices are scaled alike and rounded half-up to the cent.',
  })
  @declareCheck("bulkPercent", { type: ["string", "null"], pattern: PERCENT.source }, (value, _field, input) => {
    if (absent(value) === absent(input.amount)) return invalidField("change", "Give either percent or amount");
    return absent(value) ? null : percentProblem(value, "percent");
  })
  percent?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'An amount every variant will cost, e.g. "20.00" (0.01 to 999999.99). A compare-at price still above it is kept; one that is not ends the sale.',
  })
  @declareCheck("bulkAmount", { type: ["string", "null"], pattern: DECIMAL_AMOUNT.source }, (value) => (absent(value) ? null : priceProblem(value, "amount")))
  amount?: string | null;
}

@ArgsType()
export class BulkPreviewPageArgs {
  @Field(() => Int, { defaultValue: 1, description: "1-based page of the preview's products." })
  @PageNumber()
  page?: number;

  @Field(() => Int, { defaultValue: 25, description: "Products per page (1–50)." })
  @declareCheck("bulkPreviewPageSize", { type: "integer", minimum: 1, maximum: 50 }, (value, field) =>
    value === undefined || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 50) ? null : `${field} must be between 1 and 50`,
  )
  pageSize?: number;
}

@ObjectType({ description: "A variant's prices now and after a bulk price change." })
export class BulkVariantPrice {
  @Field(() => ID, { description: "Id of the variant." })
  id!: string;

  @Field(() => String, { description: 'Its title, e.g. "S / Black".' })
  title!: string;

  @Field(() => String, { description: 'Its price now, e.g. "24.99".' })
  price!: string;

  @Field(() => String, { description: "Its price after the change." })
  newPrice!: string;

  @Field(() => String, { nullable: true, description: "Its compare-at price now; null when none." })
  compareAtPrice!: string | null;

  @Field(() => String, { nullable: true, description: "Its compare-at price after the change; null when none (a sale the change ends, when compareAtPrice has one)." })
  newCompareAtPrice!: string | null;
}

@ObjectType({ description: "A selected product in a bulk change's preview or result." })
export class BulkProductChange {
  @Field(() => ID, { description: "Id of the product." })
  id!: string;

  @Field(() => String, { description: "Its handle." })
  handle!: string;

  @Field(() => String, { description: "Its name." })
  title!: string;

  @Field(() => ProductStatus, { description: "Its status now." })
  status!: ProductStatus;

  @Field(() => Boolean, { description: "Whether the change alters it (false: it already is as the change would make it)." })
  changes!: boolean;

  @Field(() => String, { nullable: true, description: "Why it would be refused (the whole change is then refused); null when it would not." })
  refusal!: string | null;

  @Field(() => [BulkVariantPrice], { description: "Its variants still offered, with their prices now and after (empty for a status change)." })
  variants!: BulkVariantPrice[];
}

@ObjectType({ description: "What a bulk change would do, before it is applied." })
export class BulkChangePreview {
  @Field(() => String, { description: "A digest of the selection and its prices as previewed: the change is applied only while they are still so." })
  fingerprint!: string;

  @Field(() => Int, { description: "How many products are selected." })
  productCount!: number;

  @Field(() => Int, { description: "How many of them the change alters." })
  changedProductCount!: number;

  @Field(() => Int, { description: "How many variants' prices the change alters (0 for a status change)." })
  changedVariantCount!: number;

  @Field(() => Int, { description: "How many compare-at prices the change removes, ending a sale." })
  endedSaleCount!: number;

  @Field(() => Int, { description: "How many products would be refused: while any would, the whole change is refused." })
  refusedCount!: number;

  @Field(() => [BulkProductChange], { description: "A page of the selected products: refused ones first, then by title." })
  products!: BulkProductChange[];

  @Field(() => Int, { description: "This page's number, from 1." })
  page!: number;

  @Field(() => Int, { description: "How many products a page holds." })
  pageSize!: number;

  @Field(() => Int, { description: "How many pages there are (at least 1)." })
  totalPages!: number;
}

@ObjectType({ description: "A bulk change applied." })
export class BulkChangeResult {
  @Field(() => Int, { description: "How many products it changed (every one is in the audit entry)." })
  productCount!: number;

  @Field(() => Int, { description: "How many variants' prices it changed (0 for a status change)." })
  variantCount!: number;
}

@ObjectType({ description: "The answer to a bulk change." })
export class BulkChangePayload {
  @Field(() => BulkChangeResult, { nullable: true, description: "What was changed; null when refused (then nothing was)." })
  result!: BulkChangeResult | null;

  @Field(() => [UserError], { description: "Why it was refused, naming the products; empty on success." })
  userErrors!: UserError[];
}
