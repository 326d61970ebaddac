import { isUuid } from "../shared/ids.js";
import { invalidInput } from "../shared/errors.js";
import { DESIGN_ATTRIBUTE } from "../designs/design.records.js";
import type { OrderRepository } from "./order.repository.js";
import type { OrderHistoryRepository } from "./order-history.repository.js";
import type { AdminOrderFilter, OrderAdminRepository } from "./order-admin.repository.js";
import type { FulfillmentStatus, OrderHistoryRecord, OrderRecord } from "./order.records.js";

/** An order with what the shop's side shows beside it. */
export interface AdminOrderRecord {
  order: OrderRecord;
  customerName: string | null;
  history: OrderHistoryRecord[];
  /**
   * The design of each line (by line id) that has one. Checkout took the line only with a design
   * that existed, and a design is deleted only with its owner's account once no order keeping its
   * contact data prints from it, so the attribute is enough but on an erased order (none there).
   */
  designs: Map<string, string>;
}

export interface AdminOrderPage {
  items: AdminOrderRecord[];
  hasNextPage: boolean;
  endCursor: string | null;
  totalCount: number;
}

export interface AdminOrderQuery {
  status?: FulfillmentStatus | null;
  search?: string | null;
  first: number;
  after?: string | null;
}

/** The most orders asked for by id at once (packing slips, a CSV of a selection). */
export const ADMIN_ORDERS_BY_IDS_MAX = 100;

/** The cursor of an order in the admin list: its number (the list is newest, i.e. highest, first). */
const cursorOf = (orderNumber: number) => String(orderNumber);

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
  ) {}

  /** Newest first, filtered by status and searched by order number or email, `first` at a time (`after` checked by AdminOrdersArgs). */
  async list(query: AdminOrderQuery): Promise<AdminOrderPage> {
    const before = query.after ? Number(query.after) : null;
    const filter: AdminOrderFilter = { status: query.status ?? null, ...parseSearch(query.search) };
    const [ids, totalCount] = await Promise.all([this.admin.pageIds(filter, query.first + 1, before), this.admin.count(filter)]);
    const page = ids.slice(0, query.first);
    const items = await this.enrich(await this.orders.findManyByIds(page.map((p) => p.id)));
    const last = page.at(-1);
    return { items, hasNextPage: ids.length > query.first, endCursor: last ? cursorOf(last.orderNumber) : null, totalCount };
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

  private async enrich(orders: OrderRecord[]): Promise<AdminOrderRecord[]> {
    if (orders.length === 0) return [];
    const ids = orders.map((o) => o.id);
    const lineDesigns = orders
      .filter((o) => !o.accountDeletion?.contactErasedAt)
      .flatMap((o) =>
        o.lines.flatMap((l) => {
          const designId = l.customAttributes.find((a) => a.key === DESIGN_ATTRIBUTE)?.value;
          return designId ? [[l.id, designId] as const] : [];
        }),
      );
    const [names, history] = await Promise.all([this.admin.customerNames(ids), this.history.findByOrders(ids)]);
    const designs = new Map(lineDesigns);
    return orders.map((order) => ({ order, customerName: names.get(order.id) ?? null, history: history.get(order.id) ?? [], designs }));
  }
}
