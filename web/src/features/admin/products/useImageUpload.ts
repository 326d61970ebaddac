import { useCallback, useEffect, useRef, useState } from "react";
import { UNREACHABLE } from "../useStaffSession";

/** What the gateway takes for a product's image (JPEG, PNG or WebP, checked by its content there); anything else is refused here at once. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

export interface Upload {
  key: string;
  name: string;
  /** 0 to 1, as the browser has sent the file. */
  progress: number;
  /** Why it failed, in the gateway's words; null while it goes on. */
  error: string | null;
}

/** The gateway's refusal of an upload ({"error": "…"}, http/errors.ts), or what its status means (`gone`: a 404's). */
export function uploadRefusal(status: number, body: string, gone = "This product no longer exists."): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const text = typeof parsed.error === "string" ? parsed.error : typeof parsed.message === "string" ? parsed.message : null;
    if (text) return text;
  } catch {
    // Not JSON (a proxy's page): the status says it.
  }
  if (status === 401 || status === 403) return "Your session has ended: sign in again to upload.";
  if (status === 404) return gone;
  if (status === 413) return "The image is too large.";
  return UNREACHABLE;
}

/** POST /api/admin/products/{id}/images (multipart: altText, then the file as `image`), with the browser's progress. */
function send(productId: string, file: File, altText: string, onProgress: (fraction: number) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/admin/products/${encodeURIComponent(productId)}/images`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve(xhr.status === 201 || xhr.status === 200 ? null : uploadRefusal(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve(UNREACHABLE);
    xhr.onabort = () => resolve("The upload was stopped.");
    const body = new FormData();
    // The text field first: a multipart reader sees it before the file's bytes.
    body.append("altText", altText);
    body.append("image", file, file.name);
    xhr.send(body);
  });
}

let lastKey = 0;

/**
 * Uploads a product's new images one after another (in the order chosen, which is their order in
 * the gallery), each with its progress; a refused one stays listed with the gateway's reason until
 * dismissed. `onUploaded` runs after each image the gateway kept.
 */
export function useImageUpload(productId: string, { altText, onUploaded }: { altText: string; onUploaded(): Promise<void> }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef(Promise.resolve());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<Upload>) => {
    if (mounted.current) setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const upload = useCallback(
    (files: readonly File[]) => {
      for (const file of files) {
        const key = `upload-${++lastKey}`;
        const refused = IMAGE_TYPES.includes(file.type) ? null : `${file.name} is not a JPEG, PNG or WebP image.`;
        setUploads((list) => [...list, { key, name: file.name, progress: 0, error: refused }]);
        if (refused) continue;
        queue.current = queue.current.then(async () => {
          const error = await send(productId, file, altText, (progress) => patch(key, { progress }));
          if (error) return patch(key, { error });
          await onUploaded();
          if (mounted.current) setUploads((list) => list.filter((upload) => upload.key !== key));
        });
      }
    },
    [productId, altText, onUploaded, patch],
  );

  const dismiss = useCallback((key: string) => setUploads((list) => list.filter((upload) => upload.key !== key)), []);

  return { uploads, upload, dismiss };
}
