/**
 * A maker of objects whose fields are each made the first time they are read, then kept (a request's
 * batch loaders: a request creates only those it uses). The factories are shared by every object made;
 * each object is one allocation until a field is read.
 */
export function madeOnFirstRead<T extends object>(factories: { [K in keyof T]: () => T[K] }): () => T {
  class OnFirstRead {}
  for (const key of Object.keys(factories) as (keyof T & string)[]) {
    Object.defineProperty(OnFirstRead.prototype, key, {
      enumerable: true,
      get(this: OnFirstRead) {
        const value = factories[key]();
        Object.defineProperty(this, key, { value, enumerable: true });
        return value;
      },
    });
  }
  return () => new OnFirstRead() as T;
}
