import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from "@chakra-ui/react";
import { useEffect } from "react";
import type { ToastMessage, ToastOutlet } from "./toastTypes";

// spec §9: toasts one at a time, closing after 5000 ms.
const TOAST_DURATION_MS = 5000;

const toaster = createToaster({
  // At the bottom, on the side away from the cart drawer (which opens on the right, over the whole
  // screen on a phone, where the toast spans the width and the drawer keeps its room free, below):
  // never over the header's buttons, the page's title, the drawer's lines, total and Checkout, or the
  // check mark of the order confirmation, the things a toast confirms.
  placement: "bottom-start",
  offsets: "1rem",
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

/**
 * The room a shown toast takes at the foot of the screen (its height, its 1rem offset and a gap),
 * as `--toast-room` on <html> while one shows, unset otherwise. On a phone the toast spans the
 * screen, so what sits at the foot of a screen that does not scroll (the cart drawer's total and
 * Checkout) moves up by it instead of lying under the toast, where a tap would land on the toast.
 */
const TOAST_ROOM = "--toast-room";
const shownHeights = new Map<Element, number>();
let roomObserver: ResizeObserver | undefined;

function publishRoom(): void {
  const style = document.documentElement.style;
  if (shownHeights.size > 0) style.setProperty(TOAST_ROOM, `calc(${Math.ceil(Math.max(...shownHeights.values()))}px + 1.5rem)`);
  else style.removeProperty(TOAST_ROOM);
}

/** A toast's ref: it takes its room while in the page (entering, shown, leaving). */
function takeRoom(toast: HTMLElement | null): (() => void) | undefined {
  if (!toast) return undefined;
  roomObserver ??=
    typeof ResizeObserver === "undefined"
      ? undefined
      : new ResizeObserver((entries) => {
          for (const entry of entries) if (shownHeights.has(entry.target)) shownHeights.set(entry.target, entry.borderBoxSize[0]?.blockSize ?? entry.target.getBoundingClientRect().height);
          publishRoom();
        });
  shownHeights.set(toast, toast.offsetHeight);
  roomObserver?.observe(toast);
  publishRoom();
  return () => {
    roomObserver?.unobserve(toast);
    shownHeights.delete(toast);
    publishRoom();
  };
}

const outlet: ToastOutlet = {
  /** In place of whatever toast is showing (one at a time, spec §9). */
  show({ title, description, type = "info", action }: ToastMessage) {
    toaster.remove();
    toaster.create({ title, description, type, action, duration: TOAST_DURATION_MS, closable: true });
  },
  clear: () => toaster.remove(),
};

/**
 * Chakra's toaster (Zag's toast machines, ~12 kB gzip): loaded after the first paint or with the
 * first toast (toaster.tsx), not with the page. `attach` hands it the toasts asked for so far.
 */
export default function ToastHost({ attach }: { attach(outlet: ToastOutlet): () => void }) {
  useEffect(() => attach(outlet), [attach]);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root ref={takeRoom} width={{ md: "sm" }}>
            {toast.type === "loading" ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
