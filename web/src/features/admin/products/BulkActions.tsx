import { useApolloClient } from "@apollo/client/react";
import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { BulkStatusPreviewDocument, type BulkStatusPreviewQuery, type ProductStatus } from "../gql/graphql";
import { useBulkStatusChange } from "./useBulkStatusChange";
import { UNREACHABLE } from "../useStaffSession";

type Target = Extract<ProductStatus, "ACTIVE" | "ARCHIVED">;
const VERB: Record<Target, string> = { ACTIVE: "Publish", ARCHIVED: "Archive" };
const plural = (n: number) => (n === 1 ? "1 product" : `${n.toLocaleString("en-US")} products`);

type Step =
  | { kind: "idle" }
  | { kind: "checking"; status: Target }
  | { kind: "confirm"; status: Target; preview: BulkStatusPreviewQuery["bulkStatusPreview"] }
  | { kind: "refused"; message: string };

/**
 * The products list's bulk actions (owners): the ticked products' prices changed on the Bulk price
 * change screen, or published or archived here, after a preview of what would change and a confirmation.
 */
export function BulkActions({ selectedIds, allFound, onDone, onClear }: { selectedIds: string[]; allFound: { count: number; address: string }; onDone(): void; onClear(): void }) {
  const client = useApolloClient();
  const { apply, applying } = useBulkStatusChange();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const selection = { by: "PRODUCT_IDS" as const, productIds: selectedIds };

  const check = async (status: Target) => {
    setStep({ kind: "checking", status });
    try {
      const { data } = await client.query({ query: BulkStatusPreviewDocument, variables: { selection, status }, fetchPolicy: "network-only" });
      setStep(data ? { kind: "confirm", status, preview: data.bulkStatusPreview } : { kind: "refused", message: UNREACHABLE });
    } catch (error) {
      setStep({ kind: "refused", message: error instanceof Error && !/fetch|network/i.test(error.message) ? error.message : UNREACHABLE });
    }
  };

  const confirm = async (status: Target, fingerprint: string) => {
    const done = await apply(selection, status, fingerprint);
    if (done.ok) {
      setStep({ kind: "idle" });
      onDone();
    } else setStep({ kind: "refused", message: done.message });
  };

  if (selectedIds.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Tick products to change their prices, publish or archive them together, or{" "}
        <Link to={allFound.address} style={{ textDecoration: "underline" }}>
          change the prices of all {plural(allFound.count)} found
        </Link>
        .
      </Text>
    );
  }
  return (
    <Box borderWidth="1px" borderRadius="lg" bg="bg.panel" p="3" role="region" aria-label="Bulk actions">
      <Stack gap="3">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" mr="2" aria-live="polite">
            {plural(selectedIds.length)} selected
          </Text>
          <Button asChild size="sm" colorPalette="brand">
            <Link to={`/admin/prices?ids=${selectedIds.map(encodeURIComponent).join(",")}`}>Change prices…</Link>
          </Button>
          {(["ACTIVE", "ARCHIVED"] as const).map((status) => (
            <Button key={status} size="sm" variant="outline" onClick={() => void check(status)} loading={step.kind === "checking" && step.status === status}>
              {VERB[status]}
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
        </HStack>
        {step.kind === "confirm" &&
          (step.preview.refusedCount > 0 ? (
            <Stack gap="1" role="alert">
              <Text color="fg.error" fontWeight="medium">
                {plural(step.preview.refusedCount)} cannot be published, so nothing was changed:
              </Text>
              {step.preview.products
                .filter((p) => p.refusal)
                .map((p) => (
                  <Text key={p.id} fontSize="sm" color="fg.error">
                    {p.title}: {p.refusal}
                  </Text>
                ))}
            </Stack>
          ) : step.preview.changedProductCount === 0 ? (
            <Text role="status">All {plural(step.preview.productCount)} already are {step.status === "ACTIVE" ? "active" : "archived"}.</Text>
          ) : (
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium">
                {VERB[step.status]} {plural(step.preview.changedProductCount)}?{step.status === "ACTIVE" ? " Shoppers see them at once." : " Shoppers no longer see them."}
              </Text>
              <Button size="sm" colorPalette={step.status === "ARCHIVED" ? "red" : "brand"} loading={applying} onClick={() => void confirm(step.status, step.preview.fingerprint)}>
                Yes, {VERB[step.status].toLowerCase()}
              </Button>
              <Button size="sm" variant="outline" disabled={applying} onClick={() => setStep({ kind: "idle" })}>
                Cancel
              </Button>
            </HStack>
          ))}
        {step.kind === "refused" && (
          <Text role="alert" color="fg.error">
            {step.message}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
