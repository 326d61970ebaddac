import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";

type ColorMode = "light" | "dark";

// spec §1/§3: the theme preference lives in browser storage, default light. The colour-mode script inline in index.html
// reads the same key before the first paint.
const THEME_STORAGE_KEY = "theme";

const listeners = new Set<() => void>();
/** The choice made in this tab when storage refuses it (it lasts until the page is closed). */
let unsaved: ColorMode | null = null;

function storedMode(): ColorMode {
  if (unsaved) return unsaved;
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

function applyMode(mode: ColorMode) {
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(mode);
  root.style.colorScheme = mode;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    applyMode(storedMode());
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

// The gateway's HTML is the same for everyone, so it is rendered light, and so is the first
// (hydrating) render; the stored choice follows at once. The page's colours never wait for that:
// The colour-mode script inline in index.html has put the stored mode on <html> before the first paint.
const serverMode = (): ColorMode => "light";

interface ColorModeValue {
  colorMode: ColorMode;
  toggleColorMode(): void;
}

const ColorModeContext = createContext<ColorModeValue>({ colorMode: "light", toggleColorMode: () => undefined });

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const colorMode = useSyncExternalStore(subscribe, storedMode, serverMode);

  // A page rendered without that script (tests, development) still shows the stored mode.
  useEffect(() => applyMode(storedMode()), []);

  const toggleColorMode = useCallback(() => {
    const next: ColorMode = storedMode() === "dark" ? "light" : "dark";
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
      unsaved = null;
    } catch {
      // Storage disabled: the choice lasts until the page is closed.
      unsaved = next;
    }
    applyMode(next);
    for (const listener of listeners) listener();
  }, []);

  const value = useMemo(() => ({ colorMode, toggleColorMode }), [colorMode, toggleColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}
