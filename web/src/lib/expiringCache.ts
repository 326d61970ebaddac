import { InMemoryCache, type Cache, type InMemoryCacheConfig, type OperationVariables, type Reference } from "@apollo/client";
import { getMainDefinition } from "@apollo/client/utilities";
import { Kind, OperationTypeNode, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";

/** spec §9: the query cache's garbage collection time. */
export const UNUSED_DATA_LIFETIME_MS = 5 * 60 * 1000;

const ROOT_QUERY = "ROOT_QUERY";

interface ExpiringCacheConfig extends InMemoryCacheConfig {
  /** How long a root field no query watches is kept (default: spec §9's 5 minutes). */
  unusedDataLifetimeMs?: number;
}

/**
 * spec §9's cache lifetime, which Apollo does not have: data is never stale while a screen uses it,
 * and data no screen has used for 5 minutes is dropped, so the next visit to that screen loads it
 * afresh.
 *
 * "Used" is counted per root field (`products({"page":1,…})`, `product({"handle":"…"})`, `shop`…):
 * every query a mounted screen watches holds its root fields; when the last watch of a field ends
 * (or a field is written that nothing watches), a timer starts; watching it again stops the timer;
 * when it runs out, the field is evicted and `gc()` drops the objects nothing reaches any more.
 */
export class ExpiringInMemoryCache extends InMemoryCache {
  private readonly lifetimeMs: number;
  /** How many watches hold each root field (by store field name). */
  private readonly holders = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor({ unusedDataLifetimeMs = UNUSED_DATA_LIFETIME_MS, ...config }: ExpiringCacheConfig = {}) {
    super(config);
    this.lifetimeMs = unusedDataLifetimeMs;
  }

  override watch<TData = unknown, TVariables extends OperationVariables = OperationVariables>(watch: Cache.WatchOptions<TData, TVariables>): () => void {
    const fields = "id" in watch && watch.id && watch.id !== ROOT_QUERY ? [] : this.rootFieldsOf(watch.query, watch.variables);
    for (const field of fields) this.hold(field);
    const unwatch = super.watch(watch);
    let watching = true;
    return () => {
      unwatch();
      if (!watching) return;
      watching = false;
      for (const field of fields) this.letGo(field);
    };
  }

  override write<TData = unknown, TVariables extends OperationVariables = OperationVariables>(options: Cache.WriteOptions<TData, TVariables>): Reference | undefined {
    const written = super.write(options);
    // A query result nothing watches (client.query, a cache update) expires like any other.
    if (options.dataId === undefined || options.dataId === ROOT_QUERY) {
      for (const field of this.rootFieldsOf(options.query, options.variables)) {
        if (!this.holders.has(field)) this.startTimer(field);
      }
    }
    return written;
  }

  private hold(field: string): void {
    this.holders.set(field, (this.holders.get(field) ?? 0) + 1);
    clearTimeout(this.timers.get(field));
    this.timers.delete(field);
  }

  private letGo(field: string): void {
    const left = (this.holders.get(field) ?? 1) - 1;
    if (left > 0) {
      this.holders.set(field, left);
      return;
    }
    this.holders.delete(field);
    this.startTimer(field);
  }

  private startTimer(field: string): void {
    if (this.timers.has(field)) return;
    this.timers.set(
      field,
      setTimeout(() => {
        this.timers.delete(field);
        if (this.holders.has(field)) return;
        this.modify({ id: ROOT_QUERY, fields: (value, { storeFieldName, DELETE }) => (storeFieldName === field ? DELETE : value) });
        this.gc();
      }, this.lifetimeMs),
    );
  }

  /** The store field names of a query's root fields, as the cache keys them (arguments included). */
  private rootFieldsOf(document: DocumentNode, variables: OperationVariables | undefined): string[] {
    const operation = getMainDefinition(document);
    if (operation.kind !== Kind.OPERATION_DEFINITION || operation.operation !== OperationTypeNode.QUERY) return [];
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const typename = this.getRootTypename(OperationTypeNode.QUERY);
    const names = new Set<string>();
    const visit = (selectionSet: SelectionSetNode) => {
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value === "__typename") continue;
          names.add(this.policies.getStoreFieldName({ typename, fieldName: selection.name.value, field: selection, variables }));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          visit(selection.selectionSet);
        } else {
          const fragment = fragments.get(selection.name.value);
          if (fragment) visit(fragment.selectionSet);
        }
      }
    };
    visit(operation.selectionSet);
    return [...names];
  }
}
