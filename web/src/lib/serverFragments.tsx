// Parts of a page the gateway renders once and reuses (the renderer's side only: the browser
// renders them as usual). The store that keeps them is the renderer's alone
// (serverFragmentStore.tsx); a component names the part and its key with ServerFragment, under
// `import.meta.env.SSR`, so none of this reaches the browser's bundle.
import { createContext, createElement, useContext, type ComponentType, type ReactElement } from "react";

/** A kept part: its root element's tag and attributes, its inner markup and the class styles it uses. */
export interface Kept {
  tag: string;
  props: Record<string, string>;
  inner: string;
  /** [Emotion's id, its rules, its registered class name, the registered styles] for each class. */
  styles: [id: string, rules: string, name: string, registered: string][];
}

/**
 * One page's view of the kept parts: a kept part (its styles already added to the page's), or null
 * (the page renders it, and may have it kept).
 */
export interface PageFragments {
  lookup(key: string, element: ReactElement): Kept | null;
}

export const PageFragmentsContext = /* @__PURE__ */ createContext<PageFragments | null>(null);

/**
 * On the gateway: the kept markup of `children` under `fragmentKey` when there is one, else
 * `children` rendered as usual. Without fragments (a render with no provider) it is `children`.
 */
export function ServerFragment({ fragmentKey, children }: { fragmentKey: string; children: ReactElement }) {
  const kept = useContext(PageFragmentsContext)?.lookup(fragmentKey, children);
  return kept ? createElement(kept.tag, { ...kept.props, dangerouslySetInnerHTML: { __html: kept.inner } }) : children;
}

/**
 * `Component` as the gateway renders it: kept as markup under `name`, its props and `alsoKey()`
 * (what else its markup shows, such as the year) once seen on two pages. Only for a part whose
 * markup depends on nothing else: no children, no render props, no state from the page's providers,
 * and not the page's address (plain links only, no NavLink: a part is kept as rendered at "/").
 * Used as `import.meta.env.SSR ? keptPart(…) : Component`, so the browser's bundle holds the
 * component alone.
 */
export function keptPart<P extends object>(name: string, Component: ComponentType<P>, alsoKey?: () => unknown): ComponentType<P> {
  const Kept = (props: P) => (
    <ServerFragment fragmentKey={`${name}:${JSON.stringify(props)}${alsoKey ? `:${JSON.stringify(alsoKey())}` : ""}`}>
      <Component {...props} />
    </ServerFragment>
  );
  Kept.displayName = `Kept(${name})`;
  return Kept;
}
