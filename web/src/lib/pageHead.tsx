import { createContext, useContext, useEffect, type ReactNode } from "react";
import { useLocation } from "react-router-dom";

export const SHOP_NAME = "Satire Supply Co.";
const HOME_TITLE = `${SHOP_NAME}: political satire merch, printed on demand`;
const DEFAULT_DESCRIPTION = "Political-satire t-shirts, mugs, hats and more, printed on demand.";

/** What a screen tells crawlers and link previews about itself. */
export interface PageHead {
  /** "Shop" becomes "Shop | Satire Supply Co."; null is the home page's title. */
  title: string | null;
  description?: string | null;
  /**
   * The canonical address's path and query. Unset: the current path without its query; null: no
   * canonical link (screens that are not a page of the shop, such as a 404).
   */
  canonicalPath?: string | null;
  /** The HTTP status the gateway answers with this screen (404 for the not-found screens). */
  status?: number;
  /** Open Graph type: "product" on product pages. */
  type?: "website" | "product";
  /** The picture link previews show (a product's first image), relative to the shop's origin; an SVG is named by its PNG copy. */
  image?: { url: string; alt: string } | null;
  /** schema.org objects, each sent as its own JSON-LD script. */
  jsonLd?: readonly object[];
  /** The largest image of the screen, which the gateway asks the browser to fetch early (with its srcset and sizes when it has them). */
  preloadImage?: string | PreloadImage | null;
  /** Screens with nothing for search engines (the cart, account pages, 404s). */
  noindex?: boolean;
  /**
   * This address is not the screen's own (a product asked by a handle it gave up): the gateway
   * answers 301 to this path and query instead of the page; the browser replaces its address itself.
   */
  redirect?: string | null;
}

/** An image to fetch early: with `srcSet` and `sizes` (as its <img> has them) the browser fetches the size it will show. */
interface PreloadImage {
  url: string;
  srcSet?: string | null;
  sizes?: string;
}

/** The head as resolved for one address: absolute URLs, the full title. */
export interface ResolvedHead {
  title: string;
  description: string;
  canonicalUrl: string | null;
  status: number;
  type: "website" | "product";
  imageUrl: string | null;
  imageAlt: string | null;
  jsonLd: readonly object[];
  preloadImage: PreloadImage | null;
  noindex: boolean;
  /** Where a full load of this address is sent (301), or null. */
  location: string | null;
}

interface HeadControl {
  /** The shop's public origin, for absolute URLs (canonical, og:url, og:image). */
  publicUrl: string;
  /** On the gateway: receives each render's head (the last render's is the page's). */
  collect?(head: ResolvedHead): void;
  /**
   * In the browser: writes a screen's head into the document after a client-side navigation
   * (start.tsx hands it ./applyHead, loaded then: a first visit never needs it).
   */
  apply?(head: ResolvedHead): void;
}

const HeadContext = createContext<HeadControl | null>(null);

export function HeadProvider({ value, children }: { value: HeadControl; children: ReactNode }) {
  return <HeadContext.Provider value={value}>{children}</HeadContext.Provider>;
}

function absolute(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, publicUrl).toString();
}

/**
 * Link previews (Facebook, X, messengers) show no SVG, and the shop's pictures are SVGs: the
 * gateway answers each `/media/….svg` picture's PNG copy at the same address ending in `.png`
 * (gateway/media/media.raster.ts), and that is what the preview tags name.
 */
function previewImagePath(url: string): string {
  return /^\/media\/[^?#]+\.svg$/.test(url) ? `${url.slice(0, -".svg".length)}.png` : url;
}

export function resolveHead(head: PageHead, publicUrl: string, pathname: string): ResolvedHead {
  const canonicalPath = head.canonicalPath === undefined ? pathname : head.canonicalPath;
  return {
    title: head.title ? `${head.title} | ${SHOP_NAME}` : HOME_TITLE,
    description: head.description?.trim() || DEFAULT_DESCRIPTION,
    canonicalUrl: canonicalPath === null ? null : absolute(publicUrl, canonicalPath),
    status: head.redirect ? 301 : (head.status ?? 200),
    type: head.type ?? "website",
    imageUrl: head.image ? absolute(publicUrl, previewImagePath(head.image.url)) : null,
    imageAlt: head.image?.alt ?? null,
    jsonLd: head.jsonLd ?? [],
    preloadImage: typeof head.preloadImage === "string" ? { url: head.preloadImage } : (head.preloadImage ?? null),
    noindex: head.noindex ?? false,
    location: head.redirect ?? null,
  };
}

/** The shop's public origin (the gateway's PUBLIC_URL once a page came from it). */
export function usePublicUrl(): string {
  const control = useContext(HeadContext);
  return control?.publicUrl ?? (typeof window === "undefined" ? "http://localhost" : window.location.origin);
}

/**
 * Declares this screen's head. On the gateway the render collects it (and its status); in the
 * browser it replaces the head's tags after each navigation (on the first page they are already
 * the gateway's).
 */
export function usePageHead(head: PageHead): void {
  const control = useContext(HeadContext);
  const { pathname } = useLocation();
  const publicUrl = usePublicUrl();
  const resolved = resolveHead(head, publicUrl, pathname);
  control?.collect?.(resolved);
  const key = JSON.stringify(resolved);
  useEffect(() => {
    const next = JSON.parse(key) as ResolvedHead;
    if (document.title === next.title && document.head.querySelector('meta[name="description"]')?.getAttribute("content") === next.description) {
      // The gateway's HTML already holds this head (the first page): leave its elements as they are.
      const canonical = document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null;
      if (canonical === next.canonicalUrl) return;
    }
    // The title at once (what the shopper sees); the other tags once `apply`'s code has arrived.
    document.title = next.title;
    control?.apply?.(next);
  }, [key, control]);
}

/** Sets the document title ("Shop | Satire Supply Co.") and the description for this screen. */
export function usePageMeta(title: string | null, description?: string | null, more: Omit<PageHead, "title" | "description"> = {}): void {
  usePageHead({ ...more, title, description });
}
