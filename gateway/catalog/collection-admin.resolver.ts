import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf } from "../shared/actor.js";
import { invalidInput } from "../shared/errors.js";
import {
  AdminCollection,
  AdminCollectionProductList,
  AdminCollectionProductsArgs,
  CollectionDeletePayload,
  CollectionInput,
  CollectionPayload,
  CollectionProductMoveArgs,
  CollectionProductsAddArgs,
  CollectionProductsRemoveArgs,
} from "./collection-admin.types.js";
import { toAdminCollection, toAdminCollectionProduct, toCollectionWrite } from "./collection-admin.view.js";

// The collections on the shop's side: staff (either role) or an API token with catalog:read /
// catalog:write. Every write goes through the catalog writer; a refusal comes back as userErrors.
// The image is uploaded over REST (POST /api/admin/collections/{id}/image, collection-admin.rest.ts).

const COLLECTION_ID = { description: "The collection's id." };
const payload = (collection: Parameters<typeof toAdminCollection>[0]): CollectionPayload => ({ collection: toAdminCollection(collection), userErrors: [] });

@Resolver(() => AdminCollection)
export class CollectionAdminResolver {
  @Query(() => [AdminCollection], { description: "Every collection in the shop's order, with how many products each holds (staff, or a token with catalog:read)." })
  @Authorized("staff", "catalog:read")
  async adminCollections(@Ctx() ctx: GraphQLContext): Promise<AdminCollection[]> {
    return (await ctx.services.collectionAdmin.list()).map(toAdminCollection);
  }

  @Query(() => AdminCollection, { nullable: true, description: "A collection by id; null when unknown (staff, or a token with catalog:read)." })
  @Authorized("staff", "catalog:read")
  async adminCollection(@Arg("id", () => ID, COLLECTION_ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AdminCollection | null> {
    const found = await ctx.services.collectionAdmin.find(id);
    return found ? toAdminCollection(found) : null;
  }

  @FieldResolver(() => AdminCollectionProductList, { description: "A page of its products in the collection's order, in every status." })
  async products(@Root() collection: AdminCollection, @Args(() => AdminCollectionProductsArgs) args: AdminCollectionProductsArgs, @Ctx() ctx: GraphQLContext): Promise<AdminCollectionProductList> {
    const page = await ctx.services.collectionAdmin.products(collection.id, args);
    return { nodes: page.items.map(toAdminCollectionProduct), totalCount: page.totalCount, page: page.page, pageSize: page.pageSize, totalPages: page.totalPages };
  }

  @Mutation(() => CollectionPayload, { description: "Adds a collection, last unless a position is given (staff, or a token with catalog:write)." })
  @Authorized("staff", "catalog:write")
  async collectionCreate(@Arg("input", () => CollectionInput) input: CollectionInput, @Ctx() ctx: GraphQLContext): Promise<CollectionPayload> {
    const write = toCollectionWrite(input);
    if (!write.title) throw invalidInput("title", "title is required");
    return payload(await ctx.services.collectionAdmin.create({ ...write, title: write.title }, actorOf(ctx.principal!)));
  }

  @Mutation(() => CollectionPayload, {
    description: "Changes a collection's fields and its place among the collections; the footer's collections keep their handle (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async collectionUpdate(@Arg("id", () => ID, COLLECTION_ID) id: string, @Arg("input", () => CollectionInput) input: CollectionInput, @Ctx() ctx: GraphQLContext): Promise<CollectionPayload> {
    return payload(await ctx.services.collectionAdmin.update(id, toCollectionWrite(input), actorOf(ctx.principal!)));
  }

  @Mutation(() => CollectionDeletePayload, {
    description: "Deletes a collection; its products stay in the catalog. The footer's collections cannot be deleted (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async collectionDelete(@Arg("id", () => ID, COLLECTION_ID) id: string, @Ctx() ctx: GraphQLContext): Promise<CollectionDeletePayload> {
    return { deletedCollectionId: await ctx.services.collectionAdmin.delete(id, actorOf(ctx.principal!)), userErrors: [] };
  }

  @Mutation(() => CollectionPayload, { description: "Adds products to a collection, at the end or from a place on (staff, or a token with catalog:write)." })
  @Authorized("staff", "catalog:write")
  async collectionProductsAdd(@Args(() => CollectionProductsAddArgs) args: CollectionProductsAddArgs, @Ctx() ctx: GraphQLContext): Promise<CollectionPayload> {
    return payload(await ctx.services.collectionAdmin.addProducts(args.collectionId, args.productIds, args.position ?? null, actorOf(ctx.principal!)));
  }

  @Mutation(() => CollectionPayload, { description: "Takes products out of a collection; they stay in the catalog (staff, or a token with catalog:write)." })
  @Authorized("staff", "catalog:write")
  async collectionProductsRemove(@Args(() => CollectionProductsRemoveArgs) args: CollectionProductsRemoveArgs, @Ctx() ctx: GraphQLContext): Promise<CollectionPayload> {
    return payload(await ctx.services.collectionAdmin.removeProducts(args.collectionId, args.productIds, actorOf(ctx.principal!)));
  }

  @Mutation(() => CollectionPayload, { description: "Moves a product to another place in its collection (staff, or a token with catalog:write)." })
  @Authorized("staff", "catalog:write")
  async collectionProductMove(@Args(() => CollectionProductMoveArgs) args: CollectionProductMoveArgs, @Ctx() ctx: GraphQLContext): Promise<CollectionPayload> {
    return payload(await ctx.services.collectionAdmin.moveProduct(args.collectionId, args.productId, args.position, actorOf(ctx.principal!)));
  }

  @Mutation(() => CollectionPayload, { description: "Removes a collection's image; the shop shows its placeholder (staff, or a token with catalog:write)." })
  @Authorized("staff", "catalog:write")
  async collectionImageDelete(@Arg("collectionId", () => ID, COLLECTION_ID) collectionId: string, @Ctx() ctx: GraphQLContext): Promise<CollectionPayload> {
    return payload(await ctx.services.collectionAdmin.removeImage(collectionId, actorOf(ctx.principal!)));
  }
}
