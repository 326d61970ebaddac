import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { isUuid } from "../shared/ids.js";
import { invalidInput } from "../shared/errors.js";
import { partsAddUp } from "../shared/pricing.js";
import { normalizeEmail } from "../shared/email.js";
import type { RateLimiter } from "../shared/rate-limiter.js";
import type { OrderRepository } from "./order.repository.js";
import type { NewOrder, OrderRecord } from "./order.records.js";

/** Wrong guesses at /track allowed per client per window, against order enumeration… */
const ORDER_LOOKUP_MISSES = 20;
/** …and per email from anywhere, so guesses at one shopper's orders from many addresses stop too. */
const ORDER_LOOKUP_MISSES_PER_EMAIL = 10;
const ORDER_LOOKUP_WINDOW_SECONDS = 15 * 60;

/**
 * Orders: who may see which. An order belongs to the customer signed in when it was paid;
 * nothing here ever attaches an order to an account by email.
 */
export class OrderService {
  constructor(
    private readonly repository: OrderRepository,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * /track: the status page's token for an order number and the email it was placed with.
   * Null when the pair does not match (whether the number exists is not revealed); misses are
   * limited per client and per email, each lookup counted before it runs and taken back on a match.
   */
  async lookupStatusToken(orderNumber: number, email: string, clientKey: string): Promise<string | null> {
    const normalized = normalizeEmail(email);
    const lookup = await this.limiter.takeAll([
      { bucket: `order-lookup:addr:${clientKey}`, limit: ORDER_LOOKUP_MISSES, windowSeconds: ORDER_LOOKUP_WINDOW_SECONDS },
      { bucket: `order-lookup:email:${normalized}`, limit: ORDER_LOOKUP_MISSES_PER_EMAIL, windowSeconds: ORDER_LOOKUP_WINDOW_SECONDS },
    ]);
    const order = await this.repository.findByNumber(orderNumber);
    if (!order || normalizeEmail(order.email) !== normalized) return null;
    await lookup.release();
    return order.statusToken;
  }

  /** The signed-in customer's orders, newest first. */
  listForCustomer(customerId: string): Promise<OrderRecord[]> {
    return this.repository.findByCustomer(customerId);
  }

  /** One order, only for its owner: anyone else (or a malformed id) gets null, never the data. */
  async findForCustomer(customerId: string | null, orderId: string): Promise<OrderRecord | null> {
    if (!customerId || !isUuid(orderId)) return null;
    const order = await this.repository.findById(orderId);
    return order && order.customerId === customerId ? order : null;
  }

  /** The public status page's order, behind its unguessable token. */
  async findByStatusToken(token: string): Promise<OrderRecord | null> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
    return this.repository.findByStatusToken(token);
  }

  findByCartId(cartId: string): Promise<OrderRecord | null> {
    return this.repository.findByCartId(cartId);
  }

  /** As findByCartId, in checkout's transaction (under the cart's lock). */
  findByCartIdInTransaction(cartId: string, trx: Transaction<Database>): Promise<OrderRecord | null> {
    return this.repository.findByCartIdInTransaction(cartId, trx);
  }

  /** Records a paid order. Checkout calls it inside its transaction with prices it took from the catalog. */
  place(order: NewOrder, trx: Transaction<Database>): Promise<OrderRecord> {
    if (order.lines.length === 0) throw invalidInput("lines", "An order needs at least one line");
    // The order as checkout priced it must add up as the pricing function adds it.
    if (!partsAddUp({ ...order, discountCents: order.discountCents ?? 0, lines: order.lines.map((l) => ({ ...l, discountCents: l.discountCents ?? 0 })) })) {
      throw new Error("Order totals do not add up");
    }
    return this.repository.insert(order, trx);
  }
}
