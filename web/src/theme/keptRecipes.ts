/**
 * The gateway's recipe functions, made once per recipe instead of at every render. Every styled
 * element asks the system for its recipe function at each render (`cva(config)` in `chakra()`'s
 * factory, and `cva(recipe)` / `sva(recipe)` for a recipe given by prop), and each answer is a new
 * function with its own empty memo: the recipe's styles are normalised and resolved again for
 * every element on every page (~7 % of a product page's render on the gateway). A recipe's config
 * is a constant object, so its function is kept by the config's identity; `merge` (a styled
 * component wrapping another) is kept by the pair. The gateway's only: the browser hydrates once
 * per page, and its first visit's JavaScript does not grow for it.
 */
export function keptRecipes<F>(makeRecipe: F): F {
  const make = makeRecipe as unknown as (config?: object) => object;
  const made = new WeakMap<object, object>();
  const merged = new WeakMap<object, WeakMap<object, object>>();
  const keep = (config: object, recipe: object & { merge?: (other: object) => object }) => {
    const merge = recipe.merge;
    if (merge) {
      recipe.merge = function (this: object, other: object) {
        let withOther = merged.get(this);
        if (!withOther) merged.set(this, (withOther = new WeakMap()));
        let answer = withOther.get(other);
        if (!answer) withOther.set(other, (answer = merge.call(this, other)));
        return answer;
      };
    }
    made.set(config, recipe);
    return recipe;
  };
  return ((config?: object) => {
    if (!config) return make();
    return made.get(config) ?? keep(config, make(config));
  }) as F;
}
