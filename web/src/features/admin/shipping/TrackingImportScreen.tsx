import { Badge, Box, Button, chakra, Heading, HStack, Link as ChakraLink, Spinner, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../../components/ui/recipes/alert";
import { Table } from "../../../components/ui/recipes/table";
import { Textarea } from "../../../components/ui/recipes/textarea";
import { Panel } from "../Panel";
import { useTrackingImport, type TrackingImportOutcome, type TrackingImportReport } from "./useTrackingImport";

const OUTCOME: Record<TrackingImportOutcome, { label: string; palette: string }> = {
  WILL_SHIP: { label: "Will ship", palette: "green" },
  SHIPPED: { label: "Shipped", palette: "green" },
  UNCHANGED: { label: "Unchanged", palette: "gray" },
  ERROR: { label: "Error", palette: "red" },
  FAILED: { label: "Failed", palette: "red" },
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Counts({ report, applied }: { report: TrackingImportReport; applied: boolean }) {
  return (
    <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" aria-label="Summary">
      <li>
        <Badge variant="outline">{plural(report.rows.length, "row")}</Badge>
      </li>
      <li>
        <Badge colorPalette="green">{applied ? `${report.shipped} shipped` : `${report.willShip} will ship`}</Badge>
      </li>
      <li>
        <Badge colorPalette="gray">{report.unchanged} unchanged</Badge>
      </li>
      <li>
        <Badge colorPalette={report.errors > 0 ? "red" : "gray"}>{plural(report.errors, applied ? "failed" : "error", applied ? "failed" : "errors")}</Badge>
      </li>
    </HStack>
  );
}

/** Every row: the order it names, the tracking, and what happens (or happened) to it. */
function TrackingImportRows({ rows }: { rows: TrackingImportReport["rows"] }) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="outline" aria-label="Rows of the file">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="12">Row</Table.ColumnHeader>
            <Table.ColumnHeader>Order and tracking</Table.ColumnHeader>
            <Table.ColumnHeader>Outcome</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.row}>
              <Table.Cell>{row.row}</Table.Cell>
              <Table.Cell minW="28">
                <Text fontWeight="medium">
                  {row.orderId && row.orderNumber !== null ? (
                    <ChakraLink asChild color="brand.fg">
                      <Link to={`/admin/orders/${encodeURIComponent(row.orderId)}`}>#{row.orderNumber}</Link>
                    </ChakraLink>
                  ) : (
                    row.orderText || "—"
                  )}
                </Text>
                <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                  {[row.carrier, row.trackingNumber].filter(Boolean).join(" ") || "—"}
                </Text>
              </Table.Cell>
              <Table.Cell minW="36">
                <Stack gap="1" align="start">
                  <Badge colorPalette={OUTCOME[row.outcome].palette}>{OUTCOME[row.outcome].label}</Badge>
                  {/* A row that ships says so by its badge; any other says why. */}
                  {row.outcome !== "WILL_SHIP" && row.outcome !== "SHIPPED" && (
                    <Text fontSize="sm" wordBreak="break-word">
                      {row.message}
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/**
 * /admin/orders/import-tracking: a CSV of order number, carrier and tracking number (chosen or
 * pasted) previewed row by row, nothing written; then applied: each order the file can ship is
 * marked shipped and its customer emailed, and each row says what happened.
 */
export default function TrackingImportScreen() {
  const { state, choose, apply, reset } = useTrackingImport();
  const input = useRef<HTMLInputElement>(null);
  const [pasted, setPasted] = useState("");
  const report = "report" in state ? state.report : null;
  const busy = state.step === "previewing" || state.step === "applying";
  const applied = state.step === "applied";
  const canApply = state.step === "previewed" && report !== null && report.willShip > 0;

  return (
    <Stack gap="5">
      <Button asChild variant="ghost" size="sm" alignSelf="start" ms="-2">
        <Link to="/admin/orders">
          <ArrowLeft aria-hidden="true" /> All orders
        </Link>
      </Button>
      <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
        Import tracking
      </Heading>
      <Panel title="File" id="tracking-file-heading">
        <Text>
          A CSV with a header row and the columns <strong>order number</strong>, <strong>carrier</strong> and <strong>tracking number</strong>, and optionally{" "}
          <strong>tracking url</strong>; at most 1,000 rows. USPS, UPS, FedEx and DHL need no URL; any other carrier does. Nothing is shipped until you apply the preview.
        </Text>
        <HStack gap="3" wrap="wrap">
          <chakra.input
            ref={input}
            type="file"
            accept=".csv,text/csv,text/plain"
            hidden
            aria-label="CSV file of tracking numbers"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) void choose({ name: file.name, body: file });
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
        <Stack gap="2">
          <chakra.label htmlFor="tracking-paste" fontWeight="medium" fontSize="sm">
            Or paste the rows
          </chakra.label>
          <Textarea
            id="tracking-paste"
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            rows={4}
            fontFamily="mono"
            fontSize="sm"
            placeholder={"order number,carrier,tracking number\n#1004,UPS,1Z999AA10123456784"}
          />
          <HStack>
            <Button variant="outline" disabled={busy || pasted.trim() === ""} onClick={() => void choose({ name: "Pasted rows", body: new Blob([pasted], { type: "text/csv" }) })}>
              Preview pasted rows
            </Button>
          </HStack>
        </Stack>
        <div aria-live="polite">
          {state.step === "previewing" && (
            <HStack gap="2">
              <Spinner size="sm" /> <Text>Checking the file… nothing is shipped yet.</Text>
            </HStack>
          )}
          {state.step === "failed" && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{state.message}</Alert.Title>
            </Alert.Root>
          )}
          {applied && report && (
            <Alert.Root status={report.errors > 0 ? "warning" : "success"}>
              <Alert.Indicator />
              <Alert.Title>
                {plural(report.shipped, "order")} shipped and {report.shipped === 1 ? "its customer" : "their customers"} emailed
                {report.unchanged > 0 ? `; ${report.unchanged} already shipped` : ""}
                {report.errors > 0 ? `; ${report.errors} failed (see below)` : ""}.
              </Alert.Title>
            </Alert.Root>
          )}
        </div>
      </Panel>
      {report && (
        <Panel title={applied ? "Result" : "Preview"} id="tracking-preview-heading">
          <Counts report={report} applied={applied} />
          <TrackingImportRows rows={report.rows} />
          {!applied && (
            <HStack gap="3" wrap="wrap">
              <Button colorPalette="brand" onClick={() => void apply()} disabled={!canApply} loading={state.step === "applying"} loadingText="Shipping…">
                {report.willShip > 0 ? `Ship ${plural(report.willShip, "order")}` : "Nothing to ship"}
              </Button>
              <Button variant="outline" onClick={reset} disabled={state.step === "applying"}>
                Cancel
              </Button>
              {report.errors > 0 && report.willShip > 0 && <Text fontSize="sm">Rows with errors are skipped; fix them and import them again.</Text>}
            </HStack>
          )}
          {applied && (
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
