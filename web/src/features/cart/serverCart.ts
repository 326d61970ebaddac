import type { ApolloClient } from "@apollo/client";
import type { ToastMessage } from "../../components/ui/toaster";
import {
  ServerCartCreateDocument,
  ServerCartDocument,
  ServerCartLinesAddDocument,
  ServerCartLinesRemoveDocument,
  ServerCartLinesUpdateDocument,
  type ServerCart_CartFragment,
} from "../../gql/graphql";
import { readLineAttributes } from "./lineAttributes";
import { lineKey, loadCart, type LocalCartLine } from "./localCart";
import { readCartId, storeCartId } from "./serverCartId";
import { isEmptyPlan, planServerCart, type LineToAdd, type ServerLine } from "./serverCartPlan";

/** Which server-cart operation failed (each has its spec §8 toast, `serverCartProblemToast`). */
type ServerCartProblem = "start" | "load" | "add" | "update" | "remove" | "clear";

/** spec §8's toasts for server-cart failures. */
export function serverCartProblemToast(problem: ServerCartProblem): ToastMessage {
  switch (problem) {
    case "start":
      return { title: "Cart Error", description: "There was a problem loading your cart. Please refresh the page.", type: "error" };
    case "load":
      return { title: "Error", description: "Failed to load cart items", type: "error" };
    case "add":
      return { title: "Error", description: "Failed to add item to cart. Please try again.", type: "error" };
    case "update":
      return { title: "Error", description: "Failed to update item quantity", type: "error" };
    case "remove":
      return { title: "Error", description: "Failed to remove item from cart", type: "error" };
    case "clear":
      return { title: "Error", description: "Failed to clear cart. Please try again.", type: "error" };
  }
}

/** What checking out the kept cart came to. */
export type ServerCheckout = { kind: "ready"; checkoutUrl: string } | { kind: "refused"; message: string };

type CartPayload = { cart?: ServerCart_CartFragment | null; userErrors: { code: string; message: string }[] } | undefined;

/** The stored cart is gone (checked out elsewhere, or swept): start a new one. */
class CartGone extends Error {}
/** The gateway refused a change (userErrors), e.g. a variant whose product was removed. */
class CartRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
/** The gateway could not be reached, or failed, during one operation. */
class ServerCartFailure extends Error {
  constructor(readonly problem: ServerCartProblem) {
    super(`Server cart: ${problem} failed`);
  }
}
/** The gateway refused to raise a line whose variant it no longer sells (MERCHANDISE_NOT_APPLICABLE): `reason` names it. */
class LineUnavailable extends ServerCartFailure {
  constructor(
    problem: ServerCartProblem,
    readonly reason: string,
  ) {
    super(problem);
  }
}

/** Why checkout stops for a line the store no longer sells: the shopper removes it first. */
const unavailableRefusal = (reason: string): ServerCheckout => ({ kind: "refused", message: `${reason}: remove it from your cart to check out` });

function toServerLines(cart: ServerCart_CartFragment): ServerLine[] {
  return cart.lines.edges.map(({ node }) => ({
    lineId: node.id,
    merchandiseId: node.merchandise.id,
    quantity: node.quantity,
    attributes: readLineAttributes(node.attributes),
  }));
}

function cartOf(payload: CartPayload): ServerCart_CartFragment {
  const problem = payload?.userErrors[0];
  if (problem?.code === "CART_COMPLETED" || problem?.code === "CART_NOT_FOUND") throw new CartGone(problem.message);
  if (problem || !payload?.cart) throw new CartRefused(problem?.code ?? "NO_CART", problem?.message ?? "The cart did not answer");
  return payload.cart;
}

/**
 * Runs one gateway call. A gone cart, a line another tab already removed (LINE_NOT_FOUND: look
 * again) and a refused add (tried line by line) go to the caller; any other failure is `problem`.
 */
async function attempt<T>(problem: ServerCartProblem, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CartGone) throw error;
    if (error instanceof CartRefused && (error.code === "LINE_NOT_FOUND" || problem === "add")) throw error;
    if (error instanceof CartRefused && error.code === "MERCHANDISE_NOT_APPLICABLE") throw new LineUnavailable(problem, error.message);
    throw new ServerCartFailure(problem);
  }
}

/** spec §5: the checkout names a line the store cannot price by the title the shopper sees. */
function refusalMessage(line: LocalCartLine, refusal: { code: string; message: string }): string {
  if (refusal.code === "MERCHANDISE_NOT_FOUND" || refusal.code === "PRICE_MISSING") return `Price data missing for item: ${line.title || "Untitled item"}`;
  return refusal.message;
}

