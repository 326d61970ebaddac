import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf } from "../shared/actor.js";
import { TrackingImportPayload } from "./tracking-import.types.js";

// Staff's tracking import over GraphQL. GraphQL's request limit (100 kB) and deadline bound what
// fits here; a larger file goes to POST /api/admin/orders/tracking-import (order-selection.rest.ts).

const CSV = {
  description:
    "The CSV file's text: a header row naming order number, carrier and tracking number (tracking url optional), then one order per row (at most 1,000 rows and 1 MB).",
};

@Resolver()
export class TrackingImportResolver {
  @Query(() => TrackingImportPayload, {
    description: "What importing this tracking CSV would do, row by row; nothing is changed (staff, or a token with orders:write).",
  })
  @Authorized("staff", "orders:write")
  async orderTrackingImportPreview(@Arg("csv", () => String, CSV) csv: string, @Ctx() ctx: GraphQLContext): Promise<TrackingImportPayload> {
    return { report: await ctx.services.trackingImport.preview(csv), userErrors: [] };
  }

  @Mutation(() => TrackingImportPayload, {
    description:
      "Imports a tracking CSV (staff, or a token with orders:write): everything is checked again, then each order the file can ship is marked shipped in a transaction of its own and its customer emailed once. Orders already shipped with the same tracking are left unchanged.",
  })
  @Authorized("staff", "orders:write")
  async orderTrackingImportApply(@Arg("csv", () => String, CSV) csv: string, @Ctx() ctx: GraphQLContext): Promise<TrackingImportPayload> {
    return { report: await ctx.services.trackingImport.apply(csv, actorOf(ctx.principal!)), userErrors: [] };
  }
}
