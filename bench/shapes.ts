// The four request shapes of the side-by-side run with Vendure (../shared/bench/vendure/sxs.js):
// the same GraphQL bodies, so the figures of `npm run bench` and of that run mean the same thing.
//   a: 24 products with featured image and variants   b: one product with variants, options, collections
//   c: all collections                                 d: add one unit to an existing cart (one cart per connection)

export type ShapeName = "a" | "b" | "c" | "d";

export const SHAPE_TITLES: Record<ShapeName, string> = {
  a: "a: 24 products, featured image, variants",
  b: "b: one product, variants, options, collections",
  c: "c: all collections",
  d: "d: add one unit to an existing cart",
};

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await res.json()) as { data?: T; errors?: unknown[] };
  if (res.status !== 200 || json.errors || !json.data) throw new Error(`${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

/** The bodies for one gateway: a to c are fixed; d needs a cart per connection (cartBodies). */
export async function shapeBodies(graphqlUrl: string) {
  const list = await post<{ products: { products: { handle: string; variants: { id: string }[]; options: unknown[] }[] } }>(graphqlUrl, {
    query: "{ products(pageSize: 24) { products { handle variants { id } options { name } } } }",
  });
  const products = list.products.products;
  const multi = products.find((p) => p.variants.length > 2 && p.options.length > 1) ?? products[0]!;
  const variantId = products[0]!.variants[0]!.id;
  const fixed: Record<Exclude<ShapeName, "d">, string> = {
    a: `query { products(pageSize: 24) { pageInfo { totalCount } products { id title handle featuredImage { url } variants { id title price { amount currencyCode } } } } }`,
    b: `query { product(handle: "${multi.handle}") { id title handle description featuredImage { url } variants { id title price { amount currencyCode } selectedOptions { name value } } options { name values } collections { id title handle } } }`,
    c: `query { collections { id title handle } }`,
  };
  return {
    fixed: (name: Exclude<ShapeName, "d">) => JSON.stringify({ query: fixed[name] }),
    /** n new carts, each holding one unit of the variant d adds to; the body that adds one more to each. */
    async cartBodies(n: number): Promise<{ cartId: string; body: string }[]> {
      const carts = [];
      for (let i = 0; i < n; i++) {
        const created = await post<{ cartCreate: { cart: { id: string } } }>(graphqlUrl, {
          query: "mutation($lines: [CartLineInput!]!) { cartCreate(input: { lines: $lines }) { cart { id } userErrors { message } } }",
          variables: { lines: [{ merchandiseId: variantId, quantity: 1 }] },
        });
        const cartId = created.cartCreate.cart.id;
        const query = `mutation { cartLinesAdd(cartId: ${JSON.stringify(cartId)}, lines: [{ merchandiseId: ${JSON.stringify(variantId)}, quantity: 1 }]) { cart { id totalQuantity } userErrors { code message } } }`;
        carts.push({ cartId, body: JSON.stringify({ query }) });
      }
      return carts;
    },
    /** The units a cart holds now (to check that every successful add added exactly one). */
    async totalQuantity(cartId: string): Promise<number> {
      const read = await post<{ cart: { totalQuantity: number } }>(graphqlUrl, { query: `query { cart(id: ${JSON.stringify(cartId)}) { totalQuantity } }` });
      return read.cart.totalQuantity;
    },
  };
}

/** A d answer that added the unit: the cart and no userErrors. */
export const addSucceeded = (body: string) => body.includes('"totalQuantity"') && body.includes('"userErrors":[]');
