// POST /api/designs (docs/api.md "Designs"): the one REST call the client makes, because file
// uploads are multipart/form-data, which GraphQL over JSON does not carry.

import type { DesignState } from "./designState";

const DESIGNS_ENDPOINT = "/api/designs";

export interface UploadedDesign {
  id: string;
  previewUrl: string;
  printFileUrl: string;
  /** The uploaded picture's pixels per inch at its printed size, as recorded with the design (the state's printDpi); null without one. */
  printDpi: number | null;
  /** The gateway's print-quality warning for that resolution (the picture may print blurry); null when it prints fine. */
  printWarning: string | null;
}

type DesignUploadResult = { ok: true; design: UploadedDesign } | { ok: false; message: string };

/** What the studio sends with the images: spec §3's state, plus which kind of image it carries. */
interface DesignUploadState extends DesignState {
  image: "meme" | "upload" | null;
  /** The uploaded picture's resolution at its printed size, in whole pixels per inch; null without one (the gateway records it and answers its warning). */
  printDpi: number | null;
}

/** The answer's required fields; its print-quality fields are read apart, as null when missing or malformed. */
function isUploadedDesign(value: unknown): value is Pick<UploadedDesign, "id" | "previewUrl" | "printFileUrl"> & Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === "string" && typeof v.previewUrl === "string" && typeof v.printFileUrl === "string";
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    const error = typeof body === "object" && body !== null ? (body as Record<string, unknown>).error : null;
    if (typeof error === "string" && error.trim() !== "") return error;
  } catch {
    // Not JSON (a proxy's error page): fall through to the generic message.
  }
  if (response.status === 413) return "The design is too large to upload.";
  if (response.status === 429) return "Too many designs uploaded from here. Please try again later.";
  return `The shop could not save your design (${response.status}). Please try again.`;
}

/** Uploads the preview and print file with the design state; never throws. */
export async function uploadDesign(files: { preview: Blob; print: Blob }, state: DesignUploadState): Promise<DesignUploadResult> {
  const form = new FormData();
  form.append("preview", files.preview, files.preview.type === "image/jpeg" ? "preview.jpg" : "preview.png");
  form.append("print", files.print, files.print.type === "image/jpeg" ? "print.jpg" : "print.png");
  form.append("state", JSON.stringify(state));
  let response: Response;
  try {
    response = await fetch(DESIGNS_ENDPOINT, { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    return { ok: false, message: "Could not reach the shop. Please check your connection and try again." };
  }
  if (!response.ok) return { ok: false, message: await errorMessage(response) };
  try {
    const body: unknown = await response.json();
    if (isUploadedDesign(body)) {
      const { printDpi, printWarning } = body;
      return {
        ok: true,
        design: {
          id: body.id,
          previewUrl: body.previewUrl,
          printFileUrl: body.printFileUrl,
          printDpi: typeof printDpi === "number" && Number.isInteger(printDpi) && printDpi > 0 ? printDpi : null,
          printWarning: typeof printWarning === "string" && printWarning.trim() !== "" ? printWarning : null,
        },
      };
    }
  } catch {
    // fall through
  }
  return { ok: false, message: "The shop answered the upload unexpectedly. Please try again." };
}
