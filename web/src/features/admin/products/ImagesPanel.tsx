import { Box, Button, Field, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { Textarea } from "../../../components/ui/recipes/textarea";
import { ArrowDown, ArrowUp, GripVertical, ImagePlus, X } from "lucide-react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import type { AdminProductEditor_ProductFragment } from "../gql/graphql";
import { Panel } from "../Panel";
import { IMAGE_TYPES, useImageUpload, type Upload } from "./useImageUpload";
import { useProductImages, type ImageOutcome } from "./useProductImages";

type ProductImage = AdminProductEditor_ProductFragment["images"][number];

/** The smallest size made on upload that still fills the card; the original when none was made. */
const thumbnailOf = (image: ProductImage) => image.sources.find((source) => source.width >= 240)?.url ?? image.sources.at(-1)?.url ?? image.url;

const draggingFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files");

/**
 * A progress bar of its own rather than Chakra's Progress: the cart's chunk holds that one, and
 * sharing it would split the cart page's code in two for the admin's sake.
 */
function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <Box role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} height="2" borderRadius="full" bg="bg.muted" overflow="hidden">
      <Box height="full" width={`${percent}%`} bg="brand.solid" transition="width 0.2s" />
    </Box>
  );
}

function UploadRow({ upload, onDismiss }: { upload: Upload; onDismiss(): void }) {
  const percent = Math.round(upload.progress * 100);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" gap="3" mb={upload.error ? "1" : "2"}>
        <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
          {upload.name}
        </Text>
        {upload.error ? (
          <Button size="xs" variant="ghost" onClick={onDismiss} aria-label={`Dismiss ${upload.name}`}>
            <X aria-hidden="true" /> Dismiss
          </Button>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {percent}%
          </Text>
        )}
      </HStack>
      {upload.error ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {upload.error}
        </Text>
      ) : (
        <UploadProgress percent={percent} label={`Uploading ${upload.name}`} />
      )}
    </Box>
  );
}

interface ImageCardProps {
  image: ProductImage;
  index: number;
  count: number;
  busy: boolean;
  dragOver: boolean;
  onMove(step: -1 | 1): void;
  onRemove(): Promise<ImageOutcome>;
  onAltText(altText: string): Promise<ImageOutcome>;
  drag: {
    onDragStart(event: DragEvent): void;
    onDragOver(event: DragEvent): void;
    onDrop(event: DragEvent): void;
    onDragEnd(): void;
  };
}

