import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { isUuid } from "../shared/ids.js";
import { GroupRunner, settle, type Outcome } from "../shared/groups.js";
import { CartError, cartCompleted, cartNotFound } from "./cart.errors.js";
import { resolveCommit } from "./commit-resolution.js";
import type { CartRepository, LineQuantity, LockedCart, WrittenLines } from "./cart.repository.js";
import { DESIGN_ATTRIBUTE } from "../designs/design.records.js";
import type { CartDiscounts, JudgedDiscount, CartLineRequest, CartLineUpdate, CartLineWrite, CartMerchandise, CartRecord, CartSummary, PricedCart, PurchasableVariant } from "./cart.records.js";
import {
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MAX_LINE_QUANTITY_TEXT,
  checkQuantity,
  lineLabel,
  prepareLines,
  priceCart,
  priceMissing,
  unavailable,
  unavailableReason,
} from "./cart.rules.js";

/** Carts nobody has touched for this long are deleted by the sweeper. */
const CART_RETENTION_DAYS = 30;

const CART_ID_PREFIX = "gid://shop/Cart/";
// 24 random bytes = 192 bits, base64url: the id is a bearer token, so it must be unguessable.
const CART_ID = /^gid:\/\/shop\/Cart\/[A-Za-z0-9_-]{32}$/;
const CHECKOUT_TOKEN = /^[A-Za-z0-9_-]{32}$/;
const ONE_DAY_MS = 24 * 60 * 60 * 1000;

const randomToken = () => randomBytes(24).toString("base64url");

/** The most adds one grouped transaction takes (the gateway serves a few dozen connections at a time). */
const MAX_ADD_GROUP = 32;

/** One add waiting for its group: the lines already checked and merged (prepareLines). */
interface AddJob {
  cartId: string;
  writes: CartLineWrite[];
  withLines: boolean;
}

/** What an add's answer is built from: the cart as locked, what the add wrote, and the catalog's variants it named. */
interface AddOutcome {
  locked: LockedCart;
  written: WrittenLines;
  merchandise: Map<string, CartMerchandise>;
}

/** Which of these custom-design ids exist (the designs feature answers it). */
export interface DesignLookup {
  /** Pass the cart's transaction: on PGlite a query outside it would wait for it forever. */
  existingIds(ids: string[], trx: Transaction<Database>): Promise<Set<string>>;
}

/** A cart as its checkout sees it: still open, with its lines priced now, or already checked out. */
export type CheckoutCart = { status: "OPEN"; cart: PricedCart } | { status: "COMPLETED"; cartId: string };

/**
 * Server carts: every rule about what a cart may hold. Each change locks the cart's row for its
 * transaction, so concurrent changes to one cart queue up and none is lost; a completed cart
 * refuses every change. Prices are read from the catalog, never taken from a caller.
 */
export class CartService {
  /** The most one line may hold (spec §5 sets none; see cart.rules). The storefront reads it as `shop.maxLineQuantity`. */
  readonly maxLineQuantity = MAX_LINE_QUANTITY;

  private readonly adds: GroupRunner<AddJob, AddOutcome>;
  private readonly changeListeners: ((cartId: string) => void)[] = [];
  private discounts: CartDiscounts | null = null;

  constructor(
    private readonly repository: CartRepository,
    private readonly designs: DesignLookup,
  ) {
    // Concurrent adds to different carts share a transaction (addGroup).
    this.adds = new GroupRunner((jobs) => this.addGroup(jobs, { waitForLocks: false }), {
      maxSize: MAX_ADD_GROUP,
      // One add per cart in a group: the next add to that cart must see this one's lines.
      fits: (group, job) => group.every((other) => other.cartId !== job.cartId),
    });
  }

  /** The promotions feature judges a cart's discount code (set once at start-up: it depends on this service). */
  judgeDiscountsWith(discounts: CartDiscounts): void {
    this.discounts = discounts;
  }

