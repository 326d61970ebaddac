import type { TestGateway } from "./gateway.js";

/** One catalog variant as the tests use it: ids from REST, price in cents. */
export interface TestVariant {
  id: string;
  title: string;
  priceCents: number;
  productTitle: string;
  productHandle: string;
}

/** The variants of a product, read through REST /api/products/{handle} as a client would. */
export async function variantsOf(shop: TestGateway, handle: string): Promise<TestVariant[]> {
  const { status, body } = await shop.rest(`/api/products/${handle}`);
  if (status !== 200) throw new Error(`no product ${handle}`);
  return body.variants.map((v: any) => ({
    id: v.id,
    title: v.title,
    priceCents: Math.round(v.price * 100),
    productTitle: body.title,
    productHandle: body.handle,
  }));
}

/** A cart id as a REST path segment (its colons and slashes URL-encoded, spec §7). */
const encodeCartId = (id: string) => encodeURIComponent(id);

const json = (method: string, body?: unknown): RequestInit =>
  body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };

/** The cart calls of spec §7 over REST. */
export function cartApi(shop: TestGateway) {
  return {
    create: () => shop.rest("/api/cart", json("POST")),
    get: (cartId: string) => shop.rest(`/api/cart/${encodeCartId(cartId)}`),
    add: (cartId: string, items: unknown) => shop.rest(`/api/cart/${encodeCartId(cartId)}/items`, json("POST", { items })),
    update: (cartId: string, lineId: string, quantity: unknown) =>
      shop.rest(`/api/cart/${encodeCartId(cartId)}/items/${encodeURIComponent(lineId)}`, json("PATCH", { quantity })),
    remove: (cartId: string, lineId: string) => shop.rest(`/api/cart/${encodeCartId(cartId)}/items/${encodeURIComponent(lineId)}`, json("DELETE")),
    checkoutUrl: (cartId: string) => shop.rest(`/api/cart/${encodeCartId(cartId)}/checkout-url`),
    sync: (items: unknown) => shop.rest("/api/cart/sync", json("POST", { items })),
    /** A new cart holding the given lines; answers its id. */
    async filled(items: { variantId: string; quantity: number; customAttributes?: { key: string; value: string }[] }[]): Promise<string> {
      const { body } = await shop.rest("/api/cart", json("POST"));
      const added = await shop.rest(`/api/cart/${encodeCartId(body.id)}/items`, json("POST", { items }));
      if (added.status !== 200) throw new Error(`could not fill cart: ${JSON.stringify(added.body)}`);
      return body.id;
    },
  };
}

/** Uploads a small real design (POST /api/designs), with the studio's `state` when given, and answers its id, for lines that carry one. */
export async function uploadDesign(shop: TestGateway, state?: Record<string, unknown>): Promise<string> {
  const { makePng } = await import("./images.js");
  const body = new FormData();
  body.append("preview", new Blob([makePng(24, 24)], { type: "image/png" }), "design.png");
  if (state) body.append("state", JSON.stringify(state));
  const res = await fetch(`${shop.url}/api/designs`, { method: "POST", body });
  if (res.status !== 201) throw new Error(`design upload failed: ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}
