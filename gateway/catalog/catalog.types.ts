import { Field, Float, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Money, PageInfo } from "../graphql/common.types.js";
import type { PrintAreaRecord } from "./product-mockups.records.js";

export enum ProductSortKey {
  BEST_SELLING = "best-selling",
  NEWEST = "newest",
  PRICE_LOW = "price-low",
  PRICE_HIGH = "price-high",
}

registerEnumType(ProductSortKey, {
  name: "ProductSortKey",
  description: "Orders of the product list (REST's sort parameter takes the same names in kebab case).",
  valuesConfig: {
    BEST_SELLING: { description: "Most sold first (the shop's default)." },
    NEWEST: { description: "Most recently added first." },
    PRICE_LOW: { description: "Lowest price first." },
    PRICE_HIGH: { description: "Highest price first." },
  },
});

@ObjectType({ simpleResolvers: true, description: "One option name and value that picks a variant, e.g. Size: M." })
export class SelectedOption {
  @Field(() => String, { description: 'The option name, e.g. "Size".' })
  name!: string;

  @Field(() => String, { description: 'The chosen value, e.g. "M".' })
  value!: string;
}

@ObjectType({ simpleResolvers: true, description: "An option a shopper chooses on the product page, with its values in display order." })
export class ProductOption {
  @Field(() => ID, { description: "Stable id of the option." })
  id!: string;

  @Field(() => String, { description: 'The option name, e.g. "Size" or "Color".' })
  name!: string;

  @Field(() => [String], { description: "The values in the order they are offered." })
  values!: string[];
}

@ObjectType({ simpleResolvers: true, description: "A purchasable version of a product: one combination of its options, with its own price." })
export class Variant {
  @Field(() => ID, { description: "Id of the variant; the id carts take as variantId." })
  id!: string;

  @Field(() => String, {
    description: 'Option values joined by " / " (e.g. "M / Black"); "Default Title" for a product without options.',
  })
  title!: string;

  @Field(() => Money, { description: "What the variant costs." })
  price!: Money;

  @Field(() => Money, { nullable: true, description: "The former price, shown struck through; only when it is above price." })
  compareAtPrice!: Money | null;

  @Field(() => [SelectedOption], { description: "The option values this variant stands for." })
  selectedOptions!: SelectedOption[];

  @Field(() => Boolean, {
    description: "Whether the variant can be bought now: false once staff took it off sale or removed it, or when its product is not active. A cart refuses it.",
  })
  availableForSale!: boolean;

  /** Not a GraphQL field: the Variant.product field resolver loads the product from it. */
  productId!: string;

  /**
   * Not GraphQL fields: the SKU, availability and image the availableForSale, sku and image field
   * resolvers answer. The catalog's own lists carry them; a variant built elsewhere (a cart line's)
   * may leave them out, and the resolvers then read the variant by id.
   */
  details?: VariantDetails;
}

export interface VariantDetails {
  sku: string;
  availableForSale: boolean;
  imageId: string | null;
}

@ObjectType({ simpleResolvers: true, description: "What search engines and link previews read about a page (Shopify's SEO)." })
export class SEO {
  @Field(() => String, { description: "The page's title for search engines; empty when the page uses the product's title." })
  title!: string;

  @Field(() => String, { description: "The page's description for search engines; empty when the page uses the start of the product's description." })
  description!: string;
}

@ObjectType({ simpleResolvers: true, description: "A group of products, such as T-Shirts or New Arrivals." })
export class Collection {
  @Field(() => ID, { description: "Id of the collection." })
  id!: string;

  @Field(() => String, { description: "URL-friendly unique name, used in /collections/{handle}." })
  handle!: string;

  @Field(() => String, { description: "The collection's name." })
  title!: string;

  @Field(() => String, { description: "A short description (plain text, may be empty)." })
  description!: string;

  /** Read by the Collection.image field resolver. */
  imageUrl!: string | null;
  imageWidth!: number | null;
  imageHeight!: number | null;
  imageSources!: { url: string; width: number }[];
}

@ObjectType({
  simpleResolvers: true,
  description:
    "Where a shopper's design goes on the product, for the design studio: a rectangle on the product's blank mock-ups (as fractions of a mock-up's width and height, the same on every colour's blank) and the size it prints at. The studio fits a design area of the inches' shape inside the rectangle; the print file is the print area at 300 DPI.",
})
export class PrintArea {
  @Field(() => Float, { description: "Its left edge, as a fraction (0–1) of the mock-up's width from the mock-up's left." })
  x!: number;

