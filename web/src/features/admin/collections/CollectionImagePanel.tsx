import { Box, Button, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { CircleX, ImageIcon, ImagePlus } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import type { AdminCollectionEditor_CollectionFragment } from "../gql/graphql";
import { Panel } from "../Panel";
import { UNREACHABLE } from "../useStaffSession";
import { IMAGE_TYPES } from "../products/useImageUpload";
import type { Outcome } from "./useCollectionMutations";

type Collection = AdminCollectionEditor_CollectionFragment;

/** POST /api/admin/collections/{id}/image (multipart, the file as `image`): null when kept, else the gateway's reason. */
async function send(collectionId: string, file: File): Promise<string | null> {
  const body = new FormData();
  body.append("image", file, file.name);
  try {
    const res = await fetch(`/api/admin/collections/${encodeURIComponent(collectionId)}/image`, { method: "POST", body, credentials: "same-origin" });
    if (res.ok) return null;
    const answer = (await res.json().catch(() => null)) as { error?: string } | null;
    if (answer?.error) return answer.error;
    return res.status === 401 || res.status === 403 ? "Your session has ended: sign in again to upload." : res.status === 413 ? "The image is too large." : UNREACHABLE;
  } catch {
    return UNREACHABLE;
  }
}

/**
 * The collection's picture on its card and page, changed at once (not with Save): an upload
 * replaces it (checked and sized by the gateway as product images are), Remove leaves the shop's
 * placeholder.
 */
export function CollectionImagePanel({ collection, onUploaded, onRemove }: { collection: Collection; onUploaded(): Promise<unknown>; onRemove(): Promise<Outcome<unknown>> }) {
  const input = useRef<HTMLInputElement>(null);
  const [working, setWorking] = useState<"uploading" | "removing" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Removing asks a second click: the files go with it.
  const [confirming, setConfirming] = useState(false);
  const image = collection.image;
  const preview = image ? (image.sources.find((s) => s.width >= 640)?.url ?? image.sources.at(-1)?.url ?? image.url) : null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setProblem(`${file.name} is not a JPEG, PNG or WebP image.`);
      return;
    }
    setProblem(null);
    setWorking("uploading");
    const error = await send(collection.id, file);
    if (!error) await onUploaded();
    setWorking(null);
    setProblem(error);
  };

  const remove = async () => {
    setProblem(null);
    setConfirming(false);
    setWorking("removing");
    const done = await onRemove();
    setWorking(null);
    if (!done.ok) setProblem(done.errors[0]?.message ?? UNREACHABLE);
  };

  return (
    <Panel title="Image" id="collection-image">
      <Stack direction={{ base: "column", sm: "row" }} gap="4" align={{ sm: "center" }}>
        <Box width={{ base: "full", sm: "48" }} aspectRatio={16 / 9} borderRadius="md" overflow="hidden" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" flexShrink={0}>
          {preview ? (
            <Image src={preview} alt={`The image of ${collection.title}`} width="full" height="full" objectFit="cover" />
          ) : (
            <Stack align="center" gap="1" color="fg.muted">
              <ImageIcon aria-hidden="true" />
              <Text fontSize="sm">No image: the shop shows a placeholder</Text>
            </Stack>
          )}
        </Box>
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted">
            JPEG, PNG or WebP, up to 20 MB. Changed at once, without Save.
            {image?.width && image.height ? ` This one is ${image.width} × ${image.height} pixels.` : ""}
          </Text>
          <HStack gap="2" wrap="wrap">
            <input ref={input} type="file" accept={IMAGE_TYPES.join(",")} hidden onChange={(e) => void choose(e)} aria-label="Image file" />
            <Button variant="outline" size="sm" loading={working === "uploading"} disabled={working !== null} onClick={() => input.current?.click()}>
              <ImagePlus aria-hidden="true" /> {image ? "Replace image" : "Upload image"}
            </Button>
            {image && confirming && (
              <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            )}
            {image && (
              <Button
                variant={confirming ? "solid" : "outline"}
                size="sm"
                colorPalette="red"
                loading={working === "removing"}
                disabled={working !== null}
                onClick={() => (confirming ? void remove() : setConfirming(true))}
              >
                <CircleX aria-hidden="true" /> {confirming ? "Yes, remove the image" : "Remove image"}
              </Button>
            )}
          </HStack>
          {problem && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {problem}
            </Text>
          )}
        </Stack>
      </Stack>
    </Panel>
  );
}
