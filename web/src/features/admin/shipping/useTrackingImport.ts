import { useCsvImport } from "../csvImport";

/** What a row does (a preview) or did (applied); the gateway's TrackingImportOutcome. */
export type TrackingImportOutcome = "WILL_SHIP" | "SHIPPED" | "UNCHANGED" | "ERROR" | "FAILED";

/** The gateway's report (POST /api/admin/orders/tracking-import, described in its OpenAPI document). */
export interface TrackingImportReport {
  applied: boolean;
  rows: {
    row: number;
    orderText: string;
    orderNumber: number | null;
    orderId: string | null;
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    outcome: TrackingImportOutcome;
    message: string;
  }[];
  willShip: number;
  shipped: number;
  unchanged: number;
  errors: number;
}

const IMPORT_URL = "/api/admin/orders/tracking-import";
/** The gateway's limit (tracking-import.rules.ts): refused here at once rather than after the upload. */
const MAX_CSV_BYTES = 1024 * 1024;

/** The file as chosen or pasted: its bytes and a name to show. */
export interface TrackingFile {
  name: string;
  body: Blob;
}


const OPTIONS = {
  url: IMPORT_URL,
  maxBytes: MAX_CSV_BYTES,
  blobOf: (file: TrackingFile) => file.body,
  messages: { tooLarge: "The file is larger than 1 MB: split it into smaller files.", signIn: "Your session has ended: sign in again." },
};

/**
 * A tracking import as staff run it: choose or paste a file (previewed at once, nothing written),
 * then apply it (the gateway checks every row again and ships each order it can, one by one).
 */
export function useTrackingImport() {
  return useCsvImport<TrackingFile, TrackingImportReport>(OPTIONS);
}
