import { isUuid } from "../shared/ids.js";
import { DomainError, invalidInput } from "../shared/errors.js";
import { designIdOf, type DesignRecord } from "../designs/design.records.js";
import type { OrderRepository } from "./order.repository.js";
import type { OrderHistoryRepository } from "./order-history.repository.js";
import type {
  AdminOrderCounts,
  AdminOrderFilter,
  AdminOrderKey,
  AdminOrderSortKey,
  AdminOrderSortOrder,
  AdminOrderView,
  OrderAdminRepository,
} from "./order-admin.repository.js";
import type { FulfillmentStatus, OrderHistoryRecord, OrderRecord } from "./order.records.js";

/** An order with what the shop's side shows beside it. */
export interface AdminOrderRecord {
  order: OrderRecord;
  customerName: string | null;
  history: OrderHistoryRecord[];
  /**
   * The design of each line (by line id) that has one: its id, and its print resolution when its
   * record was found (null otherwise). Checkout took the line only with a design that existed, and
   * a design is deleted only with its owner's account once no order keeping its contact data prints
   * from it, so the attribute is enough but on an erased order (none there).
   */
  designs: Map<string, AdminLineDesign>;
}

/** A line's design as the shop's side sees it. */
interface AdminLineDesign {
  id: string;
  printDpi: number | null;
}

/** The design records a page of orders names, read at once. */
export type DesignRecordsLookup = (ids: readonly string[]) => Promise<DesignRecord[]>;

export interface AdminOrderPage {
  items: AdminOrderRecord[];
  /** Each item's cursor (continue after it with the same sort). */
  cursors: string[];
  hasNextPage: boolean;
  endCursor: string | null;
  totalCount: number;
}

/** The list's orders: by date, number, total or customer, either way. */
type AdminOrderSort =
  | "NEWEST_FIRST"
  | "OLDEST_FIRST"
  | "NUMBER_HIGHEST_FIRST"
  | "NUMBER_LOWEST_FIRST"
  | "TOTAL_HIGHEST_FIRST"
  | "TOTAL_LOWEST_FIRST"
  | "CUSTOMER_A_TO_Z"
  | "CUSTOMER_Z_TO_A";

const SORTS: Record<AdminOrderSort, AdminOrderSortOrder> = {
  NEWEST_FIRST: { key: "PLACED_AT", descending: true },
  OLDEST_FIRST: { key: "PLACED_AT", descending: false },
  NUMBER_HIGHEST_FIRST: { key: "ORDER_NUMBER", descending: true },
  NUMBER_LOWEST_FIRST: { key: "ORDER_NUMBER", descending: false },
  TOTAL_HIGHEST_FIRST: { key: "TOTAL", descending: true },
  TOTAL_LOWEST_FIRST: { key: "TOTAL", descending: false },
  CUSTOMER_A_TO_Z: { key: "CUSTOMER", descending: false },
  CUSTOMER_Z_TO_A: { key: "CUSTOMER", descending: true },
};

/** What the list is narrowed to, besides the view (the tabs count each view under it). */
export interface AdminOrderScope {
  status?: FulfillmentStatus | null;
  search?: string | null;
  placedFrom?: Date | null;
  placedBefore?: Date | null;
  productId?: string | null;
  printJobFailed?: boolean | null;
}

export interface AdminOrderQuery extends AdminOrderScope {
  view?: AdminOrderView | null;
  /** Absent: oldest first in the To ship view (the longest waiting on top), newest first elsewhere. */
  sort?: AdminOrderSort | null;
  first: number;
  after?: string | null;
}

/** The default order of a view: what has waited longest first when shipping, the newest first otherwise. */
const defaultSort = (view: AdminOrderView): AdminOrderSort => (view === "TO_SHIP" ? "OLDEST_FIRST" : "NEWEST_FIRST");

const ISO_MICROSECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** An opaque cursor: the sort it belongs to, the last order's sort value and its number. */
function cursorOf(sort: AdminOrderSortKey, key: AdminOrderKey): string {
  return Buffer.from(JSON.stringify([sort, key.value, key.orderNumber])).toString("base64url");
}

function parseCursor(cursor: string, sort: AdminOrderSortKey): AdminOrderKey {
  const refused = () => new DomainError("INVALID_INPUT", "after is not a cursor of this list (it belongs to another sort, or was altered)", "after");
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refused();
  }
  if (!Array.isArray(decoded) || decoded.length !== 3 || decoded[0] !== sort) throw refused();
  const [, value, orderNumber] = decoded as [unknown, unknown, unknown];
  if (!Number.isSafeInteger(orderNumber) || (orderNumber as number) < 1) throw refused();
  const fits =
    sort === "PLACED_AT"
      ? typeof value === "string" && ISO_MICROSECONDS.test(value)
      : sort === "CUSTOMER"
        ? typeof value === "string" && value.length <= 500
        : Number.isSafeInteger(value);
  if (!fits) throw refused();
  return { value: value as string | number, orderNumber: orderNumber as number };
}
/** The most orders asked for by id at once (packing slips, a CSV of a selection). */
export const ADMIN_ORDERS_BY_IDS_MAX = 100;

