// spec §3/§9: the server cart's id is kept in browser storage under its own key.
export const SERVER_CART_ID_KEY = "cartId";

/** The kept server cart's id; null when there is none or storage cannot be read. */
export function readCartId(): string | null {
  try {
    return window.localStorage.getItem(SERVER_CART_ID_KEY);
  } catch {
    return null;
  }
}

/** Keeps `id` as the server cart's id, or forgets it (null). */
export function storeCartId(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(SERVER_CART_ID_KEY, id);
    else window.localStorage.removeItem(SERVER_CART_ID_KEY);
  } catch {
    // Storage refused: the next start makes another cart, which is all this costs.
  }
}
