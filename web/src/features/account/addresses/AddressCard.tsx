import { Badge, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import type { SavedAddressFragment } from "../../../gql/graphql";
import { useAddressActions } from "./useAddressMutations";

/** One saved address: as a label prints it, its Default badge, and Edit, Make default and Delete (asked twice). */
export function AddressCard({ address, onEdit }: { address: SavedAddressFragment; onEdit(): void }) {
  const { deleteAddress, chooseDefault, busy } = useAddressActions();
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const summary = address.formatted.slice(0, 2).join(", ");

  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4" borderColor={address.isDefault ? "brand.solid" : undefined}>
      <Stack gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Box as="address" fontStyle="normal" wordBreak="break-word">
            {address.formatted.map((line, i) => (
              <Text key={i} fontWeight={i === 0 ? "semibold" : undefined}>
                {line}
              </Text>
            ))}
            {address.phone && (
              <Text color="fg.muted" fontSize="sm">
                {address.phone}
              </Text>
            )}
          </Box>
          {address.isDefault && (
            <Badge colorPalette="brand" variant="subtle" flexShrink={0}>
              Default
            </Badge>
          )}
        </HStack>
        {confirming ? (
          <Stack gap="2" role="group" aria-label={`Delete ${summary}?`}>
            <Text fontWeight="medium">Delete this address? This cannot be undone.</Text>
            <HStack gap="2" wrap="wrap">
              <Button
                size="sm"
                colorPalette="red"
                loading={busy}
                onClick={async () => {
                  if (!(await deleteAddress(address.id))) setConfirming(false);
                }}
              >
                Delete address
              </Button>
              <Button ref={keep} size="sm" variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </HStack>
          </Stack>
        ) : (
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${summary}`} disabled={busy}>
              Edit
            </Button>
            {!address.isDefault && (
              <Button size="sm" variant="outline" onClick={() => void chooseDefault(address.id)} aria-label={`Make ${summary} the default`} loading={busy}>
                Make default
              </Button>
            )}
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} aria-label={`Delete ${summary}`} disabled={busy}>
              Delete
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}
