import type { ApolloClient } from "@apollo/client";
import {
  ServerCartCreateDocument,
  ServerCartDocument,
  ServerCartLinesAddDocument,
  ServerCartLinesRemoveDocument,
  ServerCartLinesUpdateDocument,
  type ServerCart_CartFragment,
} from "../../gql/graphql";
import { lineKey, loadCart, type LocalCartLine } from "./localCart";
import { isEmptyPlan, planServerCart, type LineToAdd, type ServerLine } from "./serverCartPlan";

// spec §3/§9: the server cart's id is kept in browser storage under its own key.
export const SERVER_CART_ID_KEY = "cartId";

type CartPayload = { cart?: ServerCart_CartFragment | null; userErrors: { code: string; message: string }[] } | undefined;

/** The stored cart is gone (checked out elsewhere, or swept): start a new one. */
class CartGone extends Error {}
/** The gateway refused a change (userErrors), e.g. a variant whose product was removed. */
class CartRefused extends Error {}

function readCartId(): string | null {
  try {
    return window.localStorage.getItem(SERVER_CART_ID_KEY);
  } catch {
    return null;
  }
}

function storeCartId(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(SERVER_CART_ID_KEY, id);
    else window.localStorage.removeItem(SERVER_CART_ID_KEY);
  } catch {
    // Storage refused: the next start makes another cart, which is all this costs.
  }
}

function toServerLines(cart: ServerCart_CartFragment): ServerLine[] {
  return cart.lines.edges.map(({ node }) => ({
    lineId: node.id,
    merchandiseId: node.merchandise.id,
    quantity: node.quantity,
    attributes: node.attributes.map(({ key, value }) => ({ key, value })),
  }));
}

function cartOf(payload: CartPayload): ServerCart_CartFragment {
  const problem = payload?.userErrors[0];
  if (problem?.code === "CART_COMPLETED" || problem?.code === "CART_NOT_FOUND") throw new CartGone(problem.message);
  if (problem || !payload?.cart) throw new CartRefused(problem?.message ?? "The cart did not answer");
  return payload.cart;
}

/**
 * spec §4 Server cart, and issue 6's "one cart": the local cart (what the badge, drawer and cart page
 * show) is mirrored into a server cart whose id is kept under its own key. On start the stored cart is
 * fetched, and made anew when it is missing or the fetch fails; every change to the local cart in this
 * tab is then carried over (lines added, quantities set, lines removed); a cart that is emptied (Clear
 * Cart, or the last line removed, or checkout) is replaced by a fresh cart. `busy` is on while any of
 * this runs. A failure never touches the local cart: the next change tries again.
 */
export class ServerCartMirror {
  private busy = false;
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private pending = false;
  private hadLines = false;
  /** Lines the gateway would not take (e.g. a product that was removed), by line key. */
  private readonly refused = new Set<string>();

  constructor(
    private readonly client: ApolloClient,
    private readonly readLocal: () => LocalCartLine[] = loadCart,
  ) {}

  isBusy = (): boolean => this.busy;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Brings the server cart in line with the local cart; calls made meanwhile fold into one more pass. */
  sync = (): Promise<void> => {
    if (this.running) {
      this.pending = true;
      return this.running;
    }
    this.setBusy(true);
    this.running = (async () => {
      try {
        do {
          this.pending = false;
          await this.pass();
        } while (this.pending);
      } catch {
        // Offline or refused: the local cart stays as it is, and the next change tries again.
      } finally {
        this.running = null;
        this.setBusy(false);
      }
    })();
    return this.running;
  };

  private setBusy(busy: boolean): void {
    this.busy = busy;
    for (const listener of this.listeners) listener();
  }

  private async pass(): Promise<void> {
    const local = this.readLocal();
    const keys = new Set(local.map(lineKey));
    for (const key of this.refused) if (!keys.has(key)) this.refused.delete(key);
    const emptied = local.length === 0 && this.hadLines;
    this.hadLines = local.length > 0;

    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const cart = emptied ? await this.create() : ((await this.fetchStored()) ?? (await this.create()));
        await this.apply(cart, local);
        return;
      } catch (error) {
        if (!(error instanceof CartGone)) throw error;
        storeCartId(null);
      }
    }
  }

  /** The stored cart, or null when there is none, it is gone, or it could not be fetched. */
  private async fetchStored(): Promise<ServerCart_CartFragment | null> {
    const id = readCartId();
    if (!id) return null;
    try {
      const { data } = await this.client.query({ query: ServerCartDocument, variables: { id }, fetchPolicy: "no-cache" });
      return data?.cart ?? null;
    } catch {
      return null;
    }
  }

  private async create(): Promise<ServerCart_CartFragment> {
    const { data } = await this.client.mutate({ mutation: ServerCartCreateDocument, fetchPolicy: "no-cache" });
    const cart = cartOf(data?.cartCreate);
    storeCartId(cart.id);
    return cart;
  }

  private async apply(start: ServerCart_CartFragment, local: LocalCartLine[]): Promise<void> {
    const plan = planServerCart(local, toServerLines(start), this.refused);
    if (isEmptyPlan(plan)) return;
    const cartId = start.id;
    if (plan.remove.length > 0) {
      const { data } = await this.client.mutate({ mutation: ServerCartLinesRemoveDocument, variables: { cartId, lineIds: plan.remove }, fetchPolicy: "no-cache" });
      cartOf(data?.cartLinesRemove);
    }
    if (plan.update.length > 0) {
      const { data } = await this.client.mutate({ mutation: ServerCartLinesUpdateDocument, variables: { cartId, lines: plan.update }, fetchPolicy: "no-cache" });
      cartOf(data?.cartLinesUpdate);
    }
    if (plan.add.length > 0) await this.add(cartId, plan.add);
  }

  /** Adds are all or nothing at the gateway: when a batch is refused, each line is tried alone. */
  private async add(cartId: string, lines: LineToAdd[]): Promise<void> {
    const send = async (batch: LineToAdd[]) => {
      const { data } = await this.client.mutate({
        mutation: ServerCartLinesAddDocument,
        variables: { cartId, lines: batch.map(({ merchandiseId, quantity, attributes }) => ({ merchandiseId, quantity, attributes })) },
        fetchPolicy: "no-cache",
      });
      cartOf(data?.cartLinesAdd);
    };
    try {
      await send(lines);
    } catch (error) {
      if (!(error instanceof CartRefused)) throw error;
      for (const line of lines) {
        try {
          await send([line]);
        } catch (lineError) {
          if (!(lineError instanceof CartRefused)) throw lineError;
          this.refused.add(line.key);
        }
      }
    }
  }
}
