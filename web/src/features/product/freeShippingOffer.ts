/**
 * What a running free-shipping offer adds to "Free shipping on orders of $50.00 or more": its title
 * and the day it ends (" — Election week until 30 Nov"); "" under the standing rule. The day is the
 * gateway's (UTC), so the server's HTML and the browser's agree. The home page's banner writes the
 * same words itself (features/home/PromoBanner.tsx): shared, this would be one more file on every
 * first visit and product page.
 */
export const freeShippingOffer = ({ offerTitle, endsAt }: { offerTitle: string | null; endsAt: string | null }): string =>
  offerTitle ? ` — ${offerTitle}${endsAt ? ` until ${new Date(endsAt).toUTCString().slice(5, 11)}` : ""}` : "";
