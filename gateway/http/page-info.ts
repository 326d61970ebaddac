import type { Page } from "../shared/paging.js";

/** REST's pageInfo: totalPages (spec §3) and the rest of what a paginator needs. */
export function restPageInfo<T>(page: Page<T>) {
  return {
    currentPage: page.page,
    pageSize: page.pageSize,
    totalPages: page.totalPages,
    totalCount: page.totalCount,
    hasNextPage: page.page < page.totalPages,
    hasPreviousPage: page.page > 1,
  };
}

/** restPageInfo's shape as JSON Schema (the REST API's description). */
export const PAGE_INFO_JSON = {
  title: "PageInfo",
  description: "Where a page sits in its list (spec §3: totalPages).",
  type: "object",
  required: ["currentPage", "pageSize", "totalPages", "totalCount", "hasNextPage", "hasPreviousPage"],
  additionalProperties: false,
  properties: {
    currentPage: { type: "integer", minimum: 1 },
    pageSize: { type: "integer", minimum: 1 },
    totalPages: { type: "integer", minimum: 0 },
    totalCount: { type: "integer", minimum: 0 },
    hasNextPage: { type: "boolean" },
    hasPreviousPage: { type: "boolean" },
  },
};
