// The gateway's renderer, built by `vite build --ssr` into web/dist/.ssr and loaded by
// gateway/ssr. It renders the same screens, providers and GraphQL operations as the browser; the
// operations run in-process against the gateway's schema (a SchemaLink: no HTTP hop to itself).
import { createHash } from "node:crypto";
import type { EmotionCache } from "@emotion/cache";
import { ChakraProvider } from "@chakra-ui/react";
import { CacheProvider, Global } from "@emotion/react";
import { ApolloClient, ApolloLink } from "@apollo/client";
import { ErrorLink } from "@apollo/client/link/error";
import { SchemaLink } from "@apollo/client/link/schema";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { execute, type GraphQLSchema } from "graphql";
import { StrictMode, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { AppProviders } from "./AppProviders";
import { CART_MARK_SCRIPT } from "./features/cart/CartMark";
import { ORDER_PLACED_SCRIPT } from "./features/checkout/OrderPlacedScript";
import { typePolicies } from "./lib/apollo";
import { headTags, scriptJson } from "./lib/headTags";
import { resolveHead, type ResolvedHead } from "./lib/pageHead";
import { PageCache } from "./lib/pageCache";
import { ServerFragmentStore } from "./lib/serverFragmentStore";
import { SSR_STATE_ID, type SsrState } from "./lib/ssrState";
import { moduleOf, matchScreen } from "./routes";
import { screenQueries } from "./screenQueries";
import { animationNames, CSS_VARIABLE, pruneKeyframes, pruneTokenLayer, tokenLayer } from "./theme/criticalTokens";
import { createEmotionCache } from "./theme/emotion";
import { classNamesIn, SERVER_CLASS_STYLES } from "./theme/serverStyles";
import { getSystem } from "./theme/system";

export interface RenderRequest {
  /** Path and query of the page, e.g. /shop?page=2. */
  url: string;
  /** The shop's public origin (PUBLIC_URL). */
  publicUrl: string;
  schema: GraphQLSchema;
  /** A resolver context for an anonymous visitor: the HTML may be cached and sent to anyone. */
  context(): object;
  /** Stops waiting for data (the page is then rendered with what has arrived). */
  signal?: AbortSignal;
}

export interface RenderedPage {
  status: number;
  /** False for screens the browser renders alone (the dashboard, account and order pages). */
  rendered: boolean;
  /**
   * False for a page about one shopper, read from its address (routes.tsx, perRequest): it is
   * answered to that request alone, never kept.
   */
  shared: boolean;
  /** The markup of #root. */
  html: string;
  /** Title, description, canonical, previews, JSON-LD. */
  headTags: string;
  head: ResolvedHead;
  /** The critical CSS: Chakra's tokens and reset, and the classes the markup uses. */
  styleTags: string;
  /** The JSON script with the data the page was rendered from. */
  stateTag: string;
  /** The screen's module, as Vite's manifest names it (its chunk is preloaded). */
  module: string;
  /** False when the signal stopped the render before every query had answered. */
  complete: boolean;
  /** How many times the tree was rendered: once when the screen listed every query it reads (routes.tsx). */
  renders: number;
  /** How many parts (product cards) were written from markup kept from earlier pages (lib/serverFragmentStore.tsx). */
  fragments: number;
  /**
   * Milliseconds spent asking for the listed queries, rendering (with any queries the renders
   * asked for themselves) and writing the styles and the data into the page.
   */
  timings: { data: number; render: number; styles: number };
}

/** How React marks a Suspense boundary it left for the browser to render (renderToString, on suspending). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/** All of a stream's text (the streaming renderer's markup). */
async function textOf(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** Chakra's global style (reset, base, tokens): the one global whose CSS starts with the reset layer. */
const isChakraGlobal = (rules: string) => rules.startsWith("@layer reset{");

/**
 * The styles one render inserted, as style tags the browser's Emotion cache adopts instead of
 * inserting them again (what @emotion/server's extractCriticalToChunks does: global styles each in
 * their own tag, then every class the markup uses in one). `data-s` tells the browser's Emotion that
 * they are in <head> already: without it, the first Emotion cache created there (@emotion/react's
 * default one, as its module is evaluated) moves every one of them to the end of <head>, which makes
 * the browser recompute the whole page's style and layout (≈ 13 ms unthrottled, ×4 on Lighthouse's
 * phone) for nothing. Chakra's global keeps only the token variables the page uses;
 * `data-tokens` names the stylesheet with all of them, which the browser links before it renders
 * anything itself (theme/system.ts).
 */
function styleTagsOf(cache: EmotionCache, html: string): string {
  const used = new Set<string>();
  for (const match of html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, "g"))) used.add(match[1]);
  const globals: [id: string, rules: string][] = [];
  const ids: string[] = [];
  let css = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string") continue;
    const registered = cache.registered[`${cache.key}-${id}`] !== undefined;
    if (!registered) {
      globals.push([id, rules]);
    } else if (used.has(id)) {
      ids.push(id);
      css += rules;
    }
  }
  const tags = globals.map(([id, rules]) => {
    if (!isChakraGlobal(rules)) return `<style data-emotion="${cache.key}-global ${id}" data-s="">${rules}</style>`;
    const others = globals.filter(([other]) => other !== id).map(([, text]) => text);
    // What the pruning reads: the global style, the other styles (the classes by their names) and
    // the variables the markup names itself. Pages of a kind share them, so it is done once for them.
    const key = `${id} ${globals.map(([other]) => other).join(" ")}|${ids.join(" ")}|${html.match(CSS_VARIABLE)?.join(" ") ?? ""}`;
    let pruned = prunedGlobals.get(key);
    if (pruned === undefined) {
      pruned = pruneTokenLayer(pruneKeyframes(rules, `${animationSources()}\n${css}`), `${others.join("\n")}\n${css}`, html);
      if (prunedGlobals.size >= PRUNED_GLOBALS_KEPT) prunedGlobals.delete(prunedGlobals.keys().next().value!);
      prunedGlobals.set(key, pruned);
    }
    return `<style data-emotion="${cache.key}-global ${id}" data-s="" data-tokens="${tokenStylesheet().href}">${pruned}</style>`;
  });
  // The browser reads the names from the CSS (theme/serverStyles.ts), unless it mentions a class
  // whose rules are not in it: that class would then count as present and never be inserted.
  const held = new Set(ids);
  const mentioned = classNamesIn(css);
  const listed = mentioned.length === held.size && mentioned.every((name) => held.has(name)) ? "" : ` ${ids.join(" ")}`;
  tags.push(`<style data-emotion="${SERVER_CLASS_STYLES}${listed}" data-s="">${css}</style>`);
  return tags.join("");
}

