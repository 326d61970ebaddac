import { afterAll, beforeAll, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
let shop: TestGateway;
beforeAll(async () => { shop = await startTestGateway(); });
afterAll(async () => { await shop?.close(); });
it("probe", async () => {
  const log: string[] = [];
  const list = await shop.graphql('{ products(pageSize: 24) { products { handle variants { id } options { name } } } }');
  const prods = list.data.products.products;
  const multi = prods.find((p: any) => p.variants.length > 2 && p.options.length > 1) || prods[0];
  const Q: Record<string,string> = {
    a: `query { products(pageSize: 24) { pageInfo { totalCount } products { id title handle featuredImage { url } variants { id title price { amount currencyCode } } } } }`,
    b: `query { product(handle: "${multi.handle}") { id title handle description featuredImage { url } variants { id title price { amount currencyCode } selectedOptions { name value } } options { name values } collections { id title handle } } }`,
    c: `query { collections { id title handle } }`,
  };
  const cart = await shop.graphql('mutation { cartCreate { cart { id } userErrors { message } } }');
  const id = cart.data.cartCreate.cart.id;
  Q.d = `mutation { cartLinesAdd(cartId: ${JSON.stringify(id)}, lines: [{ merchandiseId: ${JSON.stringify(prods[0].variants[0].id)}, quantity: 1 }]) { cart { id totalQuantity } userErrors { code message } } }`;
  for (const [k, q] of Object.entries(Q)) {
    for (let i = 0; i < 3; i++) {
      const b = shop.database.queryCount;
      const r = await shop.graphql(q);
      log.push(`${k}: ${shop.database.queryCount - b} ${JSON.stringify(r.errors ?? '')}`);
    }
  }
  console.log(log.join("\n"));
});