function ImageCard({ image, index, count, busy, dragOver, onMove, onRemove, onAltText, drag }: ImageCardProps) {
  const [alt, setAlt] = useState(image.altText);
  const [altProblem, setAltProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  // Dragged by its handle only: a draggable card would take a drag meant to select the alt text.
  const [armed, setArmed] = useState(false);
  const changed = alt.trim() !== image.altText;
  // Asking to remove moves the focus to Keep; keeping it returns the focus to Remove.
  const removeRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (wasConfirming.current && !confirming) removeRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const saveAlt = async () => {
    if (!changed) return;
    setSaving(true);
    const outcome = await onAltText(alt);
    setSaving(false);
    setAltProblem(outcome.ok ? null : outcome.message);
  };

  return (
    <Box
      as="li"
      aria-label={`Image ${index + 1} of ${count}`}
      data-image-id={image.id}
      draggable={armed}
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={() => {
        setArmed(false);
        drag.onDragEnd();
      }}
      borderWidth="1px"
      borderRadius="md"
      borderColor={dragOver ? "brand.solid" : undefined}
      outline={dragOver ? "2px solid" : undefined}
      outlineColor="brand.solid"
      bg="bg.panel"
      p="3"
    >
      <Stack direction={{ base: "column", sm: "row" }} gap="3" align={{ sm: "start" }}>
        <HStack gap="2" align="start" flexShrink={0}>
          <Box
            color="fg.muted"
            cursor="grab"
            pt="1"
            display={{ base: "none", md: "block" }}
            title="Drag to reorder"
            onPointerDown={() => setArmed(true)}
            onPointerUp={() => setArmed(false)}
          >
            <GripVertical size={18} aria-hidden="true" />
          </Box>
          <Box position="relative">
            <Image src={thumbnailOf(image)} alt="" boxSize={{ base: "20", sm: "24" }} objectFit="cover" borderRadius="md" bg="bg.muted" draggable={false} />
            <Text position="absolute" top="1" left="1" fontSize="xs" fontWeight="semibold" bg="bg.panel" px="1.5" borderRadius="sm" aria-hidden="true">
              {index + 1}
            </Text>
          </Box>
        </HStack>
        <Stack gap="2" flex="1" minW="0">
          <Field.Root invalid={Boolean(altProblem)}>
            <Field.Label>Alt text</Field.Label>
            <Textarea
              size="sm"
              rows={3}
              w="full"
              value={alt}
              maxLength={512}
              onChange={(e) => {
                setAlt(e.target.value);
                setAltProblem(null);
              }}
              // Alt text is one line: Enter saves it (and not the product's form around it).
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void saveAlt();
                }
              }}
            />
            {altProblem ? <Field.ErrorText>{altProblem}</Field.ErrorText> : <Field.HelperText>What the image shows, for people who cannot see it.</Field.HelperText>}
          </Field.Root>
          {confirming ? (
            <HStack gap="2" wrap="wrap" role="group" aria-label="Confirm removing the image">
              <Text fontSize="sm">Remove this image from the product?</Text>
              <Button size="sm" colorPalette="red" loading={busy} onClick={() => void onRemove().then((outcome) => !outcome.ok && setConfirming(false))}>
                Remove image
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} autoFocus>
                Keep
              </Button>
            </HStack>
          ) : (
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => void saveAlt()} disabled={!changed} loading={saving}>
                Update alt text
              </Button>
              <Button size="sm" variant="outline" data-move="earlier" disabled={index === 0} onClick={() => onMove(-1)}>
                <ArrowUp aria-hidden="true" /> Move earlier
              </Button>
              <Button size="sm" variant="outline" data-move="later" disabled={index === count - 1} onClick={() => onMove(1)}>
                <ArrowDown aria-hidden="true" /> Move later
              </Button>
              <Button ref={removeRef} size="sm" variant="ghost" colorPalette="red" onClick={() => setConfirming(true)} disabled={busy}>
                Remove
              </Button>
            </HStack>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

/** `ids` with `id` moved to `to`. */
function moved(ids: readonly string[], id: string, to: number): string[] {
  const rest = ids.filter((other) => other !== id);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, id);
  return rest;
}

/**
 * The product's gallery, changed at once rather than with Save: new images uploaded (picked or
 * dropped, with their progress), alt text, order (Move earlier/later, or dragging), removal. The
 * first image is the product's picture in the shop.
 */
export function ImagesPanel({ product }: { product: Pick<AdminProductEditor_ProductFragment, "id" | "title" | "images"> | null }) {
  if (!product) {
    return (
      <Panel title="Images" id="product-images">
        <Text color="fg.muted" fontSize="sm">
          Save the product to add its images.
        </Text>
      </Panel>
    );
  }
  return <Gallery product={product} />;
}

