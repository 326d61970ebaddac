// The gateway's kept parts of pages (lib/serverFragments.tsx). A product card is a pure function of
// its props, and the same cards appear on many pages (collections, the shop list, related
// products, the home page): after a card has been seen on two pages, its markup and the styles it
// uses are kept, and a page that shows it again writes that markup instead of rendering it. The
// browser hydrates the same markup it would have got from a render (checked when it is kept).
import type { EmotionCache } from "@emotion/cache";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { PageFragmentsContext, type Kept } from "./serverFragments";

/** Parts seen once (worth keeping when seen again), kept ones, and parts that cannot be kept. */
type Entry = "seen" | "unkeepable" | Kept;

const ATTRIBUTE = /\s([a-zA-Z][a-zA-Z0-9-]*)="([^"]*)"/g;
const ROOT = /^<([a-z][a-z0-9]*)((?:\s[a-zA-Z][a-zA-Z0-9-]*="[^"]*")*)>([\s\S]*)<\/\1>$/;
/**
 * An id from React's useId (`_R_…_`): made from the element's place in the tree, so the same part
 * rendered alone gets another one than in its page. A part with one is never kept.
 */
const USES_ID = /_R_[0-9a-zA-Z]*_/;
const KEEPABLE_ATTRIBUTE = /^(class|id|role|data-[a-z0-9-]+|aria-[a-z]+)$/;
const ENTITIES: Record<string, string> = { quot: '"', amp: "&", lt: "<", gt: ">", "#x27": "'", "#39": "'" };
const unescape = (text: string) => text.replace(/&(quot|amp|lt|gt|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);

/**
 * The kept parts of one renderer (a process), bounded: the oldest go first. A part's key must say
 * everything its markup depends on (a card's key is its props), so nothing ever needs clearing: a
 * changed product is a new key.
 */
export class ServerFragmentStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: {
      maxEntries: number;
      /** The providers a part is rendered in alone (the page's own, minus what no kept part reads). */
      wrap(element: ReactElement, cache: EmotionCache): ReactNode;
      createCache(): EmotionCache;
    },
  ) {}

  /**
   * Provides the kept parts to one page's render, whose styles go to `styles()` (the Emotion cache
   * of the render under way); `keepSeen`, after it, keeps what the page saw for the second time.
   */
  forPage(styles: () => EmotionCache): { provide(tree: ReactNode): ReactElement; keepSeen(): void; readonly written: number } {
    const toKeep = new Map<string, ReactElement>();
    let written = 0;
    const lookup = (key: string, element: ReactElement): Kept | null => {
      const entry = this.entries.get(key);
      if (typeof entry === "object") {
        const cache = styles();
        for (const [id, rules, name, registered] of entry.styles) {
          cache.inserted[id] ??= rules;
          cache.registered[name] ??= registered;
        }
        written++;
        return entry;
      }
      if (entry === "seen") toKeep.set(key, element);
      else if (entry === undefined) this.set(key, "seen");
      return null;
    };
    return {
      provide: (tree) => createElement(PageFragmentsContext.Provider, { value: { lookup } }, tree),
      keepSeen: () => {
        for (const [key, element] of toKeep) this.keep(key, element);
      },
      /** How many parts the page's renders wrote from kept markup. */
      get written() {
        return written;
      },
    };
  }

  /** How many parts are kept (and seen). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Renders the part alone and keeps it, if that markup is a single element whose attributes come
   * back exactly as React writes them and that holds no id from useId (else it is never tried
   * again: a card whose picture is fetched first, say, comes with React's preload link before it).
   */
  private keep(key: string, element: ReactElement): void {
    if (typeof this.entries.get(key) === "object") return;
    const cache = this.options.createCache();
    let html: string;
    try {
      html = renderToString(this.options.wrap(element, cache) as ReactElement);
    } catch {
      // It reads something the providers around it alone do not give: the page renders it each time.
      this.set(key, "unkeepable");
      return;
    }
    const kept = USES_ID.test(html) ? null : parse(html);
    if (!kept || renderToString(createElement(kept.tag, { ...kept.props, dangerouslySetInnerHTML: { __html: kept.inner } })) !== html) {
      this.set(key, "unkeepable");
      return;
    }
    for (const [id, rules] of Object.entries(cache.inserted)) {
      const name = `${cache.key}-${id}`;
      const registered = cache.registered[name];
      if (typeof rules === "string" && registered !== undefined) kept.styles.push([id, rules, name, registered]);
    }
    this.set(key, kept);
  }

  private set(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

function parse(html: string): Kept | null {
  const root = ROOT.exec(html);
  if (!root) return null;
  const props: Record<string, string> = {};
  for (const [, name, value] of root[2]!.matchAll(ATTRIBUTE)) {
    if (!KEEPABLE_ATTRIBUTE.test(name!)) return null;
    props[name === "class" ? "className" : name!] = unescape(value!);
  }
  return { tag: root[1]!, props, inner: root[3]!, styles: [] };
}
