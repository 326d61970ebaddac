import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { GraphQLSchema } from "graphql";
import { inlineScriptHashes } from "../http/security-headers.js";
import { readClientShell } from "../http/static.js";

/** What web/src/entry-server.tsx exports (the gateway loads the built file, not the source). */
interface RendererModule {
  /** The inline scripts a screen may put in its markup, by their text. */
  PAGE_SCRIPTS: readonly string[];
  render(request: {
    url: string;
    publicUrl: string;
    schema: GraphQLSchema;
    context(): object;
    signal?: AbortSignal;
  }): Promise<{
    status: number;
    rendered: boolean;
    shared: boolean;
    html: string;
    headTags: string;
    head: { preloadImage: { url: string; srcSet?: string | null; sizes?: string } | null; location?: string | null };
    styleTags: string;
    stateTag: string;
    module: string;
    complete: boolean;
    renders: number;
    fragments: number;
    timings: { data: number; render: number; styles: number };
  }>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The shop's code, which the entry imports once the page has painted (web/src/main.tsx). */
const APP_MODULE = "src/start.tsx";

interface RenderedHtml {
  status: number;
  html: string;
  /** Where a 301 sends the browser (a product asked by a handle it gave up), or null. */
  location: string | null;
  /** False when the render stopped waiting for data (the signal): not worth keeping. */
  complete: boolean;
  /** False for a page about one shopper, read from its address (a finished checkout): answered to its request alone, never kept. */
  shared: boolean;
  /**
   * The CSP sources of the inline scripts the screen put in its own markup (the renderer's
   * PAGE_SCRIPTS: the cart page's mark, a placed order's emptying of the cart), beyond the template's, which every answer's CSP already
   * allows: the answer's CSP adds them. A script in the markup that is not one of those is never
   * allowed, wherever it came from.
   */
  scriptHashes: string[];
  /**
   * How many times the tree was rendered, how many parts it wrote from markup kept from earlier
   * pages, and where the time went (milliseconds), for the debug log.
   */
  renders: number;
  fragments: number;
  timings: { data: number; render: number; styles: number };
}

/** The build the gateway renders with: web/dist (the client) and web/dist/.ssr (the renderer). */
export interface ClientBuild {
  template: string;
  manifest: Record<string, ManifestChunk>;
  /**
   * The renderer, imported on the first page asked for, not at start-up: it is React, Chakra and the
   * shop's screens (about a second of start-up and 100+ MiB that an API-only process never needs).
   */
  renderer(): Promise<RendererModule>;
}

const SSR_ENTRY = path.join(".ssr", "entry-server.js");

/** Text as an HTML attribute's value in double quotes. */
const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The JSON script listing the chunks to preload after the first paint (web/src/main.tsx reads it). */
const PRELOAD_LIST_ID = "__PRELOAD__";

/** The build in distDir, or null when it has no renderer (an older build, or a bare index.html). */
export async function loadClientBuild(distDir: string | null): Promise<ClientBuild | null> {
  if (!distDir) return null;
  const entry = path.join(distDir, SSR_ENTRY);
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  const template = readClientShell(distDir);
  if (!fs.existsSync(entry) || !fs.existsSync(manifestPath) || template === null) return null;
  let renderer: Promise<RendererModule> | null = null;
  return {
    template,
    manifest: JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>,
    renderer: () => {
      renderer ??= import(pathToFileURL(entry).href).then((module) => module as RendererModule);
      // A failed import is not kept: the next page tries again (and answers 500 meanwhile).
      renderer.catch(() => (renderer = null));
      return renderer;
    },
  };
}

/** Every chunk a module needs (itself and its static imports), as the manifest names their files. */
function chunkFiles(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

export interface PageRenderer {
  /** `context`: the resolver context every operation of this render shares (an anonymous visitor's). */
  render(url: string, context: object, signal?: AbortSignal): Promise<RenderedHtml>;
}

/**
 * Puts a render into the built index.html: the largest image's preload and the head's tags in place
 * of its default title and description, the critical CSS at the end of <head>, the markup in #root
 * and, after it, the data and the list of chunks to preload once the page has painted.
 */
export function createPageRenderer(build: ClientBuild, options: { publicUrl: string; schema: GraphQLSchema }): PageRenderer {
  // index.html's comments are for its readers: not worth bytes in every page (whose first ~14 kB
  // are what the first round trip carries). The markers stay.
  const template = build.template.replace(/<!--(?!\/?app-head-->)[\s\S]*?-->\s*/g, "");
  const [beforeHead, rest] = template.split("<!--app-head-->");
  const [, afterDefaultHead] = rest.split("<!--/app-head-->");
  const [headTail, afterHead] = afterDefaultHead.split("</head>");
  const [bodyStart, bodyEnd] = afterHead.split('<div id="root"></div>');
  if (!headTail || bodyEnd === undefined) throw new Error("web/dist/index.html lacks the <!--app-head--> markers or <div id=\"root\"></div>");

  const entryKey = Object.keys(build.manifest).find((key) => build.manifest[key].isEntry);
  const entryFiles = entryKey ? chunkFiles(build.manifest, entryKey) : new Set<string>();
  const preloadsByModule = new Map<string, string>();
  // The shop's code and the screen's chunk with everything they import, listed in the page for the
  // entry (web/src/main.tsx) to preload right after the first paint: as <link rel="modulepreload">
  // in <head> they would share the connection with the page's paint and its largest image.
  const preloadsFor = (module: string) => {
    let list = preloadsByModule.get(module);
    if (list === undefined) {
      const needed = chunkFiles(build.manifest, module, chunkFiles(build.manifest, APP_MODULE));
      const files = [...needed].filter((file) => !entryFiles.has(file) && file.endsWith(".js")).map((file) => `/${file}`);
      list = `<script type="application/json" id="${PRELOAD_LIST_ID}">${JSON.stringify(files)}</script>`;
      preloadsByModule.set(module, list);
    }
    return list;
  };

  // Each of the renderer's own inline scripts as a page holds it, and its CSP source.
  let pageScripts: { element: string; hash: string }[] | undefined;
  const scriptsIn = (module: RendererModule, markup: string) => {
    pageScripts ??= module.PAGE_SCRIPTS.map((text) => ({ element: `<script>${text}</script>`, hash: inlineScriptHashes(`<script>${text}</script>`)[0]! }));
    return pageScripts.filter(({ element }) => markup.includes(element)).map(({ hash }) => hash);
  };

  return {
    async render(url, context, signal) {
      const module = await build.renderer();
      const page = await module.render({ url, publicUrl: options.publicUrl, schema: options.schema, context: () => context, signal });
      // The address is another page's: only where it went matters (a redirect has no page of its own).
      const location = page.head.location ?? null;
      const measured = { shared: page.shared, renders: page.renders, fragments: page.fragments, timings: page.timings };
      if (location !== null) return { status: page.status, html: "", location, complete: page.complete, scriptHashes: [], ...measured };
      // The largest image first in <head>, ahead of the entry script: it is what the first paint
      // waits for (LCP), the script only runs after it.
      // With its srcset and sizes, the browser fetches the size the <img> will take, not the original.
      const preload = page.head.preloadImage;
      const image = preload
        ? `<link rel="preload" as="image" href="${attribute(preload.url)}"` +
          (preload.srcSet ? ` imagesrcset="${attribute(preload.srcSet)}" imagesizes="${attribute(preload.sizes ?? "100vw")}"` : "") +
          ` fetchpriority="high">\n    `
        : "";
      const html =
        beforeHead +
        image +
        page.headTags +
        headTail +
        page.styleTags +
        "\n  </head>" +
        bodyStart +
        // The chunk list is read after the first paint (web/src/main.tsx): it need not hold up <head>.
        `<div id="root">${page.html}</div>${page.stateTag}${page.rendered ? preloadsFor(page.module) : ""}` +
        bodyEnd;
      // Almost no screen has one: the markup is searched only when it holds a script element.
      const scriptHashes = page.html.includes("<script") ? scriptsIn(module, page.html) : [];
      return { status: page.status, html, location: null, complete: page.complete, scriptHashes, ...measured };
    },
  };
}
