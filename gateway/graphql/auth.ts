import type { AuthChecker } from "type-graphql";
import { notSignedIn } from "../shared/errors.js";
import type { GraphQLContext } from "./context.js";

/**
 * What @Authorized() means in this schema: a customer is signed in. A guest gets UNAUTHENTICATED
 * "Not signed in" (thrown rather than answered false, so the message is the shop's and not
 * TypeGraphQL's), as userErrors where the field answers a payload (graphql-server/errors.ts).
 * REST's twin is requireSignedIn (sessions/current-customer.ts).
 */
export const signedInChecker: AuthChecker<GraphQLContext> = ({ context }) => {
  if (context.customerId === null) throw notSignedIn();
  return true;
};
