// The Apollo cache of one page the gateway renders (entry-server.tsx), for the renderer alone.
// The screen's listed queries (screenQueries.ts) are executed before the page renders; Apollo would
// then write each answer into its normalised store field by field (writeQuery) and read it back
// the same way for each hook (diff): on a collection of 80 products that was ~40 % of the page's
// CPU, for data the renderer already holds. Here the answers go into the store in one step, as
// the same normalised objects Apollo's writeQuery makes of them, and a hook reading exactly a
// listed query (same document, same variables) is given the answer (copied once). Anything else — a
// query the list left out, a write, a document using what the normaliser leaves to Apollo — is
// Apollo's own work, as before.
import { InMemoryCache, type Cache, type Reference, type StoreObject, type StoreValue, type TypePolicies } from "@apollo/client";
import { addTypenameToDocument, canonicalStringify, DocumentTransform } from "@apollo/client/utilities";
import { Kind, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type InlineFragmentNode, type SelectionSetNode } from "graphql";

/** A listed query's answer: its document as the screen reads it, its variables and its data (of the cache's transformDocument of it). */
export interface PageAnswer {
  query: DocumentNode;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** An answer whose document uses something left to Apollo's writer (directives, aliases, abstract types, default values, a nested root object). */
class LeftToApollo extends Error {}

/** Apollo's root query object's id and type name. */
const ROOT = "ROOT_QUERY";
const ROOT_TYPENAME = "Query";

type Store = Record<string, StoreObject>;

/**
 * The cache's transform of a document (Apollo's InMemoryCache adds __typename to each selection;
 * no fragment registry here), one for every page: each page's cache would otherwise transform the
 * same documents (the screens' constants) again, and forget them on restore.
 */
const addTypename = new DocumentTransform(addTypenameToDocument);

/** One answer being normalised: what Apollo's StoreWriter keeps in its write context. */
interface Write {
  cache: InMemoryCache;
  /** The types with a type policy (their ids are Apollo's policies' to make). */
  policyTypes: ReadonlySet<string>;
  variables: Record<string, unknown>;
  fragments: Map<string, FragmentDefinitionNode>;
  /** The objects with an id, each merged from every place the answer holds it, in the order Apollo finishes them. */
  incomingById: Map<string, StoreObject>;
  /** The selection sets each id was written with: one is written once (as Apollo does). */
  written: Map<string, SelectionSetNode[]>;
  /** A selection set's fields for a type, fragments expanded in place. */
  flattened: Map<SelectionSetNode, Map<string, readonly FieldNode[]>>;
  /** Cleared when an object is held twice with different values for a field (see normalise). */
  state: { exact: boolean };
}

export class PageCache extends InMemoryCache {
  /** The listed queries' answers by document, then by canonical variables, until anything is written. */
  private readonly answers = new Map<DocumentNode, Map<string, unknown>>();
  /** Whether the type policies are ones the normaliser follows (key fields only: no merge or read functions). */
  private readonly normalises: boolean;
  private readonly policyTypes: ReadonlySet<string>;

  constructor(typePolicies: TypePolicies) {
    super({ typePolicies, resultCaching: false });
    // A listed query's answer, as Apollo's diff would read it from the store; any other read is
    // Apollo's. (On the instance: the class's diff has overloads for Apollo's incremental delivery.)
    const diff = this.diff.bind(this);
    this.diff = ((options: Cache.DiffOptions) => {
      const answer = this.answerTo(options);
      if (answer === undefined) return diff(options);
      // A hook's read names Apollo's incremental delivery (none under way: its value is undefined)
      // and is then told the data's state as well, as Apollo's diff tells it.
      return Object.getOwnPropertySymbols(options).length ? { result: answer, complete: true, dataState: "complete" } : { result: answer, complete: true };
    }) as typeof this.diff;
    this.policyTypes = new Set(Object.keys(typePolicies));
    this.normalises = Object.values(typePolicies).every((policy) => Object.keys(policy).every((key) => key === "keyFields") && (policy.keyFields === undefined || isFlatKeyFields(policy.keyFields)));
  }

  /**
   * Puts the listed queries' answers into this cache, in their order, as Apollo's writeQuery
   * would; reads of exactly those queries are answered with them until the cache is written to in
   * any other way. In one step only into an empty cache (restore replaces the store): a cache that
   * holds anything already has them written by Apollo, losing nothing.
   */
  prefill(answers: readonly PageAnswer[]): void {
    let normalised: { store: Store; exact: boolean } | null = null;
    if (this.normalises && Object.keys(this.extract()).length === 0) {
      try {
        normalised = normalise(this, this.policyTypes, answers.map((answer) => ({ ...answer, query: this.transformDocument(answer.query) })));
      } catch (error) {
        if (!(error instanceof LeftToApollo)) throw error;
      }
    }
    if (!normalised) {
      for (const { query, variables, data } of answers) this.writeQuery({ query, variables, data });
      return;
    }
    super.restore(normalised.store);
    if (!normalised.exact) return;
    // By the document the hooks read with: the cache's transform of the screen's. A copy of plain
    // objects, as Apollo's reads give (graphql-js makes objects without a prototype), sharing no
    // list or object with the store: a hook that changed its data would change the page's state.
    for (const { query, variables, data } of answers) {
      const document = this.transformDocument(query);
      let byVariables = this.answers.get(document);
      if (!byVariables) this.answers.set(document, (byVariables = new Map()));
      byVariables.set(canonicalStringify(variables), plainCopy(data));
    }
  }

