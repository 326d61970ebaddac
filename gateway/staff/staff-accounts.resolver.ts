import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf, type Principal } from "../shared/actor.js";
import { StaffMember, StaffRole } from "./staff.types.js";
import { toStaffMember } from "./staff.resolver.js";
import {
  StaffInviteMethod,
  StaffMemberCreateInput,
  StaffMemberCreatePayload,
  StaffMemberIdArgs,
  StaffMemberPayload,
  StaffMemberUpdateRoleArgs,
  StaffOkPayload,
  StaffPasswordResetArgs,
  StaffPasswordResetRequestArgs,
  StaffRecoveryCodesPayload,
  StaffSecurity,
  StaffTwoFactorCodeArgs,
  StaffTwoFactorRequirementArgs,
  StaffTwoFactorRequirementPayload,
  StaffTwoFactorSetupPayload,
} from "./staff-accounts.types.js";

const roleOf = (role: StaffRole) => (role === StaffRole.OWNER ? "owner" : "staff");
const METHODS = { [StaffInviteMethod.EMAIL_LINK]: "email-link", [StaffInviteMethod.ONE_TIME_PASSWORD]: "one-time-password" } as const;

/** The staff member acting (the guard has let only a staff session through). */
function me(ctx: GraphQLContext): Extract<Principal, { kind: "staff" }> {
  const p = ctx.principal;
  if (p?.kind !== "staff") throw new Error("a staff-only field was reached without a staff session");
  return p;
}

@Resolver()
export class StaffAccountsResolver {
  @Query(() => [StaffMember], { description: "Every staff member, owners first, then by name (owner)." })
  @Authorized("owner")
  async staffMembers(@Ctx() ctx: GraphQLContext): Promise<StaffMember[]> {
    const required = await ctx.services.twoFactor.required();
    return (await ctx.services.staffAccounts.list()).map((s) => toStaffMember(s, required));
  }