  /**
   * Sets the cart's discount code (null removes it), under the cart's lock, as a change of the cart:
   * a payment page left open for the cart without it is closed. The promotions feature has checked the code.
   */
  setDiscountCode(cartId: string, codeId: string | null): Promise<PricedCart> {
    return this.change(cartId, (trx) => this.repository.setDiscountCode(cartId, codeId, trx));
  }

  /** The cart priced again with its code as judged by the caller (checkout's judgement for one shopper, under the promotion's lock). */
  reprice(cart: CartRecord, judged: JudgedDiscount | null): PricedCart {
    return priceCart(cart, judged);
  }

  /** A cart's totals now; its code, when it holds one, judged by the promotions feature (a cart without one costs no query). */
  private async price(cart: CartRecord): Promise<PricedCart> {
    if (cart.discountCodeId === null || this.discounts === null) return priceCart(cart);
    return priceCart(cart, await this.discounts.judge(cart));
  }

  /** As price, inside the transaction that holds the cart's lock. */
  private async priceInTransaction(cart: CartRecord, trx: Transaction<Database>): Promise<PricedCart> {
    if (cart.discountCodeId === null || this.discounts === null) return priceCart(cart);
    return priceCart(cart, await this.discounts.judgeInTransaction(cart, trx));
  }

  /** Called after each committed change of the lines of a cart that has had a payment page begun (checkout closes one left open for other contents). */
  onChanged(listener: (cartId: string) => void): void {
    this.changeListeners.push(listener);
  }

  private changed(cartId: string): void {
    for (const listener of this.changeListeners) listener(cartId);
  }

  /** A new cart (recording the signed-in customer, if any), optionally with lines. */
  async create(input: { customerId: string | null; lines?: CartLineRequest[] }): Promise<PricedCart> {
    const writes = input.lines && input.lines.length > 0 ? prepareLines(input.lines) : [];
    const id = CART_ID_PREFIX + randomToken();
    await this.repository.transaction(async (trx) => {
      await this.repository.insertCart({ id, checkoutToken: randomToken(), customerId: input.customerId }, trx);
      if (writes.length > 0) await this.addWrites(id, writes, trx);
    });
    return this.read(id);
  }

  /**
   * The local-cart sync (spec §4 "Cart page checkout"): a new cart holding exactly these lines (at
   * least one, the edge made sure), or, when any line cannot be priced, nothing at all and "Price
   * data missing for item: {title}".
   */
  sync(lines: CartLineRequest[], customerId: string | null): Promise<PricedCart> {
    return this.create({ customerId, lines });
  }

  /** An open cart; refuses an unknown id (404) and a checked-out cart (409). */
  async get(cartId: string): Promise<PricedCart> {
    const cart = await this.findAny(cartId);
    if (!cart) throw cartNotFound();
    if (cart.status === "COMPLETED") throw cartCompleted();
    if (Date.now() - cart.touchedAt.getTime() > ONE_DAY_MS) await this.repository.touchIfOlderThanADay(cart.id);
    return cart;
  }

  /** As get, but null for an unknown or checked-out cart (GraphQL's cart(id), like Shopify's). */
  async find(cartId: string): Promise<PricedCart | null> {
    try {
      return await this.get(cartId);
    } catch (error) {
      if (error instanceof CartError) return null;
      throw error;
    }
  }

  /**
   * Adds lines under the cart's lock. The common case costs four statements: BEGIN, the lock with
   * the lines and the variants (one read), the write with the cart's change times, COMMIT; the
   * answer is built from what those returned rather than read again. Concurrent adds to different
   * carts share those four statements (addGroup).
   */
  async addLines(cartId: string, lines: CartLineRequest[]): Promise<PricedCart> {
    const { locked, written, merchandise } = await this.submitAdd(cartId, lines, true);
    if (!locked.lines) throw new Error("The cart's lines were not read under its lock");
    return this.price(withWrittenLines({ ...locked.header, lines: locked.lines }, written, merchandise));
  }

