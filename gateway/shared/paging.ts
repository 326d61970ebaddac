import { invalidInput } from "./errors.js";
import { declareCheck } from "./validation.js";

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export const MAX_PAGE_SIZE = 100;

const absent = (value: unknown) => value === undefined || value === null;

/** A 1-based page number (absent: the first page); an input field's declaration. */
export const PageNumber = () =>
  declareCheck("pageNumber", { type: "integer", minimum: 1 }, (value, field) =>
    absent(value) || (Number.isInteger(value) && (value as number) >= 1) ? null : `${field} must be a whole number of 1 or more`,
  );

/** How many items to answer (a page size, `first`), 1 to MAX_PAGE_SIZE (absent: the list's default). */
export const PageSize = () =>
  declareCheck("pageSize", { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE }, (value, field) =>
    absent(value) || (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_PAGE_SIZE)
      ? null
      : `${field} must be a whole number between 1 and ${MAX_PAGE_SIZE}`,
  );

export function toPage<T>(items: T[], request: PageRequest, totalCount: number): Page<T> {
  return {
    items,
    page: request.page,
    pageSize: request.pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / request.pageSize),
  };
}

/** Opaque connection cursors: an offset in a stable order, base64url-encoded. */
export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString("base64url");
}

export function decodeOffsetCursor(cursor: string, field = "after"): number {
  const decoded = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^offset:(\d{1,9})$/.exec(decoded);
  if (!match) throw invalidInput(field, `${field} is not a cursor this API issued`);
  return Number(match[1]);
}
