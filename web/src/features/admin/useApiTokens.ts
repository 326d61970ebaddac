import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import { ApiTokenCreateDocument, ApiTokenRevokeDocument, ApiTokensDocument } from "./gql/graphql";
import { UNREACHABLE } from "./useStaffSession";

export const TOKEN_SCOPES = [
  { value: "orders:read", label: "Read orders" },
  { value: "orders:write", label: "Change orders (fulfil, cancel)" },
  { value: "webhooks:write", label: "Manage webhooks" },
  { value: "catalog:read", label: "Read products, drafts and archived ones too" },
  { value: "catalog:write", label: "Add, change and delete products" },
  { value: "promotions:write", label: "Run promotions and discount codes" },
] as const;

type Created = { ok: true; token: string } | { ok: false; errors: { field: string | null; message: string }[] };

/** apiTokenCreate (its answer is the only time the token can be read) and apiTokenRevoke. */
export function useApiTokens() {
  const [create, createState] = useMutation(ApiTokenCreateDocument, { refetchQueries: [ApiTokensDocument] });
  const [revoke, revokeState] = useMutation(ApiTokenRevokeDocument);

  const createToken = useCallback(
    async (name: string, scopes: string[]): Promise<Created> => {
      try {
        const { data } = await create({ variables: { name: name.trim(), scopes } });
        const payload = data?.apiTokenCreate;
        if (payload?.token && payload.userErrors.length === 0) return { ok: true, token: payload.token };
        const errors = (payload?.userErrors ?? []).map((error) => ({ field: error.field ?? null, message: error.message }));
        return { ok: false, errors: errors.length > 0 ? errors : [{ field: null, message: "The token was not created." }] };
      } catch {
        return { ok: false, errors: [{ field: null, message: UNREACHABLE }] };
      }
    },
    [create],
  );

  const revokeToken = useCallback(
    async (id: string, name: string) => {
      try {
        const { data } = await revoke({ variables: { id } });
        const problem = data?.apiTokenRevoke.userErrors[0]?.message;
        if (problem) notify({ title: "Not revoked", description: problem, type: "error" });
        else notify({ title: "Token revoked", description: `${name} no longer opens the API.`, type: "success" });
      } catch {
        notify({ title: "Not revoked", description: UNREACHABLE, type: "error" });
      }
    },
    [revoke],
  );

  return { createToken, revokeToken, creating: createState.loading, revoking: revokeState.loading };
}
