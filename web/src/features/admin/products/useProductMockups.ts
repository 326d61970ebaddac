import { useApolloClient, useMutation } from "@apollo/client/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { notify } from "../../../components/ui/toaster";
import { AdminProductDocument, ProductMockupDeleteDocument, ProductPrintAreaSetDocument, type PrintAreaInput } from "../gql/graphql";
import { UNREACHABLE } from "../useStaffSession";
import { IMAGE_TYPES, uploadRefusal } from "./useImageUpload";

type UserErrors = readonly { field?: string | null; message: string }[];
export type MockupOutcome = { ok: true } | { ok: false; errors: UserErrors };

const unreachable = (): MockupOutcome => ({ ok: false, errors: [{ field: null, message: UNREACHABLE }] });

function outcomeOf(payload: { product?: { id: string } | null; userErrors: UserErrors } | undefined, fallback: string): MockupOutcome {
  if (payload?.product && payload.userErrors.length === 0) return { ok: true };
  return { ok: false, errors: payload?.userErrors.length ? payload.userErrors : [{ field: null, message: fallback }] };
}

/**
 * A product's print area and blank mock-ups, changed at once (not with Save). Each mutation answers
 * the whole product, which replaces the cached one; an upload (REST, answering the blank alone) is
 * followed by reading the product again.
 */
export function useProductMockups(productId: string) {
  const client = useApolloClient();
  const [setArea, setState] = useMutation(ProductPrintAreaSetDocument);
  const [remove, removeState] = useMutation(ProductMockupDeleteDocument);

  const setPrintArea = useCallback(
    async (printArea: PrintAreaInput | null) => {
      const outcome = await setArea({ variables: { productId, printArea } }).then(({ data }) => outcomeOf(data?.productPrintAreaSet, "The print area was not saved."), unreachable);
      if (outcome.ok) notify({ title: printArea ? "Print area saved" : "Print area removed", type: "success" });
      return outcome;
    },
    [setArea, productId],
  );

  const removeMockup = useCallback(
    async (color: string | null) => {
      const outcome = await remove({ variables: { productId, color } }).then(({ data }) => outcomeOf(data?.productMockupDelete, "The blank was not removed."), unreachable);
      notify(outcome.ok ? { title: "Blank removed", type: "success" } : { title: "The blank was not removed", description: outcome.errors[0]!.message, type: "error" });
      return outcome;
    },
    [remove, productId],
  );

  const refresh = useCallback(async () => {
    await client.query({ query: AdminProductDocument, variables: { id: productId }, fetchPolicy: "network-only" }).catch(() => undefined);
  }, [client, productId]);

  return { setPrintArea, removeMockup, refresh, saving: setState.loading, removing: removeState.loading };
}

/** POST /api/admin/products/{id}/mockups (multipart: color, then the file as `image`), with the browser's progress. */
function send(productId: string, color: string | null, file: File, onProgress: (fraction: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/admin/products/${encodeURIComponent(productId)}/mockups`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve(xhr.status === 201 || xhr.status === 200 ? null : uploadRefusal(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve(UNREACHABLE);
    xhr.onabort = () => resolve("The upload was stopped.");
    const body = new FormData();
    // The text field first: a multipart reader sees it before the file's bytes.
    if (color !== null) body.append("color", color);
    body.append("image", file, file.name);
    xhr.send(body);
  });
}

/** One colour's upload: how far it has gone, or why it was refused. */
export interface MockupUploadState {
  name: string;
  progress: number;
  error: string | null;
}

/** The colour a blank is kept under, as a key ("" for a product without a Color option). */
export const colorKey = (color: string | null) => color ?? "";

/**
 * Uploads a colour's blank (replacing the one it had), with its progress; a refusal stays beside the
 * colour with the gateway's reason until the next try or dismissal. `onUploaded` runs once it is kept.
 */
export function useMockupUpload(productId: string, onUploaded: () => Promise<void>) {
  const [uploads, setUploads] = useState<Record<string, MockupUploadState>>({});
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const put = useCallback((key: string, state: MockupUploadState | null) => {
    if (!mounted.current) return;
    setUploads((all) => {
      const next = { ...all };
      if (state) next[key] = state;
      else delete next[key];
      return next;
    });
  }, []);

  const upload = useCallback(
    async (color: string | null, file: File) => {
      const key = colorKey(color);
      if (!IMAGE_TYPES.includes(file.type)) return put(key, { name: file.name, progress: 0, error: `${file.name} is not a JPEG, PNG or WebP image.` });
      put(key, { name: file.name, progress: 0, error: null });
      const error = await send(productId, color, file, (progress) => put(key, { name: file.name, progress, error: null }));
      if (error) return put(key, { name: file.name, progress: 0, error });
      await onUploaded();
      put(key, null);
    },
    [productId, onUploaded, put],
  );

  const dismiss = useCallback((color: string | null) => put(colorKey(color), null), [put]);

  return { uploads, upload, dismiss };
}
