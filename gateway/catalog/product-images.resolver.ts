import { Args, Authorized, Ctx, Mutation, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf } from "../shared/actor.js";
import {
  ProductImageDeleteArgs,
  ProductImageDeletePayload,
  ProductImagesReorderArgs,
  ProductImagesReorderPayload,
  ProductImageUpdateArgs,
  ProductImageUpdatePayload,
} from "./product-images.types.js";
import { toAdminProduct } from "./product-admin.view.js";

// A product's gallery on the shop's side: staff (either role) or an API token with catalog:write.
// Images are added by upload (POST /api/admin/products/{id}/images, product-images.rest.ts); these
// change them afterwards, each through the catalog writer, a refusal coming back as userErrors.

@Resolver()
export class ProductImagesResolver {
  @Mutation(() => ProductImageUpdatePayload, { description: "Changes a product image's alternative text (staff, or a token with catalog:write)." })
  @Authorized("staff", "catalog:write")
  async productImageUpdate(@Args(() => ProductImageUpdateArgs) args: ProductImageUpdateArgs, @Ctx() ctx: GraphQLContext): Promise<ProductImageUpdatePayload> {
    const { product, image } = await ctx.services.productImages.updateAltText(args.productId, args.imageId, args.altText.trim(), actorOf(ctx.principal!));
    return { product: toAdminProduct(product), image, userErrors: [] };
  }

  @Mutation(() => ProductImagesReorderPayload, {
    description: "Puts a product's images in a new order; imageIds lists every one of them once (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async productImagesReorder(@Args(() => ProductImagesReorderArgs) args: ProductImagesReorderArgs, @Ctx() ctx: GraphQLContext): Promise<ProductImagesReorderPayload> {
    const product = await ctx.services.productImages.reorder(args.productId, args.imageIds, actorOf(ctx.principal!));
    return { product: toAdminProduct(product), userErrors: [] };
  }

  @Mutation(() => ProductImageDeletePayload, {
    description:
      "Deletes a product image: the images after it move up, variants that showed it show none, and its files are removed unless another image or an order still shows them (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async productImageDelete(@Args(() => ProductImageDeleteArgs) args: ProductImageDeleteArgs, @Ctx() ctx: GraphQLContext): Promise<ProductImageDeletePayload> {
    const product = await ctx.services.productImages.delete(args.productId, args.imageId, actorOf(ctx.principal!));
    return { deletedImageId: args.imageId, product: toAdminProduct(product), userErrors: [] };
  }
}
