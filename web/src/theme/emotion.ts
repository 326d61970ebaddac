import createCache, { type EmotionCache, type StylisPlugin } from "@emotion/cache";

// Properties that current Safari still needs (or needed until recently) with the -webkit- prefix.
// Everything else the shop's styles use is unprefixed in every browser it supports.
const WEBKIT_ONLY = new Set(["user-select", "backdrop-filter", "text-size-adjust", "mask-image", "mask-size", "mask-repeat", "mask-position", "box-decoration-break"]);

/**
 * Emotion's default stylis prefixer writes every flex, transform and translate rule three or four
 * times (-webkit-, -moz-, -ms-): a fifth of the critical CSS each page carries in its <head>, which
 * the browser parses before the first paint. This one prefixes only what Safari needs.
 */
const webkitPrefixes: StylisPlugin = (element) => {
  if (element.type === "decl" && !element.return && typeof element.props === "string" && WEBKIT_ONLY.has(element.props)) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * One list for every cache: on the server, Emotion keeps the CSS it compiled for a style in a cache
 * keyed by this list's identity, so each page render after the first reuses it instead of running
 * stylis again for every class (a new list per cache meant compiling every class of every page).
 */
const STYLIS_PLUGINS: StylisPlugin[] = [webkitPrefixes];

/** The Emotion cache the gateway renders with and the browser hydrates with (same key: the browser adopts the page's style tags). */
export function createEmotionCache(): EmotionCache {
  return createCache({ key: "css", stylisPlugins: STYLIS_PLUGINS });
}
