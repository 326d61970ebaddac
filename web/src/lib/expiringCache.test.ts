import { gql, type ApolloClient } from "@apollo/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockLink } from "../../tests/mockClient";
import { createApolloClient } from "./apollo";
import { UNUSED_DATA_LIFETIME_MS } from "./expiringCache";

// spec §9: "Query cache: data is never stale, no refetch on focus; garbage collection time 5 minutes."
// The shop's own client (createApolloClient), with a link that counts requests, on fake timers.

const PRODUCT = gql`
  query ProductScreen($handle: String!) {
    product(handle: $handle) {
      id
      title
    }
  }
`;
const SHOP = gql`
  query ShopScreen($page: Int!) {
    products(page: $page) {
      products {
        id
        title
      }
    }
  }
`;

const tee = { __typename: "Product", id: "p-tee", title: "Subcommittee Tee" };
const mug = { __typename: "Product", id: "p-mug", title: "Filibuster Fuel Mug" };

function shopClient() {
  const { link, calls } = mockLink({
    ProductScreen: ({ handle }) => ({ data: { product: handle === "tee" ? tee : mug } }),
    ShopScreen: () => ({ data: { products: { __typename: "ProductPage", products: [tee, mug] } } }),
  });
  const client = createApolloClient(link);
  const requests = (operation: string) => calls.filter((c) => c.operation === operation).length;
  return { client, requests };
}

/** A screen showing a query's data, as useQuery does: watching it until the screen goes. */
async function visit(client: ApolloClient, query: typeof PRODUCT, variables: Record<string, unknown>) {
  const seen: unknown[] = [];
  const subscription = client.watchQuery({ query, variables }).subscribe((result) => {
    if (result.data) seen.push(result.data);
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(seen.length).toBeGreaterThan(0);
  return { leave: () => subscription.unsubscribe() };
}

const MINUTE = 60_000;

/** What the cache holds: normalized objects by id, the root fields under ROOT_QUERY. */
const stored = (client: ApolloClient) => client.cache.extract() as Record<string, Record<string, unknown> | undefined>;
const productFields = (client: ApolloClient) => Object.keys(stored(client).ROOT_QUERY ?? {}).filter((field) => field.startsWith("product("));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the query cache's lifetime (spec §9)", () => {
  it("is 5 minutes", () => {
    expect(UNUSED_DATA_LIFETIME_MS).toBe(5 * MINUTE);
  });

  it("never refetches data a screen is using, however long it stays open", async () => {
    const { client, requests } = shopClient();
    const screen = await visit(client, PRODUCT, { handle: "tee" });
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    window.dispatchEvent(new Event("focus"));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests("ProductScreen")).toBe(1);
    expect(stored(client)["Product:p-tee"]).toBeDefined();
    screen.leave();
  });

  it("serves a screen from the cache when it is visited again within 5 minutes", async () => {
    const { client, requests } = shopClient();
    (await visit(client, PRODUCT, { handle: "tee" })).leave();
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    const again = await visit(client, PRODUCT, { handle: "tee" });
    expect(requests("ProductScreen")).toBe(1);

    // The second visit used it: the 5 minutes start over when it ends.
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    again.leave();
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    (await visit(client, PRODUCT, { handle: "tee" })).leave();
    expect(requests("ProductScreen")).toBe(1);
  });

  it("drops data no screen has used for 5 minutes, so the next visit loads it afresh", async () => {
    const { client, requests } = shopClient();
    (await visit(client, PRODUCT, { handle: "tee" })).leave();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);

    expect(stored(client)["Product:p-tee"]).toBeUndefined();
    expect(productFields(client)).toEqual([]);

    (await visit(client, PRODUCT, { handle: "tee" })).leave();
    expect(requests("ProductScreen")).toBe(2);
  });

  it("keeps what a screen still shows when another screen's data expires", async () => {
    const { client, requests } = shopClient();
    const shop = await visit(client, SHOP, { page: 1 });
    (await visit(client, PRODUCT, { handle: "tee" })).leave();
    (await visit(client, PRODUCT, { handle: "mug" })).leave();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);

    // Both product fields went; the products themselves stay, because the open shop list shows them.
    expect(productFields(client)).toEqual([]);
    expect(stored(client)["Product:p-tee"]).toMatchObject({ title: "Subcommittee Tee" });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(client.readQuery({ query: SHOP, variables: { page: 1 } })).not.toBeNull();
    expect(requests("ShopScreen")).toBe(1);
    shop.leave();
  });

  it("lets data fetched without a screen (client.query) expire too", async () => {
    const { client, requests } = shopClient();
    await client.query({ query: PRODUCT, variables: { handle: "mug" } });
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(client.readQuery({ query: PRODUCT, variables: { handle: "mug" } })).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(client.readQuery({ query: PRODUCT, variables: { handle: "mug" } })).toBeNull();
    expect(requests("ProductScreen")).toBe(1);
  });
});
