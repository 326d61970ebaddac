import { lazy, Suspense, useEffect, useState } from "react";
import type { ToastMessage, ToastOutlet } from "./toastTypes";

export type { ToastMessage } from "./toastTypes";

// Chakra's toaster is not part of the first visit's JavaScript. Until it has loaded, the
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

/** Removes every toast, shown or waiting (an undone Clear Cart's; tests start each screen without one). */
export function clearToasts(): void {
  waiting = null;
  outlet?.clear();
}

const ToastHost = lazy(() => import("./toastHost"));

/**
 * A toast follows something the shopper did (added to the cart, subscribed, signed in…) or a
 * failure the shop reports: the toaster loads with the shopper's first interaction (a press, a key,
 * focus moving), while what they did is still under way, so it is usually ready when its first
 * toast comes, and at once for a toast asked for before then. A visit in which the
 * shopper only reads downloads none of it (~22 kB gzip with Ark's toast machine and portal);
 * it used to load as soon as the page was idle.
 */
const FIRST_INTERACTION = ["pointerdown", "keydown", "touchstart", "focusin"] as const;

export function Toaster() {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    const start = () => setLoad(true);
    wanted = start;
    if (waiting) start();
    const options = { capture: true, passive: true } as const;
    for (const type of FIRST_INTERACTION) window.addEventListener(type, start, options);
    return () => {
      if (wanted === start) wanted = null;
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, start, options);
    };
  }, []);
  return load ? (
    <Suspense fallback={null}>
      <ToastHost attach={attachToasts} />
    </Suspense>
  ) : null;
}