function Gallery({ product }: { product: Pick<AdminProductEditor_ProductFragment, "id" | "title" | "images"> }) {
  const actions = useProductImages(product.id);
  // A new image is described by the product's title until staff write better.
  const { uploads, upload, dismiss } = useImageUpload(product.id, { altText: product.title, onUploaded: actions.refresh });
  const fileInput = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [filesOver, setFilesOver] = useState(false);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // The order asked for, shown while the gateway saves it.
  const [pending, setPending] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [refocus, setRefocus] = useState<{ id: string; button: "earlier" | "later" } | null>(null);

  const byId = new Map(product.images.map((image) => [image.id, image]));
  const images = pending ? pending.flatMap((id) => byId.get(id) ?? []) : product.images;
  const ids = images.map((image) => image.id);
  const order = ids.join(",");

  // A moved image's button keeps the focus (React moves the card's element, which drops it), or its other one at an end.
  useEffect(() => {
    if (!refocus) return;
    const card = listRef.current?.querySelector(`[data-image-id="${refocus.id}"]`);
    const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${refocus.button}"]`);
    const other = card?.querySelector<HTMLButtonElement>(`[data-move="${refocus.button === "earlier" ? "later" : "earlier"}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [refocus, order]);

  const reorder = async (next: string[], id: string) => {
    if (next.join(",") === order) return;
    setPending(next);
    setAnnouncement(`Image moved to position ${next.indexOf(id) + 1} of ${next.length}.`);
    await actions.setOrder(next);
    setPending(null);
  };

  const onMove = (id: string, step: -1 | 1) => {
    // One move at a time: the buttons stay enabled (a disabled button would drop the focus).
    if (pending) return;
    setRefocus({ id, button: step < 0 ? "earlier" : "later" });
    void reorder(moved(ids, id, ids.indexOf(id) + step), id);
  };

  const onRemove = async (id: string) => {
    const outcome = await actions.removeImage(id);
    if (outcome.ok) {
      setAnnouncement("Image removed.");
      listRef.current?.focus();
    }
    return outcome;
  };

  const dropFiles = (event: DragEvent) => {
    if (!draggingFiles(event)) return;
    event.preventDefault();
    setFilesOver(false);
    upload(Array.from(event.dataTransfer.files));
  };

  return (
    <Panel title={`Images (${product.images.length})`} id="product-images">
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={filesOver ? "brand.solid" : "border"}
        bg={filesOver ? "brand.subtle" : "bg"}
        borderRadius="md"
        p="4"
        onDragOver={(event) => {
          if (!draggingFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setFilesOver(true);
        }}
        onDragLeave={() => setFilesOver(false)}
        onDrop={dropFiles}
      >
        <Stack direction={{ base: "column", sm: "row" }} align={{ sm: "center" }} gap="3">
          <Button variant="outline" bg="bg.panel" onClick={() => fileInput.current?.click()}>
            <ImagePlus aria-hidden="true" /> Add images
          </Button>
          <Text fontSize="sm" color="fg.muted">
            or drop JPEG, PNG or WebP files here. The first image is the product's picture in the shop.
          </Text>
        </Stack>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          multiple
          hidden
          aria-label="Images to upload"
          onChange={(event) => {
            upload(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
      </Box>
      {uploads.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="2" aria-label="Uploads">
          {uploads.map((item) => (
            <UploadRow key={item.key} upload={item} onDismiss={() => dismiss(item.key)} />
          ))}
        </Stack>
      )}
      {images.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No images yet.
        </Text>
      ) : (
        <Stack as="ol" ref={listRef} tabIndex={-1} outline="none" listStyleType="none" gap="2" aria-label="Images">
          {images.map((image, index) => (
            <ImageCard
              key={image.id}
              image={image}
              index={index}
              count={images.length}
              busy={actions.busy}
              dragOver={over === image.id && dragged !== image.id}
              onMove={(step) => onMove(image.id, step)}
              onRemove={() => onRemove(image.id)}
              onAltText={(altText) => actions.setAltText(image.id, altText)}
              drag={{
                onDragStart(event) {
                  setRefocus(null);
                  setDragged(image.id);
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", image.id);
                },
                onDragOver(event) {
                  if (!dragged) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = "move";
                  setOver(image.id);
                },
                onDrop(event) {
                  if (!dragged) return;
                  event.preventDefault();
                  const id = dragged;
                  setDragged(null);
                  setOver(null);
                  void reorder(moved(ids, id, index), id);
                },
                onDragEnd() {
                  setDragged(null);
                  setOver(null);
                },
              }}
            />
          ))}
        </Stack>
      )}
      <Box srOnly aria-live="polite">
        {announcement}
      </Box>
    </Panel>
  );
}