  /** The answer to a read of the root query with exactly a listed query's document and variables, with no incremental delivery under way. */
  private answerTo(options: Cache.DiffOptions): unknown {
    if (!this.answers.size || (options.id !== undefined && options.id !== ROOT)) return undefined;
    const byVariables = this.answers.get(options.query);
    if (!byVariables || Object.getOwnPropertySymbols(options).some((symbol) => (options as unknown as Record<symbol, unknown>)[symbol] !== undefined)) return undefined;
    return byVariables.get(canonicalStringify(options.variables ?? {}));
  }

  override transformDocument(document: DocumentNode): DocumentNode {
    return addTypename.transformDocument(document);
  }

  // Whatever changes the store ends the answers' reads: from then on every read is Apollo's.
  override write(...args: Parameters<InMemoryCache["write"]>): Reference | undefined {
    this.answers.clear();
    return super.write(...args);
  }

  override modify<Entity extends Record<string, unknown> = Record<string, unknown>>(options: Cache.ModifyOptions<Entity>): boolean {
    this.answers.clear();
    return super.modify(options);
  }

  override evict(...args: Parameters<InMemoryCache["evict"]>): boolean {
    this.answers.clear();
    return super.evict(...args);
  }

  override gc(...args: Parameters<InMemoryCache["gc"]>): string[] {
    this.answers.clear();
    return super.gc(...args);
  }

  override reset(...args: Parameters<InMemoryCache["reset"]>): Promise<void> {
    this.answers.clear();
    return super.reset(...args);
  }

  override restore(...args: Parameters<InMemoryCache["restore"]>): this {
    this.answers.clear();
    return super.restore(...args);
  }

  override batch<TUpdateResult>(options: Cache.BatchOptions<InMemoryCache, TUpdateResult>): TUpdateResult {
    this.answers.clear();
    return super.batch(options);
  }
}

/** Key fields the normaliser leaves to Apollo's identify as they are: a list of the type's own field names. */
function isFlatKeyFields(keyFields: unknown): boolean {
  return keyFields === false || (Array.isArray(keyFields) && keyFields.every((field) => typeof field === "string"));
}

/**
 * The store Apollo's writeQuery makes of the answers, written one after the other into an empty
 * cache: each answer's objects with an id (and the root query) merged into the store in the order
 * Apollo's StoreWriter finishes them, each field of a stored object replaced by the later answer's.
 * Not `exact` when an object is held twice with another value for a field (a product whose price
 * changed between two of the page's queries, say): Apollo's reads give every place the object's
 * last values, which an answer alone would not, so the page's reads are then all Apollo's.
 */
function normalise(cache: InMemoryCache, policyTypes: ReadonlySet<string>, answers: readonly PageAnswer[]): { store: Store; exact: boolean } {
  const store: Store = {};
  const state = { exact: true };
  for (const { query, variables, data } of answers) {
    const operation = query.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    if (!operation || operation.operation !== "query" || operation.variableDefinitions?.some((definition) => definition.defaultValue)) throw new LeftToApollo();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of query.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    const write: Write = { cache, policyTypes, variables, fragments, incomingById: new Map(), written: new Map(), flattened: new Map(), state };
    storeObjectOf(write, data, operation.selectionSet, ROOT);
    for (const [id, incoming] of write.incomingById) {
      const existing = store[id];
      if (existing && differs(existing, incoming)) state.exact = false;
      store[id] = existing ? { ...existing, ...incoming } : incoming;
    }
  }
  return { store, exact: state.exact };
}

/**
 * One object of an answer as Apollo's StoreWriter.processSelectionSet writes it: its fields under
 * their store names (a field with arguments is named by Apollo's policies), an object with an id
 * kept aside by that id (a reference in its place), one without stored in place.
 */
function storeObjectOf(write: Write, result: Record<string, unknown>, selectionSet: SelectionSetNode, rootId?: string): StoreObject | Reference {
  const typename = rootId ? ROOT_TYPENAME : result.__typename;
  // A nested Query (a field answering the root type) is the root object itself to Apollo.
  if (typeof typename !== "string" || (!rootId && typename === ROOT_TYPENAME)) throw new LeftToApollo();
  // Apollo's default id (defaultDataIdFromObject: the type and its id, or _id, the key field first in
  // the stored object); a type with a policy is identified by Apollo's policies, after its fields.
  const keyField = rootId || write.policyTypes.has(typename) ? null : result.id != null ? "id" : result._id != null ? "_id" : null;
  const key = keyField ? result[keyField] : undefined;
  let incoming: StoreObject = keyField ? { [keyField]: key as StoreValue, __typename: typename } : { __typename: typename };
  for (const field of fieldsOf(write, selectionSet, typename)) {
    const value = result[field.name.value];
    if (value === undefined) continue;
    const name = field.arguments?.length ? write.cache.policies.getStoreFieldName({ typename, fieldName: field.name.value, field, variables: write.variables }) : field.name.value;
    const stored: StoreValue = field.selectionSet && value !== null ? (storeValueOf(write, value, field.selectionSet) as StoreValue) : (value as StoreValue);
    if (!Object.hasOwn(incoming, name)) incoming[name] = stored;
    else if (incoming[name] !== stored) incoming = merged(incoming, { [name]: stored }) as StoreObject;
  }
  let id = rootId;
  if (keyField) {
    id = `${typename}:${typeof key === "number" || typeof key === "string" ? key : JSON.stringify(key)}`;
  } else if (!id && write.policyTypes.has(typename)) {
    const [identified, keyObject] = write.cache.policies.identify(result as StoreObject, { typename, storeObject: incoming });
    if (keyObject) incoming = merged(keyObject, incoming) as StoreObject;
    id = identified;
  }
  if (!id) return incoming;
  const previous = write.incomingById.get(id);
  if (previous && differs(previous, incoming)) write.state.exact = false;
  const sets = write.written.get(id);
  if (sets?.includes(selectionSet)) return { __ref: id };
  if (sets) sets.push(selectionSet);
  else write.written.set(id, [selectionSet]);
  write.incomingById.set(id, previous ? (merged(previous, incoming) as StoreObject) : incoming);
  return { __ref: id };
}

/** A field's value with a selection set: lists item by item (null stays null), objects by storeObjectOf. */
function storeValueOf(write: Write, value: unknown, selectionSet: SelectionSetNode): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((item: unknown) => storeValueOf(write, item, selectionSet));
  return storeObjectOf(write, value as Record<string, unknown>, selectionSet);
}

