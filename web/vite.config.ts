import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from "vite";
import react from "@vitejs/plugin-react";

// Text assets worth compressing; images (PNG, JPEG, WebP) are compressed already.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;

/**
 * The development server's proxy to the gateway (`npm run dev`, PUBLIC_URL's default). The gateway
 * refuses a change whose Origin is not PUBLIC_URL's (gateway/http/cross-site.ts); a page of this
 * server says its own origin, so the proxy hands that on as the gateway's. Another site's Origin, and
 * Sec-Fetch-Site, pass unchanged.
 */
const GATEWAY = "http://127.0.0.1:3000";
const toGateway: ProxyOptions = {
  target: GATEWAY,
  configure(proxy) {
    proxy.on("proxyReq", (proxyReq, req) => {
      if (req.headers.origin !== undefined && req.headers.origin === `http://${req.headers.host}`) proxyReq.setHeader("origin", GATEWAY);
    });
  },
};

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every hashed asset, so the
 * gateway serves them as they are (Content-Encoding, Vary: Accept-Encoding) without compressing on
 * each request.
 */
function precompressAssets(): Plugin {
  let assetsDir = "";
  return {
    name: "storefront:precompress-assets",
    // The gateway's renderer (--ssr) is read from disk, never sent.
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      if (!fs.existsSync(assetsDir)) return;
      for (const name of fs.readdirSync(assetsDir)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(assetsDir, name);
        writeCompressedCopies(file, fs.readFileSync(file));
      }
    },
  };
}

/**
 * The .br and .gz copies of an asset. Always written, even for a file so small that a copy saves
 * nothing: every hashed asset is then sent the same way (Content-Encoding as the browser accepts).
 */
function writeCompressedCopies(file: string, body: Buffer): void {
  const brotli = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
}

/**
 * The gateway's pages hold only the token variables they use (entry-server.tsx), and the
 * browser links the stylesheet with all of them after the first paint. The renderer, once built,
 * says what that stylesheet is and where it goes (its tokenStylesheet()); it is written into the
 * client's assets beside the renderer's folder (web/dist/.ssr → web/dist/assets), with its copies.
 */
function tokenStylesheet(): Plugin {
  let outDir = "";
  return {
    name: "storefront:token-stylesheet",
    apply: (_config, env) => env.command === "build" && Boolean(env.isSsrBuild),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const renderer = (await import(pathToFileURL(path.join(outDir, "entry-server.js")).href)) as { tokenStylesheet(): { href: string; css: string } };
      const { href, css } = renderer.tokenStylesheet();
      const file = path.join(outDir, "..", href);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, css);
      writeCompressedCopies(file, Buffer.from(css));
    },
  };
}

/**
 * The renderer imports its libraries (React, Apollo, Chakra, graphql…) from node_modules, as the
 * gateway does. Built outside the repository (`--outDir /elsewhere`, as the browser tests do), it
 * could not find them: a node_modules link beside it, inside .ssr, points at the repository's.
 */
function linkNodeModules(): Plugin {
  let outDir = "";
  return {
    name: "storefront:ssr-node-modules",
    apply: (_config, env) => env.command === "build" && Boolean(env.isSsrBuild),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const repository = path.resolve(import.meta.dirname, "..");
      if (!path.relative(repository, outDir).startsWith("..")) return;
      const link = path.join(outDir, "node_modules");
      if (!fs.existsSync(link)) fs.symlinkSync(path.join(repository, "node_modules"), link, "dir");
    },
  };
}

/**
 * Chakra's createSystem() builds the system's global CSS (its reset, the global styles and a CSS
 * variable per token) as soon as it is called, and two thirds of the time the browser spends in it
 * (≈ 70 ms of ≈ 110 ms unthrottled, profiled in Node and Chromium) goes to the tokens' CSS: one
 * long task before hydration. The one reader of `_global` is ChakraProvider's `<Global>`,
 * and on a page the gateway rendered web/src/theme/system.ts hands it the page's own style tag
 * instead. Chakra has no option for it, so the client build turns the eager line of
 * styled-system/system.js into a getter that builds the same arrays on first use. The gateway's
 * renderer imports Chakra from node_modules unchanged. A Chakra version whose source no longer
 * has these lines fails the build rather than silently losing the saving.
 */
const CHAKRA_SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const CHAKRA_EAGER_GLOBAL = "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";
const CHAKRA_GLOBAL_FIELD = "    _global,\n";