  /**
   * As addLines (the same rules, the same statements), answering the cart without its lines: the
   * lines' variants and products are not read, which makes the add cheaper when the caller shows
   * only the cart's identity and its number of units (a header's badge).
   */
  async addLinesSummarized(cartId: string, lines: CartLineRequest[]): Promise<CartSummary> {
    return summaryAfterWrite(await this.submitAdd(cartId, lines, false));
  }

  private async submitAdd(cartId: string, lines: CartLineRequest[], withLines: boolean): Promise<AddOutcome> {
    const writes = prepareLines(lines);
    if (!CART_ID.test(cartId)) throw cartNotFound();
    const outcome = await this.adds.submit({ cartId, writes, withLines });
    if (outcome.locked.header.paymentStarted) this.changed(cartId);
    return outcome;
  }

  /**
   * A group of adds in one transaction: every cart locked and read in one statement, each add
   * checked on its own (a refused one gets its own error and writes nothing), the accepted ones
   * written in one statement. The runner's groups run one at a time, so they never wait for a cart
   * another transaction holds (a checkout's, another process's): that add runs on its own after the
   * group, outside the runner, and waits there, holding up no other. Should a shared statement fail,
   * each add is run again on its own, so one add can never fail another. Should the transaction
   * fail after its write (the connection lost during COMMIT), the database is asked whether it
   * committed (resolveCommit): an add is never run twice, nor answered as failed once written.
   */
  private async addGroup(jobs: AddJob[], { waitForLocks }: { waitForLocks: boolean }): Promise<Outcome<AddOutcome>[]> {
    const held = new Set<AddJob>();
    // Set once the write has run: what the group answers if its transaction turns out committed.
    const written: { transactionId: string | null; outcomes: (Outcome<AddOutcome> | null)[] } = { transactionId: null, outcomes: [] };
    const finish = (outcomes: (Outcome<AddOutcome> | null)[]) =>
      // After the commit, so that the group's locks are gone.
      jobs.map((job, i) => outcomes[i] ?? { value: this.addGroup([job], { waitForLocks: true }).then(([outcome]) => settle(outcome!)) });
    try {
      const outcomes = await this.repository.transaction(async (trx) => {
        const variantIds = [...new Set(jobs.flatMap((job) => job.writes.map((w) => w.variantId)))];
        const cartIds = jobs.map((job) => job.cartId);
        const locked = await this.repository.lockCartsWithLines(cartIds, variantIds, { withLines: jobs.some((job) => job.withLines), skipLocked: !waitForLocks }, trx);
        // Skipped by the lock: held by another transaction, or no such cart; alone, it waits or is refused.
        if (!waitForLocks) for (const job of jobs) if (!locked.has(job.cartId)) held.add(job);
        const merchandise = new Map([...locked.values()][0]?.merchandise.map((m) => [m.variantId, m]) ?? []);
        const refused = new Map<AddJob, CartError>();
        const writes = new Map<string, CartLineWrite[]>();
        for (const job of jobs) {
          if (held.has(job)) continue;
          try {
            const cart = locked.get(job.cartId);
            if (!cart) throw cartNotFound();
            if (cart.header.status === "COMPLETED") throw cartCompleted();
            await this.checkWrites(job.writes, merchandise, cart.quantities, trx);
            writes.set(job.cartId, job.writes);
          } catch (error) {
            if (!(error instanceof CartError)) throw error;
            refused.set(job, error);
          }
        }
        const write = writes.size > 0 ? await this.repository.addLinesAndMarkChanged(writes, trx) : null;
        const outcomes = jobs.map((job): Outcome<AddOutcome> | null => {
          if (held.has(job)) return null;
          const error = refused.get(job);
          return error ? { error } : { value: { locked: locked.get(job.cartId)!, written: write!.byCart.get(job.cartId)!, merchandise } };
        });
        if (write) Object.assign(written, { transactionId: write.transactionId, outcomes });
        return outcomes;
      });
      return finish(outcomes);
    } catch (error) {
      const { transactionId } = written;
      if (transactionId !== null && (await resolveCommit(() => this.repository.transactionStatus(transactionId), error)) === "committed") return finish(written.outcomes);
      // Nothing was written: the adds can run again.
      if (jobs.length === 1) return [{ error }];
      const alone: Outcome<AddOutcome>[] = [];
      for (const job of jobs) alone.push(...(await this.addGroup([job], { waitForLocks })));
      return alone;
    }
  }

