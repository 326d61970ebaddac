import { AspectRatio, Box, Button, Field, Image, Stack, Text } from "@chakra-ui/react";
import { ImageIcon, ImagePlus } from "lucide-react";
import { useEffect, useId, useMemo, useRef } from "react";
import { MEME_IMAGE_TYPES } from "./useMemeMutations";

/**
 * The meme's picture: the one chosen (previewed here, uploaded on Save) or the one kept, square as
 * the gallery crops it. JPEG, PNG or WebP; the gateway checks the file by its content.
 */
export function MemeImageField({ current, file, onFile, error, title }: { current: string | null; file: File | null; onFile(file: File | null): void; error?: string; title: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? current;
  return (
    <Field.Root invalid={Boolean(error)}>
      {/* The panel's heading says "Image" already; the label stays for screen readers. */}
      <Field.Label srOnly>Image</Field.Label>
      <Stack gap="3" width="full">
        <AspectRatio ratio={1} maxW="xs" width="full" borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg.muted">
          {shown ? (
            <Image src={shown} alt={preview ? `Chosen image for ${title || "the meme"}` : `Meme: ${title}`} objectFit="cover" />
          ) : (
            <Stack align="center" justify="center" color="fg.muted" gap="1">
              <ImageIcon aria-hidden="true" />
              <Text fontSize="sm">No image yet</Text>
            </Stack>
          )}
        </AspectRatio>
        <Box>
          <input
            ref={inputRef}
            type="file"
            accept={MEME_IMAGE_TYPES.join(",")}
            name="image"
            aria-describedby={helpId}
            style={{ display: "none" }}
            onChange={(e) => {
              onFile(e.target.files?.[0] ?? null);
              e.target.value = "";
            }}
          />
          <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
            <ImagePlus aria-hidden="true" /> {shown ? "Replace image" : "Choose image"}
          </Button>
        </Box>
      </Stack>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText id={helpId}>
          {file ? `${file.name}: uploaded when you save.` : "A square JPEG, PNG or WebP image, at most 20 MB. Shoppers see the meme once it has one."}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
