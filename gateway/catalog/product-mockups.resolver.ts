import { Args, Authorized, Ctx, Mutation, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf } from "../shared/actor.js";
import { toAdminProduct } from "./product-admin.view.js";
import { ProductMockupDeleteArgs, ProductMockupDeletePayload, ProductPrintAreaSetArgs, ProductPrintAreaSetPayload } from "./product-mockups.types.js";

// What the design studio prints on, on the shop's side: staff (either role) or an API token with
// catalog:write. Blanks are added by upload (POST /api/admin/products/{id}/mockups,
// product-mockups.rest.ts); these set the print area and remove a blank, each through the catalog
// writer, a refusal coming back as userErrors.

@Resolver()
export class ProductMockupsResolver {
  @Mutation(() => ProductPrintAreaSetPayload, {
    description:
      "Sets where a design goes on a product's blank mock-ups and the size it prints at, or removes it (printArea null). Refused, naming the field, when the rectangle leaves the mock-up, a side is not 1–20 inches, or the print file at 300 DPI would be over 16 megapixels (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async productPrintAreaSet(@Args(() => ProductPrintAreaSetArgs) args: ProductPrintAreaSetArgs, @Ctx() ctx: GraphQLContext): Promise<ProductPrintAreaSetPayload> {
    const area = args.printArea
      ? { x: args.printArea.x, y: args.printArea.y, width: args.printArea.width, height: args.printArea.height, widthInches: args.printArea.widthInches, heightInches: args.printArea.heightInches }
      : null;
    const product = await ctx.services.productMockups.setPrintArea(args.productId, area, actorOf(ctx.principal!));
    return { product: toAdminProduct(product), userErrors: [] };
  }

  @Mutation(() => ProductMockupDeletePayload, {
    description:
      "Removes a product's blank mock-up of one colour (color null: the blank of a product without a Color option); its file is removed unless something else still shows it (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async productMockupDelete(@Args(() => ProductMockupDeleteArgs) args: ProductMockupDeleteArgs, @Ctx() ctx: GraphQLContext): Promise<ProductMockupDeletePayload> {
    const product = await ctx.services.productMockups.delete(args.productId, args.color ?? null, actorOf(ctx.principal!));
    return { product: toAdminProduct(product), userErrors: [] };
  }
}
