import { invalidInput } from "./errors.js";

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

/** Checks a count of items asked for (a page size, `first`, a limit); `field` names it in the error. */
export function checkLimit(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE) {
    throw invalidInput(field, `${field} must be a whole number between 1 and ${MAX_PAGE_SIZE}`);
  }
  return value;
}

/** Checks a 1-based page number and a page size. */
export function checkPageRequest(page: number, pageSize: number): PageRequest {
  if (!Number.isInteger(page) || page < 1) throw invalidInput("page", "page must be a whole number of 1 or more");
  return { page, pageSize: checkLimit(pageSize, "pageSize") };
}

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
