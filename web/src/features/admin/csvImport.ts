import { useCallback, useRef, useState } from "react";
import { UNREACHABLE } from "./useStaffSession";

// A CSV import as staff run it (the catalog's, the tracking's): choose a file (previewed at once,
// nothing written), then apply it (the gateway checks everything again). POSTed as text/csv to the
// import's address, `?apply=true` to apply; the gateway answers its report, or `{"error": "…"}`.

export type CsvImportState<F, R> =
  | { step: "idle" }
  | { step: "previewing"; file: F }
  | { step: "previewed"; file: F; report: R }
  | { step: "applying"; file: F; report: R }
  | { step: "applied"; file: F; report: R }
  | { step: "failed"; file: F | null; message: string; report: R | null };

interface Options<F, R> {
  url: string;
  /** The gateway's limit: a larger file is refused here at once rather than after the upload. */
  maxBytes: number;
  blobOf(file: F): Blob;
  /** What to say of a file over the limit, and of a refused session (401/403). */
  messages: { tooLarge: string; signIn: string };
  /** An applied report that changed nothing (its errors found on apply) goes back to the preview. */
  backToPreview?(report: R): boolean;
}

function refusal(status: number, body: string, messages: Options<unknown, unknown>["messages"]): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // Not JSON (a proxy's page): the status says it.
  }
  if (status === 401 || status === 403) return messages.signIn;
  if (status === 413) return messages.tooLarge;
  return UNREACHABLE;
}

export function useCsvImport<F, R>({ url, maxBytes, blobOf, messages, backToPreview }: Options<F, R>) {
  const [state, setState] = useState<CsvImportState<F, R>>({ step: "idle" });
  // A newer choice wins over an answer still on its way for an older one.
  const latest = useRef(0);

  const send = useCallback(
    async (file: F, apply: boolean): Promise<{ report: R } | { message: string }> => {
      try {
        const res = await fetch(`${url}${apply ? "?apply=true" : ""}`, { method: "POST", headers: { "content-type": "text/csv" }, body: blobOf(file), credentials: "same-origin" });
        const text = await res.text();
        if (!res.ok) return { message: refusal(res.status, text, messages) };
        return { report: JSON.parse(text) as R };
      } catch {
        return { message: UNREACHABLE };
      }
    },
    [url, blobOf, messages],
  );

  const choose = useCallback(
    async (file: F) => {
      const turn = ++latest.current;
      if (blobOf(file).size > maxBytes) {
        setState({ step: "failed", file, message: messages.tooLarge, report: null });
        return;
      }
      setState({ step: "previewing", file });
      const answer = await send(file, false);
      if (turn !== latest.current) return;
      setState("report" in answer ? { step: "previewed", file, report: answer.report } : { step: "failed", file, message: answer.message, report: null });
    },
    [blobOf, maxBytes, messages, send],
  );

  const apply = useCallback(async () => {
    if (state.step !== "previewed") return;
    const { file, report } = state;
    const turn = ++latest.current;
    setState({ step: "applying", file, report });
    const answer = await send(file, true);
    if (turn !== latest.current) return;
    if (!("report" in answer)) setState({ step: "failed", file, message: answer.message, report });
    else if (backToPreview?.(answer.report)) setState({ step: "previewed", file, report: answer.report });
    else setState({ step: "applied", file, report: answer.report });
  }, [state, send, backToPreview]);

  const reset = useCallback(() => {
    latest.current++;
    setState({ step: "idle" });
  }, []);

  return { state, choose, apply, reset };
}
