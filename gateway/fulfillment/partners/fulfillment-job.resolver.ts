import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../graphql/context.js";
import { actorOf } from "../../shared/actor.js";
import { AdminOrder, AdminOrderPayload } from "../../orders/order-admin.types.js";
import { toAdminOrder } from "../../orders/order-admin.view.js";
import { FulfillmentJob, toFulfillmentJob } from "./fulfillment-job.types.js";

// The print partner's job on the shop's side of an order: its state on AdminOrder, and
// staff's retry of a job that was given up.
@Resolver(() => AdminOrder)
export class FulfillmentJobResolver {
  @FieldResolver(() => FulfillmentJob, {
    nullable: true,
    description: "Sending this order to the print partner: state, attempts and the last error; null when no job was made (an order from before the pipeline).",
  })
  async fulfillmentJob(@Root() order: AdminOrder, @Ctx() ctx: GraphQLContext): Promise<FulfillmentJob | null> {
    const job = await ctx.loaders.fulfillmentJobs.load(order.id);
    return job ? toFulfillmentJob(job) : null;
  }

  @Mutation(() => AdminOrderPayload, {
    description:
      "Re-queues the order's FAILED print-partner job: due at once, attempts counted afresh (staff, or a token with orders:write). A job that has not failed is refused with INVALID_TRANSITION.",
  })
  @Authorized("staff", "orders:write")
  async orderRetryFulfillmentJob(@Arg("orderId", () => ID, { description: "The order's id." }) orderId: string, @Ctx() ctx: GraphQLContext): Promise<AdminOrderPayload> {
    await ctx.services.fulfillment.retry(orderId, actorOf(ctx.principal!));
    const order = await ctx.services.orderAdmin.find(orderId);
    return { order: order ? toAdminOrder(order, ctx.publicUrl) : null, userErrors: [] };
  }
}