/**
 * The fields a selection set selects on an object of `typename`, in order, fragments expanded in
 * place (each selection set once). A directive, or a fragment on another type (an interface or a
 * union: Apollo's possibleTypes decide), is left to Apollo.
 */
function fieldsOf(write: Write, selectionSet: SelectionSetNode, typename: string): readonly FieldNode[] {
  let byType = write.flattened.get(selectionSet);
  if (!byType) write.flattened.set(selectionSet, (byType = new Map()));
  let fields = byType.get(typename);
  if (fields) return fields;
  const collected: FieldNode[] = [];
  const visited = new Set<SelectionSetNode>();
  const collect = (set: SelectionSetNode) => {
    if (visited.has(set)) return;
    visited.add(set);
    for (const selection of set.selections) {
      if (selection.directives?.length) throw new LeftToApollo();
      if (selection.kind === Kind.FIELD) {
        // An alias could stand for a key field (\`id: handle\`): Apollo's writer knows what to make of it.
        if (selection.alias) throw new LeftToApollo();
        collected.push(selection);
        continue;
      }
      const fragment: FragmentDefinitionNode | InlineFragmentNode | undefined = selection.kind === Kind.FRAGMENT_SPREAD ? write.fragments.get(selection.name.value) : selection;
      if (!fragment || (fragment.typeCondition && fragment.typeCondition.name.value !== typename)) throw new LeftToApollo();
      collect(fragment.selectionSet);
    }
  };
  collect(selectionSet);
  byType.set(typename, (fields = collected));
  return fields;
}

/**
 * `source` merged into `target` as Apollo's DeepMerger merges a write's fields: objects (and
 * lists) key by key, copied where they change; any other value replaced by the source's.
 */
function merged(target: unknown, source: unknown): unknown {
  if (!isObject(target) || !isObject(source)) return source;
  let result = target;
  const set = (key: string, value: unknown) => {
    if (result === target) result = (Array.isArray(target) ? target.slice() : { __proto__: Object.getPrototypeOf(target) as object, ...target }) as Record<string, unknown>;
    result[key] = value;
  };
  for (const key of Object.keys(source)) {
    if (!Object.hasOwn(result, key)) set(key, source[key]);
    else if (source[key] !== result[key]) {
      const value = merged(result[key], source[key]);
      if (value !== result[key]) set(key, value);
    }
  }
  return result;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object";

/** A JSON value copied into plain objects and lists. */
function plainCopy(value: unknown): unknown {
  if (!isObject(value)) return value;
  if (Array.isArray(value)) return value.map(plainCopy);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = plainCopy(value[key]);
  return copy;
}

/** Whether two stored objects hold another value for a field both have. */
function differs(held: StoreObject, incoming: StoreObject): boolean {
  return Object.keys(incoming).some((key) => Object.hasOwn(held, key) && !same(held[key], incoming[key]));
}

/** Equal JSON values (lists and objects compared item by item, key by key). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && same(a[key], b[key]));
}
