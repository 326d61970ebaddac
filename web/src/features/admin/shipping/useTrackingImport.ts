import { useCallback, useRef, useState } from "react";
import { UNREACHABLE } from "../useStaffSession";

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

export type TrackingImportState =
  | { step: "idle" }
  | { step: "previewing"; file: TrackingFile }
  | { step: "previewed"; file: TrackingFile; report: TrackingImportReport }
  | { step: "applying"; file: TrackingFile; report: TrackingImportReport }
  | { step: "applied"; file: TrackingFile; report: TrackingImportReport }
  | { step: "failed"; file: TrackingFile | null; message: string; report: TrackingImportReport | null };

function refusal(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // Not JSON (a proxy's page): the status says it.
  }
  if (status === 401 || status === 403) return "Your session has ended: sign in again.";
  if (status === 413) return "The file is larger than 1 MB: split it into smaller files.";
  return UNREACHABLE;
}

async function send(file: TrackingFile, apply: boolean): Promise<{ report: TrackingImportReport } | { message: string }> {
  try {
    const res = await fetch(`${IMPORT_URL}${apply ? "?apply=true" : ""}`, { method: "POST", headers: { "content-type": "text/csv" }, body: file.body, credentials: "same-origin" });
    const text = await res.text();
    if (!res.ok) return { message: refusal(res.status, text) };
    return { report: JSON.parse(text) as TrackingImportReport };
  } catch {
    return { message: UNREACHABLE };
  }
}

/**
 * A tracking import as staff run it: choose or paste a file (previewed at once, nothing written),
 * then apply it (the gateway checks every row again and ships each order it can, one by one).
 */
export function useTrackingImport() {
  const [state, setState] = useState<TrackingImportState>({ step: "idle" });
  // A newer choice wins over an answer still on its way for an older one.
  const latest = useRef(0);

  const choose = useCallback(async (file: TrackingFile) => {
    const turn = ++latest.current;
    if (file.body.size > MAX_CSV_BYTES) {
      setState({ step: "failed", file, message: "The file is larger than 1 MB: split it into smaller files.", report: null });
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
    setState("report" in answer ? { step: "applied", file, report: answer.report } : { step: "failed", file, message: answer.message, report });
  }, [state]);

  const reset = useCallback(() => {
    latest.current++;
    setState({ step: "idle" });
  }, []);

  return { state, choose, apply, reset };
}
