import { describe, expect, it } from "vitest";
import { DomainError } from "./errors.js";
import { MAX_PAGE_SIZE, PageNumber, PageSize, decodeOffsetCursor, encodeOffsetCursor, toPage } from "./paging.js";
import { parseInput } from "./validation.js";

describe("toPage: a page's items with its place among all of them", () => {
  it.each([
    // [page, pageSize, items on it, totalCount, totalPages]
    [1, 12, 0, 0, 0],
    [1, 12, 1, 1, 1],
    [1, 12, 12, 12, 1],
    [1, 12, 12, 13, 2],
    [2, 12, 12, 24, 2],
    [3, 12, 6, 30, 3],
    [1, 1, 1, 5, 5],
    [1, MAX_PAGE_SIZE, MAX_PAGE_SIZE, 1001, 11],
    // A page past the end holds nothing but still says how many there are.
    [9, 12, 0, 30, 3],
  ])("page %i of size %i with %i items of %i: %i pages", (page, pageSize, count, totalCount, totalPages) => {
    const items = Array.from({ length: count }, (_, i) => i);
    expect(toPage(items, { page, pageSize }, totalCount)).toEqual({ items, page, pageSize, totalCount, totalPages });
  });
});

describe("offset cursors", () => {
  it.each([0, 1, 12, 100, 999_999_999])("%i comes back as it went", (offset) => {
    const cursor = encodeOffsetCursor(offset);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeOffsetCursor(cursor)).toBe(offset);
  });

  const b64 = (text: string) => Buffer.from(text).toString("base64url");
  it.each([
    ["empty", ""],
    ["not base64 of a cursor", "garbage"],
    ["an offset missing", b64("offset:")],
    ["a negative offset", b64("offset:-1")],
    ["a fractional offset", b64("offset:1.5")],
    ["an offset of ten digits", b64("offset:1234567890")],
    ["another prefix", b64("page:2")],
    ["trailing text", b64("offset:12 ")],
  ])("refuses %s as INVALID_INPUT naming the argument", (_case, cursor) => {
    for (const field of [undefined, "before"]) {
      const name = field ?? "after";
      let thrown: unknown;
      try {
        if (field) decodeOffsetCursor(cursor, field);
        else decodeOffsetCursor(cursor);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect(thrown).toMatchObject({ code: "INVALID_INPUT", field: name, message: `${name} is not a cursor this API issued` });
    }
  });
});

class PageArgs {
  @PageNumber()
  page?: unknown;

  @PageSize()
  first?: unknown;
}

/** The field and message an argument is refused with, or null when it is taken. */
function refusalOf(args: Record<string, unknown>) {
  try {
    parseInput(PageArgs, args);
    return null;
  } catch (error) {
    const e = error as DomainError;
    return { code: e.code, field: e.field, message: e.message };
  }
}

describe("PageNumber and PageSize: the declarations on list arguments", () => {
  it.each([{}, { page: null, first: null }, { page: 1 }, { page: 2 }, { page: 1_000_000 }, { first: 1 }, { first: 12 }, { first: MAX_PAGE_SIZE }, { page: 3, first: 50 }])(
    "take %j",
    (args) => {
      expect(refusalOf(args)).toBeNull();
    },
  );

  it.each([0, -1, 1.5, "2", true, Number.NaN])("refuse page %j", (page) => {
    expect(refusalOf({ page })).toEqual({ code: "INVALID_INPUT", field: "page", message: "page must be a whole number of 1 or more" });
  });

  it.each([0, -1, MAX_PAGE_SIZE + 1, 12.5, "12", Infinity])("refuse first %j", (first) => {
    expect(refusalOf({ first })).toEqual({ code: "INVALID_INPUT", field: "first", message: "first must be a whole number between 1 and 100" });
  });
});