  @Field(() => Float, { description: "Its top edge, as a fraction (0–1) of the mock-up's height from the mock-up's top." })
  y!: number;

  @Field(() => Float, { description: "Its width, as a fraction of the mock-up's width (x + width is at most 1)." })
  width!: number;

  @Field(() => Float, { description: "Its height, as a fraction of the mock-up's height (y + height is at most 1)." })
  height!: number;

  @Field(() => Float, { description: "The width it prints at, in inches (1–20, at most two decimals)." })
  widthInches!: number;

  @Field(() => Float, { description: "The height it prints at, in inches (1–20, at most two decimals)." })
  heightInches!: number;

  @Field(() => Int, { description: "The print file's width in pixels: widthInches at 300 DPI, rounded." })
  printWidthPx!: number;

  @Field(() => Int, { description: "The print file's height in pixels: heightInches at 300 DPI, rounded (the file is at most 16 megapixels)." })
  printHeightPx!: number;
}

@ObjectType({ simpleResolvers: true, description: "A blank mock-up of a product: the item in one colour without any design, which the design studio draws the shopper's design on." })
export class ProductMockup {
  @Field(() => String, {
    nullable: true,
    description: "The value of the product's Color option this blank shows; null for the one blank of a product without a Color option.",
  })
  color!: string | null;

  @Field(() => String, { description: "Its address on the shop's own origin (/media/…), so a canvas may draw it and still be read back." })
  url!: string;

  @Field(() => Int, { description: "Its natural width in pixels." })
  width!: number;

  @Field(() => Int, { description: "Its natural height in pixels." })
  height!: number;
}

@ObjectType({ simpleResolvers: true, description: "A product of the shop: a print-on-demand item with its variants, options and images." })
export class Product {
  @Field(() => ID, { description: "Id of the product; REST's /api/products/{id} accepts it too." })
  id!: string;

  @Field(() => String, { description: "URL-friendly unique name, used in /product/{handle}." })
  handle!: string;

  @Field(() => String, { description: "The product's name." })
  title!: string;

  @Field(() => [String], { description: "Labels such as Hot Seller, New and Sale (these three give badges)." })
  tags!: string[];

  @Field(() => String, { description: "The print partner that makes and ships the product." })
  fulfillmentPartner!: string;

  @Field(() => Float, { description: "Average review rating from 0 to 5 (0 when there are no reviews)." })
  rating!: number;

  @Field(() => Int, { description: "How many reviews the rating is based on." })
  reviewCount!: number;

  @Field(() => Boolean, { description: "Whether a shopper can put their own design on it in the Customize studio." })
  customizable!: boolean;

  @Field(() => GraphQLISODateTime, { description: "When the product was added to the shop." })
  createdAt!: Date;

  @Field(() => String, { description: 'What kind of product it is, e.g. "T-Shirt" (empty when the shop has not said).' })
  productType!: string;

  /** Read by field resolvers (price, compareAtPrice, seo); the description is loaded by its own (ProductRecord). */
  priceCents!: number;
  compareAtCents!: number | null;
  seoTitle!: string;
  seoDescription!: string;
  /** Read by the printArea field resolver. */
  printArea!: PrintAreaRecord | null;
}

@ObjectType({ simpleResolvers: true, description: "One page of products and where it stands in the whole list." })
export class ProductPage {
  @Field(() => [Product], { description: "The products on this page." })
  products!: Product[];

  @Field(() => PageInfo, { description: "Page numbers and totals for pagination." })
  pageInfo!: PageInfo;
}

@ObjectType({ simpleResolvers: true, description: "A product in a connection, with its cursor." })
export class ProductEdge {
  @Field(() => String, { description: "Pass as `after` to continue after this product." })
  cursor!: string;

  @Field(() => Product, { description: "The product." })
  node!: Product;
}

@ObjectType({ simpleResolvers: true, description: "A Relay-style connection over the product list, for integrators." })
export class ProductConnection {
  @Field(() => [ProductEdge], { description: "The products of this slice with their cursors." })
  edges!: ProductEdge[];

  @Field(() => [Product], { description: "The same products without cursors." })
  nodes!: Product[];

  @Field(() => PageInfo, { description: "Cursors and totals of this slice." })
  pageInfo!: PageInfo;
}
