import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ApolloProvider } from "@apollo/client/react";
import { ChakraProvider } from "@chakra-ui/react";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import { createApolloClient } from "./lib/apollo";
import { system } from "./theme/system";
import { ColorModeProvider } from "./theme/colorMode";
import { CartDrawerProvider } from "./features/cart/CartDrawerProvider";
import { ServerCartProvider } from "./features/cart/ServerCartProvider";

const client = createApolloClient();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <ApolloProvider client={client}>
          <ServerCartProvider>
            <BrowserRouter>
              <CartDrawerProvider>
                <App />
              </CartDrawerProvider>
            </BrowserRouter>
          </ServerCartProvider>
        </ApolloProvider>
      </ColorModeProvider>
    </ChakraProvider>
  </StrictMode>,
);
