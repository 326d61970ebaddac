import { Box, Button, Field, Input, Stack, Text } from "@chakra-ui/react";
import { Alert } from "../components/ui/recipes/alert";
import { useApolloClient } from "@apollo/client/react";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { InfoPage } from "../features/info/InfoPage";
import { parseOrderNumber } from "../features/info/orderNumber";
import { SUPPORT_EMAIL } from "../features/info/policies";
import { TrackRouteDocument } from "../gql/graphql";

type Outcome = { kind: "found"; orderNumber: number; statusUrl: string } | { kind: "not-found" } | { kind: "error"; message: string };

export default function TrackRoute() {
  const client = useApolloClient();
  const [orderNumberText, setOrderNumberText] = useState("");
  const [email, setEmail] = useState("");
  const [numberError, setNumberError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [searching, setSearching] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const orderNumber = parseOrderNumber(orderNumberText);
    if (orderNumber === null) {
      setNumberError("Enter the order number from your confirmation, e.g. 1001.");
      return;
    }
    setNumberError(null);
    setSearching(true);
    setOutcome(null);
    try {
      // The gateway answers null when number and email don't match: it never says which was wrong.
      const { data } = await client.query({ query: TrackRouteDocument, variables: { orderNumber, email: email.trim() }, fetchPolicy: "network-only" });
      const statusUrl = data?.orderStatusLookup;
      setOutcome(statusUrl ? { kind: "found", orderNumber, statusUrl } : { kind: "not-found" });
    } catch (error) {
      const message = CombinedGraphQLErrors.is(error) ? error.errors[0]?.message : null;
      setOutcome({ kind: "error", message: message ?? "We couldn't reach the shop. Please try again." });
    } finally {
      setSearching(false);
    }
  };

  return (
    <InfoPage
      title="Track Your Order"
      description="Find your order's status page with your order number and email."
      lead="Enter the order number from your confirmation and the email you ordered with."
    >
      <Box asChild borderWidth="1px" borderRadius="lg" p={{ base: "4", md: "6" }} bg="bg.panel" mb="8">
        <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <Field.Root required invalid={numberError !== null}>
            <Field.Label>Order number</Field.Label>
            <Input
              name="orderNumber"
              inputMode="numeric"
              autoComplete="off"
              placeholder="1001"
              value={orderNumberText}
              onChange={(e) => setOrderNumberText(e.target.value)}
            />
            {numberError && <Field.ErrorText>{numberError}</Field.ErrorText>}
          </Field.Root>
          <Field.Root required>
            <Field.Label>Email</Field.Label>
            <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={searching} alignSelf="start">
            Find my order
          </Button>
        </Stack>
        </form>
      </Box>

      <Box aria-live="polite">
        {outcome?.kind === "found" && (
          <Alert.Root status="success" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content gap="3">
              <Alert.Title>We found order #{outcome.orderNumber}.</Alert.Title>
              <Button asChild colorPalette="brand" size="sm" alignSelf="start">
                <a href={outcome.statusUrl} data-button="">
                  View order status
                </a>
              </Button>
            </Alert.Content>
          </Alert.Root>
        )}
        {outcome?.kind === "not-found" && (
          <Alert.Root status="warning" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>We couldn't find an order with that number and email.</Alert.Title>
              <Alert.Description>Check both against your confirmation and try again.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {outcome?.kind === "error" && (
          <Alert.Root status="error" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{outcome.message}</Alert.Title>
            </Alert.Content>
          </Alert.Root>
        )}
      </Box>

      <Text mt="8">
        Still stuck? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or read about <Link to="/shipping">shipping times</Link>.
      </Text>
    </InfoPage>
  );
}
