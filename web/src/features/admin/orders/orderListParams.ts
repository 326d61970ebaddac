import type { AdminOrderSort, AdminOrderView, OrderFulfillmentStatus } from "../gql/graphql";

// The orders list's address: what it shows is all in the query string, so a link (from Home, a
// colleague) opens the same list. ?status= names a tab (TO_SHIP when absent), ?q= the search,
// ?from=/?to= a date range (days in the browser's time zone, both included), ?sort= one of
// AdminOrderSort, ?product= and ?partner=FAILED narrow further.

export type OrderTab = "TO_SHIP" | "ALL" | OrderFulfillmentStatus;

export const ORDER_TABS: readonly { value: OrderTab; label: string; count: keyof OrderTabCounts }[] = [
  { value: "TO_SHIP", label: "To ship", count: "toShip" },
  { value: "ALL", label: "All", count: "all" },
  { value: "UNFULFILLED", label: "Unfulfilled", count: "unfulfilled" },
  { value: "IN_PROGRESS", label: "In progress", count: "inProgress" },
  { value: "FULFILLED", label: "Fulfilled", count: "fulfilled" },
  { value: "CANCELLED", label: "Cancelled", count: "cancelled" },
];

export interface OrderTabCounts {
  all: number;
  toShip: number;
  unfulfilled: number;
  inProgress: number;
  fulfilled: number;
  cancelled: number;
}

export const SORTS: readonly { value: AdminOrderSort; label: string }[] = [
  { value: "NEWEST_FIRST", label: "Newest first" },
  { value: "OLDEST_FIRST", label: "Oldest first" },
  { value: "NUMBER_HIGHEST_FIRST", label: "Number, highest first" },
  { value: "NUMBER_LOWEST_FIRST", label: "Number, lowest first" },
  { value: "TOTAL_HIGHEST_FIRST", label: "Total, highest first" },
  { value: "TOTAL_LOWEST_FIRST", label: "Total, lowest first" },
  { value: "CUSTOMER_A_TO_Z", label: "Customer, A to Z" },
  { value: "CUSTOMER_Z_TO_A", label: "Customer, Z to A" },
];

/** A sortable column and its two sorts: the first is what a first click asks for. */
export const COLUMN_SORTS = {
  number: ["NUMBER_HIGHEST_FIRST", "NUMBER_LOWEST_FIRST"],
  date: ["NEWEST_FIRST", "OLDEST_FIRST"],
  customer: ["CUSTOMER_A_TO_Z", "CUSTOMER_Z_TO_A"],
  total: ["TOTAL_HIGHEST_FIRST", "TOTAL_LOWEST_FIRST"],
} as const satisfies Record<string, readonly [AdminOrderSort, AdminOrderSort]>;

export interface OrderListParams {
  tab: OrderTab;
  search: string;
  /** YYYY-MM-DD, or "" for no bound. */
  from: string;
  to: string;
  /** null: the tab's own order (oldest first when shipping, newest first elsewhere). */
  sort: AdminOrderSort | null;
  productId: string | null;
  printJobFailed: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isTab = (value: string | null): value is OrderTab => ORDER_TABS.some((tab) => tab.value === value);
const isSort = (value: string | null): value is AdminOrderSort => SORTS.some((sort) => sort.value === value);
const dayOrEmpty = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(localMidnight(value).getTime()) ? value : "");

export function readOrderListParams(params: URLSearchParams): OrderListParams {
  const tab = params.get("status");
  const sort = params.get("sort");
  return {
    tab: isTab(tab) ? tab : "TO_SHIP",
    search: params.get("q")?.trim() ?? "",
    from: dayOrEmpty(params.get("from")),
    to: dayOrEmpty(params.get("to")),
    sort: isSort(sort) ? sort : null,
    productId: params.get("product")?.trim() || null,
    printJobFailed: params.get("partner") === "FAILED",
  };
}

export function writeOrderListParams(list: OrderListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (list.tab !== "TO_SHIP") query.set("status", list.tab);
  if (list.search.trim()) query.set("q", list.search.trim());
  if (list.from) query.set("from", list.from);
  if (list.to) query.set("to", list.to);
  if (list.sort) query.set("sort", list.sort);
  if (list.productId) query.set("product", list.productId);
  if (list.printJobFailed) query.set("partner", "FAILED");
  return query;
}

/** The start of a day in the browser's time zone. */
function localMidnight(day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** What the list asks the gateway for (without paging). */
export function orderListVariables(list: OrderListParams) {
  const view: AdminOrderView = list.tab === "TO_SHIP" ? "TO_SHIP" : "ALL";
  const status = list.tab === "TO_SHIP" || list.tab === "ALL" ? null : list.tab;
  // A range the wrong way round reads as the same days the right way round.
  const [first, last] = list.from && list.to && list.from > list.to ? [list.to, list.from] : [list.from, list.to];
  const after = last ? localMidnight(last) : null;
  if (after) after.setDate(after.getDate() + 1);
  return {
    view,
    status,
    sort: list.sort,
    search: list.search || null,
    placedFrom: first ? localMidnight(first).toISOString() : null,
    placedBefore: after ? after.toISOString() : null,
    productId: list.productId,
    printJobFailed: list.printJobFailed || null,
  };
}

/** The sort in force: the tab's own when none was chosen. */
export const sortInForce = (list: OrderListParams): AdminOrderSort => list.sort ?? (list.tab === "TO_SHIP" ? "OLDEST_FIRST" : "NEWEST_FIRST");
