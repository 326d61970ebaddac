// The page the gateway sent is already painted-ready: the shop's code (start.tsx, preloaded with
// the page) is evaluated only after the browser has painted it, so the first paint never waits for
// JavaScript (issue 13). A page the browser renders itself starts at once.
import { SSR_STATE_ID } from "./lib/ssrState";

const start = () => import("./start");

if (document.getElementById(SSR_STATE_ID)) {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  void start();
}
