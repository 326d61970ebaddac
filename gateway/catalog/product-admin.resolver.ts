import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf } from "../shared/actor.js";
import { invalidInput } from "../shared/errors.js";
import { AdminProduct, AdminProductList, AdminProductsArgs, ProductDeletePayload, ProductInput, ProductPayload } from "./product-admin.types.js";
import { toAdminProduct, toAdminProductSummary, toProductWrite } from "./product-admin.view.js";

// The catalog on the shop's side: staff (either role) or an API token with catalog:read /
// catalog:write. Every write goes through the catalog writer (one transaction, the audit log, one
// announcement to every gateway process); a refusal comes back as the payload's userErrors.

const PRODUCT_ID = { description: "The product's id." };

@Resolver(() => AdminProduct)
export class ProductAdminResolver {
  @Query(() => AdminProductList, { description: "The shop's products in every status, most recently changed first, searched and filtered (staff, or a token with catalog:read)." })
  @Authorized("staff", "catalog:read")
  async adminProducts(@Args(() => AdminProductsArgs) args: AdminProductsArgs, @Ctx() ctx: GraphQLContext): Promise<AdminProductList> {
    const page = await ctx.services.productAdmin.list(args);
    return { nodes: page.items.map(toAdminProductSummary), totalCount: page.totalCount, page: page.page, pageSize: page.pageSize, totalPages: page.totalPages };
  }

  @Query(() => AdminProduct, { nullable: true, description: "A product in any status by id; null when unknown (staff, or a token with catalog:read)." })
  @Authorized("staff", "catalog:read")
  async adminProduct(@Arg("id", () => ID, PRODUCT_ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AdminProduct | null> {
    const found = await ctx.services.productAdmin.find(id);
    return found ? toAdminProduct(found) : null;
  }

  @Mutation(() => ProductPayload, {
    description: "Adds a product (DRAFT unless a status is given) with its options and at least one variant (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async productCreate(@Arg("input", () => ProductInput) input: ProductInput, @Ctx() ctx: GraphQLContext): Promise<ProductPayload> {
    if (!input.title?.trim()) throw invalidInput("title", "title is required");
    const write = toProductWrite(input);
    const product = await ctx.services.productAdmin.create({ ...write, title: write.title! }, actorOf(ctx.principal!));
    return { product: toAdminProduct(product), userErrors: [] };
  }

  @Mutation(() => ProductPayload, {
    description: "Changes a product: the fields given, and when given the whole set of options and variants (staff, or a token with catalog:write). Shoppers see the change on their next request.",
  })
  @Authorized("staff", "catalog:write")
  async productUpdate(@Arg("id", () => ID, PRODUCT_ID) id: string, @Arg("input", () => ProductInput) input: ProductInput, @Ctx() ctx: GraphQLContext): Promise<ProductPayload> {
    const product = await ctx.services.productAdmin.update(id, toProductWrite(input), actorOf(ctx.principal!));
    return { product: toAdminProduct(product), userErrors: [] };
  }

  @Mutation(() => ProductDeletePayload, {
    description: "Deletes a product; one that an order or a cart names is archived instead, so what was sold stays as it was sold (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async productDelete(@Arg("id", () => ID, PRODUCT_ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ProductDeletePayload> {
    const done = await ctx.services.productAdmin.delete(id, actorOf(ctx.principal!));
    return { deletedProductId: done.deletedProductId, archivedProduct: done.archived ? toAdminProduct(done.archived) : null, userErrors: [] };
  }
}