interface ServerCartOptions {
  /** The local cart as it is now (default: browser storage). */
  readLocal?: () => LocalCartLine[];
  /** Told when an operation fails, so the shopper hears of it (spec §8). */
  onProblem?: (problem: ServerCartProblem) => void;
}

/**
 * spec §4 Server cart, and one cart per shopper: the local cart (what the badge,
 * drawer and cart page show) is mirrored into a server cart whose id is kept under its own key.
 * On start the stored cart is fetched, and made anew when it is missing or the fetch fails; every
 * change to the local cart in this tab is then carried over (lines added, quantities set, lines
 * removed); a cart that is emptied (Clear Cart, the last line removed, a finished checkout) is
 * replaced by a fresh one. The cart page's checkout brings this same cart exactly to the local lines
 * and answers its checkout URL (`checkout`). Operations run one at a time; `busy` is on while any
 * runs. A failure never touches the local cart: it is reported, and the next change tries again.
 */
export class ServerCartMirror {
  private busy = false;
  private running = 0;
  private readonly listeners = new Set<() => void>();
  private tail: Promise<unknown> = Promise.resolve();
  /** A sync waiting for its turn: later calls join it, since it reads the local cart when it runs. */
  private queuedSync: Promise<void> | null = null;
  private started = false;
  private hadLines = false;
  /** The cart the last clearing replaced with a fresh one, until the next pass that keeps lines. */
  private replaced: string | null = null;
  /** Clear Cart was undone: the next pass goes back to `replaced`. */
  private undoing = false;
  /** Lines the gateway would not take (e.g. a product that was removed), by line key, with why. */
  private readonly refused = new Map<string, { code: string; message: string }>();
  private readonly readLocal: () => LocalCartLine[];
  private readonly onProblem: (problem: ServerCartProblem) => void;

  constructor(
    private readonly client: ApolloClient,
    { readLocal = loadCart, onProblem = () => undefined }: ServerCartOptions = {},
  ) {
    this.readLocal = readLocal;
    this.onProblem = onProblem;
  }

  isBusy = (): boolean => this.busy;

  /** The kept cart's id (null before the first sync made one): what a discount code is set on. */
  cartId = readCartId;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Clear Cart undone: call it before the lines are put back in the local cart. The next pass goes
   * back to the cart the clearing replaced, which still holds them (and its discount code), rather
   * than filling the fresh one; when the clearing had not been carried over yet, the cart is still it.
   */
  undoClear = (): void => {
    this.undoing = true;
  };

  /** Brings the server cart in line with the local cart; failures are reported, never thrown. */
  sync = (): Promise<void> => {
    if (this.queuedSync) return this.queuedSync;
    const run = this.enqueue(async () => {
      this.queuedSync = null;
      try {
        await this.pass();
      } catch (error) {
        this.onProblem(error instanceof ServerCartFailure ? error.problem : "load");
      }
    });
    this.queuedSync = run;
    return run;
  };

