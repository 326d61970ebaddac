import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { vi } from "vitest";

/**
 * The inline scripts an element renders on the gateway (their text, as the page holds it), and a
 * way to run them as the browser does while it parses the page, before any of the shop's code.
 */
export function inlineScriptsOf(element: ReactElement): { texts: string[]; run(): void } {
  const texts = [...renderToString(element).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  return {
    texts,
    run: () => {
      for (const script of texts) new Function(script)();
    },
  };
}

/** Runs `run` while browser storage's `method` throws, as it does where storage is blocked or full. */
export function whileStorageThrows(method: "getItem" | "setItem", run: () => void): void {
  const refused = vi.spyOn(Storage.prototype, method).mockImplementation(() => {
    throw new DOMException("The operation is insecure.", "SecurityError");
  });
  try {
    run();
  } finally {
    refused.mockRestore();
  }
}
