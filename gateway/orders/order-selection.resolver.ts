import { Arg, Authorized, Ctx, ID, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { ADMIN_ORDERS_BY_IDS_MAX } from "./order-admin.service.js";
import { AdminOrder } from "./order-admin.types.js";
import { toAdminOrder } from "./order-admin.view.js";

// Several orders at once, by id: what packing slips print and a selection works on.

@Resolver()
export class OrderSelectionResolver {
  @Query(() => [AdminOrder], {
    description: `Orders by id (at most ${ADMIN_ORDERS_BY_IDS_MAX}), in the order asked and each once; ids that name no order are left out (staff, or a token with orders:read).`,
  })
  @Authorized("staff", "orders:read")
  async adminOrdersByIds(@Arg("ids", () => [ID], { description: "The orders' ids." }) ids: string[], @Ctx() ctx: GraphQLContext): Promise<AdminOrder[]> {
    const { found } = await ctx.services.orderAdmin.findMany(ids);
    return found.map((record) => toAdminOrder(record, ctx.publicUrl));
  }
}
