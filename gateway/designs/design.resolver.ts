import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { Design } from "./design.types.js";
import { toDesign } from "./design.view.js";

@Resolver(() => Design)
export class DesignResolver {
  @Query(() => Design, { nullable: true, description: "A custom design by its id; null when it names nothing." })
  async design(@Arg("id", () => ID, { description: "The design's id." }) id: string, @Ctx() ctx: GraphQLContext): Promise<Design | null> {
    const record = await ctx.services.designs.find(id);
    return record ? toDesign(record) : null;
  }
}