  /**
   * spec §4 Cart page checkout: brings the kept server cart exactly to the local cart's lines (lines
   * refused before are tried again), then answers its checkout URL; or the refusal that stops it,
   * among them a line the store no longer sells (its merchandise is not availableForSale).
   * Throws when the gateway cannot be reached.
   */
  checkout = (): Promise<ServerCheckout> =>
    this.enqueue(async () => {
      this.refused.clear();
      for (let round = 0; round < 3; round += 1) {
        let passed: Awaited<ReturnType<ServerCartMirror["pass"]>>;
        try {
          passed = await this.pass();
        } catch (error) {
          if (error instanceof LineUnavailable) return unavailableRefusal(error.reason);
          throw error;
        }
        const { cart, local } = passed;
        const refusedLine = local.find((line) => this.refused.has(lineKey(line)));
        if (refusedLine) return { kind: "refused", message: refusalMessage(refusedLine, this.refused.get(lineKey(refusedLine))!) };
        // Another tab may have changed the same cart meanwhile: only an exact match is checked out.
        if (isEmptyPlan(planServerCart(local, toServerLines(cart)))) {
          const withdrawn = cart.lines.edges.find(({ node }) => !node.merchandise.availableForSale)?.node;
          if (!withdrawn) return { kind: "ready", checkoutUrl: cart.checkoutUrl };
          const key = lineKey({ id: withdrawn.merchandise.id, customAttributes: readLineAttributes(withdrawn.attributes) });
          const title = local.find((line) => lineKey(line) === key)?.title || "An item";
          return unavailableRefusal(`${title} is not available right now`);
        }
      }
      throw new Error("The cart kept changing during checkout");
    });

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    this.running += 1;
    this.setBusy(true);
    const run = this.tail.then(task);
    this.tail = run.catch(() => undefined);
    return run.finally(() => {
      this.running -= 1;
      if (this.running === 0) this.setBusy(false);
    });
  }

  private setBusy(busy: boolean): void {
    if (this.busy === busy) return;
    this.busy = busy;
    for (const listener of this.listeners) listener();
  }

  /** One pass: the cart to work on, then the changes that make it hold the local lines. */
  private async pass(): Promise<{ cart: ServerCart_CartFragment; local: LocalCartLine[] }> {
    const local = this.readLocal();
    const keys = new Set(local.map(lineKey));
    for (const key of this.refused.keys()) if (!keys.has(key)) this.refused.delete(key);
    const emptied = local.length === 0 && this.hadLines;
    if (this.undoing && this.replaced && local.length > 0) storeCartId(this.replaced);
    this.undoing = false;
    // Kept for an Undo while the cart stays empty; lines carried over make it a thing of the past.
    if (emptied) this.replaced = readCartId();
    else if (local.length > 0) this.replaced = null;

    for (let round = 0; ; round += 1) {
      try {
        const start = emptied ? await this.create("clear") : await this.current();
        const cart = await this.apply(start, local);
        this.started = true;
        this.hadLines = local.length > 0;
        return { cart, local };
      } catch (error) {
        // Gone (checked out in another tab, swept): start a new cart. Refused while removing or
        // updating: another tab changed the same cart, so look at it again.
        const retry = error instanceof CartGone || (error instanceof CartRefused && error.code === "LINE_NOT_FOUND");
        if (!retry || round >= 2) throw error;
        if (error instanceof CartGone) storeCartId(null);
      }
    }
  }

  /** The stored cart; a new one when there is none or it is gone, or (spec §4, on start) the fetch fails. */
  private async current(): Promise<ServerCart_CartFragment> {
    const id = readCartId();
    if (id) {
      let cart: ServerCart_CartFragment | null = null;
      try {
        const { data } = await this.client.query({ query: ServerCartDocument, variables: { id }, fetchPolicy: "no-cache" });
        cart = data?.cart ?? null;
      } catch {
        if (this.started) throw new ServerCartFailure("load");
      }
      if (cart) return cart;
    }
    return this.create("start");
  }

  private async create(problem: ServerCartProblem): Promise<ServerCart_CartFragment> {
    try {
      const { data } = await this.client.mutate({ mutation: ServerCartCreateDocument, fetchPolicy: "no-cache" });
      const cart = cartOf(data?.cartCreate);
      storeCartId(cart.id);
      return cart;
    } catch {
      throw new ServerCartFailure(problem);
    }
  }

  /** Removes, updates and adds what differs; answers the cart as the last change left it. */
  private async apply(start: ServerCart_CartFragment, local: LocalCartLine[]): Promise<ServerCart_CartFragment> {
    const plan = planServerCart(local, toServerLines(start), new Set(this.refused.keys()));
    let cart = start;
    const cartId = start.id;
    if (plan.remove.length > 0) {
      cart = await attempt("remove", async () => {
        const { data } = await this.client.mutate({ mutation: ServerCartLinesRemoveDocument, variables: { cartId, lineIds: plan.remove }, fetchPolicy: "no-cache" });
        return cartOf(data?.cartLinesRemove);
      });
    }
    if (plan.update.length > 0) {
      cart = await attempt("update", async () => {
        const { data } = await this.client.mutate({ mutation: ServerCartLinesUpdateDocument, variables: { cartId, lines: plan.update }, fetchPolicy: "no-cache" });
        return cartOf(data?.cartLinesUpdate);
      });
    }
    if (plan.add.length > 0) cart = (await this.add(cartId, plan.add)) ?? cart;
    return cart;
  }

  /** Adds are all or nothing at the gateway: when a batch is refused, each line is tried alone. */
  private async add(cartId: string, lines: LineToAdd[]): Promise<ServerCart_CartFragment | null> {
    const send = (batch: LineToAdd[]) =>
      attempt("add", async () => {
        const { data } = await this.client.mutate({
          mutation: ServerCartLinesAddDocument,
          variables: { cartId, lines: batch.map(({ merchandiseId, quantity, attributes }) => ({ merchandiseId, quantity, attributes })) },
          fetchPolicy: "no-cache",
        });
        return cartOf(data?.cartLinesAdd);
      });
    try {
      return await send(lines);
    } catch (error) {
      if (!(error instanceof CartRefused)) throw error;
    }
    let cart: ServerCart_CartFragment | null = null;
    for (const line of lines) {
      try {
        cart = await send([line]);
      } catch (error) {
        if (!(error instanceof CartRefused)) throw error;
        this.refused.set(line.key, { code: error.code, message: error.message });
      }
    }
    return cart;
  }
}
