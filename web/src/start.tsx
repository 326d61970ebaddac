import { CacheProvider } from "@emotion/react";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { AppProviders } from "./AppProviders";
import { createApolloClient } from "./lib/apollo";
import { beginHydration } from "./lib/hydration";
import type { ResolvedHead } from "./lib/pageHead";
import { readSsrState, type SsrState } from "./lib/ssrState";
import { screenFor } from "./routes";
import { createEmotionCache } from "./theme/emotion";
import { adoptServerClassStyles } from "./theme/serverStyles";
import { getSystem, prepareSystem } from "./theme/system";
import { yieldToMain } from "./lib/yieldToMain";

const state = readSsrState();
// A screen's head tags, written after a client-side navigation: loaded then, as the first page's
// are the gateway's.
const applyHead = (head: ResolvedHead) => void import("./lib/applyHead").then(({ applyHeadToDocument }) => applyHeadToDocument(head));
const client = createApolloClient();
const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <CacheProvider value={adoptServerClassStyles(createEmotionCache())}>
      <AppProviders
        client={client}
        head={{ publicUrl: state?.publicUrl ?? window.location.origin, apply: applyHead }}
        router={(screens) => <BrowserRouter>{screens}</BrowserRouter>}
      />
    </CacheProvider>
  </StrictMode>
);

/**
 * Each step before hydration is a task of its own (Total Blocking Time counts a task's
 * time over 50 ms): evaluating the shop's code (main.tsx, a library per task), matching the route
 * (React Router's first match ranks the whole route table), creating the Chakra system (in three
 * steps: web/src/theme/system.ts, prepareSystem), restoring the data the page was rendered from,
 * then hydrating. The screen's chunk was preloaded after the first paint (main.tsx) and is loaded
 * meanwhile: the screen hydrates at once instead of suspending. In a transition, so hydration
 * yields to the browser between units of work.
 */
async function hydrate(apollo: SsrState["apollo"]) {
  beginHydration();
  await yieldToMain();
  const screen = screenFor(window.location.pathname).screen.preload().catch(() => undefined);
  await yieldToMain();
  prepareSystem();
  await yieldToMain();
  prepareSystem();
  await yieldToMain();
  getSystem();
  await yieldToMain();
  // The cache starts with the data the gateway rendered from, so hydrating asks it for nothing it already sent.
  client.cache.restore(apollo);
  await screen;
  await yieldToMain();
  startTransition(() => void hydrateRoot(container, app));
}

if (state && container.firstElementChild) {
  void hydrate(state.apollo);
} else {
  // Screens the gateway leaves to the browser (the dashboard, account and order pages), and `vite` in development.
  createRoot(container).render(app);
}
