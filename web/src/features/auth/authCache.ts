import type { ApolloCache } from "@apollo/client";
import { SessionDocument, type SessionCustomerFragment } from "../../gql/graphql";

/**
 * After sign-in or sign-out: `me` becomes the new customer (or null), and whatever belonged to the
 * previous one (their orders, an order looked up by id, even a "not yours" null) leaves the cache,
 * so the next screen asks the gateway as the new customer.
 */
export function replaceSessionCustomer(cache: ApolloCache, customer: SessionCustomerFragment | null): void {
  cache.evict({ id: "ROOT_QUERY", fieldName: "order" });
  cache.evict({ id: "ROOT_QUERY", fieldName: "customerOrders" });
  cache.writeQuery({ query: SessionDocument, data: { me: customer } });
  cache.gc();
}