function chakraLazyGlobalCss(): Plugin {
  return {
    name: "storefront:chakra-lazy-global-css",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    transform(code, id) {
      if (!CHAKRA_SYSTEM_MODULE.test(id)) return null;
      if (code.split(CHAKRA_EAGER_GLOBAL).length !== 2 || code.split(CHAKRA_GLOBAL_FIELD).length !== 2) {
        this.error(`${id} no longer computes _global as web/vite.config.ts (chakraLazyGlobalCss) expects: check what this Chakra version does.`);
      }
      return code
        .replace(CHAKRA_EAGER_GLOBAL, "let _global;")
        .replace(CHAKRA_GLOBAL_FIELD, "    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n");
    },
  };
}

/**
 * Even without the global CSS, createSystem() is the longest task before hydration (≈ 25–40 ms
 * unthrottled; ×4 on Lighthouse's phone): merging the configs and building the token dictionary
 * are two thirds of it. The client build adds `createSystem.prepare(...configs)`, which does that part
 * one step per call (the first merges the configs, the second builds the token dictionary from the
 * merged config: the same calls createSystem makes) and keeps it for the next createSystem() called
 * with the very same config objects, so web/src/theme/system.ts can run the steps in tasks of their own.
 * Anything else, or a second call, creates a system from scratch as before. The gateway's renderer
 * and the tests use Chakra unchanged (no `prepare`). A Chakra version whose source no longer has
 * these lines fails the build.
 */
const CHAKRA_CREATE_SYSTEM = "function createSystem(...configs) {\n  const config = mergeConfigs(...configs);\n";
const CHAKRA_CREATE_TOKENS = "  const tokens = createTokenDictionary({\n";
const CHAKRA_SYSTEM_EXPORT = "export { createSystem, isValidSystem };";

export function chakraSystemInSteps(): Plugin {
  return {
    name: "storefront:chakra-system-in-steps",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    transform(code, id) {
      if (!CHAKRA_SYSTEM_MODULE.test(id)) return null;
      for (const line of [CHAKRA_CREATE_SYSTEM, CHAKRA_CREATE_TOKENS, CHAKRA_SYSTEM_EXPORT]) {
        if (code.split(line).length !== 2) this.error(`${id} no longer creates its system as web/vite.config.ts (chakraSystemInSteps) expects: check what this Chakra version does.`);
      }
      return code
        .replace(
          CHAKRA_CREATE_SYSTEM,
          [
            "let prepared = null;",
            "const sameConfigs = (a, b) => a.length === b.length && a.every((c, i) => c === b[i]);",
            "function prepareSystem(...configs) {",
            "  if (prepared === null || !sameConfigs(prepared.configs, configs)) {",
            "    prepared = { configs, config: mergeConfigs(...configs), tokens: null };",
            "    return;",
            "  }",
            "  if (prepared.tokens !== null) return;",
            '  const { theme = {}, cssVarsPrefix = "chakra" } = prepared.config;',
            "  prepared.tokens = createTokenDictionary({ breakpoints: theme.breakpoints, tokens: theme.tokens, semanticTokens: theme.semanticTokens, prefix: cssVarsPrefix });",
            "}",
            "function createSystem(...configs) {",
            "  const reuse = prepared !== null && sameConfigs(prepared.configs, configs) ? prepared : null;",
            "  prepared = null;",
            "  const config = reuse ? reuse.config : mergeConfigs(...configs);",
            "",
          ].join("\n"),
        )
        .replace(CHAKRA_CREATE_TOKENS, "  const tokens = reuse?.tokens ?? createTokenDictionary({\n")
        .replace(CHAKRA_SYSTEM_EXPORT, `createSystem.prepare = prepareSystem;\n${CHAKRA_SYSTEM_EXPORT}`);
    },
  };
}

/**
 * Every element Chakra styles serialises its styles with Emotion at every render: the style object
 * is written out as a CSS string key by key and hashed (murmur2) into its class name, ~5 % of a
 * product page's render on the gateway. The gateway's css() answers the same styles with the same
 * object (its kept answers: theme/system.ts), so the renderer's build has the factory keep
 * Emotion's serialisation by that object: for an element whose styles are that one object (no
 * class of another Emotion element merged in, no function among them, which Chakra's style objects
 * never hold). The renderer bundles Chakra for this (`ssr.noExternal`); the browser's build leaves
 * the factory as it is (its first visit's JavaScript does not grow). A Chakra version whose factory
 * no longer has these lines fails the build.
 */
