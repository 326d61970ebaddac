// A reload must not lose the work. The design state lives in sessionStorage (this tab
// only, gone with the tab); an uploaded image is kept beside it as a data URL when it is small
// enough for the browser's storage quota, otherwise only its name, so the studio can ask for it again.

import { DEFAULT_DESIGN, sanitizeDesign, type DesignState } from "./designState";

export const DESIGN_STORAGE_KEY = "customize-design";
export const UPLOAD_STORAGE_KEY = "customize-upload";
/** sessionStorage holds about 5 M characters per origin; a larger image is not kept across a reload. */
export const MAX_STORED_UPLOAD_CHARS = 3_000_000;

export interface UploadedImage {
  name: string;
  dataUrl: string;
}

interface StudioSnapshot {
  design: DesignState;
  upload: UploadedImage | null;
  /** The name of an uploaded image that was too large to keep across the reload. */
  lostUploadName: string | null;
}

interface StoredDesign {
  design: DesignState;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  try {
    const raw = session()?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): boolean {
  try {
    const store = session();
    if (!store) return false;
    if (value === null) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

function readStoredDesign(): DesignState | null {
  const raw = readJson(DESIGN_STORAGE_KEY);
  if (typeof raw !== "object" || raw === null) return null;
  return sanitizeDesign((raw as Record<string, unknown>).design);
}

function readStoredUpload(): { upload: UploadedImage | null; lostUploadName: string | null } {
  const raw = readJson(UPLOAD_STORAGE_KEY);
  if (typeof raw !== "object" || raw === null) return { upload: null, lostUploadName: null };
  const { name, dataUrl } = raw as Record<string, unknown>;
  const fileName = typeof name === "string" ? name : "your image";
  if (typeof dataUrl === "string" && dataUrl.startsWith("data:image/")) return { upload: { name: fileName, dataUrl }, lostUploadName: null };
  return { upload: null, lostUploadName: fileName };
}

/** The meme a `?meme=` value names, or null when it is absent or not an id at all. */
export function memeIdFromUrl(value: string | null): string | null {
  return value === null ? null : sanitizeDesign({ memeId: value }).memeId;
}

/**
 * The design the studio opens with. spec §2: the meme named in the URL is what the studio opens
 * with, however the address was reached (a link, a typed or pasted address, a bookmark, a reload);
 * the shopper's other choices (text, colours, product) are kept, and the meme takes the place of
 * any image. Without ?meme= the saved design comes back as it was, uploaded image included. The
 * studio keeps ?meme= in step with the design (useStudioDesign), so a reload never brings back a
 * meme the shopper has since replaced.
 */
export function initialSnapshot(memeFromUrl: string | null): StudioSnapshot {
  const design = readStoredDesign() ?? { ...DEFAULT_DESIGN };
  const { upload, lostUploadName } = readStoredUpload();
  const meme = memeIdFromUrl(memeFromUrl);
  if (meme) return { design: { ...design, memeId: meme }, upload: null, lostUploadName: null };
  return { design, upload: design.memeId ? null : upload, lostUploadName: design.memeId ? null : lostUploadName };
}

export function saveDesign(design: DesignState): void {
  writeJson(DESIGN_STORAGE_KEY, { design } satisfies StoredDesign);
}

/** Keeps the image for a reload; returns false when it is too large to keep (only its name is kept). */
export function saveUpload(upload: UploadedImage | null): boolean {
  if (upload === null) return writeJson(UPLOAD_STORAGE_KEY, null);
  if (upload.dataUrl.length <= MAX_STORED_UPLOAD_CHARS && writeJson(UPLOAD_STORAGE_KEY, upload)) return true;
  writeJson(UPLOAD_STORAGE_KEY, { name: upload.name, dataUrl: null });
  return false;
}