  /**
   * Sets line quantities (1–MAX_LINE_QUANTITY; removing a line is removeLines). All or nothing. A
   * line given twice is refused with the quantity rule, line by line in the order given. A line
   * whose variant can no longer be bought may be lowered or removed, never raised.
   */
  async updateLines(cartId: string, updates: CartLineUpdate[]): Promise<PricedCart> {
    const seen = new Set<string>();
    updates.forEach((u, i) => {
      checkQuantity(u.quantity, `lines.${i}.quantity`);
      if (seen.has(u.lineId.toLowerCase())) throw new CartError("INVALID", "The same line is given twice", `lines.${i}.id`);
      seen.add(u.lineId.toLowerCase());
    });
    return this.change(cartId, async (trx) => {
      await this.requireLines(cartId, updates.map((u) => u.lineId), "lines", trx);
      const held = new Map((await this.repository.findLines(cartId, trx)).map((l) => [l.id, l]));
      updates.forEach((u, i) => {
        const line = held.get(u.lineId.toLowerCase())!;
        const refused = u.quantity > line.quantity ? unavailable(line.merchandise, `lines.${i}.id`) : null;
        if (refused) throw refused;
      });
      for (const u of updates) await this.repository.setLineQuantity(cartId, u.lineId.toLowerCase(), u.quantity, trx);
    });
  }

  /** Removes lines. All or nothing: an id that is not a line of this cart refuses the whole call. */
  async removeLines(cartId: string, lineIds: string[]): Promise<PricedCart> {
    return this.change(cartId, async (trx) => {
      const ids = await this.requireLines(cartId, lineIds, "lineIds", trx);
      await this.repository.deleteLines(cartId, ids, trx);
    });
  }

  /**
   * The hosted checkout page of an open cart (GET /api/cart/{id}/checkout-url): refused, naming it,
   * while the cart holds a line whose variant can no longer be bought (the shopper removes it first).
   */
  async checkoutToken(cartId: string): Promise<string> {
    const cart = await this.get(cartId);
    cart.lines.forEach((line, i) => {
      const refused = unavailable(line.merchandise, `lines.${i}.merchandise`);
      if (refused) throw refused;
    });
    return cart.checkoutToken;
  }

  /** Why this cart cannot be paid for as it is (the first line that can no longer be bought, in words), or null. */
  unavailableLine(cart: PricedCart): string | null {
    for (const line of cart.lines) {
      const reason = unavailableReason(line.merchandise);
      if (reason) return reason;
    }
    return null;
  }

  /** The cart behind a checkout token, read without a lock (what the checkout page shows); null when the token names none. */
  async findForCheckout(checkoutToken: string): Promise<CheckoutCart | null> {
    if (!CHECKOUT_TOKEN.test(checkoutToken)) return null;
    const cart = await this.repository.findCartByCheckoutToken(checkoutToken);
    if (!cart) return null;
    return cart.status === "COMPLETED" ? { status: "COMPLETED", cartId: cart.id } : { status: "OPEN", cart: await this.price(cart) };
  }

