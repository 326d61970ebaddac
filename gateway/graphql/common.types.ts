import { Field, ID, Int, ObjectType } from "type-graphql";
import type { MoneyAmount } from "../shared/money.js";
import type { Page } from "../shared/paging.js";
import { encodeOffsetCursor } from "../shared/paging.js";
import { RateLimitedError, type DomainError } from "../shared/errors.js";

@ObjectType({ simpleResolvers: true, description: "An amount of money in a currency, as in the Shopify Storefront API." })
export class Money implements MoneyAmount {
  @Field(() => String, { description: 'A decimal amount with two decimals, e.g. "24.99".' })
  amount!: string;

  @Field(() => String, { description: "ISO 4217 currency code; the shop sells in USD." })
  currencyCode!: string;
}

@ObjectType({ simpleResolvers: true, description: "An image served by the shop." })
export class Image {
  @Field(() => ID, { description: "Stable id of the image." })
  id!: string;

  @Field(() => String, { description: "Address of the image, relative to the shop's origin (e.g. /media/products/...svg)." })
  url!: string;

  @Field(() => String, { description: "Text describing the image for people who cannot see it." })
  altText!: string;

  // Known for a product's uploaded images; left out (null) for vector art and an order's copy.
  @Field(() => Int, { nullable: true, description: "The original's width in pixels; null when not known (vector art)." })
  width?: number | null;

  @Field(() => Int, { nullable: true, description: "The original's height in pixels; null when not known (vector art)." })
  height?: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The sizes made of the image, for an <img srcset> beside url: e.g. "/media/products/3f…-320.webp 320w, /media/products/3f…-640.webp 640w" (WebP, narrowest first, never wider than the original); null when there are none (vector art).',
  })
  srcSet?: string | null;
}

@ObjectType({
  simpleResolvers: true,
  description:
    "Where a list stands: the page-number view the shop's pagination uses and the cursor view integrators use, over the same order.",
})
export class PageInfo {
  @Field(() => Boolean, { description: "Whether items follow this page." })
  hasNextPage!: boolean;

  @Field(() => Boolean, { description: "Whether items precede this page." })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: "Cursor of the first item on this page; null when the page is empty." })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: "Cursor of the last item on this page; pass it as `after` for the next page." })
  endCursor!: string | null;

  @Field(() => Int, { description: "The 1-based number of this page." })
  currentPage!: number;

  @Field(() => Int, { description: "How many items a full page holds." })
  pageSize!: number;

  @Field(() => Int, { description: "How many pages the whole list has (0 when it is empty)." })
  totalPages!: number;

  @Field(() => Int, { description: "How many items the whole list has." })
  totalCount!: number;

  /** From an item window starting at `offset` in a list of `totalCount`. */
  static fromWindow(offset: number, count: number, pageSize: number, totalCount: number): PageInfo {
    return {
      hasNextPage: offset + count < totalCount,
      hasPreviousPage: offset > 0,
      startCursor: count > 0 ? encodeOffsetCursor(offset) : null,
      endCursor: count > 0 ? encodeOffsetCursor(offset + count - 1) : null,
      currentPage: Math.floor(offset / pageSize) + 1,
      pageSize,
      totalPages: Math.ceil(totalCount / pageSize),
      totalCount,
    };
  }

  static fromPage<T>(page: Page<T>): PageInfo {
    return PageInfo.fromWindow((page.page - 1) * page.pageSize, page.items.length, page.pageSize, page.totalCount);
  }
}

@ObjectType({ description: "A key and value attached to a cart line or order line, such as the id of a custom design." })
export class Attribute {
  @Field(() => String, { description: 'The attribute\'s name, e.g. "designId".' })
  key!: string;

  @Field(() => String, { description: "The attribute's value." })
  value!: string;
}

@ObjectType({ description: "An expected failure of a mutation: what went wrong, with which input, in words a shopper can read." })
export class UserError {
  @Field(() => String, { description: 'A stable code for programs, e.g. "INVALID_INPUT", "NOT_FOUND", "CONFLICT".' })
  code!: string;

  @Field(() => String, { nullable: true, description: "The input field the error is about, when there is one." })
  field!: string | null;

  @Field(() => String, { description: "A message for people." })
  message!: string;

  @Field(() => Int, { nullable: true, description: "With RATE_LIMITED: the seconds to wait before trying again (REST's Retry-After); null otherwise." })
  retryAfter!: number | null;

  /** The userErrors form of a domain error. */
  static from(error: DomainError): UserError {
    return { code: error.code, field: error.field ?? null, message: error.message, retryAfter: error instanceof RateLimitedError ? error.retryAfterSeconds : null };
  }
}
