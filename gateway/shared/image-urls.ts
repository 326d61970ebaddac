/**
 * An image as a page away from the shop can show it (a payment provider's page, an email): an
 * absolute address, and a PNG rather than an SVG, which many of them do not show (media.rest.ts
 * serves each `/media/….svg` picture's PNG copy at the same path ending in `.png`). Null for none.
 */
export function absoluteRasterImageUrl(publicUrl: string, imageUrl: string | null): string | null {
  if (!imageUrl) return null;
  const absolute = new URL(imageUrl, `${publicUrl}/`).toString();
  return absolute.endsWith(".svg") ? `${absolute.slice(0, -".svg".length)}.png` : absolute;
}
