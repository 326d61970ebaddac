import { useEffect, type ReactNode } from "react";
import { ApolloProvider } from "@apollo/client/react";
import type { ApolloClient } from "@apollo/client";
import { ChakraProvider } from "@chakra-ui/react";
import { App } from "./App";
import { getSystem } from "./theme/system";
import { ColorModeProvider } from "./theme/colorMode";
import { CartDrawerProvider } from "./features/cart/CartDrawerProvider";
import { ServerCartProvider } from "./features/cart/ServerCartProvider";
import { HeadProvider } from "./lib/pageHead";
import { endHydration } from "./lib/hydration";

/**
 * Marks <html data-hydrated> once the page is interactive: after the root's commit, when the main
 * thread is next idle (React hydrates the page's boundaries before that). Tests wait for it before
 * clicking; styles may use it.
 */
function HydratedMarker() {
  useEffect(() => {
    const mark = () => {
      document.documentElement.setAttribute("data-hydrated", "");
      endHydration();
    };
    if ("requestIdleCallback" in window) window.requestIdleCallback(mark, { timeout: 2000 });
    else setTimeout(mark, 50);
  }, []);
  return null;
}

interface HeadControl {
  publicUrl: string;
  collect?: Parameters<typeof HeadProvider>[0]["value"]["collect"];
  apply?: Parameters<typeof HeadProvider>[0]["value"]["apply"];
}

/**
 * The providers around the shop, the same in the browser (main.tsx) and on the gateway
 * (entry-server.tsx): the router goes between them and the screens, `router(screens)`.
 */
export function AppProviders({ client, head, router }: { client: ApolloClient; head: HeadControl; router(screens: ReactNode): ReactNode }) {
  return (
    <ChakraProvider value={getSystem()}>
      <ColorModeProvider>
        <ApolloProvider client={client}>
          <ServerCartProvider>
            <HeadProvider value={head}>
              {router(
                <CartDrawerProvider>
                  <App />
                  <HydratedMarker />
                </CartDrawerProvider>,
              )}
            </HeadProvider>
          </ServerCartProvider>
        </ApolloProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
