import { Arg, Authorized, Ctx, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { AdminHome } from "./admin-home.types.js";
import { toAdminHome } from "./admin-home.view.js";

@Resolver(() => AdminHome)
export class AdminHomeResolver {
  @Query(() => AdminHome, {
    description:
      "The staff's Home screen: orders and net revenue today, over the last 7 and 30 days and day by day, what waits to ship, the print partner's failed jobs and the best sellers (staff, or a token with orders:read). An unknown time zone is refused (BAD_USER_INPUT).",
  })
  @Authorized("staff", "orders:read")
  async adminHome(
    @Arg("timeZone", () => String, { defaultValue: "UTC", description: 'The IANA time zone days are counted in, e.g. "Europe/Berlin"; "UTC" when left out.' }) timeZone: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AdminHome> {
    return toAdminHome(await ctx.services.adminHome.summary(timeZone));
  }
}
