import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import {
  StaffMemberCreateDocument,
  StaffMemberDisableDocument,
  StaffMemberEnableDocument,
  StaffMembersDocument,
  StaffMemberSendPasswordResetDocument,
  StaffMemberTwoFactorResetDocument,
  StaffMemberUpdateRoleDocument,
  StaffTwoFactorRequirementSetDocument,
  type StaffInviteMethod,
  type StaffRole,
} from "./gql/graphql";
import { UNREACHABLE } from "./useStaffSession";

interface Problem {
  field: string | null;
  message: string;
}
type Created = { ok: true; password: string | null; email: string } | { ok: false; errors: Problem[] };

/** One change to a member: a toast says how it went; answers whether it worked. */
async function change(run: () => Promise<{ userErrors: readonly Problem[] } | undefined>, success: { title: string; description: string }, failure: string): Promise<boolean> {
  try {
    const payload = await run();
    const problem = payload ? payload.userErrors[0]?.message : "No answer from the shop.";
    if (problem) {
      notify({ title: failure, description: problem, type: "error" });
      return false;
    }
    notify({ ...success, type: "success" });
    return true;
  } catch {
    notify({ title: failure, description: UNREACHABLE, type: "error" });
    return false;
  }
}

/** The owner's staff mutations (each refetches the list, so every row shows what the gateway holds). */
export function useStaffMembers() {
  const refetchQueries = [StaffMembersDocument];
  const [create, createState] = useMutation(StaffMemberCreateDocument, { refetchQueries });
  const [updateRole, roleState] = useMutation(StaffMemberUpdateRoleDocument, { refetchQueries });
  const [disable, disableState] = useMutation(StaffMemberDisableDocument, { refetchQueries });
  const [enable, enableState] = useMutation(StaffMemberEnableDocument, { refetchQueries });
  const [sendReset, resetState] = useMutation(StaffMemberSendPasswordResetDocument);
  const [resetTwoFactor, twoFactorState] = useMutation(StaffMemberTwoFactorResetDocument, { refetchQueries });
  const [setRequirement, requirementState] = useMutation(StaffTwoFactorRequirementSetDocument, { refetchQueries });

  const createMember = useCallback(
    async (input: { email: string; name: string; role: StaffRole; inviteMethod: StaffInviteMethod }): Promise<Created> => {
      try {
        const { data } = await create({ variables: { input: { ...input, email: input.email.trim(), name: input.name.trim() } } });
        const payload = data?.staffMemberCreate;
        if (payload?.staffMember && payload.userErrors.length === 0) return { ok: true, password: payload.password ?? null, email: payload.staffMember.email };
        const errors = (payload?.userErrors ?? []).map((e) => ({ field: e.field ?? null, message: e.message }));
        return { ok: false, errors: errors.length > 0 ? errors : [{ field: null, message: "The staff member was not added." }] };
      } catch {
        return { ok: false, errors: [{ field: null, message: UNREACHABLE }] };
      }
    },
    [create],
  );

  return {
    createMember,
    creating: createState.loading,
    changeRole: (id: string, name: string, role: StaffRole) =>
      change(
        async () => (await updateRole({ variables: { id, role } })).data?.staffMemberUpdateRole,
        { title: "Role changed", description: `${name} is now ${role === "OWNER" ? "an owner" : "staff"}.` },
        "Role not changed",
      ),
    disableMember: (id: string, name: string) =>
      change(async () => (await disable({ variables: { id } })).data?.staffMemberDisable, { title: "Disabled", description: `${name} is signed out and cannot sign in.` }, "Not disabled"),
    enableMember: (id: string, name: string) =>
      change(async () => (await enable({ variables: { id } })).data?.staffMemberEnable, { title: "Enabled", description: `${name} can sign in again.` }, "Not enabled"),
    sendPasswordReset: (id: string, name: string) =>
      change(
        async () => (await sendReset({ variables: { id } })).data?.staffMemberSendPasswordReset,
        { title: "Link sent", description: `${name} gets an email with a link to set a new password.` },
        "Link not sent",
      ),
    resetTwoFactor: (id: string, name: string) =>
      change(
        async () => (await resetTwoFactor({ variables: { id } })).data?.staffMemberTwoFactorReset,
        { title: "Two-factor sign-in turned off", description: `${name} signs in with their password only until they set it up again.` },
        "Two-factor sign-in not turned off",
      ),
    setRequired: (required: boolean) =>
      change(
        async () => (await setRequirement({ variables: { required } })).data?.staffTwoFactorRequirementSet,
        required
          ? { title: "Two-factor sign-in required", description: "Staff without it set it up at their next sign-in." }
          : { title: "Two-factor sign-in optional", description: "Staff may turn it on or off for themselves." },
        "Setting not changed",
      ),
    busy: roleState.loading || disableState.loading || enableState.loading || resetState.loading || twoFactorState.loading || requirementState.loading,
  };
}
