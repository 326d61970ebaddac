import { useCallback, useRef, useState } from "react";
import { UNREACHABLE } from "../useStaffSession";

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

export type ImportState =
  | { step: "idle" }
  | { step: "previewing"; file: File }
  | { step: "previewed"; file: File; report: CatalogImportReport }
  | { step: "applying"; file: File; report: CatalogImportReport }
  | { step: "applied"; file: File; report: CatalogImportReport }
  | { step: "failed"; file: File | null; message: string; report: CatalogImportReport | null };

function refusal(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // Not JSON (a proxy's page): the status says it.
  }
  if (status === 401 || status === 403) return "Your session has ended, or only the shop's owner may import: sign in again.";
  if (status === 413) return "The file is larger than 10 MB.";
  return UNREACHABLE;
}

async function send(file: File, apply: boolean): Promise<{ report: CatalogImportReport } | { message: string }> {
  try {
    const res = await fetch(`${IMPORT_URL}${apply ? "?apply=true" : ""}`, { method: "POST", headers: { "content-type": "text/csv" }, body: file, credentials: "same-origin" });
    const text = await res.text();
    if (!res.ok) return { message: refusal(res.status, text) };
    return { report: JSON.parse(text) as CatalogImportReport };
  } catch {
    return { message: UNREACHABLE };
  }
}

/**
 * A catalog import as the owner runs it: choose a file (previewed at once, nothing written), then
 * apply it (the gateway checks everything again and writes all of it or nothing).
 */
export function useCatalogImport() {
  const [state, setState] = useState<ImportState>({ step: "idle" });
  // A newer choice wins over an answer still on its way for an older one.
  const latest = useRef(0);

  const choose = useCallback(async (file: File) => {
    const turn = ++latest.current;
    if (file.size > MAX_CSV_BYTES) {
      setState({ step: "failed", file, message: "The file is larger than 10 MB: split it into smaller files.", report: null });
      return;
    }
    setState({ step: "previewing", file });
    const answer = await send(file, false);
    if (turn !== latest.current) return;
    setState("report" in answer ? { step: "previewed", file, report: answer.report } : { step: "failed", file, message: answer.message, report: null });
  }, []);

  const apply = useCallback(async () => {
    if (state.step !== "previewed") return;
    const { file, report } = state;
    const turn = ++latest.current;
    setState({ step: "applying", file, report });
    const answer = await send(file, true);
    if (turn !== latest.current) return;
    if (!("report" in answer)) setState({ step: "failed", file, message: answer.message, report });
    else if (answer.report.errors.length > 0) setState({ step: "previewed", file, report: answer.report });
    else setState({ step: "applied", file, report: answer.report });
  }, [state]);

  const reset = useCallback(() => {
    latest.current++;
    setState({ step: "idle" });
  }, []);

  return { state, choose, apply, reset };
}
