import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../../components/ui/toaster";
import {
  AdminProductDocument,
  ProductCreateDocument,
  ProductDeleteDocument,
  ProductUpdateDocument,
  type AdminProductEditor_ProductFragment,
  type ProductInput,
} from "../gql/graphql";
import { UNREACHABLE } from "../useStaffSession";

type Product = AdminProductEditor_ProductFragment;
type UserErrors = readonly { field?: string | null; message: string }[];

export type SaveOutcome = { ok: true; product: Product } | { ok: false; errors: UserErrors };
export type DeleteOutcome = { ok: true; archived: Product | null } | { ok: false; message: string };

/** Any list of products may now be out of date (a title, a status, an order): they are asked again when shown. */
export function forgetProductLists(cache: ApolloCache) {
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminProducts" });
  cache.gc();
}

function failed(error: unknown): { ok: false; errors: UserErrors } {
  const message = error instanceof Error && error.message && !/fetch|network/i.test(error.message) ? error.message : UNREACHABLE;
  return { ok: false, errors: [{ field: null, message }] };
}

/**
 * Save (productCreate or productUpdate: one mutation with every field and the whole set of options
 * and variants) and Delete. A saved product replaces the cached one; a created one is also written
 * as the answer to adminProduct(id), so its editor opens without asking again.
 */
export function useProductMutations() {
  const [create, createState] = useMutation(ProductCreateDocument, {
    update(cache, { data }) {
      const product = data?.productCreate.product;
      if (!product) return;
      cache.writeQuery({ query: AdminProductDocument, variables: { id: product.id }, data: { adminProduct: product } });
      forgetProductLists(cache);
    },
  });
  const [update, updateState] = useMutation(ProductUpdateDocument, {
    update(cache, { data }) {
      if (data?.productUpdate.product) forgetProductLists(cache);
    },
  });
  const [remove, removeState] = useMutation(ProductDeleteDocument, {
    update(cache, { data }) {
      const deleted = data?.productDelete.deletedProductId;
      if (deleted) cache.evict({ id: cache.identify({ __typename: "AdminProduct", id: deleted }) });
      if (deleted || data?.productDelete.archivedProduct) forgetProductLists(cache);
    },
  });

  const save = useCallback(
    async (id: string | null, input: ProductInput): Promise<SaveOutcome> => {
      try {
        const { data } = id ? await update({ variables: { id, input } }) : await create({ variables: { input } });
        const payload = data && ("productUpdate" in data ? data.productUpdate : data.productCreate);
        if (payload?.product && payload.userErrors.length === 0) {
          notify({ title: id ? "Product saved" : "Product created", description: payload.product.title, type: "success" });
          return { ok: true, product: payload.product };
        }
        const errors = payload?.userErrors ?? [];
        return { ok: false, errors: errors.length > 0 ? errors : [{ field: null, message: "The product was not saved." }] };
      } catch (error) {
        return failed(error);
      }
    },
    [create, update],
  );

  const deleteProduct = useCallback(
    async (id: string, title: string): Promise<DeleteOutcome> => {
      try {
        const { data } = await remove({ variables: { id } });
        const payload = data?.productDelete;
        if (payload?.deletedProductId) {
          notify({ title: "Product deleted", description: title, type: "success" });
          return { ok: true, archived: null };
        }
        if (payload?.archivedProduct) {
          notify({ title: "Archived instead", description: "It has orders, so it was archived instead.", type: "info" });
          return { ok: true, archived: payload.archivedProduct };
        }
        return { ok: false, message: payload?.userErrors[0]?.message ?? "The product was not deleted." };
      } catch (error) {
        return { ok: false, message: failed(error).errors[0]!.message };
      }
    },
    [remove],
  );

  return { save, deleteProduct, saving: createState.loading || updateState.loading, deleting: removeState.loading };
}
