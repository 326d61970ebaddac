// The page the gateway sent is already painted-ready: the shop's code (start.tsx) is fetched and
// evaluated only after the browser has painted it, so the first paint and the page's largest image
// never wait for or share the connection with JavaScript. A page the browser renders
// itself starts at once.
import { SSR_STATE_ID } from "./lib/ssrState";
import { yieldToMain } from "./lib/yieldToMain";

/** The gateway lists the shop's code and the screen's chunks (gateway/ssr/page-renderer.ts). */
const PRELOAD_LIST_ID = "__PRELOAD__";

// Each <link rel="modulepreload"> starts a fetch as it is inserted (≈ 0.3 ms apiece unthrottled):
// the ~40 of a page at once were one task of 13–25 ms, ×4 on Lighthouse's phone.
const PRELOADS_PER_TASK = 10;

async function preloadChunks() {
  const list = document.getElementById(PRELOAD_LIST_ID)?.textContent;
  if (!list) return;
  const hrefs = JSON.parse(list) as string[];
  for (let i = 0; i < hrefs.length; i += PRELOADS_PER_TASK) {
    if (i > 0) await yieldToMain();
    for (const href of hrefs.slice(i, i + PRELOADS_PER_TASK)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    }
  }
}

const start = () => import("./start");

// The shop's code in the order its parts depend on each other, each part evaluated in a task of its
// own: an import evaluates only the modules not evaluated yet, so each step is one library (and
// the shop's modules around it) rather than all of them in one long task.
const STEPS: (() => Promise<unknown>)[] = [
  () => import("react-dom/client"),
  () => import("./lib/apollo"),
  () => import("./theme/system"),
  () => import("./AppProviders"),
];

async function evaluateInSteps() {
  for (const step of STEPS) {
    await step();
    await yieldToMain();
  }
}

if (document.getElementById(SSR_STATE_ID)) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      void preloadChunks().then(evaluateInSteps).then(start);
    }, 0),
  );
} else {
  void start();
}
