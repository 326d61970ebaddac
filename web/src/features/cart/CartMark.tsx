/**
 * Marks <html data-cart> where browser storage holds cart lines, read as parseCart reads them (a
 * list with an entry whose id is a non-empty string). Run by the browser while it parses the cart
 * page's HTML, before the first paint of what follows it, so that page can show its empty state or
 * its lines' places from the gateway's HTML (routes/CartRoute.tsx). ES5 and on one line: it runs
 * before any of the shop's code, in every browser that opens the page. The storage key is spec §3's
 * (localCart's CART_STORAGE_KEY, written out: importing it would add an export to a chunk every
 * first visit downloads); cartMark.test.tsx holds the two to the same answer.
 */
export const CART_MARK_SCRIPT =
  `(function(){try{if(JSON.parse(localStorage.getItem("cart")).some(function(l){return l&&typeof l.id=="string"&&l.id}))` +
  `document.documentElement.setAttribute("data-cart","")}catch(e){}})()`;

/**
 * The mark's script in the cart page's own HTML: on that page alone, not in every page's first
 * round trip. The gateway's CSP allows it on a page that holds it, by its hash: the renderer
 * declares it (PAGE_SCRIPTS in entry-server.tsx; gateway/ssr/page-renderer.ts). Rendered until
 * hydration only: once hydrated, the page knows the cart, and a script added by React in the
 * browser would never run anyway.
 */
export function CartMark() {
  return <script dangerouslySetInnerHTML={{ __html: CART_MARK_SCRIPT }} />;
}
