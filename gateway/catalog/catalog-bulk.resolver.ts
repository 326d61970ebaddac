import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf } from "../shared/actor.js";
import { BulkChangePayload, BulkChangePreview, BulkPreviewPageArgs, BulkPriceChangeInput, BulkSelectionInput } from "./catalog-bulk.types.js";
import { toBulkPreview, toBulkSelection, toPriceChange } from "./catalog-bulk.view.js";
import { ProductStatus } from "./product-admin.types.js";

// Bulk changes: owners only (not staff, not API tokens). Preview first, then apply with the
// preview's fingerprint; the service owns every rule.

const SELECTION = { description: "Which products." };
const FINGERPRINT = { description: "The preview's fingerprint: the change is refused (CONFLICT) when the products or their prices are no longer as previewed." };
const STATUS = { description: "The status to give them: ACTIVE publishes, ARCHIVED withdraws, DRAFT takes them back to drafts." };

@Resolver()
export class CatalogBulkResolver {
  @Query(() => BulkChangePreview, { description: "What a bulk price change would do: each variant's price and compare-at price now and after, and the products it would refuse (owner)." })
  @Authorized("owner")
  async bulkPricePreview(
    @Arg("selection", () => BulkSelectionInput, SELECTION) selection: BulkSelectionInput,
    @Arg("change", () => BulkPriceChangeInput, { description: "The change." }) change: BulkPriceChangeInput,
    @Args(() => BulkPreviewPageArgs) { page, pageSize }: BulkPreviewPageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BulkChangePreview> {
    return toBulkPreview(await ctx.services.catalogBulk.previewPrices(toBulkSelection(selection), toPriceChange(change)), page!, pageSize!);
  }

  @Mutation(() => BulkChangePayload, {
    description:
      "Changes the prices of every variant still offered of the selected products (owner): one transaction, one audit entry naming every product changed. Refused whole, changing nothing, when any new price would leave the bounds (naming the products) or the preview is out of date.",
  })
  @Authorized("owner")
  async bulkPriceChange(
    @Arg("selection", () => BulkSelectionInput, SELECTION) selection: BulkSelectionInput,
    @Arg("change", () => BulkPriceChangeInput, { description: "The change, as previewed." }) change: BulkPriceChangeInput,
    @Arg("fingerprint", () => String, FINGERPRINT) fingerprint: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BulkChangePayload> {
    const done = await ctx.services.catalogBulk.changePrices(toBulkSelection(selection), toPriceChange(change), fingerprint, actorOf(ctx.principal!));
    return { result: { productCount: done.productCount, variantCount: done.variantCount }, userErrors: [] };
  }

  @Query(() => BulkChangePreview, { description: "What publishing or archiving a selection would do, and the products it would refuse (owner)." })
  @Authorized("owner")
  async bulkStatusPreview(
    @Arg("selection", () => BulkSelectionInput, SELECTION) selection: BulkSelectionInput,
    @Arg("status", () => ProductStatus, STATUS) status: ProductStatus,
    @Args(() => BulkPreviewPageArgs) { page, pageSize }: BulkPreviewPageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BulkChangePreview> {
    return toBulkPreview(await ctx.services.catalogBulk.previewStatus(toBulkSelection(selection), status), page!, pageSize!);
  }

  @Mutation(() => BulkChangePayload, {
    description:
      "Publishes, archives or takes back to drafts the selected products (owner): one transaction, one audit entry naming them. With the Printful partner, publishing is refused whole when any product lacks a variant's Printful id.",
  })
  @Authorized("owner")
  async bulkStatusChange(
    @Arg("selection", () => BulkSelectionInput, SELECTION) selection: BulkSelectionInput,
    @Arg("status", () => ProductStatus, STATUS) status: ProductStatus,
    @Arg("fingerprint", () => String, FINGERPRINT) fingerprint: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BulkChangePayload> {
    const done = await ctx.services.catalogBulk.changeStatus(toBulkSelection(selection), status, fingerprint, actorOf(ctx.principal!));
    return { result: { productCount: done.productCount, variantCount: done.variantCount }, userErrors: [] };
  }
}
