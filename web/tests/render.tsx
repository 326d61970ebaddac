import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { ChakraProvider } from "@chakra-ui/react";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { Observable } from "rxjs";
import { typePolicies } from "../src/lib/apollo";
import { attachToasts, clearToasts } from "../src/components/ui/toaster";
import ToastHost from "../src/components/ui/toastHost";
import { CartDrawerProvider } from "../src/features/cart/CartDrawerProvider";
import { ServerCartProvider } from "../src/features/cart/ServerCartProvider";
import { getSystem } from "../src/theme/system";

/** Shows the router's current address, so a test can see where a screen navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** A client whose every request fails: for screens that must not call the gateway in a test. */
function offlineClient(): ApolloClient {
  return new ApolloClient({
    cache: new InMemoryCache({ typePolicies }),
    link: new ApolloLink(() => new Observable((observer) => observer.error(new Error("offline in tests")))),
  });
}

interface Options {
  /** The address the screen opens at. */
  route?: string;
  /** Route pattern for `ui` (default: every path). */
  path?: string;
  client?: ApolloClient;
  /** Keep a server cart beside the local one, as main.tsx does (off by default: it talks to the gateway). */
  serverCart?: boolean;
}

/** Renders a screen the way main.tsx does: Chakra, Apollo, the router, the cart drawer and the toaster. */
export function renderScreen(ui: ReactElement, { route = "/", path = "*", client = offlineClient(), serverCart = false }: Options = {}): RenderResult {
  clearToasts();
  const screen = (
    <MemoryRouter initialEntries={[route]}>
      <CartDrawerProvider>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
        {/* Loaded from the start (the shop loads it when idle or with the first toast: toaster.test.tsx). */}
        <ToastHost attach={attachToasts} />
      </CartDrawerProvider>
    </MemoryRouter>
  );
  return render(
    <ChakraProvider value={getSystem()}>
      <ApolloProvider client={client}>{serverCart ? <ServerCartProvider>{screen}</ServerCartProvider> : screen}</ApolloProvider>
    </ChakraProvider>,
  );
}
