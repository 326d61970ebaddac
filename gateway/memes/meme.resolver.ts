import { Arg, Args, Ctx, FieldResolver, ID, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { PageInfo } from "../graphql/common.types.js";
import { Product } from "../catalog/catalog.types.js";
import { unavailableReason } from "./meme.records.js";
import { Meme, MemePage, MemePageArgs } from "./meme.types.js";

@Resolver(() => Meme)
export class MemeResolver {
  @Query(() => MemePage, { description: "A page of the meme gallery, newest first." })
  async memes(@Ctx() { services }: GraphQLContext, @Args(() => MemePageArgs) args: MemePageArgs): Promise<MemePage> {
    const result = await services.memes.listMemes(args);
    return { memes: result.items, pageInfo: PageInfo.fromPage(result) };
  }

  @Query(() => Meme, { nullable: true, description: "One meme by id; null when it names nothing." })
  meme(@Ctx() { services }: GraphQLContext, @Arg("id", () => ID, { description: "The meme's id." }) id: string): Promise<Meme | null> {
    return services.memes.findMeme(id);
  }

  @Query(() => Meme, { nullable: true, description: "The Meme of the Week; null when none is featured." })
  featuredMeme(@Ctx() { services }: GraphQLContext): Promise<Meme | null> {
    return services.memes.featuredMeme();
  }

  @FieldResolver(() => Product, { nullable: true, description: "The product the meme is sold on, when one is on sale." })
  product(@Root() meme: Meme, @Ctx() { loaders }: GraphQLContext): Promise<Product | null> {
    return meme.productHandle ? loaders.catalog.productByHandle.load(meme.productHandle) : Promise.resolve(null);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Why it is "Not Available", in words for its card (e.g. "Its product is no longer sold."); null when it can be bought.' })
  unavailableReason(@Root() meme: Meme): string | null {
    return unavailableReason(meme.availability);
  }
}
