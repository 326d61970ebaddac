import { createElement, lazy, Suspense, useState, type ComponentType } from "react";
import { matchRoutes, type Params, type RouteObject } from "react-router-dom";
import { AppShell, RouteFallback } from "./components/layout/AppShell";
import { AccountSlot } from "./features/auth/AccountSlot";
import { MenuAccountLink } from "./features/auth/MenuAccountLink";
import { CartButton } from "./features/cart/CartButton";

type ScreenModule = { default: ComponentType };

/** A screen loaded on demand, which can also be loaded ahead (the gateway before rendering, the browser before hydrating). */
interface Screen {
  (): ReturnType<typeof createElement>;
  preload(): Promise<void>;
}

function screen(load: () => Promise<ScreenModule>): Screen {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function LoadedScreen() {
    // Chosen once per mount, so a screen that started lazily never swaps its component (and state).
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  LoadedScreen.preload = preload;
  return LoadedScreen;
}

export interface ScreenRoute {
  path: string | null;
  screen: Screen;
  /**
   * The screen's file in src/routes/, without its extension ("HomeRoute"): the gateway preloads its
   * chunk with the page (moduleOf gives the name Vite's manifest knows it by). Short, because every
   * first visit downloads this list.
   */
  module: string;
  /**
   * Rendered on the gateway (the default). Screens about the signed-in customer are rendered after
   * hydration only: the gateway renders for an anonymous visitor, and its HTML is shared between shoppers.
   */
  ssr?: false;
  /**
   * One shopper's page, read from its address (a finished checkout's redirect): the gateway renders
   * it for each request and never keeps it or sends it to anyone else (gateway/ssr/ssr.pages.ts).
   */
  perRequest?: true;
}

/** The name Vite's manifest gives a screen's module ("src/routes/HomeRoute.tsx"). */
export function moduleOf(route: Pick<ScreenRoute, "module">): string {
  return `src/routes/${route.module}.tsx`;
}

// spec §2 routes. Every screen is its own chunk, so a first visit downloads only its own screen.
const SCREENS: readonly ScreenRoute[] = [
  { path: null, screen: screen(() => import("./routes/HomeRoute")), module: "HomeRoute" },
  { path: "shop", screen: screen(() => import("./routes/ShopRoute")), module: "ShopRoute" },
  { path: "collections", screen: screen(() => import("./routes/CollectionsRoute")), module: "CollectionsRoute" },
  { path: "collections/:handle", screen: screen(() => import("./routes/CollectionsRoute")), module: "CollectionsRoute" },
  { path: "product/:handle", screen: screen(() => import("./routes/ProductRoute")), module: "ProductRoute" },
  { path: "cart", screen: screen(() => import("./routes/CartRoute")), module: "CartRoute" },
  { path: "customize", screen: screen(() => import("./routes/CustomizeRoute")), module: "CustomizeRoute" },
  { path: "memes", screen: screen(() => import("./routes/MemesRoute")), module: "MemesRoute" },
  // A shared discount link (/discount/HEARING20?redirect=/cart): applies its code to the visitor's cart.
  { path: "discount/:code", screen: screen(() => import("./routes/DiscountRoute")), module: "DiscountRoute", ssr: false },
  { path: "dashboard", screen: screen(() => import("./routes/DashboardRoute")), module: "DashboardRoute", ssr: false },
  { path: "order/:id", screen: screen(() => import("./routes/OrderRoute")), module: "OrderRoute", ssr: false },
  { path: "account", screen: screen(() => import("./routes/AccountRoute")), module: "AccountRoute", ssr: false },
  // Opened by emailed links: rendered on the gateway as private pages (never cached, never indexed,
  // without their query, so the link's token is read by the browser only).
  { path: "account/forgot-password", screen: screen(() => import("./routes/ForgotPasswordRoute")), module: "ForgotPasswordRoute" },
  { path: "account/reset-password", screen: screen(() => import("./routes/ResetPasswordRoute")), module: "ResetPasswordRoute" },
  { path: "account/verify-email", screen: screen(() => import("./routes/VerifyEmailRoute")), module: "VerifyEmailRoute" },
  { path: "account/delete-account", screen: screen(() => import("./routes/DeleteAccountRoute")), module: "DeleteAccountRoute" },
  { path: "login", screen: screen(() => import("./routes/LoginRoute")), module: "LoginRoute" },
  { path: "checkout-success", screen: screen(() => import("./routes/CheckoutSuccessRoute")), module: "CheckoutSuccessRoute", perRequest: true },
  { path: "about", screen: screen(() => import("./routes/AboutRoute")), module: "AboutRoute" },
  { path: "contact", screen: screen(() => import("./routes/ContactRoute")), module: "ContactRoute" },
  { path: "shipping", screen: screen(() => import("./routes/ShippingRoute")), module: "ShippingRoute" },
  { path: "returns", screen: screen(() => import("./routes/ReturnsRoute")), module: "ReturnsRoute" },
  { path: "faq", screen: screen(() => import("./routes/FaqRoute")), module: "FaqRoute" },
  { path: "track", screen: screen(() => import("./routes/TrackRoute")), module: "TrackRoute" },
  { path: "terms", screen: screen(() => import("./routes/TermsRoute")), module: "TermsRoute" },
  { path: "privacy", screen: screen(() => import("./routes/PrivacyRoute")), module: "PrivacyRoute" },
  { path: "content-policy", screen: screen(() => import("./routes/ContentPolicyRoute")), module: "ContentPolicyRoute" },
  { path: "disclaimer", screen: screen(() => import("./routes/DisclaimerRoute")), module: "DisclaimerRoute" },
  // spec §2: anything else is "404 Page Not Found".
  { path: "*", screen: screen(() => import("./routes/NotFoundRoute")), module: "NotFoundRoute" },
];

// The shop's admin, outside the shop's frame (its own header, no cart), never rendered on
// the gateway, and in its own chunk, which a shopper's visit never downloads.
const ADMIN: ScreenRoute = { path: "admin/*", screen: screen(() => import("./routes/AdminRoute")), module: "AdminRoute", ssr: false };

/** The one route table, shared by the browser (BrowserRouter) and the gateway (StaticRouter). */
export const appRoutes: RouteObject[] = [
  {
    element: createElement(AppShell, { account: createElement(AccountSlot), cart: createElement(CartButton), menuAccount: createElement(MenuAccountLink) }),
    children: SCREENS.map(
      (route): RouteObject =>
        route.path === null
          ? { index: true, element: createElement(route.screen), handle: route }
          : { path: route.path, element: createElement(route.screen), handle: route },
    ),
  },
  { path: ADMIN.path!, element: createElement(Suspense, { fallback: createElement(RouteFallback) }, createElement(ADMIN.screen)), handle: ADMIN },
];

/**
 * The screen that answers a path, and the path's parameters (":handle"), for the gateway's renderer:
 * one match for both (React Router flattens and ranks every route at each match).
 */
export function matchScreen(pathname: string): { route: ScreenRoute; params: Params } {
  const leaf = matchRoutes(appRoutes, pathname)?.at(-1);
  return { route: (leaf?.route.handle as ScreenRoute | undefined) ?? SCREENS[SCREENS.length - 1], params: leaf?.params ?? {} };
}

/** The screen that answers a path. */
export function screenFor(pathname: string): ScreenRoute {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  const leaf = matches[matches.length - 1]?.route.handle as ScreenRoute | undefined;
  return leaf ?? SCREENS[SCREENS.length - 1];
}