  /**
   * Locks the cart for payment inside the caller's transaction (it cannot change, nor be paid by
   * anyone else, until that transaction ends) and prices its lines under the lock: what is charged
   * is what the catalog says now. Null when the cart does not exist.
   */
  async lockForPayment(ref: { checkoutToken: string } | { id: string }, trx: Transaction<Database>): Promise<CheckoutCart | null> {
    if ("checkoutToken" in ref && !CHECKOUT_TOKEN.test(ref.checkoutToken)) return null;
    const cart = await this.repository.lockCart(ref, trx);
    if (!cart) return null;
    if (cart.status === "COMPLETED") return { status: "COMPLETED", cartId: cart.id };
    const locked: CartRecord = { ...cart, lines: await this.repository.findLines(cart.id, trx) };
    return { status: "OPEN", cart: await this.priceInTransaction(locked, trx) };
  }

  /** Records, in checkout's transaction, that a payment page is being begun for the cart: from then on its changes are heard. */
  markPaymentStarted(cartId: string, trx: Transaction<Database>): Promise<void> {
    return this.repository.markPaymentStarted(cartId, trx);
  }

  /** Marks a paid cart checked out, in the transaction that records its order: from then on it refuses every change. */
  completeCheckout(cartId: string, trx: Transaction<Database>): Promise<void> {
    return this.repository.setStatus(cartId, "COMPLETED", trx);
  }

  /** Deletes carts untouched for CART_RETENTION_DAYS (the sweeper calls it); answers how many. */
  sweepUntouched(now: Date = new Date()): Promise<number> {
    return this.repository.deleteUntouchedSince(new Date(now.getTime() - CART_RETENTION_DAYS * ONE_DAY_MS));
  }

  private async findAny(cartId: string): Promise<PricedCart | null> {
    if (!CART_ID.test(cartId)) return null;
    const cart = await this.repository.findCartWithLines(cartId);
    return cart ? this.price(cart) : null;
  }

  private async read(cartId: string): Promise<PricedCart> {
    const cart = await this.findAny(cartId);
    if (!cart) throw cartNotFound();
    return cart;
  }

  /** One change to an open cart, under its row lock; answers the cart as it is afterwards. */
  private async change(cartId: string, work: (trx: Transaction<Database>) => Promise<void>): Promise<PricedCart> {
    if (!CART_ID.test(cartId)) throw cartNotFound();
    const paymentStarted = await this.repository.transaction(async (trx) => {
      const cart = await this.repository.lockCart({ id: cartId }, trx);
      if (!cart) throw cartNotFound();
      if (cart.status === "COMPLETED") throw cartCompleted();
      await work(trx);
      await this.repository.markChanged(cartId, trx);
      return cart.paymentStarted;
    });
    if (paymentStarted) this.changed(cartId);
    return this.read(cartId);
  }

  /** Checks every line against the catalog and the bounds of a new cart, then writes them. */
  private async addWrites(cartId: string, writes: CartLineWrite[], trx: Transaction<Database>): Promise<void> {
    const variants = new Map(
      (await this.repository.findPurchasableVariants(writes.map((w) => w.variantId), trx)).map((v) => [v.variantId, v]),
    );
    await this.checkWrites(writes, variants, [], trx);
    await this.repository.upsertLines(cartId, writes, trx);
  }