const CHAKRA_FACTORY_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]factory\.js$/;
const CHAKRA_SERIALIZE = "    const serialized = serializeStyles(\n      styles.concat(classInterpolations),\n      cache2.registered,\n      mergedProps\n    );\n";
const CHAKRA_CREATE_STYLED = "const createStyled = (tag, configOrCva = {}, options = {}) => {\n";

export function chakraSerializedOnce(): Plugin {
  return {
    name: "storefront:chakra-serialized-once",
    apply: (_config, env) => env.command === "build" && Boolean(env.isSsrBuild),
    transform(code, id) {
      if (!CHAKRA_FACTORY_MODULE.test(id)) return null;
      if (code.split(CHAKRA_SERIALIZE).length !== 2 || code.split(CHAKRA_CREATE_STYLED).length !== 2) {
        this.error(`${id} no longer serialises its styles as web/vite.config.ts (chakraSerializedOnce) expects: check what this Chakra version does.`);
      }
      return code
        .replace(
          CHAKRA_CREATE_STYLED,
          [
            "const serializedByStyles = new WeakMap();",
            "const serializedOnce = (styles, registered, props) => {",
            "  const only = styles.length === 1 ? styles[0] : null;",
            '  if (only === null || typeof only !== "object") return serializeStyles(styles, registered, props);',
            "  let serialized = serializedByStyles.get(only);",
            "  if (serialized === undefined) serializedByStyles.set(only, (serialized = serializeStyles(styles, registered, props)));",
            "  return serialized;",
            "};",
            CHAKRA_CREATE_STYLED,
          ].join("\n"),
        )
        .replace(CHAKRA_SERIALIZE, CHAKRA_SERIALIZE.replace("serializeStyles(", "serializedOnce("));
    },
  };
}

/**
 * Chakra's factory works out every styled element again at every render: four-way split of its
 * props, styles resolved, class names merged, forwarded props copied one by one (~20 % of a product
 * page's render on the gateway), although all of it follows from the props' names and the values
 * of the props that are not forwarded. The renderer's build has the factory keep its answer per
 * component (web/src/theme/keptElements.ts) and write the next element with the same names and
 * style values from it: the same tag, class, props in the same order, and the same
 * Fragment/Insertion pair around it (React's ids for useId follow the tree's shape). The browser's
 * build leaves the factory as it is. A Chakra version whose factory no longer has these lines fails
 * the build; `tests/chakra-serialized-once.test.ts` holds the markup and CSS to Chakra's own.
 */
const KEPT_ELEMENTS_MODULE = path.resolve(import.meta.dirname, "src/theme/keptElements.ts");
const CHAKRA_FACTORY_EDITS: [original: string, replacement: string][] = [
  ["import { compact } from '../utils/compact.js';\n", `import { KeptElements, withDefaults } from ${JSON.stringify(KEPT_ELEMENTS_MODULE)};\n`],
  ["  const Styled = withEmotionCache((inProps, cache2, ref) => {\n", "  const keptElements = new KeptElements();\n  const Styled = withEmotionCache((inProps, cache2, ref) => {\n"],
  [
    "    const { cva, isValidProperty } = useChakraContext();\n",
    [
      "    const system = useChakraContext();",
      "    const { cva, isValidProperty } = system;",
      "    const propsWithDefault = withDefaults(options.defaultProps, inProps);",
      "    const found = keptElements.find(system, cache2, propsWithDefault);",
      "    if (found !== null) {",
      "      let FinalTag = found.kept.tag;",
      "      let finalProps = keptElements.props(found.shape, found.kept, propsWithDefault, ref);",
      // Chakra's own steps for an element that takes its child's place, as below.
      '      if (propsWithDefault.asChild && !(options.forwardAsChild || options.forwardProps?.includes("asChild"))) {',
      "        const child = React.isValidElement(propsWithDefault.children) ? React.Children.only(propsWithDefault.children) : React.Children.toArray(propsWithDefault.children).find(React.isValidElement);",
      '        if (!child) throw new Error("[chakra-ui > factory] No valid child found");',
      "        FinalTag = child.type;",
      "        finalProps.children = null;",
      '        Reflect.deleteProperty(finalProps, "asChild");',
      "        finalProps = mergeProps(finalProps, child.props);",
      "        finalProps.ref = mergeRefs(ref, getElementRef(child));",
      "      }",
      "      return jsxs(React.Fragment, { children: [",
      '        jsx(Insertion, { cache: cache2, serialized: found.kept.serialized, isStringTag: typeof FinalTag === "string" }),',
      "        jsx(FinalTag, finalProps)",
      "      ] });",
      "    }",
      "",
    ].join("\n"),
  ],
  ["    const propsWithDefault = React.useMemo(\n      () => Object.assign({}, options.defaultProps, compact(inProps)),\n      [inProps]\n    );\n", ""],
  [
    '    const forwardAsChild = options.forwardAsChild || options.forwardProps?.includes("asChild");\n',
    [
      '    const forwardAsChild = options.forwardAsChild || options.forwardProps?.includes("asChild");',
      "    keptElements.remember(",
      "      system,",
      "      cache2,",
      "      propsWithDefault,",
      "      props,",
      '      (prop) => (shouldUseAs && prop === "as" ? null : isHtmlProp(prop) ? prop.replace("html", "").toLowerCase() : shouldForwardProp(prop) ? prop : null),',
      "      { tag: FinalTag, className: classNameToUse, serialized },",
      "      classInterpolations.length === 1 && !(finalProps.as && forwardAsChild)",
      "    );",
      "",
    ].join("\n"),
  ],
];

