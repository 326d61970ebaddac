import { CacheProvider } from "@emotion/react";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { AppProviders } from "./AppProviders";
import { createApolloClient } from "./lib/apollo";
import { beginHydration } from "./lib/hydration";
import { readSsrState } from "./lib/ssrState";
import { screenFor } from "./routes";
import { createEmotionCache } from "./theme/emotion";

// Issue 13: the gateway sends the page already rendered, with the data it was rendered from. The
// cache starts with that data, so hydrating asks the gateway for nothing it already sent.
const state = readSsrState();
const client = createApolloClient();
if (state) client.cache.restore(state.apollo);

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <CacheProvider value={createEmotionCache()}>
      <AppProviders
        client={client}
        head={{ publicUrl: state?.publicUrl ?? window.location.origin }}
        router={(screens) => <BrowserRouter>{screens}</BrowserRouter>}
      />
    </CacheProvider>
  </StrictMode>
);

if (state && container.firstElementChild) {
  // The screen's chunk was preloaded after the first paint (main.tsx): loaded first, the screen hydrates at once
  // instead of suspending. In a transition, so hydration yields to the browser between units of work.
  beginHydration();
  void screenFor(window.location.pathname)
    .screen.preload()
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // Screens the gateway leaves to the browser (the dashboard, account and order pages), and `vite` in development.
  createRoot(container).render(app);
}
