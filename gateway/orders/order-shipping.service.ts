import { DomainError } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import type { Actor } from "../shared/actor.js";
import type { OrderRepository } from "./order.repository.js";
import type { OrderRecord } from "./order.records.js";
import type { OrderTransitionsService, TrackingInput } from "./order-transitions.service.js";

/** What a bulk change did to one order: changed (the order as it is now) or refused (why). */
export interface BulkOrderOutcome {
  orderId: string;
  orderNumber: number | null;
  order: OrderRecord | null;
  error: DomainError | null;
}

/**
 * A day's shipping, several orders at a time. Each order changes in its own transaction through
 * the transitions service (its checks, history, audit entry and customer email, once): one order
 * refused leaves the others as they went, and each answer names what happened to its order. An
 * order named twice refuses the whole request before anything changes.
 */
export class OrderShippingService {
  constructor(
    private readonly transitions: OrderTransitionsService,
    private readonly orders: OrderRepository,
  ) {}

  async shipMany(shipments: ({ orderId: string } & TrackingInput)[], actor: Actor): Promise<BulkOrderOutcome[]> {
    return this.each(
      shipments.map((s) => s.orderId),
      (index) => this.transitions.fulfill(shipments[index]!.orderId, shipments[index]!, actor),
    );
  }

  async startMany(orderIds: string[], actor: Actor): Promise<BulkOrderOutcome[]> {
    return this.each(orderIds, (index) => this.transitions.startFulfillment(orderIds[index]!, actor));
  }

  private async each(orderIds: string[], change: (index: number) => Promise<OrderRecord>): Promise<BulkOrderOutcome[]> {
    const seen = new Set<string>();
    for (const id of orderIds) {
      if (seen.has(id)) throw new DomainError("CONFLICT", "An order is named twice: each order may be changed once per request", "orderIds");
      seen.add(id);
    }
    const numbers = new Map((await this.orders.findManyByIds(orderIds.filter(isUuid))).map((o) => [o.id, o.orderNumber]));
    const outcomes: BulkOrderOutcome[] = [];
    for (const [index, orderId] of orderIds.entries()) {
      try {
        const order = await change(index);
        outcomes.push({ orderId, orderNumber: order.orderNumber, order, error: null });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes.push({ orderId, orderNumber: numbers.get(orderId) ?? null, order: null, error });
      }
    }
    return outcomes;
  }
}
