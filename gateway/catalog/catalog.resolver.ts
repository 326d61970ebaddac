import { Arg, Ctx, ID, Int, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { PageInfo } from "../graphql/common.types.js";
import { encodeOffsetCursor } from "../shared/paging.js";
import { FEATURED_PRODUCTS_COUNT, PRODUCT_PAGE_SIZE, RELATED_PRODUCTS_COUNT } from "./catalog.service.js";
import { Collection, Product, ProductConnection, ProductPage, ProductSortKey } from "./catalog.types.js";

@Resolver()
export class CatalogResolver {
  @Query(() => ProductPage, { description: "A page of the shop's products: sorted, searched and filtered (the shop list)." })
  async products(
    @Ctx() { services }: GraphQLContext,
    @Arg("sort", () => ProductSortKey, { defaultValue: ProductSortKey.BEST_SELLING, description: "Order of the list." })
    sort: ProductSortKey,
    @Arg("page", () => Int, { defaultValue: 1, description: "1-based page number." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: PRODUCT_PAGE_SIZE, description: "Products per page (1–100)." }) pageSize: number,
    @Arg("search", () => String, { nullable: true, description: "Words to find in titles, tags and descriptions (at most 200 characters)." })
    search: string | null,
    @Arg("customizable", () => Boolean, { nullable: true, description: "Only products that can (true) or cannot (false) be customised." })
    customizable: boolean | null,
  ): Promise<ProductPage> {
    const result = await services.catalog.listProducts({ sort, page, pageSize, search, customizable });
    return { products: result.items, pageInfo: PageInfo.fromPage(result) };
  }

  @Query(() => [Product], { description: "Every product that can be customised in the design studio, in the chosen order (not paged)." })
  customizableProducts(
    @Ctx() { services }: GraphQLContext,
    @Arg("sort", () => ProductSortKey, { defaultValue: ProductSortKey.BEST_SELLING, description: "Order of the list." })
    sort: ProductSortKey,
  ): Promise<Product[]> {
    return services.catalog.customizableProducts({ sort });
  }

  @Query(() => ProductConnection, { description: "The product list as a cursor connection, for walking the whole catalog." })
  async productsConnection(
    @Ctx() { services }: GraphQLContext,
    @Arg("first", () => Int, { defaultValue: PRODUCT_PAGE_SIZE, description: "How many products (1–100)." }) first: number,
    @Arg("after", () => String, { nullable: true, description: "Continue after this cursor (a pageInfo.endCursor)." })
    after: string | null,
    @Arg("sort", () => ProductSortKey, { defaultValue: ProductSortKey.BEST_SELLING, description: "Order of the list." })
    sort: ProductSortKey,
    @Arg("search", () => String, { nullable: true, description: "Words to find in titles, tags and descriptions." })
    search: string | null,
    @Arg("customizable", () => Boolean, { nullable: true, description: "Only customisable (true) or other (false) products." })
    customizable: boolean | null,
  ): Promise<ProductConnection> {
    const slice = await services.catalog.productSlice({ first, after, sort, search, customizable });
    return {
      edges: slice.products.map((node, i) => ({ cursor: encodeOffsetCursor(slice.offset + i), node })),
      nodes: slice.products,
      pageInfo: PageInfo.fromWindow(slice.offset, slice.products.length, slice.pageSize, slice.totalCount),
    };
  }

  @Query(() => Product, { nullable: true, description: "One product by id or by handle; null when it names nothing." })
  product(
    @Ctx() { services }: GraphQLContext,
    @Arg("id", () => ID, { nullable: true, description: "The product's id." }) id: string | null,
    @Arg("handle", () => String, { nullable: true, description: "The product's handle." }) handle: string | null,
  ): Promise<Product | null> {
    return services.catalog.findProduct({ id, handle });
  }

  @Query(() => [Product], { description: "Popular products for the home page, best sellers first, in a fixed order." })
  featuredProducts(
    @Ctx() { services }: GraphQLContext,
    @Arg("first", () => Int, { defaultValue: FEATURED_PRODUCTS_COUNT, description: "How many (1–100)." }) first: number,
  ): Promise<Product[]> {
    return services.catalog.featuredProducts(first);
  }

  @Query(() => [Product], {
    description: "Products related to the given one (sharing its collections), in a fixed order; empty when the handle names nothing.",
  })
  relatedProducts(
    @Ctx() { services }: GraphQLContext,
    @Arg("handle", () => String, { description: "Handle of the product being viewed." }) handle: string,
    @Arg("first", () => Int, { defaultValue: RELATED_PRODUCTS_COUNT, description: "How many (1–100)." }) first: number,
  ): Promise<Product[]> {
    return services.catalog.relatedProducts(handle, first);
  }

  @Query(() => [Collection], { description: "Every collection, in the shop's display order." })
  collections(@Ctx() { services }: GraphQLContext): Promise<Collection[]> {
    return services.catalog.collections();
  }

  @Query(() => Collection, { nullable: true, description: "One collection by handle or id; null when it names nothing." })
  collection(
    @Ctx() { services }: GraphQLContext,
    @Arg("handle", () => String, { nullable: true, description: "The collection's handle." }) handle: string | null,
    @Arg("id", () => ID, { nullable: true, description: "The collection's id." }) id: string | null,
  ): Promise<Collection | null> {
    return services.catalog.findCollection({ id, handle });
  }
}
