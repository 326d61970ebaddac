import type { ComponentType } from "react";

/**
 * A Chakra component's root that styles itself with `recipe` instead of the system's recipe of the
 * same name (Chakra's `recipe` prop: the same slot recipe, compiled by the same system, so the same
 * classes and CSS). Components no screen of a first visit shows (tabs, tables, alerts,
 * selects…) bring their recipe with their own chunk rather than making the shop's
 * system, which every first visit downloads, carry it. web/src/theme/system.ts lists what the
 * system still holds; the lint rule in eslint.config.js keeps these components imported from here.
 */
export function withSlotRecipe<P extends { recipe?: unknown }>(Root: ComponentType<P>, recipe: NonNullable<P["recipe"]>): ComponentType<P> {
  function RootWithRecipe(props: P) {
    return <Root recipe={recipe} {...props} />;
  }
  RootWithRecipe.displayName = `WithRecipe(${Root.displayName ?? Root.name})`;
  return RootWithRecipe;
}
