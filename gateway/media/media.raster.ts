import { renderAsync } from "@resvg/resvg-js";
import type { MediaFile } from "./media.repository.js";

/**
 * PNG copies of the shop's SVG images, for link previews: Facebook, X, Slack and the
 * messengers show no SVG as `og:image`, and every product picture is an SVG. The copy of
 * `/media/{name}.svg` is served at `/media/{name}.png` (media.rest.ts), rendered on first request
 * off the event loop (resvg's renderAsync runs on libuv's thread pool), 1200 px wide as the
 * previews want, and kept in memory by the SVG's ETag, so a changed picture makes a new copy.
 */
const PREVIEW_WIDTH = 1200;
const MAX_KEPT = 200;

/** The SVG a PNG address is the copy of, or null when the address names no copy. */
export function svgPathForRaster(path: string): string | null {
  return path.endsWith(".png") ? `${path.slice(0, -".png".length)}.svg` : null;
}

export class RasterCopies {
  /** Insertion-ordered: the oldest copy goes first when full. Pending renders are shared. */
  private readonly copies = new Map<string, Promise<Buffer>>();

  constructor(private readonly maxKept = MAX_KEPT) {}

  /** The PNG copy of an SVG file. Rejects when resvg cannot read the SVG. */
  pngOf(svg: MediaFile): Promise<Buffer> {
    const key = `${svg.path}\n${svg.etag}`;
    const kept = this.copies.get(key);
    if (kept) return kept;
    const rendering = renderAsync(svg.body, {
      fitTo: { mode: "width", value: PREVIEW_WIDTH },
      // Any lettering in a picture is drawn with the machine's fonts.
      font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
    }).then((image) => image.asPng());
    this.copies.set(key, rendering);
    // A failed render is not kept: the next request tries again (and gets the same clear 404).
    rendering.catch(() => this.copies.delete(key));
    while (this.copies.size > this.maxKept) this.copies.delete(this.copies.keys().next().value!);
    return rendering;
  }
}