  /** Every line against the catalog, the uploaded designs and the cart's bounds given what it holds (read under its lock). */
  private async checkWrites(
    writes: CartLineWrite[],
    variants: Map<string, PurchasableVariant>,
    holding: LineQuantity[],
    trx: Transaction<Database>,
  ): Promise<void> {
    for (const write of writes) {
      const variant = variants.get(write.variantId);
      if (!variant) throw priceMissing(lineLabel(write), `${write.field}.variantId`, "MERCHANDISE_NOT_FOUND");
      const refused = unavailable(variant, `${write.field}.variantId`);
      if (refused) throw refused;
      // spec §5: a price must be a positive amount; the catalog's schema guarantees it, the cart checks anyway.
      if (variant.priceCents === null || !Number.isInteger(variant.priceCents) || variant.priceCents <= 0) {
        throw priceMissing(lineLabel(write, variant.productTitle), `${write.field}.variantId`);
      }
    }

    // A line that names a custom design must name one that was uploaded: the printer needs its file.
    const designIds = writes.flatMap((w) => w.customAttributes.filter((a) => a.key === DESIGN_ATTRIBUTE).map((a) => a.value));
    if (designIds.length > 0) {
      const known = await this.designs.existingIds(designIds, trx);
      writes.forEach((write) =>
        write.customAttributes.forEach((a, i) => {
          if (a.key === DESIGN_ATTRIBUTE && !known.has(a.value)) {
            throw new CartError("INVALID_ATTRIBUTES", "The custom design was not found; upload it again", `${write.field}.customAttributes.${i}.value`);
          }
        }),
      );
    }

    const existing = new Map(holding.map((l) => [`${l.variantId} ${l.attributesKey}`, l.quantity]));
    let newLines = 0;
    for (const write of writes) {
      const held = existing.get(`${write.variantId} ${write.attributesKey}`);
      if (held === undefined) newLines += 1;
      else if (held + write.quantity > MAX_LINE_QUANTITY) {
        throw new CartError(
          "INVALID_QUANTITY",
          `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY_TEXT}; the cart already holds ${held} of ${lineLabel(write, variants.get(write.variantId)!.productTitle)}`,
          `${write.field}.quantity`,
        );
      }
    }
    if (existing.size + newLines > MAX_CART_LINES) {
      throw new CartError("TOO_MANY_LINES", `A cart holds at most ${MAX_CART_LINES} different lines`, "lines");
    }
  }

  /** The given ids, each a line of this cart, or LINE_NOT_FOUND naming the first that is not. */
  private async requireLines(cartId: string, lineIds: string[], field: "lines" | "lineIds", trx: Transaction<Database>): Promise<string[]> {
    const wanted = lineIds.map((id) => id.toLowerCase());
    const found = new Set(await this.repository.findLineIds(cartId, wanted.filter(isUuid), trx));
    const missing = wanted.findIndex((id) => !found.has(id));
    if (missing >= 0) {
      throw new CartError("LINE_NOT_FOUND", "Cart line not found", field === "lines" ? `lines.${missing}.id` : `${field}.${missing}`);
    }
    return wanted;
  }
}

/** The cart as it is after an add: the lines it held with their new quantities, then the new lines in the order written. */
function withWrittenLines(cart: CartRecord, written: WrittenLines, merchandise: Map<string, CartMerchandise>): CartRecord {
  const quantities = new Map(written.lines.map((l) => [l.id, l.quantity]));
  const known = new Set(cart.lines.map((l) => l.id));
  const added = written.lines
    .filter((l) => !known.has(l.id))
    .map((l) => ({ id: l.id, quantity: l.quantity, customAttributes: l.customAttributes, merchandise: merchandise.get(l.variantId)! }));
  return {
    ...cart,
    updatedAt: written.updatedAt,
    touchedAt: written.touchedAt,
    lines: [...cart.lines.map((l) => ({ ...l, quantity: quantities.get(l.id) ?? l.quantity })), ...added],
  };
}

/** The cart's summary after an add: the lines the add did not touch keep their quantities, the written ones have theirs now. */
function summaryAfterWrite({ locked, written }: AddOutcome): CartSummary {
  const writtenIds = new Set(written.lines.map((l) => l.id));
  const untouched = locked.quantities.filter((q) => !writtenIds.has(q.lineId)).reduce((sum, q) => sum + q.quantity, 0);
  return {
    ...locked.header,
    updatedAt: written.updatedAt,
    touchedAt: written.touchedAt,
    totalQuantity: untouched + written.lines.reduce((sum, l) => sum + l.quantity, 0),
  };
}
