import { useCsvImport } from "../csvImport";

/** The gateway's report of an import or a preview (POST /api/admin/catalog/import, described in its OpenAPI document). */
export interface CatalogImportReport {
  applied: boolean;
  rowCount: number;
  created: number;
  changed: number;
  unchanged: number;
  products: { row: number; handle: string; title: string; action: "CREATE" | "UPDATE" | "UNCHANGED"; changes: string[] }[];
  errors: { row: number | null; column: string | null; message: string }[];
  notices: string[];
}

export const EXPORT_URL = "/api/admin/catalog/products.csv";
const IMPORT_URL = "/api/admin/catalog/import";
/** The gateway's limit (catalog-csv-format.ts): refused here at once rather than after the upload. */
const MAX_CSV_BYTES = 10 * 1024 * 1024;


const OPTIONS = {
  url: IMPORT_URL,
  maxBytes: MAX_CSV_BYTES,
  blobOf: (file: File) => file,
  messages: { tooLarge: "The file is larger than 10 MB: split it into smaller files.", signIn: "Your session has ended, or only the shop's owner may import: sign in again." },
  // Errors found on apply: nothing was written, and the preview shows them.
  backToPreview: (report: CatalogImportReport) => report.errors.length > 0,
};

/**
 * A catalog import as the owner runs it: choose a file (previewed at once, nothing written), then
 * apply it (the gateway checks everything again and writes all of it or nothing).
 */
export function useCatalogImport() {
  return useCsvImport<File, CatalogImportReport>(OPTIONS);
}