  @Mutation(() => StaffMemberCreatePayload, {
    description:
      "Adds a staff member (owner): EMAIL_LINK emails them a link to set their password (72 hours, once); ONE_TIME_PASSWORD answers a generated password this once. Audited.",
  })
  @Authorized("owner")
  async staffMemberCreate(
    @Arg("input", () => StaffMemberCreateInput, { description: "Who, and how they get in." }) input: StaffMemberCreateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StaffMemberCreatePayload> {
    const { staff, password } = await ctx.services.staffAccounts.create(
      { email: input.email, name: input.name, role: roleOf(input.role), method: METHODS[input.inviteMethod] },
      actorOf(me(ctx)),
    );
    return { staffMember: toStaffMember(staff, await ctx.services.twoFactor.required()), password, userErrors: [] };
  }

  @Mutation(() => StaffMemberPayload, { description: "Changes a staff member's role (owner). The last active owner cannot be made staff. Audited." })
  @Authorized("owner")
  async staffMemberUpdateRole(@Args(() => StaffMemberUpdateRoleArgs) { id, role }: StaffMemberUpdateRoleArgs, @Ctx() ctx: GraphQLContext): Promise<StaffMemberPayload> {
    const staff = await ctx.services.staffAccounts.updateRole(id, roleOf(role), actorOf(me(ctx)));
    return { staffMember: toStaffMember(staff, await ctx.services.twoFactor.required()), userErrors: [] };
  }

  @Mutation(() => StaffMemberPayload, {
    description: "Disables a staff member (owner): every session of theirs ends at once and sign-in is refused. The last active owner cannot be disabled. Audited.",
  })
  @Authorized("owner")
  async staffMemberDisable(@Args(() => StaffMemberIdArgs) { id }: StaffMemberIdArgs, @Ctx() ctx: GraphQLContext): Promise<StaffMemberPayload> {
    const staff = await ctx.services.staffAccounts.disable(id, actorOf(me(ctx)));
    return { staffMember: toStaffMember(staff, await ctx.services.twoFactor.required()), userErrors: [] };
  }

  @Mutation(() => StaffMemberPayload, { description: "Enables a disabled staff member again (owner): they can sign in. Audited." })
  @Authorized("owner")
  async staffMemberEnable(@Args(() => StaffMemberIdArgs) { id }: StaffMemberIdArgs, @Ctx() ctx: GraphQLContext): Promise<StaffMemberPayload> {
    const staff = await ctx.services.staffAccounts.enable(id, actorOf(me(ctx)));
    return { staffMember: toStaffMember(staff, await ctx.services.twoFactor.required()), userErrors: [] };
  }

  @Mutation(() => StaffMemberPayload, {
    description: "Emails a staff member a link to set a new password (owner): 1 hour, once (an invitation again, 72 hours, when they never set one). Audited.",
  })
  @Authorized("owner")
  async staffMemberSendPasswordReset(@Args(() => StaffMemberIdArgs) { id }: StaffMemberIdArgs, @Ctx() ctx: GraphQLContext): Promise<StaffMemberPayload> {
    const staff = await ctx.services.staffAccounts.sendPasswordReset(id, actorOf(me(ctx)));
    return { staffMember: toStaffMember(staff, await ctx.services.twoFactor.required()), userErrors: [] };
  }

  @Mutation(() => StaffMemberPayload, {
    description: "Turns off a staff member's two-factor sign-in (owner), for someone who lost their device; they set it up again when the shop requires it. Audited.",
  })
  @Authorized("owner")
  async staffMemberTwoFactorReset(@Args(() => StaffMemberIdArgs) { id }: StaffMemberIdArgs, @Ctx() ctx: GraphQLContext): Promise<StaffMemberPayload> {
    const staff = await ctx.services.twoFactor.resetFor(id, actorOf(me(ctx)));
    return { staffMember: toStaffMember(staff, await ctx.services.twoFactor.required()), userErrors: [] };
  }

  @Mutation(() => StaffTwoFactorRequirementPayload, {
    description: "Requires two-factor sign-in of every staff member, or not (owner; you need it on yourself first). Those without it must set it up at their next request before anything else. Audited.",
  })
  @Authorized("owner")
  async staffTwoFactorRequirementSet(@Args(() => StaffTwoFactorRequirementArgs) { required }: StaffTwoFactorRequirementArgs, @Ctx() ctx: GraphQLContext): Promise<StaffTwoFactorRequirementPayload> {
    const p = me(ctx);
    return { required: await ctx.services.twoFactor.setRequired(required, p, actorOf(p)), userErrors: [] };
  }

  @Mutation(() => StaffOkPayload, {
    description:
      "Asks for a password-reset link for a staff email (anyone, at the sign-in form's \"Forgot password?\"). The same answer whether the email is a staff member's or not; limited per email and per client address. The link works once, within 1 hour.",
  })
  async staffPasswordResetRequest(@Args(() => StaffPasswordResetRequestArgs) { email }: StaffPasswordResetRequestArgs, @Ctx() ctx: GraphQLContext): Promise<StaffOkPayload> {
    await ctx.services.staffAccounts.requestPasswordReset(email, ctx.session.clientKey);
    return { ok: true, userErrors: [] };
  }

  @Mutation(() => StaffOkPayload, {
    description: "Sets a staff password by an emailed link's token (a reset or an invitation): once, before it expires; every session of that member ends. Sign in afterwards.",
  })
  async staffPasswordReset(@Args(() => StaffPasswordResetArgs) { token, password }: StaffPasswordResetArgs, @Ctx() ctx: GraphQLContext): Promise<StaffOkPayload> {
    await ctx.services.staffAccounts.resetPassword(token, password);
    return { ok: true, userErrors: [] };
  }

  @Query(() => StaffSecurity, { description: "The signed-in staff member's two-factor sign-in, and whether the shop requires it (any staff member)." })
  @Authorized("self")
  async staffSecurity(@Ctx() ctx: GraphQLContext): Promise<StaffSecurity> {
    const p = me(ctx);
    const staff = await ctx.services.staff.findById(p.staffId);
    return {
      twoFactorEnabled: staff?.twoFactorEnabled ?? false,
      recoveryCodesLeft: await ctx.services.twoFactor.recoveryCodesLeft(p.staffId),
      twoFactorRequired: await ctx.services.twoFactor.required(),
    };
  }

  @Mutation(() => StaffTwoFactorSetupPayload, {
    description: "Starts setting up two-factor sign-in for yourself: a new secret and its QR code, shown this once (starting again replaces it). Confirm with staffTwoFactorSetupConfirm.",
  })
  @Authorized("self")
  async staffTwoFactorSetupStart(@Ctx() ctx: GraphQLContext): Promise<StaffTwoFactorSetupPayload> {
    return { setup: await ctx.services.twoFactor.startSetup(me(ctx)), userErrors: [] };
  }

  @Mutation(() => StaffRecoveryCodesPayload, {
    description: "Confirms two-factor setup with a current code from the app: it is on from now, and ten recovery codes are answered this once. Audited.",
  })
  @Authorized("self")
  async staffTwoFactorSetupConfirm(@Args(() => StaffTwoFactorCodeArgs) { code }: StaffTwoFactorCodeArgs, @Ctx() ctx: GraphQLContext): Promise<StaffRecoveryCodesPayload> {
    const p = me(ctx);
    return { recoveryCodes: await ctx.services.twoFactor.confirmSetup(p, code, actorOf(p), Date.now()), userErrors: [] };
  }

  @Mutation(() => StaffMemberPayload, { description: "Turns off your own two-factor sign-in, proven with a current code or a recovery code. Audited." })
  @Authorized("self")
  async staffTwoFactorDisable(@Args(() => StaffTwoFactorCodeArgs) { code }: StaffTwoFactorCodeArgs, @Ctx() ctx: GraphQLContext): Promise<StaffMemberPayload> {
    const p = me(ctx);
    await ctx.services.twoFactor.disableOwn(p, code, actorOf(p), Date.now());
    const staff = (await ctx.services.staff.findById(p.staffId))!;
    return { staffMember: toStaffMember(staff, await ctx.services.twoFactor.required()), userErrors: [] };
  }

  @Mutation(() => StaffRecoveryCodesPayload, {
    description: "New recovery codes for yourself, proven with a current code (or a recovery code): the old ones stop working; answered this once. Audited.",
  })
  @Authorized("self")
  async staffRecoveryCodesRegenerate(@Args(() => StaffTwoFactorCodeArgs) { code }: StaffTwoFactorCodeArgs, @Ctx() ctx: GraphQLContext): Promise<StaffRecoveryCodesPayload> {
    const p = me(ctx);
    return { recoveryCodes: await ctx.services.twoFactor.regenerateRecoveryCodes(p, code, actorOf(p), Date.now()), userErrors: [] };
  }
}