/** Chakra's global style pruned for a page, by what the pruning read (styleTagsOf); the oldest go first. */
const prunedGlobals = new Map<string, string>();
const PRUNED_GLOBALS_KEPT = 100;

let animations: string | undefined;

/** The theme's recipes and animation styles as text, computed once (criticalTokens.animationNames). */
function animationSources(): string {
  return (animations ??= animationNames(getSystem()._config.theme));
}

/**
 * The inline scripts a screen may put in its own markup, by their text: the gateway's CSP allows one
 * on a page where the page holds it as written (gateway/ssr/page-renderer.ts), and never a script
 * that came into the markup any other way.
 */
export const PAGE_SCRIPTS: readonly string[] = [CART_MARK_SCRIPT, ORDER_PLACED_SCRIPT];

let fullTokens: { href: string; css: string } | undefined;

/**
 * Every token variable (Chakra's whole `@layer tokens{…}`, as the pages' global style would hold it)
 * and the address the build writes it to (web/vite.config.ts, tokenStylesheet): named by its
 * content, so it is cached for good and a new theme gets a new address.
 */
export function tokenStylesheet(): { href: string; css: string } {
  if (fullTokens) return fullTokens;
  const cache = serverCache();
  renderToString(
    <CacheProvider value={cache}>
      <Global styles={getSystem()._global} />
    </CacheProvider>,
  );
  const css = Object.values(cache.inserted)
    .map((rules) => (typeof rules === "string" && isChakraGlobal(rules) ? tokenLayer(rules) : null))
    .find((layer) => layer !== null);
  if (!css) throw new Error("Chakra's global CSS has no @layer tokens: check what this Chakra version emits.");
  const hash = createHash("sha256").update(css).digest("base64url").slice(0, 10);
  return (fullTokens = { href: `/assets/chakra-tokens-${hash}.css`, css });
}

