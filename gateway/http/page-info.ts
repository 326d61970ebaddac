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
