import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../../components/ui/toaster";
import { CreateAddressDocument, DeleteAddressDocument, MakeDefaultAddressDocument, UpdateAddressDocument, type MailingAddressInput } from "../../../gql/graphql";
import { UNREACHABLE } from "../../auth/useLogin";

/** The gateway's refusals: each message at its field (`address.postalCode` → postalCode), the rest above the form. */
export type AddressOutcome = { ok: true } | { ok: false; fieldErrors: Partial<Record<keyof MailingAddressInput, string>>; message: string | null };

type UserErrors = readonly { field: string | null; message: string }[];

function refused(userErrors: UserErrors, fallback: string): AddressOutcome {
  const fieldErrors: Partial<Record<keyof MailingAddressInput, string>> = {};
  const others: string[] = [];
  for (const error of userErrors) {
    const field = error.field?.startsWith("address.") ? (error.field.slice("address.".length) as keyof MailingAddressInput) : null;
    if (field && !fieldErrors[field]) fieldErrors[field] = error.message;
    else if (!field) others.push(error.message);
  }
  const message = others[0] ?? (Object.keys(fieldErrors).length > 0 ? null : fallback);
  return { ok: false, fieldErrors, message };
}

const unreachable = (title: string): AddressOutcome => {
  notify({ title, description: UNREACHABLE, type: "error" });
  return { ok: false, fieldErrors: {}, message: UNREACHABLE };
};

/** Saves a new address or changes one (every field), with its toasts; the cached address list follows the payload. */
export function useSaveAddress() {
  const [create, created] = useMutation(CreateAddressDocument);
  const [update, updated] = useMutation(UpdateAddressDocument);
  const save = useCallback(
    async (id: string | null, address: MailingAddressInput, setAsDefault: boolean): Promise<AddressOutcome> => {
      try {
        const payload = id
          ? (await update({ variables: { id, address, setAsDefault } })).data?.customerAddressUpdate
          : (await create({ variables: { address, setAsDefault } })).data?.customerAddressCreate;
        if (payload?.customerAddress) {
          notify({ title: id ? "Address updated" : "Address saved", type: "success" });
          return { ok: true };
        }
        const outcome = refused(payload?.userErrors ?? [], "Your address could not be saved. Please try again.");
        // A refusal at the fields is shown there; a toast only for one the form cannot place.
        if (!outcome.ok && outcome.message) notify({ title: "Address not saved", description: outcome.message, type: "error" });
        return outcome;
      } catch {
        return unreachable("Address not saved");
      }
    },
    [create, update],
  );
  return { save, saving: created.loading || updated.loading };
}

/** Deletes an address or makes one the default, with their toasts. */
export function useAddressActions() {
  const [remove, removing] = useMutation(DeleteAddressDocument);
  const [makeDefault, choosing] = useMutation(MakeDefaultAddressDocument);
  const deleteAddress = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        const payload = (await remove({ variables: { id } })).data?.customerAddressDelete;
        if (payload?.deletedCustomerAddressId) {
          notify({ title: "Address deleted", type: "success" });
          return true;
        }
        notify({ title: "Address not deleted", description: payload?.userErrors[0]?.message ?? "Please try again.", type: "error" });
      } catch {
        unreachable("Address not deleted");
      }
      return false;
    },
    [remove],
  );
  const chooseDefault = useCallback(
    async (addressId: string): Promise<boolean> => {
      try {
        const payload = (await makeDefault({ variables: { addressId } })).data?.customerDefaultAddressUpdate;
        if (payload?.customer) {
          notify({ title: "Default address changed", type: "success" });
          return true;
        }
        notify({ title: "Default address not changed", description: payload?.userErrors[0]?.message ?? "Please try again.", type: "error" });
      } catch {
        unreachable("Default address not changed");
      }
      return false;
    },
    [makeDefault],
  );
  return { deleteAddress, chooseDefault, busy: removing.loading || choosing.loading };
}
