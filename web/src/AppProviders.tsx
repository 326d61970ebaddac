import type { ReactNode } from "react";
import { ApolloProvider } from "@apollo/client/react";
import type { ApolloClient } from "@apollo/client";
import { ChakraProvider } from "@chakra-ui/react";
import { App } from "./App";
import { system } from "./theme/system";
import { ColorModeProvider } from "./theme/colorMode";
import { CartDrawerProvider } from "./features/cart/CartDrawerProvider";
import { ServerCartProvider } from "./features/cart/ServerCartProvider";
import { HeadProvider } from "./lib/pageHead";

interface HeadControl {
  publicUrl: string;
  collect?: Parameters<typeof HeadProvider>[0]["value"]["collect"];
}

/**
 * The providers around the shop, the same in the browser (main.tsx) and on the gateway
 * (entry-server.tsx): the router goes between them and the screens, `router(screens)`.
 */
export function AppProviders({ client, head, router }: { client: ApolloClient; head: HeadControl; router(screens: ReactNode): ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <ApolloProvider client={client}>
          <ServerCartProvider>
            <HeadProvider value={head}>
              {router(
                <CartDrawerProvider>
                  <App />
                </CartDrawerProvider>,
              )}
            </HeadProvider>
          </ServerCartProvider>
        </ApolloProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