function parseSearch(search: string | null | undefined): Pick<AdminOrderFilter, "orderNumber" | "emailContains"> {
  const term = search?.trim().toLowerCase() ?? "";
  if (term === "") return { orderNumber: null, emailContains: null };
  const number = /^#?(\d{1,9})$/.exec(term);
  return number ? { orderNumber: Number(number[1]), emailContains: term.replace(/^#/, "") } : { orderNumber: null, emailContains: term };
}

/** The shop's view of its orders: every order, for staff and integrations with orders:read. */
export class OrderAdminService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly admin: OrderAdminRepository,
    private readonly history: OrderHistoryRepository,
    private readonly designRecords: DesignRecordsLookup,
  ) {}

  /** One view of the orders, narrowed and sorted, `first` at a time (the arguments' shapes checked by AdminOrdersArgs). */
  async list(query: AdminOrderQuery): Promise<AdminOrderPage> {
    const view = query.view ?? "ALL";
    const sort = SORTS[query.sort ?? defaultSort(view)];
    const after = query.after ? parseCursor(query.after, sort.key) : null;
    const filter = this.filterOf(query);
    const [keys, totalCount] = await Promise.all([this.admin.page(filter, view, sort, query.first + 1, after), this.admin.count(filter, view)]);
    const page = keys.slice(0, query.first);
    const items = await this.enrich(await this.orders.findManyByIds(page.map((p) => p.id)));
    const cursors = page.map((p) => cursorOf(sort.key, p.key));
    return { items, cursors, hasNextPage: keys.length > query.first, endCursor: cursors.at(-1) ?? null, totalCount };
  }

  /** How many orders each view holds under the same narrowing (the list's tabs). */
  async counts(scope: AdminOrderScope): Promise<AdminOrderCounts> {
    return this.admin.counts(this.filterOf(scope));
  }

  private filterOf(scope: AdminOrderScope): AdminOrderFilter {
    const placedFrom = scope.placedFrom ?? null;
    const placedBefore = scope.placedBefore ?? null;
    if (placedFrom && placedBefore && placedBefore <= placedFrom) {
      throw new DomainError("INVALID_INPUT", "placedBefore must be later than placedFrom", "placedBefore");
    }
    const productId = scope.productId ?? null;
    if (productId !== null && !isUuid(productId)) throw new DomainError("INVALID_INPUT", "productId is not a product's id", "productId");
    return { status: scope.status ?? null, ...parseSearch(scope.search), placedFrom, placedBefore, productId, printJobFailed: scope.printJobFailed ?? false };
  }

  /** Null for an unknown (or malformed) id. */
  async find(id: string): Promise<AdminOrderRecord | null> {
    if (!isUuid(id)) return null;
    const order = await this.orders.findById(id);
    return order ? (await this.enrich([order]))[0]! : null;
  }

  /**
   * Several orders by id, in the order asked and each once; `missing` names the ids that name no
   * order (or are not ids). More than ADMIN_ORDERS_BY_IDS_MAX distinct ids is INVALID_INPUT.
   */
  async findMany(ids: readonly string[]): Promise<{ found: AdminOrderRecord[]; missing: string[] }> {
    const distinct = [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ""))];
    if (distinct.length > ADMIN_ORDERS_BY_IDS_MAX) throw invalidInput("ids", `At most ${ADMIN_ORDERS_BY_IDS_MAX} orders at once (${distinct.length} asked for)`);
    const wellFormed = distinct.filter((id) => isUuid(id));
    const found = await this.enrich(await this.orders.findManyByIds(wellFormed));
    const foundIds = new Set(found.map((f) => f.order.id));
    return { found, missing: distinct.filter((id) => !foundIds.has(id)) };
  }

  async findRecord(order: OrderRecord): Promise<AdminOrderRecord> {
    return (await this.enrich([order]))[0]!;
  }

  /** Several orders read once with what the shop's side shows beside them, by id. */
  async findRecords(orders: OrderRecord[]): Promise<Map<string, AdminOrderRecord>> {
    return new Map((await this.enrich(orders)).map((record) => [record.order.id, record]));
  }

  private async enrich(orders: OrderRecord[]): Promise<AdminOrderRecord[]> {
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const lineDesigns = orders
      .filter((o) => !o.accountDeletion?.contactErasedAt)
      .flatMap((o) =>
        o.lines.flatMap((l) => {
          const designId = designIdOf(l.customAttributes);
          return designId ? [[l.id, designId] as const] : [];
        }),
      );
    // Every design of the page in one read (its print resolution: the warning staff see before printing).
    const [names, history, records] = await Promise.all([
      this.admin.customerNames(ids),
      this.history.findByOrders(ids),
      this.designRecords(lineDesigns.map(([, designId]) => designId)),
    ]);
    const printDpi = new Map(records.map((r) => [r.id, r.printDpi]));
    const designs = new Map(lineDesigns.map(([lineId, id]) => [lineId, { id, printDpi: printDpi.get(id) ?? null }]));
    return orders.map((order) => ({ order, customerName: names.get(order.id) ?? null, history: history.get(order.id) ?? [], designs }));
  }
}
