import type { EmotionCache } from "@emotion/cache";

// A page the gateway rendered holds its classes' CSS in one <style data-emotion="css-server">
// (entry-server.tsx). Not `css NAME NAME…`, Emotion's own server format: every Emotion cache
// created in the browser with the key "css" (@emotion/react's default one, as its module is
// evaluated, then start.tsx's) "hydrates" such a tag by inserting it into <head> again, a DOM move
// even where it stands, which takes the style sheet out and puts it back, so the browser recomputes
// the style of the whole page (≈ 9–15 ms unthrottled on the home page, ×4 on Lighthouse's phone).
// Nor `css-global …`, which <Global> looks for. The cache the shop renders with is told the tag's
// classes exist. Their names are read from the CSS itself (each rule's `.css-NAME`): listed in the
// attribute too, they cost ~0.2 kB of every page's first round trip. The gateway lists them in the
// attribute only when the CSS mentions a class it does not hold (never seen with Chakra).

const KEY = "css";
/** The tag's name, and the attribute's first word when the names are listed after it. */
export const SERVER_CLASS_STYLES = `${KEY}-server`;

/** Every class name the CSS mentions (`.css-NAME`), in order, each once. */
export function classNamesIn(css: string): string[] {
  return [...new Set(Array.from(css.matchAll(/\.css-([A-Za-z0-9_-]+)/g), (match) => match[1]))];
}

/**
 * The classes of the page's tags count as inserted in `cache` (what Emotion's own hydration does),
 * so rendering them inserts nothing; rules the page did not have go into a tag of the cache's own.
 */
export function adoptServerClassStyles(cache: EmotionCache): EmotionCache {
  if (cache.key !== KEY) throw new Error(`adoptServerClassStyles: the page's classes are Emotion key "${KEY}"'s, not "${cache.key}"'s`);
  for (const tag of document.head.querySelectorAll(`style[data-emotion^="${SERVER_CLASS_STYLES}"]`)) {
    const listed = tag.getAttribute("data-emotion")!.split(" ").slice(1).filter(Boolean);
    for (const name of listed.length > 0 ? listed : classNamesIn(tag.textContent ?? "")) cache.inserted[name] = true;
  }
  return cache;
}
