import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf } from "../shared/actor.js";
import { invalidInput } from "../shared/errors.js";
import { AdminMeme, AdminMemeList, AdminMemesArgs, MemeDeletePayload, MemeIdArgs, MemeInput, MemePayload } from "./meme-admin.types.js";
import { toAdminMeme, toMemeFields } from "./meme-admin.view.js";

// The meme gallery on the shop's side: staff (either role) or an API token with catalog:read /
// catalog:write, as for products. Every write goes through the catalog writer (one transaction, the
// audit log, one announcement to every gateway process); a refusal comes back as userErrors. A
// meme's image is uploaded with POST /api/admin/memes/{id}/image (meme-admin.rest.ts).

@Resolver(() => AdminMeme)
export class MemeAdminResolver {
  @Query(() => AdminMemeList, { description: "Every meme (with or without an image), most recently changed first, searched (staff, or a token with catalog:read)." })
  @Authorized("staff", "catalog:read")
  async adminMemes(@Args(() => AdminMemesArgs) args: AdminMemesArgs, @Ctx() ctx: GraphQLContext): Promise<AdminMemeList> {
    const page = await ctx.services.memeAdmin.list(args);
    return { nodes: page.items.map(toAdminMeme), totalCount: page.totalCount, page: page.page, pageSize: page.pageSize, totalPages: page.totalPages };
  }

  @Query(() => AdminMeme, { nullable: true, description: "A meme by id; null when unknown (staff, or a token with catalog:read)." })
  @Authorized("staff", "catalog:read")
  async adminMeme(@Args(() => MemeIdArgs) { id }: MemeIdArgs, @Ctx() ctx: GraphQLContext): Promise<AdminMeme | null> {
    const found = await ctx.services.memeAdmin.find(id);
    return found ? toAdminMeme(found) : null;
  }

  @Mutation(() => MemePayload, {
    description: "Adds a meme without an image: shoppers see it once its image is uploaded (POST /api/admin/memes/{id}/image). Staff, or a token with catalog:write.",
  })
  @Authorized("staff", "catalog:write")
  async memeCreate(@Arg("input", () => MemeInput) input: MemeInput, @Ctx() ctx: GraphQLContext): Promise<MemePayload> {
    if (!input.title?.trim()) throw invalidInput("title", "title is required");
    const fields = toMemeFields(input);
    const meme = await ctx.services.memeAdmin.create({ ...fields, title: fields.title! }, actorOf(ctx.principal!));
    return { meme: toAdminMeme(meme), userErrors: [] };
  }

  @Mutation(() => MemePayload, { description: "Changes a meme's title, description, tags or product (staff, or a token with catalog:write). Shoppers see the change on their next request." })
  @Authorized("staff", "catalog:write")
  async memeUpdate(@Args(() => MemeIdArgs) { id }: MemeIdArgs, @Arg("input", () => MemeInput) input: MemeInput, @Ctx() ctx: GraphQLContext): Promise<MemePayload> {
    const meme = await ctx.services.memeAdmin.update(id, toMemeFields(input), actorOf(ctx.principal!));
    return { meme: toAdminMeme(meme), userErrors: [] };
  }

  @Mutation(() => MemePayload, {
    description:
      "Makes a meme the meme of the week, in place of the one before, in one transaction: the home page and the gallery's Featured tab show it on the next request, and never none or two. Refused for a meme without an image (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async memeFeature(@Args(() => MemeIdArgs) { id }: MemeIdArgs, @Ctx() ctx: GraphQLContext): Promise<MemePayload> {
    const meme = await ctx.services.memeAdmin.feature(id, actorOf(ctx.principal!));
    return { meme: toAdminMeme(meme), userErrors: [] };
  }

  @Mutation(() => MemeDeletePayload, {
    description: "Deletes a meme and its image (unless something else shows it). The meme of the week is refused: make another the meme of the week first (staff, or a token with catalog:write).",
  })
  @Authorized("staff", "catalog:write")
  async memeDelete(@Args(() => MemeIdArgs) { id }: MemeIdArgs, @Ctx() ctx: GraphQLContext): Promise<MemeDeletePayload> {
    const deletedMemeId = await ctx.services.memeAdmin.delete(id, actorOf(ctx.principal!));
    return { deletedMemeId, userErrors: [] };
  }
}
