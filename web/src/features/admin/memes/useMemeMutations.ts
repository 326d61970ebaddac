import type { ApolloCache } from "@apollo/client";
import { useApolloClient, useMutation } from "@apollo/client/react";
import { useCallback, useState } from "react";
import { notify } from "../../../components/ui/toaster";
import {
  AdminMemeDocument,
  MemeCreateDocument,
  MemeDeleteDocument,
  MemeFeatureDocument,
  MemeUpdateDocument,
  type AdminMemeEditor_MemeFragment,
  type MemeInput,
} from "../gql/graphql";
import { uploadRefusal } from "../products/useImageUpload";
import { UNREACHABLE } from "../useStaffSession";

type Meme = AdminMemeEditor_MemeFragment;
type UserErrors = readonly { field?: string | null; message: string }[];

export type SaveOutcome = { ok: true; meme: Meme; imageProblem: string | null } | { ok: false; errors: UserErrors };
export type ActionOutcome = { ok: true } | { ok: false; message: string };

/** What the gateway takes for a meme's image (checked by its content there); anything else is refused here at once. */
export const MEME_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

/** Any list of memes may now be out of date (a title, the meme of the week): they are asked again when shown. */
function forgetMemeLists(cache: ApolloCache) {
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminMemes" });
  cache.gc();
}

function failure(error: unknown): string {
  return error instanceof Error && error.message && !/fetch|network/i.test(error.message) ? error.message : UNREACHABLE;
}

/** POST /api/admin/memes/{id}/image (multipart, the file as `image`): null when kept, else why not. */
async function sendImage(memeId: string, file: File): Promise<string | null> {
  if (!MEME_IMAGE_TYPES.includes(file.type)) return `${file.name} is not a JPEG, PNG or WebP image.`;
  const body = new FormData();
  body.append("image", file, file.name);
  try {
    const res = await fetch(`/api/admin/memes/${encodeURIComponent(memeId)}/image`, { method: "POST", body, credentials: "same-origin" });
    return res.ok ? null : uploadRefusal(res.status, await res.text(), "This meme no longer exists.");
  } catch {
    return UNREACHABLE;
  }
}

/**
 * Save (memeCreate or memeUpdate, then the image chosen, if any), Make meme of the week, and
 * Delete. Each owns its cache update and toast; the lists are asked again when next shown.
 */
export function useMemeMutations() {
  const client = useApolloClient();
  const [uploading, setUploading] = useState(false);
  const [create, createState] = useMutation(MemeCreateDocument, {
    update(cache, { data }) {
      const meme = data?.memeCreate.meme;
      if (!meme) return;
      cache.writeQuery({ query: AdminMemeDocument, variables: { id: meme.id }, data: { adminMeme: meme } });
      forgetMemeLists(cache);
    },
  });
  const [update, updateState] = useMutation(MemeUpdateDocument, {
    update(cache, { data }) {
      if (data?.memeUpdate.meme) forgetMemeLists(cache);
    },
  });
  const [feature, featureState] = useMutation(MemeFeatureDocument, {
    update(cache, { data }) {
      if (!data?.memeFeature.meme) return;
      // The meme of the week before is cached as featured: every meme is asked again when shown.
      cache.evict({ id: "ROOT_QUERY", fieldName: "adminMeme" });
      forgetMemeLists(cache);
    },
  });
  const [remove, removeState] = useMutation(MemeDeleteDocument, {
    update(cache, { data }) {
      const deleted = data?.memeDelete.deletedMemeId;
      if (!deleted) return;
      cache.evict({ id: cache.identify({ __typename: "AdminMeme", id: deleted }) });
      forgetMemeLists(cache);
    },
  });

  const save = useCallback(
    async (id: string | null, input: MemeInput, image: File | null): Promise<SaveOutcome> => {
      let meme: Meme;
      try {
        const { data } = id ? await update({ variables: { id, input } }) : await create({ variables: { input } });
        const payload = data && ("memeUpdate" in data ? data.memeUpdate : data.memeCreate);
        if (!payload?.meme || payload.userErrors.length > 0) {
          const errors = payload?.userErrors ?? [];
          return { ok: false, errors: errors.length > 0 ? errors : [{ field: null, message: "The meme was not saved." }] };
        }
        meme = payload.meme;
      } catch (error) {
        return { ok: false, errors: [{ field: null, message: failure(error) }] };
      }
      let imageProblem: string | null = null;
      if (image) {
        setUploading(true);
        imageProblem = await sendImage(meme.id, image);
        if (!imageProblem) {
          const fresh = await client.query({ query: AdminMemeDocument, variables: { id: meme.id }, fetchPolicy: "network-only" }).catch(() => null);
          meme = fresh?.data?.adminMeme ?? meme;
          forgetMemeLists(client.cache);
        }
        setUploading(false);
      }
      if (imageProblem) notify({ title: "The image was not kept", description: imageProblem, type: "error" });
      else notify({ title: id ? "Meme saved" : "Meme created", description: meme.title, type: "success" });
      return { ok: true, meme, imageProblem };
    },
    [client, create, update],
  );

  const makeMemeOfTheWeek = useCallback(
    async (id: string, title: string): Promise<ActionOutcome> => {
      try {
        const { data } = await feature({ variables: { id } });
        const payload = data?.memeFeature;
        if (payload?.meme) {
          notify({ title: "Meme of the week", description: `${title} is on the home page now.`, type: "success" });
          return { ok: true };
        }
        return { ok: false, message: payload?.userErrors[0]?.message ?? "The meme of the week did not change." };
      } catch (error) {
        return { ok: false, message: failure(error) };
      }
    },
    [feature],
  );

  const deleteMeme = useCallback(
    async (id: string, title: string): Promise<ActionOutcome> => {
      try {
        const { data } = await remove({ variables: { id } });
        const payload = data?.memeDelete;
        if (payload?.deletedMemeId) {
          notify({ title: "Meme deleted", description: title, type: "success" });
          return { ok: true };
        }
        return { ok: false, message: payload?.userErrors[0]?.message ?? "The meme was not deleted." };
      } catch (error) {
        return { ok: false, message: failure(error) };
      }
    },
    [remove],
  );

  return {
    save,
    makeMemeOfTheWeek,
    deleteMeme,
    saving: createState.loading || updateState.loading || uploading,
    featuring: featureState.loading,
    deleting: removeState.loading,
  };
}
