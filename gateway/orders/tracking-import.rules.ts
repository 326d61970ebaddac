import { CsvError, parse } from "csv-parse/sync";
import { checkTracking } from "./carriers.js";
import type { FulfillmentStatus } from "./order.records.js";

// A tracking import (pure): the file read into rows, and what each row would do to the order it
// names. The service loads the orders the file names and applies the plan; it plans again on apply,
// so a preview is never trusted.

/** The largest file taken (1 MiB). */
export const MAX_TRACKING_CSV_BYTES = 1024 * 1024;
/** The most rows beside the header. */
export const MAX_TRACKING_CSV_ROWS = 1000;

/** One row of the file, trimmed; row as a spreadsheet numbers it (the header is row 1). */
export interface TrackingCsvRow {
  row: number;
  /** The order number cell as written (trimmed). */
  orderText: string;
  /** The order number ("#1004" or "1004"); null when the cell is not one. */
  orderNumber: number | null;
  carrier: string;
  trackingNumber: string;
  /** Blank is null. */
  trackingUrl: string | null;
}

export type ParsedTrackingCsv = { rows: TrackingCsvRow[] } | { error: string };

/** The header names each column is known by (lower case, spaces, "_" and "-" alike). */
const COLUMN_NAMES = {
  order: ["order number", "order", "order no", "order #", "order id", "name"],
  carrier: ["carrier", "shipping carrier", "tracking company"],
  number: ["tracking number", "tracking", "tracking no", "tracking #"],
  url: ["tracking url", "tracking link", "url"],
} as const;

type Column = keyof typeof COLUMN_NAMES;

const normaliseHeader = (cell: string) => cell.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");

/** "#1004", "1004", " # 1004 " → 1004; anything else null. */
export function parseOrderNumber(text: string): number | null {
  const match = /^#?\s*(\d{1,9})$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}

const MB = MAX_TRACKING_CSV_BYTES / (1024 * 1024);

/**
 * Reads the file: UTF-8 with or without a byte-order mark, CRLF or LF, RFC 4180 quoting; a header
 * row naming the columns (order number, carrier, tracking number, optionally tracking url, in any
 * order); blank rows skipped. The whole file is refused (an error, no rows) when it is too large,
 * not text, not CSV, lacks a column, has no rows or more than MAX_TRACKING_CSV_ROWS.
 */
export function parseTrackingCsv(input: Buffer | string): ParsedTrackingCsv {
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : input;
  if (bytes.length > MAX_TRACKING_CSV_BYTES) return { error: `The file is larger than ${MB} MB: split it into smaller files` };
  if (bytes.includes(0)) return { error: "This is not a CSV file: it holds binary data" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { error: "The file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8" };
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return { error: `The file is not valid CSV${line ? ` near line ${line}` : ""}: ${error.message.replace(/^[^:]*: /, "")}` };
    }
    throw error;
  }
  const isBlank = (record: string[]) => record.every((cell) => cell.trim() === "");
  const headerIndex = records.findIndex((r) => !isBlank(r));
  if (headerIndex < 0) return { error: "The file is empty" };
  const columns = readHeader(records[headerIndex]!);
  if ("error" in columns) return columns;
  const rows: TrackingCsvRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (isBlank(record)) continue;
    if (rows.length === MAX_TRACKING_CSV_ROWS) return { error: `The file has more than ${MAX_TRACKING_CSV_ROWS} rows beside the header: split it into smaller files` };
    const cell = (column: Column) => {
      const index = columns[column];
      return index === undefined ? "" : (record[index] ?? "").trim();
    };
    const orderText = cell("order");
    const url = cell("url");
    rows.push({ row: i + 1, orderText, orderNumber: parseOrderNumber(orderText), carrier: cell("carrier"), trackingNumber: cell("number"), trackingUrl: url === "" ? null : url });
  }
  if (rows.length === 0) return { error: "The file has a header but no rows" };
  return { rows };
}