export function chakraElementsOnce(): Plugin {
  return {
    name: "storefront:chakra-elements-once",
    apply: (_config, env) => env.command === "build" && Boolean(env.isSsrBuild),
    transform(code, id) {
      if (!CHAKRA_FACTORY_MODULE.test(id)) return null;
      let edited = code;
      for (const [original, replacement] of CHAKRA_FACTORY_EDITS) {
        if (edited.split(original).length !== 2) {
          this.error(`${id} no longer works out its elements as web/vite.config.ts (chakraElementsOnce) expects: check what this Chakra version does.`);
        }
        edited = edited.replace(original, () => replacement);
      }
      return edited;
    },
  };
}

/**
 * The generated GraphQL documents (web/src/gql/graphql.ts, the client preset's one module)
 * are shared by every screen, and a bundler places a module in one chunk whole: a first visit
 * downloaded all ~40 operations (47 kB, 2.3 kB gzip) to use its five. The client build gives each
 * document a module of its own, which graphql.ts re-exports, so each travels with the screens
 * that use it. The documents are JSON with fragments inlined, so each module stands alone. A
 * generated file whose lines no longer look like that fails the build.
 */
const GENERATED_DOCUMENTS = /[\\/]gql[\\/]graphql\.ts$/;
const DOCUMENT_LINE = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/;
const DOCUMENT_PREFIX = "\0storefront-gql-document:";

function documentPerModule(): Plugin {
  const documents = new Map<string, string>();
  return {
    name: "storefront:document-per-module",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    enforce: "pre",
    transform(code, id) {
      if (!GENERATED_DOCUMENTS.test(id)) return null;
      const lines = code.split("\n");
      const exported = lines.filter((line) => line.startsWith("export const "));
      const replaced = lines.map((line) => {
        const match = DOCUMENT_LINE.exec(line);
        if (!match) return line;
        const module = `${DOCUMENT_PREFIX}${id}#${match[1]}`;
        documents.set(module, `export const ${match[1]} = ${match[2]};\n`);
        return `export { ${match[1]} } from ${JSON.stringify(module)};`;
      });
      if (exported.length === 0 || exported.some((line) => !DOCUMENT_LINE.test(line))) {
        this.error(`${id} no longer declares its documents as web/vite.config.ts (documentPerModule) expects: check the codegen output.`);
      }
      return replaced.join("\n");
    },
    resolveId(source) {
      return source.startsWith(DOCUMENT_PREFIX) ? source : null;
    },
    load(id) {
      return id.startsWith(DOCUMENT_PREFIX) ? (documents.get(id) ?? null) : null;
    },
  };
}

/**
 * A dynamic import carries the list of chunks to preload with it (Vite's `__vite__mapDeps`),
 * and the route table's ~25 screens listed the shop's own code (React, Apollo, Chakra… the chunks
 * src/start.tsx imports) again and again: 2.9 kB gzip of a first visit was file names. The browser
 * reaches a dynamic import in those chunks only once start.tsx's graph is loaded (screens, dialogs,
 * the toaster: at render or later), so their lists leave out what that graph holds; the entry's
 * lists (which load that graph) stay whole. A list only fetches ahead: a chunk missing from one is
 * still fetched as its importer asks for it. Likewise everywhere else: a chunk runs only once
 * everything it imports statically is loaded, so its dynamic imports' lists leave that out (the
 * admin's chunk loads the catalog's screens with a list of what only they add, not of the ~40
 * chunks the admin itself was loaded with).
 */
const SHOP_CODE_ENTRY = /[\\/]src[\\/]start\.tsx$/;

