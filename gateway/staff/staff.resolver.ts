import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { LogoutPayload } from "../customers/customer.types.js";
import { actorOf } from "../shared/actor.js";
import type { StaffRecord } from "./staff.records.js";
import { StaffLoginInput, StaffMember, StaffPayload, StaffRole } from "./staff.types.js";
import { ApiToken, ApiTokenCreateArgs, ApiTokenCreatePayload, ApiTokenPayload } from "./api-token.types.js";
import { AuditLogArgs, AuditLogConnection } from "./audit.types.js";

const toStaffMember = (staff: Pick<StaffRecord, "email" | "name" | "role"> & { id: string }): StaffMember => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role === "owner" ? StaffRole.OWNER : StaffRole.STAFF,
});

@Resolver(() => StaffMember)
export class StaffResolver {
  @Query(() => StaffMember, { nullable: true, description: "The staff member signed in on this session; null for anyone else (customers, tokens, visitors)." })
  staffMe(@Ctx() ctx: GraphQLContext): StaffMember | null {
    const p = ctx.principal;
    return p?.kind === "staff" ? toStaffMember({ id: p.staffId, email: p.email, name: p.name, role: p.role }) : null;
  }

  @Mutation(() => StaffPayload, {
    description: "Signs a staff member in at /admin and sets the session cookie: a new session, which is never a customer's (any customer signed in on it is signed out).",
  })
  async staffLogin(@Arg("input", () => StaffLoginInput, { description: "Credentials." }) input: StaffLoginInput, @Ctx() ctx: GraphQLContext): Promise<StaffPayload> {
    const staff = await ctx.services.staff.authenticate(input, ctx.session.clientAddress);
    await ctx.session.signInStaff(staff.id, input.rememberMe === true);
    return { staff: toStaffMember(staff), userErrors: [] };
  }

  @Mutation(() => LogoutPayload, { description: "Ends the staff session on the server and clears its cookie (a customer's session is left alone)." })
  async staffLogout(@Ctx() ctx: GraphQLContext): Promise<LogoutPayload> {
    if (ctx.principal?.kind === "staff") await ctx.session.signOut();
    return { ok: true, userErrors: [] };
  }

  @Query(() => [ApiToken], { description: "Every API token, newest first, revoked ones included (owner)." })
  @Authorized("owner")
  apiTokens(@Ctx() ctx: GraphQLContext): Promise<ApiToken[]> {
    return ctx.services.apiTokens.list();
  }

  @Mutation(() => ApiTokenCreatePayload, { description: 'Makes an API token with scopes "orders:read", "orders:write", "webhooks:write"; the token is answered this once (owner).' })
  @Authorized("owner")
  async apiTokenCreate(@Args(() => ApiTokenCreateArgs) { name, scopes }: ApiTokenCreateArgs, @Ctx() ctx: GraphQLContext): Promise<ApiTokenCreatePayload> {
    const principal = ctx.principal!;
    const staffId = principal.kind === "staff" ? principal.staffId : null;
    const { apiToken, token } = await ctx.services.apiTokens.create({ name, scopes }, { staffId, actor: actorOf(principal) });
    return { apiToken, token, userErrors: [] };
  }

  @Mutation(() => ApiTokenPayload, { description: "Revokes an API token: from now on it is refused (owner)." })
  @Authorized("owner")
  async apiTokenRevoke(@Arg("id", () => ID, { description: "The token's id." }) id: string, @Ctx() ctx: GraphQLContext): Promise<ApiTokenPayload> {
    return { apiToken: await ctx.services.apiTokens.revoke(id, actorOf(ctx.principal!)), userErrors: [] };
  }

  @Query(() => AuditLogConnection, { description: "What staff and tokens changed, newest first (owner)." })
  @Authorized("owner")
  async auditLog(@Args(() => AuditLogArgs) { first, after }: AuditLogArgs, @Ctx() ctx: GraphQLContext): Promise<AuditLogConnection> {
    const page = await ctx.services.audit.list(first, after ?? null);
    return { nodes: page.entries, pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor } };
  }
}
