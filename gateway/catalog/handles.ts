import { declareCheck } from "../shared/validation.js";

// Handles of the catalog (products and collections alike): the part of a shop address after
// /product/ or /collections/, one rule and one generator for both.

const MAX_HANDLE_LENGTH = 100;
/** Lower-case letters and digits joined by single hyphens. */
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A handle made from a title: lower-case letters and digits joined by single hyphens (`fallback` when nothing is left). */
export function handleFromTitle(title: string, fallback: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_HANDLE_LENGTH)
    .replace(/-+$/g, "");
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`… the first that `taken` says is free (kept within MAX_HANDLE_LENGTH). */
export async function freeHandle(base: string, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, MAX_HANDLE_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
}

/** Why `value` is not a handle (`example` shows one), or null when it is. */
export function handleProblem(value: unknown, field: string, example = "impeachment-tee"): string | null {
  const text = typeof value === "string" ? value : "";
  if (!HANDLE.test(text) || text.length > MAX_HANDLE_LENGTH) {
    return `${field} must be lower-case letters and digits joined by single hyphens (e.g. "${example}"), at most ${MAX_HANDLE_LENGTH} characters`;
  }
  return null;
}

/** An input field holding a handle: left out, or lower-case letters and digits joined by single hyphens. */
export const Handle = (example: string) =>
  declareCheck("handle", { type: "string", pattern: HANDLE.source, maxLength: MAX_HANDLE_LENGTH }, (value, field) =>
    value === undefined || value === null ? null : handleProblem(value, field, example),
  );
