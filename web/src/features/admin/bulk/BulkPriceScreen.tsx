import { skipToken, useQuery } from "@apollo/client/react";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { Box, Button, Field, Heading, HStack, Input, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Alert } from "../../../components/ui/recipes/alert";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import { AdminQueryError } from "../AdminQueryError";
import { Panel } from "../Panel";
import { BulkPricePreviewDocument, type BulkPriceChangeInput, type BulkSelectionInput } from "../gql/graphql";
import { changeInput, selectionFromParams, selectionInput, selectionParams, type ChangeKind, type SelectionDraft } from "./bulkSelection";
import { PricePreview, PreviewSummary } from "./PricePreview";
import { SelectionFields } from "./SelectionFields";
import type { BulkOutcome } from "../products/useBulkStatusChange";
import { useBulkPriceChange } from "./useBulkPriceChange";

const PREVIEW_PAGE_SIZE = 25;

interface Request {
  selection: BulkSelectionInput;
  change: BulkPriceChangeInput;
}

/** A refusal the gateway explains (a bad field, too many products): its words; anything else is the usual error state. */
function explained(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const first = error.errors[0];
  const code = first?.extensions?.code;
  return code === "BAD_USER_INPUT" || code === "INVALID_INPUT" || code === "TOO_LARGE" ? (first?.message ?? null) : null;
}

/**
 * /admin/prices (owners): choose products (a collection, a search, or those ticked in the products
 * list), a change (a percentage or an amount), preview every variant's old and new price, then
 * apply after confirming. The gateway applies exactly what was previewed, or refuses.
 */