function serverCache(): EmotionCache {
  const cache = createEmotionCache();
  // Compat mode keeps the rules in `inserted` (for styleTagsOf) instead of writing <style> tags
  // into the markup next to each element.
  cache.compat = true;
  return cache;
}

/**
 * Parts of pages kept across renders (product cards: lib/serverFragmentStore.tsx), rendered alone
 * in the providers they read: the theme's system and a router for their links.
 */
const fragments = new ServerFragmentStore({
  maxEntries: 5_000,
  createCache: serverCache,
  wrap: (element, cache) => (
    <CacheProvider value={cache}>
      <ChakraProvider value={getSystem()}>
        <StaticRouter location="/">{element}</StaticRouter>
      </ChakraProvider>
    </CacheProvider>
  ),
});

export async function render(request: RenderRequest): Promise<RenderedPage> {
  const address = new URL(request.url, request.publicUrl);
  const pathname = address.pathname;
  const { route, params } = matchScreen(pathname);
  if (route.ssr === false) {
    const head = resolveHead({ title: null, noindex: true, canonicalPath: null }, request.publicUrl, pathname);
    return { status: 200, rendered: false, shared: !route.perRequest, html: "", headTags: headTags(head), head, styleTags: "", stateTag: "", module: moduleOf(route), complete: true, renders: 0, fragments: 0, timings: { data: 0, render: 0, styles: 0 } };
  }
  await route.screen.preload();

  // The page's own cache: the listed queries' answers go in whole and are read back whole (lib/pageCache.ts).
  const cache = new PageCache(typePolicies);
  // Whether a read found less than it asked for (a query the screen reads that its list left out),
  // and whether a query answered an error (its field is shown empty: not a page to keep or send as it is).
  const reads = { missed: false, failed: false };
  const diff = cache.diff.bind(cache);
  cache.diff = ((options: Parameters<typeof diff>[0]) => {
    const result = diff(options);
    if (!result.complete) reads.missed = true;
    return result;
  }) as typeof cache.diff;
  // The first render reads only what is in the cache (cache-only): Apollo's prerenderStatic renders
  // once more after any query that may ask the network, even one the cache answers.
  const watchQuery = { errorPolicy: "all", fetchPolicy: "cache-only" } as const;
  const client = new ApolloClient({
    ssrMode: true,
    link: ApolloLink.from([
      new ErrorLink(() => {
        reads.failed = true;
      }),
      new SchemaLink({ schema: request.schema, context: () => request.context() }),
    ]),
    cache,
    // A field that fails must not lose the whole page: the screen shows what did arrive. (Only here:
    // the browser's hooks are typed for the default policy, hence the cast.)
    defaultOptions: { watchQuery, query: { errorPolicy: "all" } } as unknown as ApolloClient.Options["defaultOptions"],
  });
  // The data the screen's first render reads, asked for before it, so the page renders once instead
  // of once per wave of queries (each render of a page costs as much as the page).
  const started = performance.now();
  // Executed as the SchemaLink would (the cache's document, with its __typename fields, against the
  // schema) and put in the cache, without Apollo's request machinery around each one. What fails is
  // left out: the render notices and asks for it the usual way, and shows what it gets.
  const answers = await Promise.all(
    screenQueries(route.module, { params, search: address.searchParams, origin: new URL(request.publicUrl).origin }).map(async ({ query, variables = {} }) => {
      const result = await execute({ schema: request.schema, document: cache.transformDocument(query), variableValues: variables, contextValue: request.context() });
      return result.data && !result.errors ? { query, variables, data: result.data } : null;
    }),
  );
  cache.prefill(answers.filter((answer) => answer !== null));
  const asked = performance.now();
  reads.missed = false;
  let head: ResolvedHead | null = null;
  let styles: EmotionCache = serverCache();
  let renders = 0;
  const kept = fragments.forPage(() => styles);
  const app = (
    <StrictMode>
      <AppProviders
        client={client}
        head={{ publicUrl: request.publicUrl, collect: (resolved) => (head = resolved) }}
        router={(screens) => <StaticRouter location={request.url}>{screens}</StaticRouter>}
      />
    </StrictMode>
  );
  // A page about one shopper neither reads nor adds to the parts kept across pages: nothing of it outlives the request.
  const tree = route.perRequest ? app : kept.provide(app);
  // One pass over the tree, with a fresh style cache: the last pass's markup and styles go together.
  const renderPass = (element: ReactNode): string | ReturnType<typeof prerenderToNodeStream> => {
    renders++;
    styles = serverCache();
    // Synchronous, in one string: ~15 % less CPU than the streaming renderer. A boundary that
    // suspended (a lazy part not loaded yet) would be left to the browser (<!--$!-->): then
    // the page is rendered again by the renderer that waits for it.
    const html = renderToString(<CacheProvider value={styles}>{element}</CacheProvider>);
    if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return html;
    styles = serverCache();
    // Every boundary inline, in place: React would otherwise send large ones after the shell
    // with an inline script to move them, which the CSP (script-src 'self') does not run.
    return prerenderToNodeStream(<CacheProvider value={styles}>{element}</CacheProvider>, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  };
  // The data the screen reads is in the cache already (screenQueries): one plain pass reads it,
  // with Apollo's own hooks. Apollo's prerenderStatic would key every query of the pass by its
  // printed text and subscribe to each, to know whether to render again (~1 ms of a product page).
  const renderOnce = async (): Promise<string> => {
    const pass = renderPass(tree);
    return typeof pass === "string" ? pass : textOf((await pass).prelude);
  };
  // Apollo's way: render, wait for what the render asked for, render again until nothing more is asked.
  const renderInWaves = () =>
    prerenderStatic({ tree, context: { client }, signal: request.signal, renderFunction: renderPass })
      // Apollo refuses to start another render once the signal has fired: the page is out of time.
      .catch((error: unknown) => {
        if (request.signal?.aborted) return { result: "", aborted: true };
        throw error;
      });
  // Out of time (the data took the render's whole deadline): the page is not rendered here at all.
  const outOfTime = (): RenderedPage => {
    client.stop();
    const head = resolveHead({ title: null }, request.publicUrl, pathname);
    return { status: 503, rendered: false, shared: !route.perRequest, html: "", headTags: "", head, styleTags: "", stateTag: "", module: moduleOf(route), complete: false, renders, fragments: 0, timings: { data: asked - started, render: performance.now() - asked, styles: 0 } };
  };
  if (request.signal?.aborted) return outOfTime();
  let result = await renderOnce();
  let aborted = false;
  if (reads.missed) {
    // A query the list left out (or one that failed): rendered again as Apollo does, asking for
    // whatever the cache lacks and rendering until nothing more is asked for.
    client.defaultOptions.watchQuery = { ...client.defaultOptions.watchQuery, fetchPolicy: "cache-first" };
    ({ result, aborted } = await renderInWaves());
  }
  if (aborted) return outOfTime();
  const rendered = performance.now();
  const resolved = head ?? resolveHead({ title: null }, request.publicUrl, pathname);
  const state: SsrState = { apollo: client.extract() as SsrState["apollo"], publicUrl: request.publicUrl };
  client.stop();
  const styleTags = styleTagsOf(styles, result);
  const stateTag = `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(state)}</script>`;
  const page: RenderedPage = {
    status: resolved.status,
    rendered: true,
    shared: !route.perRequest,
    html: result,
    headTags: headTags(resolved),
    head: resolved,
    styleTags,
    stateTag,
    module: moduleOf(route),
    // A page whose data did not all arrive, or arrived as errors (a query past its deadline reads as a
    // product that does not exist), is neither kept nor sent: the gateway answers 503 with the
    // browser's page instead, which asks again.
    complete: !reads.failed,
    renders,
    fragments: kept.written,
    timings: { data: asked - started, render: rendered - asked, styles: performance.now() - rendered },
  };
  // After the page, not during it: what it showed for the second time is rendered alone and kept.
  if (!route.perRequest) kept.keepSeen();
  return page;
}