function readHeader(header: string[]): Partial<Record<Column, number>> | { error: string } {
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((cell, index) => {
    const name = normaliseHeader(cell);
    for (const column of Object.keys(COLUMN_NAMES) as Column[]) {
      if ((COLUMN_NAMES[column] as readonly string[]).includes(name) && columns[column] === undefined) columns[column] = index;
    }
  });
  const missing = (["order", "carrier", "number"] as const).filter((c) => columns[c] === undefined);
  if (missing.length > 0) {
    const names = { order: "order number", carrier: "carrier", number: "tracking number" };
    return { error: `The header row must name the columns order number, carrier and tracking number (tracking url optional); missing: ${missing.map((c) => names[c]).join(", ")}` };
  }
  return columns;
}

/** What the import knows of an order the file names. */
export interface ImportOrderState {
  id: string;
  orderNumber: number;
  fulfillmentStatus: FulfillmentStatus;
  carrier: string | null;
  trackingNumber: string | null;
}

type PlannedAction = "SHIP" | "UNCHANGED" | "ERROR";

export interface PlannedRow {
  row: number;
  orderText: string;
  orderNumber: number | null;
  /** The order's id when the file names a known order. */
  orderId: string | null;
  /** The carrier as it would be kept (a known carrier's own spelling), or as written when the row is refused. */
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  action: PlannedAction;
  /** What will happen, or why not, in words. */
  message: string;
}

const sameTracking = (order: ImportOrderState, carrier: string, trackingNumber: string) =>
  order.trackingNumber === trackingNumber && (order.carrier ?? "").trim().toLowerCase() === carrier.trim().toLowerCase();

/**
 * What each row does to the order it names, given the orders found by number: SHIP (an order not
 * yet shipped nor cancelled, with a valid carrier and number), UNCHANGED (already shipped with this
 * very carrier and number: importing the file again changes nothing), or ERROR with the reason. An
 * order number on more than one row is an error on each of them: the file does not say which holds.
 */
export function planTrackingImport(rows: readonly TrackingCsvRow[], orders: ReadonlyMap<number, ImportOrderState>): PlannedRow[] {
  const rowsOf = new Map<number, number[]>();
  for (const r of rows) if (r.orderNumber !== null) rowsOf.set(r.orderNumber, [...(rowsOf.get(r.orderNumber) ?? []), r.row]);
  return rows.map((r) => {
    const base = { row: r.row, orderText: r.orderText, orderNumber: r.orderNumber, orderId: null, carrier: r.carrier, trackingNumber: r.trackingNumber, trackingUrl: r.trackingUrl };
    const refuse = (message: string, orderId: string | null = null): PlannedRow => ({ ...base, orderId, action: "ERROR", message });
    if (r.orderText === "") return refuse("The order number is missing");
    if (r.orderNumber === null) return refuse(`"${clip(r.orderText)}" is not an order number`);
    const sameNumber = rowsOf.get(r.orderNumber)!;
    if (sameNumber.length > 1) return refuse(`Order #${r.orderNumber} is in the file more than once (rows ${sameNumber.join(", ")})`);
    const order = orders.get(r.orderNumber);
    if (!order) return refuse(`No order has the number #${r.orderNumber}`);
    const resolved = checkTracking(r.carrier, r.trackingNumber, r.trackingUrl);
    if ("error" in resolved) return refuse(resolved.error, order.id);
    const planned = { ...base, orderId: order.id, carrier: resolved.carrier, trackingUrl: resolved.trackingUrl };
    if (order.fulfillmentStatus === "CANCELLED") return { ...planned, action: "ERROR", message: `Order #${order.orderNumber} is cancelled` };
    if (order.fulfillmentStatus === "FULFILLED") {
      if (sameTracking(order, resolved.carrier, r.trackingNumber)) return { ...planned, action: "UNCHANGED", message: "Already shipped with this tracking" };
      return {
        ...planned,
        action: "ERROR",
        message: `Already shipped with ${order.carrier ?? "another carrier"} ${order.trackingNumber ?? ""}`.trimEnd() + ": to correct it, use the order's page",
      };
    }
    return { ...planned, action: "SHIP", message: `Will ship with ${resolved.carrier} ${r.trackingNumber}` };
  });
}

/** A long value shortened for a message. */
const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 37)}…` : text);
