import { Arg, Args, Ctx, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { PageInfo } from "../graphql/common.types.js";
import { decodeOffsetCursor, encodeOffsetCursor } from "../shared/paging.js";
import { CollectionRefArgs, FeaturedProductsArgs, ProductConnectionArgs, ProductListArgs, ProductRefArgs, RelatedProductsArgs } from "./catalog.args.js";
import { Collection, Product, ProductConnection, ProductPage, ProductSortKey } from "./catalog.types.js";

@Resolver()
export class CatalogResolver {
  @Query(() => ProductPage, { description: "A page of the shop's products: sorted, searched and filtered (the shop list)." })
  async products(@Ctx() { services }: GraphQLContext, @Args(() => ProductListArgs) args: ProductListArgs): Promise<ProductPage> {
    const result = await services.catalog.listProducts(args);
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
    @Args(() => ProductConnectionArgs) { after, ...args }: ProductConnectionArgs,
  ): Promise<ProductConnection> {
    const slice = await services.catalog.productSlice({ ...args, offset: after ? decodeOffsetCursor(after) + 1 : 0 });
    return {
      edges: slice.products.map((node, i) => ({ cursor: encodeOffsetCursor(slice.offset + i), node })),
      nodes: slice.products,
      pageInfo: PageInfo.fromWindow(slice.offset, slice.products.length, slice.pageSize, slice.totalCount),
    };
  }

  @Query(() => Product, {
    nullable: true,
    description:
      "One product by id or by handle; a handle the product gave up still finds it (compare the answer's handle to redirect). Null when it names no product on sale.",
  })
  product(@Ctx() { services }: GraphQLContext, @Args(() => ProductRefArgs) { id, handle }: ProductRefArgs): Promise<Product | null> {
    // ProductRefArgs makes sure one of the two is given.
    return services.catalog.findProduct(id ? { id } : { handle: handle! });
  }

  @Query(() => [Product], { description: "Popular products for the home page, best sellers first, in a fixed order." })
  featuredProducts(@Ctx() { services }: GraphQLContext, @Args(() => FeaturedProductsArgs) { first }: FeaturedProductsArgs): Promise<Product[]> {
    return services.catalog.featuredProducts(first);
  }

  @Query(() => [Product], {
    description: "Products related to the given one (sharing its collections), in a fixed order; empty when the handle names nothing.",
  })
  relatedProducts(@Ctx() { services }: GraphQLContext, @Args(() => RelatedProductsArgs) { handle, first }: RelatedProductsArgs): Promise<Product[]> {
    return services.catalog.relatedProducts(handle, first);
  }

  @Query(() => [Collection], { description: "Every collection, in the shop's display order." })
  collections(@Ctx() { services }: GraphQLContext): Promise<Collection[]> {
    return services.catalog.collections();
  }

  @Query(() => Collection, { nullable: true, description: "One collection by handle or id; null when it names nothing." })
  collection(@Ctx() { services }: GraphQLContext, @Args(() => CollectionRefArgs) { handle, id }: CollectionRefArgs): Promise<Collection | null> {
    // CollectionRefArgs makes sure one of the two is given.
    return services.catalog.findCollection(id ? { id } : { handle: handle! });
  }
}
