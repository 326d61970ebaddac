import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { OrderLineItem } from "../orders/order.types.js";
import { DESIGN_ATTRIBUTE, designFileUrl, type DesignRecord } from "./design.records.js";
import { Design } from "./design.types.js";

function toDesign(record: DesignRecord): Design {
  return {
    id: record.id,
    previewUrl: designFileUrl(record.id, "preview"),
    printFileUrl: designFileUrl(record.id, "print"),
    preview: record.preview,
    print: record.print,
    state: JSON.stringify(record.state),
  };
}

@Resolver(() => Design)
export class DesignResolver {
  @Query(() => Design, { nullable: true, description: "A custom design by its id; null when it names nothing." })
  async design(@Arg("id", () => ID, { description: "The design's id." }) id: string, @Ctx() ctx: GraphQLContext): Promise<Design | null> {
    const record = await ctx.services.designs.find(id);
    return record ? toDesign(record) : null;
  }
}

@Resolver(() => OrderLineItem)
export class OrderLineDesignResolver {
  @FieldResolver(() => Design, {
    nullable: true,
    description: "The custom design printed on this line, with its print file; null for a plain product.",
  })
  async design(@Root() line: OrderLineItem, @Ctx() ctx: GraphQLContext): Promise<Design | null> {
    const id = line.customAttributes.find((a) => a.key === DESIGN_ATTRIBUTE)?.value;
    if (!id) return null;
    const record = await ctx.services.designs.find(id);
    return record ? toDesign(record) : null;
  }
}