export default function BulkPriceScreen() {
  const [params, setParams] = useSearchParams();
  const [selection, setSelection] = useState<SelectionDraft>(() => selectionFromParams(params));
  const [changeKind, setChangeKind] = useState<ChangeKind>("percent");
  const [changeText, setChangeText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [request, setRequest] = useState<Request | null>(null);
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const { apply, applying } = useBulkPriceChange();

  const preview = useQuery(BulkPricePreviewDocument, request ? { variables: { ...request, page, pageSize: PREVIEW_PAGE_SIZE }, fetchPolicy: "network-only", ssr: false } : skipToken);
  const shown = request ? preview.data?.bulkPricePreview : undefined;

  // Anything changed after a preview takes it away: what is applied is always what is shown.
  const forget = () => {
    setRequest(null);
    setConfirming(false);
    setOutcome(null);
  };
  const changeSelection = (next: SelectionDraft) => {
    setSelection(next);
    setParams(selectionParams(next), { replace: true });
    forget();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = selectionInput(selection);
    if (!chosen) return setProblem(selection.kind === "collection" ? "Choose a collection" : "Tick products in the products list first");
    const typed = changeInput(changeKind, changeText);
    if ("problem" in typed) return setProblem(typed.problem);
    setProblem(null);
    setOutcome(null);
    setConfirming(false);
    setPage(1);
    setRequest({ selection: chosen, change: typed.change });
  };

  const confirm = async () => {
    if (!request || !shown) return;
    const done = await apply(request.selection, request.change, shown.fingerprint);
    setConfirming(false);
    setOutcome(done);
    if (done.ok) setRequest(null);
    else if (done.code === "CONFLICT") void preview.refetch().catch(() => undefined);
  };

  const ticked = selection.productIds.length;
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Bulk price change
        </Heading>
        <Text color="fg.muted">
          Change the prices of many products at once. Percentages change compare-at prices alike, so a sale keeps its percent off; prices are rounded half-up to the cent.
        </Text>
      </Stack>
      <form onSubmit={submit} aria-label="Price change" noValidate>
        <Stack gap="4">
          <Panel title="Products" id="bulk-products">
            <SelectionFields selection={selection} onChange={changeSelection} />
            {ticked > 0 && selection.kind === "ids" && (
              <Text fontSize="sm">
                <Link to="/admin/products" style={{ textDecoration: "underline" }}>
                  Back to the products list
                </Link>
              </Text>
            )}
          </Panel>
          <Panel title="Change" id="bulk-change">
            <Stack direction={{ base: "column", md: "row" }} gap="3" align={{ md: "end" }}>
              <Field.Root maxW={{ md: "60" }}>
                <Field.Label>Change prices</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="changeKind"
                    bg="bg.panel"
                    value={changeKind}
                    onChange={(e) => {
                      setChangeKind(e.target.value as ChangeKind);
                      forget();
                    }}
                  >
                    <option value="percent">By a percentage</option>
                    <option value="amount">To an amount</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root invalid={problem !== null} flex="1">
                <Field.Label>{changeKind === "percent" ? "Percentage (e.g. -15 for 15% off, 10 for 10% more)" : "New price in dollars"}</Field.Label>
                <Input
                  name="change"
                  inputMode="decimal"
                  bg="bg.panel"
                  placeholder={changeKind === "percent" ? "-15" : "24.99"}
                  value={changeText}
                  onChange={(e) => {
                    setChangeText(e.target.value);
                    forget();
                  }}
                />
                {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
              </Field.Root>
              <Button type="submit" colorPalette="brand" loading={preview.loading && !shown}>
                Preview
              </Button>
            </Stack>
          </Panel>
        </Stack>
      </form>

      {outcome && (
        <Alert.Root status={outcome.ok ? "success" : "error"}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{outcome.ok ? "Prices changed" : "Nothing was changed"}</Alert.Title>
            <Alert.Description>
              {outcome.ok
                ? outcome.productCount === 0
                  ? "The products already had these prices."
                  : `${outcome.productCount.toLocaleString("en-US")} products, ${outcome.variantCount.toLocaleString("en-US")} variant prices. Shoppers see the new prices now.`
                : outcome.message}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {request && (
        <Box as="section" aria-labelledby="bulk-preview">
          <Stack gap="4">
            <Heading as="h2" size="lg" id="bulk-preview">
              Preview
            </Heading>
            {!shown && preview.loading ? (
              <Stack gap="2" role="status" aria-label="Loading the preview">
                {Array.from({ length: 3 }, (_, i) => (
                  <Skeleton key={i} height="24" borderRadius="lg" />
                ))}
              </Stack>
            ) : !shown ? (
              explained(preview.error) ? (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>This change cannot be previewed</Alert.Title>
                    <Alert.Description>{explained(preview.error)}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : (
                <AdminQueryError error={preview.error} what="the preview" onRetry={() => void preview.refetch().catch(() => undefined)} />
              )
            ) : (
              <>
                <PreviewSummary preview={shown} />
                {shown.productCount > 0 && shown.refusedCount === 0 && shown.changedProductCount > 0 && (
                  <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" p={{ base: "3", md: "4" }}>
                    {confirming ? (
                      <Stack gap="3">
                        <Text fontWeight="medium">
                          Change {shown.changedVariantCount.toLocaleString("en-US")} variant prices of {shown.changedProductCount.toLocaleString("en-US")} products now? Shoppers see them at once.
                        </Text>
                        <HStack gap="2" wrap="wrap">
                          <Button colorPalette="brand" onClick={() => void confirm()} loading={applying}>
                            Yes, change prices
                          </Button>
                          <Button variant="outline" onClick={() => setConfirming(false)} disabled={applying}>
                            Cancel
                          </Button>
                        </HStack>
                      </Stack>
                    ) : (
                      <Button colorPalette="brand" onClick={() => setConfirming(true)}>
                        Apply to {shown.changedProductCount.toLocaleString("en-US")} products
                      </Button>
                    )}
                  </Box>
                )}
                <PricePreview preview={shown} onPage={setPage} />
              </>
            )}
          </Stack>
        </Box>
      )}
      {!request && !outcome && (
        <Text color="fg.muted" fontSize="sm">
          Choose the products and the change, then Preview: nothing changes until you apply it.
        </Text>
      )}
    </Stack>
  );
}
