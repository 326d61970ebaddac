import { createElement, lazy, Suspense, useState, type ComponentType } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { AppShell, RouteFallback } from "./components/layout/AppShell";
import { AccountSlot } from "./features/auth/AccountSlot";
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
  /** The screen's module as Vite's manifest names it: its chunk is preloaded with the page. */
  module: string;
  /**
   * Rendered on the gateway (the default). Screens about the signed-in customer or a finished
   * checkout are rendered after hydration only: the gateway's HTML is shared between shoppers.
   */
  ssr?: false;
}

// spec §2 routes. Every screen is its own chunk, so a first visit downloads only its own screen.
const SCREENS: readonly ScreenRoute[] = [
  { path: null, screen: screen(() => import("./routes/HomeRoute")), module: "src/routes/HomeRoute.tsx" },
  { path: "shop", screen: screen(() => import("./routes/ShopRoute")), module: "src/routes/ShopRoute.tsx" },
  { path: "collections", screen: screen(() => import("./routes/CollectionsRoute")), module: "src/routes/CollectionsRoute.tsx" },
  { path: "collections/:handle", screen: screen(() => import("./routes/CollectionsRoute")), module: "src/routes/CollectionsRoute.tsx" },
  { path: "product/:handle", screen: screen(() => import("./routes/ProductRoute")), module: "src/routes/ProductRoute.tsx" },
  { path: "cart", screen: screen(() => import("./routes/CartRoute")), module: "src/routes/CartRoute.tsx" },
  { path: "customize", screen: screen(() => import("./routes/CustomizeRoute")), module: "src/routes/CustomizeRoute.tsx" },
  { path: "memes", screen: screen(() => import("./routes/MemesRoute")), module: "src/routes/MemesRoute.tsx" },
  // A shared discount link (/discount/HEARING20?redirect=/cart): applies its code to the visitor's cart.
  { path: "discount/:code", screen: screen(() => import("./routes/DiscountRoute")), module: "src/routes/DiscountRoute.tsx", ssr: false },
  { path: "dashboard", screen: screen(() => import("./routes/DashboardRoute")), module: "src/routes/DashboardRoute.tsx", ssr: false },
  { path: "order/:id", screen: screen(() => import("./routes/OrderRoute")), module: "src/routes/OrderRoute.tsx", ssr: false },
  { path: "account", screen: screen(() => import("./routes/AccountRoute")), module: "src/routes/AccountRoute.tsx", ssr: false },
  // Opened by emailed links: rendered on the gateway as private pages (never cached, never indexed,
  // without their query, so the link's token is read by the browser only).
  { path: "account/forgot-password", screen: screen(() => import("./routes/ForgotPasswordRoute")), module: "src/routes/ForgotPasswordRoute.tsx" },
  { path: "account/reset-password", screen: screen(() => import("./routes/ResetPasswordRoute")), module: "src/routes/ResetPasswordRoute.tsx" },
  { path: "account/verify-email", screen: screen(() => import("./routes/VerifyEmailRoute")), module: "src/routes/VerifyEmailRoute.tsx" },
  { path: "account/delete-account", screen: screen(() => import("./routes/DeleteAccountRoute")), module: "src/routes/DeleteAccountRoute.tsx" },
  { path: "login", screen: screen(() => import("./routes/LoginRoute")), module: "src/routes/LoginRoute.tsx", ssr: false },
  { path: "checkout-success", screen: screen(() => import("./routes/CheckoutSuccessRoute")), module: "src/routes/CheckoutSuccessRoute.tsx", ssr: false },
  { path: "about", screen: screen(() => import("./routes/AboutRoute")), module: "src/routes/AboutRoute.tsx" },
  { path: "contact", screen: screen(() => import("./routes/ContactRoute")), module: "src/routes/ContactRoute.tsx" },
  { path: "shipping", screen: screen(() => import("./routes/ShippingRoute")), module: "src/routes/ShippingRoute.tsx" },
  { path: "returns", screen: screen(() => import("./routes/ReturnsRoute")), module: "src/routes/ReturnsRoute.tsx" },
  { path: "faq", screen: screen(() => import("./routes/FaqRoute")), module: "src/routes/FaqRoute.tsx" },
  { path: "track", screen: screen(() => import("./routes/TrackRoute")), module: "src/routes/TrackRoute.tsx" },
  { path: "terms", screen: screen(() => import("./routes/TermsRoute")), module: "src/routes/TermsRoute.tsx" },
  { path: "privacy", screen: screen(() => import("./routes/PrivacyRoute")), module: "src/routes/PrivacyRoute.tsx" },
  { path: "content-policy", screen: screen(() => import("./routes/ContentPolicyRoute")), module: "src/routes/ContentPolicyRoute.tsx" },
  { path: "disclaimer", screen: screen(() => import("./routes/DisclaimerRoute")), module: "src/routes/DisclaimerRoute.tsx" },
  // spec §2: anything else is "404 Page Not Found".
  { path: "*", screen: screen(() => import("./routes/NotFoundRoute")), module: "src/routes/NotFoundRoute.tsx" },
];

// The shop's admin, outside the shop's frame (its own header, no cart), never rendered on
// the gateway, and in its own chunk, which a shopper's visit never downloads.
const ADMIN: ScreenRoute = { path: "admin/*", screen: screen(() => import("./routes/AdminRoute")), module: "src/routes/AdminRoute.tsx", ssr: false };

/** The one route table, shared by the browser (BrowserRouter) and the gateway (StaticRouter). */
export const appRoutes: RouteObject[] = [
  {
    element: createElement(AppShell, { account: createElement(AccountSlot), cart: createElement(CartButton) }),
    children: SCREENS.map(
      (route): RouteObject =>
        route.path === null
          ? { index: true, element: createElement(route.screen), handle: route }
          : { path: route.path, element: createElement(route.screen), handle: route },
    ),
  },
  { path: ADMIN.path!, element: createElement(Suspense, { fallback: createElement(RouteFallback) }, createElement(ADMIN.screen)), handle: ADMIN },
];

/** The screen that answers a path. */
export function screenFor(pathname: string): ScreenRoute {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  const leaf = matches[matches.length - 1]?.route.handle as ScreenRoute | undefined;
  return leaf ?? SCREENS[SCREENS.length - 1];
}
