import { Args, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { Image, Money } from "../graphql/common.types.js";
import { toMoney } from "../shared/money.js";
import { VariantListArgs } from "./catalog.args.js";
import type { ImageRecord, VariantRecord } from "./catalog.records.js";
import { effectiveCompareAtCents } from "./pricing.js";
import { Collection, PrintArea, Product, ProductMockup, ProductOption, SEO, Variant, type VariantDetails } from "./catalog.types.js";
import { toPrintArea } from "./product-mockups.view.js";

// Relations are loaded through the request's batch loaders: a page of N products costs one
// query per relation asked for, whatever N is.

function toVariant(record: VariantRecord): Variant {
  return {
    id: record.id,
    productId: record.productId,
    title: record.title,
    price: toMoney(record.priceCents),
    compareAtPrice: compareAt(record.priceCents, record.compareAtCents),
    selectedOptions: record.selectedOptions,
    availableForSale: record.availableForSale,
    details: { sku: record.sku, availableForSale: record.availableForSale, imageId: record.imageId },
  };
}

/** A product image, with its sizes as a srcset ("url 320w, url 640w"; null without sizes). */
function toImage(record: ImageRecord): Image {
  const srcSet = record.sources.map((s) => `${s.url} ${s.width}w`).join(", ");
  return { id: record.id, url: record.url, altText: record.altText, width: record.width, height: record.height, srcSet: srcSet || null };
}

function compareAt(priceCents: number, compareAtCents: number | null): Money | null {
  const cents = effectiveCompareAtCents(priceCents, compareAtCents);
  return cents === null ? null : toMoney(cents);
}

@Resolver(() => Product)
export class ProductFieldResolver {
  @FieldResolver(() => String, { description: "The product's description, as HTML." })
  description(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<string> {
    return loaders.catalog.descriptionByProductId.load(product.id);
  }

  @FieldResolver(() => SEO, { description: "The title and description search engines read; empty strings where the shop set none." })
  seo(@Root() product: Product): SEO {
    return { title: product.seoTitle, description: product.seoDescription };
  }

  @FieldResolver(() => Money, { description: "The lowest variant price." })
  price(@Root() product: Product): Money {
    return toMoney(product.priceCents);
  }

  @FieldResolver(() => Money, {
    nullable: true,
    description: "The former price of the cheapest variant, only when above price (the product is on sale).",
  })
  compareAtPrice(@Root() product: Product): Money | null {
    return compareAt(product.priceCents, product.compareAtCents);
  }

  @FieldResolver(() => [Image], { description: "The product's images in display order." })
  async images(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<Image[]> {
    return (await loaders.catalog.imagesByProductId.load(product.id)).map(toImage);
  }

  @FieldResolver(() => Image, { nullable: true, description: "The first image, or null when there is none." })
  async featuredImage(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<Image | null> {
    const [first] = await loaders.catalog.featuredImageByProductId.load(product.id);
    return first ? toImage(first) : null;
  }

  @FieldResolver(() => [Variant], {
    description: "The variants offered (archived ones are left out), sold out ones included; the first is the default selection.",
  })
  async variants(@Root() product: Product, @Args(() => VariantListArgs) { first }: VariantListArgs, @Ctx() { loaders }: GraphQLContext): Promise<Variant[]> {
    const variants = await loaders.catalog.variantsByProductId.load(product.id);
    return (first ? variants.slice(0, first) : variants).map(toVariant);
  }

  @FieldResolver(() => [ProductOption], { description: "The options a shopper chooses (empty for a product without options)." })
  options(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<ProductOption[]> {
    return loaders.catalog.optionsByProductId.load(product.id);
  }

  @FieldResolver(() => PrintArea, {
    nullable: true,
    description: "Where a design goes on the product's blank mock-ups and the size it prints at, for the design studio; null when the shop has not set one (the studio then uses its whole canvas).",
  })
  printArea(@Root() product: Product): PrintArea | null {
    return product.printArea ? toPrintArea(product.printArea) : null;
  }

  @FieldResolver(() => [ProductMockup], {
    description:
      "The product's blank mock-ups (the item without a design), one per value of its Color option in that option's order, or the one blank of a product without a Color option; empty when the shop has none. Colours without a blank are left out.",
  })
  async mockups(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<ProductMockup[]> {
    return (await loaders.catalog.mockupsByProductId.load(product.id)).map(({ color, url, width, height }) => ({ color, url, width, height }));
  }

  @FieldResolver(() => [Collection], { description: "The collections the product is in, in display order." })
  collections(@Root() product: Product, @Ctx() { loaders }: GraphQLContext): Promise<Collection[]> {
    return loaders.catalog.collectionsByProductId.load(product.id);
  }
}

/** A variant's SKU, availability and image: carried by the catalog's variants, read by id for the others (a cart line's). */
async function detailsOf(variant: Variant, { loaders }: GraphQLContext): Promise<VariantDetails> {
  if (variant.details) return variant.details;
  const record = await loaders.catalog.variantById.load(variant.id);
  if (!record) throw new Error(`Variant ${variant.id} is missing`);
  return record;
}

@Resolver(() => Variant)
export class VariantFieldResolver {
  @FieldResolver(() => Product, {
    description: "The product this variant belongs to (for a cart line, also when the product is no longer sold).",
  })
  async product(@Root() variant: Variant, @Ctx() { loaders }: GraphQLContext): Promise<Product> {
    // Whatever its status: a cart line may hold a variant of a product drafted or archived since.
    const product = await loaders.catalog.anyProductById.load(variant.productId);
    if (!product) throw new Error(`Variant ${variant.id} has no product`);
    return product;
  }

  @FieldResolver(() => String, { nullable: true, description: "The stock keeping unit; null when it has none." })
  async sku(@Root() variant: Variant, @Ctx() context: GraphQLContext): Promise<string | null> {
    return (await detailsOf(variant, context)).sku || null;
  }

  @FieldResolver(() => Image, { nullable: true, description: "The product image that shows this variant; null when it names none." })
  async image(@Root() variant: Variant, @Ctx() context: GraphQLContext): Promise<Image | null> {
    const { imageId } = await detailsOf(variant, context);
    if (imageId === null) return null;
    const images = await context.loaders.catalog.imagesByProductId.load(variant.productId);
    return images.find((image) => image.id === imageId) ?? null;
  }
}

@Resolver(() => Collection)
export class CollectionFieldResolver {
  @FieldResolver(() => Image, { nullable: true, description: "The collection's image, or null when it has none." })
  image(@Root() collection: Collection): Image | null {
    if (!collection.imageUrl) return null;
    const srcSet = collection.imageSources.map((s) => `${s.url} ${s.width}w`).join(", ");
    return { id: `${collection.id}:image`, url: collection.imageUrl, altText: collection.title, width: collection.imageWidth, height: collection.imageHeight, srcSet: srcSet || null };
  }

  @FieldResolver(() => [Product], { description: "The collection's products, in the order the shop's staff chose." })
  products(@Root() collection: Collection, @Ctx() { loaders }: GraphQLContext): Promise<Product[]> {
    return loaders.catalog.productsByCollectionId.load(collection.id);
  }
}
