import type { EmotionCache } from "@emotion/cache";

// A page the gateway rendered holds its classes' CSS in one <style data-emotion="css
// NAME NAME…"> (entry-server.tsx). Every Emotion cache created in the browser with the key "css"
// (@emotion/react's default one, as its module is evaluated, then start.tsx's) "hydrates" such a
// tag by inserting it into <head> again: a DOM move even where it stands, which takes the style
// sheet out and puts it back, so the browser recomputes the style of the whole page (≈ 9–15 ms
// unthrottled on the home page, ×4 on Lighthouse's phone). The tag is renamed before any Emotion
// code runs, so no cache finds it, and the cache the shop renders with is told its classes exist.

const KEY = "css";
const SERVER_CLASSES = `style[data-emotion^="${KEY} "]`;
/** The tag's new name: not `css …`, which Emotion's caches look for, nor `css-global …`, which <Global> does. */
const HELD = `${KEY}-server`;
const HELD_CLASSES = `style[data-emotion^="${HELD} "]`;

/** main.tsx, before the shop's code (and Emotion with it) is evaluated. */
export function holdServerClassStyles(): void {
  for (const tag of document.head.querySelectorAll(SERVER_CLASSES)) {
    tag.setAttribute("data-emotion", HELD + tag.getAttribute("data-emotion")!.slice(KEY.length));
  }
}

/**
 * The classes in the held tags count as inserted in `cache` (what Emotion's own hydration does), so
 * rendering them inserts nothing; rules the page did not have go into a tag of the cache's own.
 */
export function adoptServerClassStyles(cache: EmotionCache): EmotionCache {
  if (cache.key !== KEY) throw new Error(`adoptServerClassStyles: the page's classes are Emotion key "${KEY}"'s, not "${cache.key}"'s`);
  for (const tag of document.head.querySelectorAll(HELD_CLASSES)) {
    for (const name of tag.getAttribute("data-emotion")!.split(" ").slice(1)) if (name) cache.inserted[name] = true;
  }
  return cache;
}
