import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import {
  StaffMeDocument,
  StaffRecoveryCodesRegenerateDocument,
  StaffSecurityDocument,
  StaffTwoFactorDisableDocument,
  StaffTwoFactorSetupConfirmDocument,
  StaffTwoFactorSetupStartDocument,
} from "./gql/graphql";
import { UNREACHABLE } from "./useStaffSession";

type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

async function attempt<T>(run: () => Promise<{ value: T | null | undefined; userErrors: readonly { message: string }[] } | undefined>, fallback: string): Promise<Outcome<T>> {
  try {
    const answer = await run();
    if (answer && answer.value !== null && answer.value !== undefined && answer.userErrors.length === 0) return { ok: true, value: answer.value };
    return { ok: false, message: answer?.userErrors[0]?.message ?? fallback };
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
}

/** The signed-in member's own two-factor sign-in: setup (start, confirm), turning it off, new recovery codes. */
export function useSecurity() {
  // Confirming or turning off changes what staffMe says (twoFactorSetupRequired): both are read again.
  const refetchQueries = [StaffSecurityDocument, StaffMeDocument];
  const [start, startState] = useMutation(StaffTwoFactorSetupStartDocument);
  const [confirm, confirmState] = useMutation(StaffTwoFactorSetupConfirmDocument, { refetchQueries });
  const [disable, disableState] = useMutation(StaffTwoFactorDisableDocument, { refetchQueries });
  const [regenerate, regenerateState] = useMutation(StaffRecoveryCodesRegenerateDocument, { refetchQueries: [StaffSecurityDocument] });

  const startSetup = useCallback(
    () =>
      attempt(async () => {
        const payload = (await start()).data?.staffTwoFactorSetupStart;
        return payload && { value: payload.setup, userErrors: payload.userErrors };
      }, "Setup could not start."),
    [start],
  );
  const confirmSetup = useCallback(
    (code: string) =>
      attempt(async () => {
        const payload = (await confirm({ variables: { code: code.trim() } })).data?.staffTwoFactorSetupConfirm;
        return payload && { value: payload.recoveryCodes, userErrors: payload.userErrors };
      }, "That code is not right."),
    [confirm],
  );
  const turnOff = useCallback(
    (code: string) =>
      attempt(async () => {
        const payload = (await disable({ variables: { code: code.trim() } })).data?.staffTwoFactorDisable;
        return payload && { value: payload.staffMember, userErrors: payload.userErrors };
      }, "That code is not right."),
    [disable],
  );
  const newRecoveryCodes = useCallback(
    (code: string) =>
      attempt(async () => {
        const payload = (await regenerate({ variables: { code: code.trim() } })).data?.staffRecoveryCodesRegenerate;
        return payload && { value: payload.recoveryCodes, userErrors: payload.userErrors };
      }, "That code is not right."),
    [regenerate],
  );
  return {
    startSetup,
    confirmSetup,
    turnOff,
    newRecoveryCodes,
    starting: startState.loading,
    confirming: confirmState.loading,
    turningOff: disableState.loading,
    regenerating: regenerateState.loading,
  };
}
