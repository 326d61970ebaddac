import { Suspense, type ReactNode } from "react";

/**
 * A part of a server-rendered page that React hydrates on its own: each boundary is
 * hydrated and committed as a separate, interruptible piece of work, so hydrating a long page
 * never blocks the main thread in one long task. Nothing inside suspends once hydrated.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
