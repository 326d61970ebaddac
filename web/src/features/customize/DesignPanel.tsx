import { Button, HStack, Image, Separator, Spinner, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { Alert } from "../../components/ui/recipes/alert";
import { ImageUp, X } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { notify } from "../../components/ui/toaster";
import { ColorField } from "./ColorField";
import { imageFileProblemMessage, readImageFile } from "./designImages";
import type { DesignState } from "./designState";
import type { UploadedImage } from "./designStorage";
import { MemePicker } from "./MemePicker";

export interface ChosenImage {
  kind: "meme" | "upload";
  title: string;
  url: string | null;
}

interface DesignPanelProps {
  design: DesignState;
  onChange(patch: Partial<DesignState>): void;
  /** The background colour means something (no product's print area is used): its control is shown. */
  showBackground: boolean;
  image: ChosenImage | null;
  /** The image may print blurry at its size. */
  imageWarning: string | null;
  uploadKept: boolean;
  lostUploadName: string | null;
  onPickMeme(memeId: string): void;
  onUpload(image: UploadedImage): void;
  onRemoveImage(): void;
}

/** Design tab: the background colour, and a meme from the gallery or the shopper's own image. */
export function DesignPanel(props: DesignPanelProps) {
  const { design, onChange, showBackground, image, imageWarning, uploadKept, lostUploadName, onPickMeme, onUpload, onRemoveImage } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);

  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    input.value = "";
    if (!file) return;
    setReading(true);
    const result = await readImageFile(file);
    setReading(false);
    if (!result.ok) {
      // A refused file changes nothing.
      notify({ ...imageFileProblemMessage(result.problem), type: "error" });
      return;
    }
    onUpload({ name: result.name, dataUrl: result.dataUrl });
  };

  return (
    <Stack gap="5">
      {showBackground && (
        <>
          <ColorField label="Background color" value={design.backgroundColor} onChange={(backgroundColor) => onChange({ backgroundColor })} />
          <Text fontSize="sm" color="fg.muted" mt="-3">
            Fills your design's ground. On a product, the product's own color is the ground.
          </Text>
          <Separator />
        </>
      )}

      <Stack gap="3">
        <Text fontWeight="semibold">Image</Text>
        {image ? (
          <HStack gap="3" borderWidth="1px" borderRadius="md" p="2" bg="bg.subtle">
            {image.url && <Image src={image.url} alt="" boxSize="12" objectFit="cover" borderRadius="sm" flexShrink={0} />}
            <Stack gap="0" flex="1" minWidth="0">
              <Text fontSize="xs" color="fg.muted">
                {image.kind === "meme" ? "Meme" : "Your image"}: drag it on the preview (its corner resizes), or focus it and use the arrow keys, + and −
              </Text>
              <Text fontWeight="medium" truncate>
                {image.title}
              </Text>
            </Stack>
            <Button size="sm" variant="ghost" onClick={onRemoveImage} aria-label="Remove image" flexShrink={0}>
              <X aria-hidden="true" /> Remove
            </Button>
          </HStack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No image yet: pick a meme below or upload your own.
          </Text>
        )}
        {imageWarning && (
          <Alert.Root status="warning" borderRadius="md">
            <Alert.Indicator />
            <Alert.Description>{imageWarning}</Alert.Description>
          </Alert.Root>
        )}
        {image?.kind === "upload" && !uploadKept && (
          <Text fontSize="sm" color="fg.muted" role="status">
            This image is too large to keep if the page is reloaded; you would need to upload it again then.
          </Text>
        )}
        {lostUploadName && (
          <Alert.Root status="warning" borderRadius="md">
            <Alert.Indicator />
            <Alert.Description>
              Your image “{lostUploadName}” was too large to keep when the page reloaded. Please upload it again.
            </Alert.Description>
          </Alert.Root>
        )}
      </Stack>

      <Stack gap="2">
        <Text fontWeight="semibold" fontSize="sm">
          Upload your own image
        </Text>
        <VisuallyHidden>
          <input ref={fileInput} type="file" accept="image/*" tabIndex={-1} aria-label="Image file" onChange={pickFile} />
        </VisuallyHidden>
        <Button variant="outline" alignSelf="start" onClick={() => fileInput.current?.click()} disabled={reading}>
          {reading ? <Spinner size="sm" /> : <ImageUp aria-hidden="true" />} Upload image
        </Button>
        <Text fontSize="sm" color="fg.muted">
          PNG, JPEG, GIF, WebP or SVG, up to 10 MB.
        </Text>
      </Stack>

      <Stack gap="2">
        <Text fontWeight="semibold" fontSize="sm">
          Or pick a meme
        </Text>
        <MemePicker selectedMemeId={design.memeId} onPick={onPickMeme} />
      </Stack>
    </Stack>
  );
}
