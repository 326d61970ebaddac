import { Button, chakra, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { Download, Upload } from "lucide-react";
import { useRef } from "react";
import { Alert } from "../../../components/ui/recipes/alert";
import { Panel } from "../Panel";
import { ImportCounts, ImportErrors, ImportProducts } from "./ImportReport";
import { EXPORT_URL, useCatalogImport, type CatalogImportReport } from "./useCatalogImport";

/**
 * /admin/import, the owner's: the whole catalog downloaded as CSV, and a CSV file previewed (nothing
 * written: what each product would become, every error by row and column) and then applied, all of
 * it or nothing. A chunk of its own, loaded when the owner opens it.
 */
export default function CatalogImportScreen() {
  const { state, choose, apply, reset } = useCatalogImport();
  const input = useRef<HTMLInputElement>(null);
  const report: CatalogImportReport | null = "report" in state ? state.report : null;
  const busy = state.step === "previewing" || state.step === "applying";
  const canApply = state.step === "previewed" && report !== null && report.errors.length === 0 && report.created + report.changed > 0;

  return (
    <Stack gap="5">
      <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
        Import and export
      </Heading>
      <Panel title="Export" id="export-heading">
        <Text>Every product in every status, one row per variant, in Shopify's product CSV layout. Edit it in a spreadsheet and import it back.</Text>
        <HStack>
          <Button asChild variant="outline">
            <a href={EXPORT_URL} download>
              <Download aria-hidden /> Download products.csv
            </a>
          </Button>
        </HStack>
      </Panel>
      <Panel title="Import" id="import-heading">
        <Text>
          Products are matched by Handle and variants by SKU (or their option values); a product in the file gets exactly the variants the file lists. Products the file does not name
          stay as they are. Shopify's column names work; image columns are ignored (upload images in the product editor).
        </Text>
        <HStack gap="3" wrap="wrap">
          <chakra.input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label="CSV file to import"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) void choose(file);
            }}
          />
          <Button colorPalette="brand" onClick={() => input.current?.click()} disabled={busy}>
            <Upload aria-hidden /> Choose a CSV file
          </Button>
          {state.step !== "idle" && state.file && (
            <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
              {state.file.name}
            </Text>
          )}
        </HStack>
        <div aria-live="polite">
          {state.step === "previewing" && (
            <HStack gap="2">
              <Spinner size="sm" /> <Text>Checking the file… nothing is written yet.</Text>
            </HStack>
          )}
          {state.step === "failed" && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{state.message}</Alert.Title>
            </Alert.Root>
          )}
          {state.step === "applied" && report && (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>
                Imported: {report.created} new, {report.changed} changed. Shoppers see it on their next visit.
              </Alert.Title>
            </Alert.Root>
          )}
        </div>
      </Panel>
      {report && (
        <Panel title={state.step === "applied" ? "Result" : "Preview"} id="preview-heading">
          <ImportCounts report={report} />
          {report.notices.map((notice) => (
            <Text key={notice} fontSize="sm" color="fg.muted">
              {notice}
            </Text>
          ))}
          {report.errors.length > 0 && <ImportErrors errors={report.errors} />}
          <ImportProducts products={report.products} />
          {state.step !== "applied" && (
            <HStack gap="3" wrap="wrap">
              <Button colorPalette="brand" onClick={() => void apply()} disabled={!canApply} loading={state.step === "applying"} loadingText="Importing…">
                Apply import
              </Button>
              <Button variant="outline" onClick={reset} disabled={state.step === "applying"}>
                Cancel
              </Button>
              {report.errors.length > 0 && <Text fontSize="sm">Fix the errors in the file and choose it again.</Text>}
            </HStack>
          )}
          {state.step === "applied" && (
            <HStack>
              <Button variant="outline" onClick={reset}>
                Import another file
              </Button>
            </HStack>
          )}
        </Panel>
      )}
    </Stack>
  );
}
