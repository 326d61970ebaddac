// The queries each screen's first render reads, by the screen's module (routes.tsx), for the
// gateway's renderer only (entry-server.tsx): it asks for them before rendering, so a page renders
// once with its data instead of once per wave of queries (Apollo's prerenderStatic renders again
// after every wave, and each render costs as much as the page). A query left out of a list still
// works: the renderer notices the cache lacked it and renders the way Apollo does, in waves (the
// gateway's debug log says how many renders a page took; tests/ssr.test.ts holds every listed page
// to one). Kept out of the screens' own modules, so browsers never download it.
import type { DocumentNode } from "graphql";
import type { Params } from "react-router-dom";
import { readCheckoutResult } from "./features/checkout/checkoutResult";
import { parseMemeParams } from "./features/memes/memeParams";
import { parseShopParams } from "./features/shop/shopParams";
import { shopVariables } from "./features/shop/shopVariables";
import {
  CartLimitsDocument,
  CartRouteDocument,
  CheckoutSuccessOrderDocument,
  CollectionRouteDocument,
  CollectionsRouteDocument,
  DeliveryTimesDocument,
  FeaturedMemeTabDocument,
  HomeCollectionsDocument,
  HomeFeaturedMemeDocument,
  HomePopularProductsDocument,
  HomePromoBannerDocument,
  MemesRouteDocument,
  ProductRouteDocument,
  ShippingRouteDocument,
  ShopRouteDocument,
  SignInOptionsDocument,
} from "./gql/graphql";

export interface ScreenQuery {
  query: DocumentNode;
  variables?: Record<string, unknown>;
}

/** The address a screen answers: its path's parameters (":handle"), its query string and the shop's origin. */
interface ScreenAddress {
  params: Params;
  search: URLSearchParams;
  /** The shop's public origin (PUBLIC_URL's), which links in the query are checked against. */
  origin: string;
}

/** The cart's line limit: read by every Add to Cart and quantity field (features/cart/useLineQuantityLimit). */
const CART_LIMITS: ScreenQuery = { query: CartLimitsDocument };

const SCREEN_QUERIES: Record<string, (address: ScreenAddress) => ScreenQuery[]> = {
  HomeRoute: () => [HomeCollectionsDocument, HomePromoBannerDocument, HomePopularProductsDocument, HomeFeaturedMemeDocument].map((query) => ({ query })),
  ShopRoute: ({ search }) => [{ query: ShopRouteDocument, variables: shopVariables(parseShopParams(search)) }],
  CollectionsRoute: ({ params }) =>
    params.handle ? [{ query: CollectionRouteDocument, variables: { handle: params.handle } }] : [{ query: CollectionsRouteDocument }],
  ProductRoute: ({ params }) => [{ query: ProductRouteDocument, variables: { handle: params.handle ?? "" } }, CART_LIMITS],
  MemesRoute: ({ search }) => {
    const { tab, page } = parseMemeParams(search);
    return [tab === "all" ? { query: MemesRouteDocument, variables: { page } } : { query: FeaturedMemeTabDocument }, CART_LIMITS];
  },
  CartRoute: () => [{ query: CartRouteDocument }, CART_LIMITS],
  // The order's items and address, by the token of the status link in the checkout's redirect, read
  // as the page reads it; none without one (an incomplete checkout, a link elsewhere).
  CheckoutSuccessRoute: ({ search, origin }) => {
    const result = readCheckoutResult(search, origin);
    return result.kind === "order" && result.statusToken ? [{ query: CheckoutSuccessOrderDocument, variables: { token: result.statusToken } }] : [];
  },
  FaqRoute: () => [{ query: DeliveryTimesDocument }],
  ShippingRoute: () => [{ query: ShippingRouteDocument }],
  // The forms (kept unseen until the session is known) offer Google where the gateway has it.
  LoginRoute: () => [{ query: SignInOptionsDocument }],
};

/** What the screen in `module` reads first at this address (nothing listed: none). */
export function screenQueries(module: string, address: ScreenAddress): ScreenQuery[] {
  return SCREEN_QUERIES[module]?.(address) ?? [];
}