function shopCodePreloads() {
  let shopCode = new Set<string>();
  /** Each chunk's static imports, itself included: loaded before it runs. */
  let loadedWith = new Map<string, Set<string>>();
  // The entry is in that graph too (chunks import Vite's preload helper from it), but its own
  // dynamic imports are what load the graph: their lists stay whole.
  let entries = new Set<string>();
  const plugin: Plugin = {
    name: "storefront:shop-code-preloads",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    enforce: "pre",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const output of Object.values(bundle)) if (output.type === "chunk") chunks.set(output.fileName, output);
        const start = [...chunks.values()].find((chunk) => chunk.facadeModuleId !== null && SHOP_CODE_ENTRY.test(chunk.facadeModuleId));
        if (!start) this.error("No chunk for src/start.tsx: web/vite.config.ts (shopCodePreloads) cannot tell the shop's code.");
        entries = new Set([...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const graphOf = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) graphOf(imported, into);
          return into;
        };
        shopCode = graphOf(start.fileName);
        loadedWith = new Map([...chunks.keys()].map((fileName) => [fileName, graphOf(fileName)]));
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    if (entries.has(hostId)) return deps;
    const loaded = shopCode.has(hostId) ? shopCode : loadedWith.get(hostId);
    return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
  };
  return { plugin, resolveDependencies };
}

const shopCode = shopCodePreloads();

// Libraries every screen needs get chunks of their own, so a deploy that changes only the shop's
// code leaves them cached. Chakra stays with the automatic split: grouping it would pull the
// components only lazily loaded screens use (dialogs, tabs…) into the first visit.
const VENDOR_GROUPS = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "router", test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
  { name: "apollo", test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)[\\/]/ },
];

// Chakra's theme modules build every recipe with defineRecipe()/defineSlotRecipe() (identity
// functions), which a bundler must otherwise keep as possible side effects: the first visit then
// carried all ~70 recipes although web/src/theme/system.ts picks a dozen. Declared pure, the unused
// ones drop out.
const CHAKRA_PURE_FUNCTIONS = [
  "defineRecipe",
  "defineSlotRecipe",
  "defineConfig",
  "defineTokens",
  "defineSemanticTokens",
  "defineTextStyles",
  "defineLayerStyles",
  "defineAnimationStyles",
  "defineKeyframes",
  "defineGlobalStyles",
  "defineStyle",
  "defineConditions",
];

// The client builds into web/dist, which the gateway serves on the same origin. The manifest lets
// scripts/bundle-size.mjs add up what a first visit downloads, and the gateway preload a screen's
// chunk. `vite build --ssr src/entry-server.tsx` builds the gateway's renderer into dist/.ssr (a
// dot-directory: never served); its dependencies stay in node_modules, so it shares the gateway's
// one `graphql` module (the schema it executes comes from there).
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  // Bundled into the renderer, not imported from node_modules: the build changes its factory
  // (chakraSerializedOnce, chakraElementsOnce).
  ssr: { noExternal: ["@chakra-ui/react"] },
  plugins: [react(), documentPerModule(), shopCode.plugin, chakraLazyGlobalCss(), chakraSystemInSteps(), chakraSerializedOnce(), chakraElementsOnce(), precompressAssets(), linkNodeModules(), tokenStylesheet()],
  build: isSsrBuild
    ? {
        outDir: "dist/.ssr",
        emptyOutDir: true,
        sourcemap: false,
        copyPublicDir: false,
      }
    : {
        outDir: "dist",
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        // Every browser the shop supports has <link rel="modulepreload">; Vite's polyfill for those
        // without (≈ 0.3 kB gzip on the first visit) would only fetch ahead where they lack it.
        modulePreload: { polyfill: false, resolveDependencies: shopCode.resolveDependencies },
        rolldownOptions: {
          treeshake: { manualPureFunctions: CHAKRA_PURE_FUNCTIONS },
          output: {
            codeSplitting: { groups: VENDOR_GROUPS },
            // Chunks are named by their hash alone: a page lists the ~60 chunks its screen needs
            // (the gateway's chunk list, Vite's preload lists in the chunks), and the names were
            // ~0.35 kB of a product page's brotli HTML, over TCP's first window.
            // The manifest (`npm run build:web`'s table) says which source each file holds.
            entryFileNames: "assets/[hash].js",
            chunkFileNames: "assets/[hash].js",
          },
        },
      },
  server: {
    proxy: {
      "/api": toGateway,
      "/graphql": toGateway,
      "/media": toGateway,
      "/designs": toGateway,
      "/store": toGateway,
    },
  },
}));
