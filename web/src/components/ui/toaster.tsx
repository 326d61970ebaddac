import { lazy, Suspense, useEffect, useState } from "react";
import type { ToastMessage, ToastOutlet } from "./toastTypes";

export type { ToastMessage } from "./toastTypes";

// Issue 13: Chakra's toaster is not part of the first visit's JavaScript. Until it has loaded, the
// latest toast asked for waits here (one at a time, spec §9: a newer one replaces it).
let outlet: ToastOutlet | null = null;
let waiting: ToastMessage | null = null;
let wanted: (() => void) | null = null;

/** Called by the loaded toaster: toasts go to it from now on, starting with the one waiting. */
export function attachToasts(loaded: ToastOutlet): () => void {
  outlet = loaded;
  // After the toaster's own effects have run: a toast created before it listens would be lost.
  const timer = window.setTimeout(() => {
    if (waiting && outlet === loaded) loaded.show(waiting);
    waiting = null;
  }, 0);
  return () => {
    window.clearTimeout(timer);
    if (outlet === loaded) outlet = null;
  };
}

/** Shows a toast in place of whatever toast is showing (one at a time, spec §9). */
export function notify(message: ToastMessage): void {
  if (outlet) {
    // Newer than any toast still waiting for the toaster's first effects: that one is dropped.
    waiting = null;
    outlet.show(message);
    return;
  }
  waiting = message;
  wanted?.();
}

/** Removes every toast, shown or waiting (tests start each screen without one). */
export function clearToasts(): void {
  waiting = null;
  outlet?.clear();
}

const ToastHost = lazy(() => import("./toastHost"));

/** Where toasts appear: the toaster loads once the page is idle, or at once for a toast. */
export function Toaster() {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    const start = () => setLoad(true);
    wanted = start;
    if (waiting) start();
    const idle = typeof window.requestIdleCallback === "function";
    const handle = idle ? window.requestIdleCallback(start, { timeout: 4000 }) : window.setTimeout(start, 1000);
    return () => {
      if (wanted === start) wanted = null;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return load ? (
    <Suspense fallback={null}>
      <ToastHost attach={attachToasts} />
    </Suspense>
  ) : null;
}
