import { useQuery } from "@apollo/client/react";
import { Badge, Button, Heading, HStack, Skeleton, Stack, Text, Wrap } from "@chakra-ui/react";
import { useState } from "react";
import { EmptyState } from "../../components/StateMessage";
import { ApiTokensDocument, type ApiTokenRow_TokenFragment } from "./gql/graphql";
import { formatDateTime } from "./adminFormat";
import { AdminQueryError } from "./AdminQueryError";
import { ApiTokenForm } from "./ApiTokenForm";
import { Panel } from "./Panel";
import { useApiTokens } from "./useApiTokens";

function TokenRow({ token }: { token: ApiTokenRow_TokenFragment }) {
  const { revokeToken, revoking } = useApiTokens();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack as="li" gap="2" borderWidth="1px" borderRadius="md" p="3" opacity={token.revokedAt ? 0.7 : 1}>
      <HStack justify="space-between" align="start" wrap="wrap" gap="2">
        <Stack gap="1">
          <HStack gap="2">
            <Text fontWeight="semibold">{token.name}</Text>
            {token.revokedAt ? <Badge colorPalette="gray">Revoked</Badge> : <Badge colorPalette="green">Active</Badge>}
          </HStack>
          <Wrap gap="1">
            {token.scopes.map((scope) => (
              <Badge key={scope} variant="outline" fontFamily="mono">
                {scope}
              </Badge>
            ))}
          </Wrap>
        </Stack>
        {!token.revokedAt &&
          (confirming ? (
            <HStack gap="2">
              <Button size="sm" colorPalette="red" loading={revoking} onClick={() => void revokeToken(token.id, token.name).then(() => setConfirming(false))}>
                Confirm revoke
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </HStack>
          ) : (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`}>
              Revoke
            </Button>
          ))}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        Created {formatDateTime(token.createdAt)} · Last used {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "never"}
        {token.revokedAt && ` · Revoked ${formatDateTime(token.revokedAt)}`}
      </Text>
    </Stack>
  );
}

/** API tokens for integrations (owner only): the list, a new one, revoking. */
export function ApiTokensScreen() {
  const { data, loading, error, refetch } = useQuery(ApiTokensDocument, { fetchPolicy: "cache-and-network", ssr: false });
  const tokens = data?.apiTokens;
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          API tokens
        </Heading>
        <Text color="fg.muted">Integrations send a token as "Authorization: Bearer …" to /graphql.</Text>
      </Stack>
      <Panel title="New token" id="new-token">
        <ApiTokenForm />
      </Panel>
      <Panel title="Tokens" id="token-list">
        {tokens ? (
          tokens.length === 0 ? (
            <EmptyState title="No tokens yet" description="Create one above for each integration." />
          ) : (
            <Stack as="ul" listStyleType="none" gap="3" aria-label="API tokens">
              {tokens.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </Stack>
          )
        ) : loading ? (
          <Stack gap="2" role="status" aria-label="Loading tokens">
            <Skeleton height="16" />
            <Skeleton height="16" />
          </Stack>
        ) : (
          <AdminQueryError error={error} what="API tokens" onRetry={() => void refetch().catch(() => undefined)} />
        )}
      </Panel>
    </Stack>
  );
}
