import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from "react";

/** Focus is in a field (or a dialog is open): keys are typing, not commands. */
function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  // A checkbox or radio takes no text: the list's keys still work after one is clicked.
  const textless = element.tagName === "INPUT" && ["checkbox", "radio"].includes((element as HTMLInputElement).type);
  return element.isContentEditable || (["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName) && !textless) || !!element.closest("[role=dialog]");
}

interface Options {
  /** How many rows the page shows. */
  count: number;
  searchRef: RefObject<HTMLInputElement | null>;
  onToggle(index: number): void;
  onShip(): void;
  disabled: boolean;
}

/**
 * The list's keyboard, as in a mail client: j / k move focus to the next / previous order's link
 * (Enter then opens it, as any link), x selects the focused order, s ships the selection, /
 * searches (Escape leaves the field). Nothing happens while typing in a field or with a modifier key held.
 */
export function useOrderListKeys({ count, searchRef, onToggle, onShip, disabled }: Options) {
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  // The handlers of the render on screen, kept as it commits (a key pressed right after a new
  // list came must act on that list).
  const latest = useRef({ count, onToggle, onShip, disabled });
  useLayoutEffect(() => {
    latest.current = { count, onToggle, onShip, disabled };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { count, onToggle, onShip, disabled } = latest.current;
      // Escape leaves the search field, so the list's keys work again.
      if (event.key === "Escape" && event.target === searchRef.current) {
        searchRef.current?.blur();
        return;
      }
      if (disabled || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      const focused = links.current.findIndex((link) => link !== null && link === document.activeElement);
      const move = (to: number) => {
        const link = links.current[Math.max(0, Math.min(count - 1, to))];
        if (!link) return;
        link.focus();
        link.scrollIntoView({ block: "nearest" });
      };
      if (event.key === "j") move(focused + 1);
      else if (event.key === "k") move(focused < 0 ? 0 : focused - 1);
      else if (event.key === "x" && focused >= 0) onToggle(focused);
      else if (event.key === "s") onShip();
      else if (event.key === "/") searchRef.current?.focus();
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [searchRef]);

  const linkRef = useCallback(
    (index: number) => (element: HTMLAnchorElement | null) => {
      links.current[index] = element;
    },
    [],
  );
  return { linkRef };
}
