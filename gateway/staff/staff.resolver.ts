import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { LogoutPayload } from "../customers/customer.types.js";
import { actorOf } from "../shared/actor.js";
import { statusOf, type StaffRecord } from "./staff.records.js";
import { StaffLoginInput, StaffMember, StaffPayload, StaffRole, StaffStatus } from "./staff.types.js";
import { StaffLoginTwoFactorInput } from "./staff-accounts.types.js";
import { SECOND_STEP_MS } from "./two-factor.service.js";
import { ApiToken, ApiTokenCreateArgs, ApiTokenCreatePayload, ApiTokenPayload } from "./api-token.types.js";
import { AuditLogArgs, AuditLogConnection } from "./audit.types.js";

const STATUSES = { active: StaffStatus.ACTIVE, disabled: StaffStatus.DISABLED, invited: StaffStatus.INVITED } as const;

/** A staff record as GraphQL answers it; `twoFactorRequired` is the shop's requirement. */
export const toStaffMember = (staff: StaffRecord, twoFactorRequired: boolean): StaffMember => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role === "owner" ? StaffRole.OWNER : StaffRole.STAFF,
  status: STATUSES[statusOf(staff)],
  twoFactorEnabled: staff.twoFactorEnabled,
  twoFactorSetupRequired: twoFactorRequired && !staff.twoFactorEnabled,
  lastSignInAt: staff.lastSignInAt,
  createdAt: staff.createdAt,
});

@Resolver(() => StaffMember)
export class StaffResolver {
  @Query(() => StaffMember, { nullable: true, description: "The staff member signed in on this session; null for anyone else (customers, tokens, visitors)." })
  async staffMe(@Ctx() ctx: GraphQLContext): Promise<StaffMember | null> {
    const p = ctx.principal;
    if (p?.kind !== "staff") return null;
    const staff = await ctx.services.staff.findById(p.staffId);
    return staff ? { ...toStaffMember(staff, false), twoFactorSetupRequired: p.mustSetUpTwoFactor } : null;
  }

  @Mutation(() => StaffPayload, {
    description:
      "Signs a staff member in at /admin and sets the session cookie: a new session, which is never a customer's (any customer signed in on it is signed out). A disabled member is refused. With two-factor sign-in on, the answer is twoFactorRequired: the session has no powers until staffLoginTwoFactor.",
  })
  async staffLogin(@Arg("input", () => StaffLoginInput, { description: "Credentials." }) input: StaffLoginInput, @Ctx() ctx: GraphQLContext): Promise<StaffPayload> {
    const staff = await ctx.services.staff.authenticate(input, ctx.session.signInClient);
    // The steps after the password: a disabled member stops here; two-factor asks for a code next.
    ctx.services.staff.checkMaySignIn(staff);
    const rememberMe = input.rememberMe === true;
    const now = Date.now();
    if (await ctx.services.twoFactor.needsSecondStep(staff)) {
      await ctx.session.beginStaffSecondStep({ staffId: staff.id, rememberMe, until: now + SECOND_STEP_MS });
      return { staff: null, twoFactorRequired: true, userErrors: [] };
    }
    await ctx.session.signInStaff(staff.id, rememberMe, now);
    ctx.session.rememberDevice("staff-login", staff.email);
    await ctx.services.staff.recordSignIn(staff.id, new Date(now));
    return { staff: toStaffMember(staff, await ctx.services.twoFactor.required()), twoFactorRequired: false, userErrors: [] };
  }

  @Mutation(() => StaffPayload, {
    description: "The second step of a staff sign-in (after staffLogin answered twoFactorRequired): a current code from the authenticator app, used once, or a recovery code. Wrong codes are limited.",
  })
  async staffLoginTwoFactor(
    @Arg("input", () => StaffLoginTwoFactorInput, { description: "The code." }) input: StaffLoginTwoFactorInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StaffPayload> {
    const pending = ctx.session.staffSecondStep();
    const now = Date.now();
    const staff = await ctx.services.twoFactor.completeSignIn(pending, input.code, now);
    await ctx.session.signInStaff(staff.id, pending!.rememberMe, now);
    // Only now, with both steps done, is this browser one the account's owner used.
    ctx.session.rememberDevice("staff-login", staff.email);
    await ctx.services.staff.recordSignIn(staff.id, new Date(now));
    return { staff: toStaffMember(staff, false), twoFactorRequired: false, userErrors: [] };
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
