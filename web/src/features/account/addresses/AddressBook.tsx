import { useQuery } from "@apollo/client/react";
import { Box, Button, Skeleton, Stack } from "@chakra-ui/react";
import { MapPinPlus } from "lucide-react";
import { useState } from "react";
import { EmptyState, ErrorState } from "../../../components/StateMessage";
import { AccountAddressesDocument } from "../../../gql/graphql";
import { AddressCard } from "./AddressCard";
import { AddressForm } from "./AddressForm";
import { useSaveAddress } from "./useAddressMutations";

/** /account's address book: the saved addresses (the default first), add, edit, delete and make default. */
export function AddressBook() {
  const { data, loading, error, refetch } = useQuery(AccountAddressesDocument);
  const { save, saving } = useSaveAddress();
  // The address being edited, "new" while adding one, null otherwise.
  const [editing, setEditing] = useState<string | null>(null);

  if (loading && !data) {
    return (
      <Stack gap="3" role="status" aria-label="Loading your addresses" aria-busy="true">
        <Skeleton height="24" borderRadius="md" />
        <Skeleton height="24" borderRadius="md" />
      </Stack>
    );
  }
  if (error || !data?.me) return <ErrorState title="Your addresses could not be loaded" description="Please try again." onRetry={() => void refetch()} />;

  const { addresses } = data.me;
  const countries = data.shippingCountries;
  const form = (id: string | null) => (
    <AddressForm
      address={addresses.find((a) => a.id === id) ?? null}
      countries={countries}
      saving={saving}
      onSave={(address, setAsDefault) => save(id, address, setAsDefault)}
      onDone={() => setEditing(null)}
    />
  );

  return (
    <Stack gap="4">
      {addresses.length === 0 && editing !== "new" && (
        <EmptyState title="No saved addresses yet" description="Save an address and checkout fills it in for you." />
      )}
      {addresses.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Saved addresses">
          {addresses.map((address) =>
            editing === address.id ? (
              <Box as="li" key={address.id} borderWidth="1px" borderRadius="md" p="4">
                {form(address.id)}
              </Box>
            ) : (
              <AddressCard key={address.id} address={address} onEdit={() => setEditing(address.id)} />
            ),
          )}
        </Stack>
      )}
      {editing === "new" ? (
        <Box borderWidth="1px" borderRadius="md" p="4">
          {form(null)}
        </Box>
      ) : (
        <Button variant="outline" alignSelf="start" onClick={() => setEditing("new")}>
          <MapPinPlus aria-hidden="true" /> Add an address
        </Button>
      )}
    </Stack>
  );
}
