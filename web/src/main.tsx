// The page the gateway sent is already painted-ready: the shop's code (start.tsx) is fetched and
// evaluated only after the browser has painted it, so the first paint and the page's largest image
// never wait for or share the connection with JavaScript (issue 13). A page the browser renders
// itself starts at once.
import { SSR_STATE_ID } from "./lib/ssrState";

/** The gateway lists the shop's code and the screen's chunks (gateway/ssr/page-renderer.ts). */
const PRELOAD_LIST_ID = "__PRELOAD__";

function preloadChunks() {
  const list = document.getElementById(PRELOAD_LIST_ID)?.textContent;
  if (!list) return;
  for (const href of JSON.parse(list) as string[]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
  }
}

const start = () => import("./start");

if (document.getElementById(SSR_STATE_ID)) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      preloadChunks();
      void start();
    }, 0),
  );
} else {
  void start();
}
