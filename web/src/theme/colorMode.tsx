import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

type ColorMode = "light" | "dark";

// spec §1/§3: the theme preference lives in browser storage, default light. public/theme-init.js
// reads the same key before the first paint.
const THEME_STORAGE_KEY = "theme";

function storedMode(): ColorMode {
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

interface ColorModeValue {
  colorMode: ColorMode;
  toggleColorMode(): void;
}

const ColorModeContext = createContext<ColorModeValue>({ colorMode: "light", toggleColorMode: () => undefined });

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [colorMode, setColorMode] = useState<ColorMode>(storedMode);

  useEffect(() => applyMode(colorMode), [colorMode]);

  // Another tab changed the theme: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) setColorMode(storedMode());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const toggleColorMode = useCallback(() => {
    setColorMode((current) => {
      const next: ColorMode = current === "dark" ? "light" : "dark";
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Storage disabled: the choice lasts until the page is closed.
      }
      return next;
    });
  }, []);

  const value = useMemo(() => ({ colorMode, toggleColorMode }), [colorMode, toggleColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  return useContext(ColorModeContext);
}
