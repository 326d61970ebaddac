/**
 * Empties the stored cart (spec §3's key `cart`, as saveCart([]) leaves it) while the browser parses
 * the page of a placed order, before any of the shop's code runs: a shopper who closes the tab
 * before the page has hydrated (when useCheckoutOutcome empties it too) does not find the order's
 * lines still in the cart. Other tabs hear it as a storage event. ES5, on one line.
 */
export const ORDER_PLACED_SCRIPT = `(function(){try{localStorage.setItem("cart","[]")}catch(e){}})()`;

/**
 * The script in the success page's HTML for a placed order. The gateway's CSP allows it on a page
 * that holds it, by its hash (PAGE_SCRIPTS in entry-server.tsx). Hydration keeps the element as the
 * gateway rendered it (the page hydrates without changing its markup); a script React adds in the
 * browser never runs.
 */
export function OrderPlacedScript() {
  return <script dangerouslySetInnerHTML={{ __html: ORDER_PLACED_SCRIPT }} />;
}
