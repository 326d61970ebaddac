import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import {
  AdminCollectionDocument,
  CollectionCreateDocument,
  CollectionDeleteDocument,
  CollectionImageDeleteDocument,
  CollectionMoveDocument,
  CollectionProductMoveDocument,
  CollectionProductsAddDocument,
  CollectionProductsRemoveDocument,
  CollectionUpdateDocument,
  type AdminCollectionEditor_CollectionFragment,
  type CollectionInput,
} from "../gql/graphql";
import { UNREACHABLE } from "../useStaffSession";

type Collection = AdminCollectionEditor_CollectionFragment;
type UserErrors = readonly { field?: string | null; message: string }[];
export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: UserErrors };

/** The collections' list may be out of date (a title, a count, the order): it is asked again when shown. */
function forgetCollectionLists(cache: ApolloCache) {
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminCollections" });
  cache.gc();
}

function failed(error: unknown): { ok: false; errors: UserErrors } {
  const message = error instanceof Error && error.message && !/fetch|network/i.test(error.message) ? error.message : UNREACHABLE;
  return { ok: false, errors: [{ field: null, message }] };
}

/** Runs one mutation and answers its payload's value or its userErrors (a transport failure as one error without a field). */
async function outcome<T>(run: () => Promise<{ value: T | null | undefined; userErrors?: UserErrors } | null>): Promise<Outcome<T>> {
  try {
    const answer = await run();
    if (!answer) return failed(null);
    if (answer.userErrors && answer.userErrors.length > 0) return { ok: false, errors: answer.userErrors };
    return answer.value ? { ok: true, value: answer.value } : failed(null);
  } catch (error) {
    return failed(error);
  }
}

/** A collection's fields (Save), Delete, and its place among the others. */
export function useCollectionMutations() {
  const [create, createState] = useMutation(CollectionCreateDocument, { update: forgetCollectionLists });
  const [update, updateState] = useMutation(CollectionUpdateDocument, { update: forgetCollectionLists });
  const [remove, removeState] = useMutation(CollectionDeleteDocument, {
    update(cache, { data }) {
      const deleted = data?.collectionDelete.deletedCollectionId;
      if (!deleted) return;
      cache.evict({ id: cache.identify({ __typename: "AdminCollection", id: deleted }) });
      forgetCollectionLists(cache);
    },
  });
  const [move, moveState] = useMutation(CollectionMoveDocument, { refetchQueries: ["AdminCollections"], awaitRefetchQueries: true });

  const save = useCallback(
    (id: string | null, input: CollectionInput): Promise<Outcome<Collection>> =>
      outcome(async () => {
        if (id === null) {
          const { data } = await create({ variables: { input } });
          return data ? { value: data.collectionCreate.collection, userErrors: data.collectionCreate.userErrors } : null;
        }
        const { data } = await update({ variables: { id, input } });
        return data ? { value: data.collectionUpdate.collection, userErrors: data.collectionUpdate.userErrors } : null;
      }),
    [create, update],
  );
  const destroy = useCallback(
    (id: string): Promise<Outcome<string>> =>
      outcome(async () => {
        const { data } = await remove({ variables: { id } });
        return data ? { value: data.collectionDelete.deletedCollectionId, userErrors: data.collectionDelete.userErrors } : null;
      }),
    [remove],
  );
  const moveCollection = useCallback(
    (id: string, position: number): Promise<Outcome<true>> =>
      outcome(async () => {
        const { data } = await move({ variables: { id, position } });
        return data ? { value: data.collectionUpdate.collection ? true : null, userErrors: data.collectionUpdate.userErrors } : null;
      }),
    [move],
  );
  return { save, destroy, moveCollection, saving: createState.loading || updateState.loading, deleting: removeState.loading, moving: moveState.loading };
}

/** The products of one collection (added, removed, moved) and its image's removal; each answers the page shown, in the new order. */
export function useCollectionProducts(collectionId: string, page: number, pageSize: number) {
  const variables = { collectionId, page, pageSize };
  // The answer is the collection with the page shown: written as the editor's query's answer.
  const writeBack = (cache: ApolloCache, collection: { id: string } | null | undefined) => {
    if (!collection) return;
    cache.writeQuery({ query: AdminCollectionDocument, variables: { id: collectionId, page, pageSize }, data: { adminCollection: collection as never } });
    forgetCollectionLists(cache);
  };
  const [add, addState] = useMutation(CollectionProductsAddDocument, { update: (cache, { data }) => writeBack(cache, data?.collectionProductsAdd.collection) });
  const [remove, removeState] = useMutation(CollectionProductsRemoveDocument, { update: (cache, { data }) => writeBack(cache, data?.collectionProductsRemove.collection) });
  const [move, moveState] = useMutation(CollectionProductMoveDocument, { update: (cache, { data }) => writeBack(cache, data?.collectionProductMove.collection) });
  const [dropImage, dropImageState] = useMutation(CollectionImageDeleteDocument, { update: forgetCollectionLists });

  return {
    add: (productIds: string[]) =>
      outcome(async () => {
        const { data } = await add({ variables: { ...variables, productIds } });
        return data ? { value: data.collectionProductsAdd.collection, userErrors: data.collectionProductsAdd.userErrors } : null;
      }),
    remove: (productIds: string[]) =>
      outcome(async () => {
        const { data } = await remove({ variables: { ...variables, productIds } });
        return data ? { value: data.collectionProductsRemove.collection, userErrors: data.collectionProductsRemove.userErrors } : null;
      }),
    move: (productId: string, position: number) =>
      outcome(async () => {
        const { data } = await move({ variables: { ...variables, productId, position } });
        return data ? { value: data.collectionProductMove.collection, userErrors: data.collectionProductMove.userErrors } : null;
      }),
    removeImage: () =>
      outcome(async () => {
        const { data } = await dropImage({ variables: { collectionId } });
        return data ? { value: data.collectionImageDelete.collection, userErrors: data.collectionImageDelete.userErrors } : null;
      }),
    busy: addState.loading || removeState.loading || moveState.loading || dropImageState.loading,
  };
}
