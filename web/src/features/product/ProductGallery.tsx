import { AspectRatio, Box, Center, CloseButton, Dialog, HStack, IconButton, Portal, Stack, Text, type IconButtonProps } from "@chakra-ui/react";
import { ChevronLeft, ChevronRight, ImageOff, ZoomIn } from "lucide-react";
import { useRef, useState, type PointerEvent } from "react";
import { ProductImage } from "../../components/ProductImage";
import { keepOpenOnFocusOutside } from "../../components/ui/modal";

interface GalleryImage {
  url: string;
  altText: string;
  srcSet?: string | null;
}

/** The main image's width in the page (half the 7xl container from md, else the screen's): productHead's preload names it too. */
export const GALLERY_SIZES = "(min-width: 80em) 37rem, (min-width: 48em) 50vw, 100vw";

/** Previous and next share one class (one copy of the button's CSS in the page); `data-side` places each. */
const STEP_BUTTON = {
  size: "sm",
  variant: "surface",
  borderRadius: "full",
  position: "absolute",
  top: "50%",
  transform: "translateY(-50%)",
  css: { "&[data-side=start]": { left: "2" }, "&[data-side=end]": { right: "2" } },
} as const satisfies IconButtonProps;

/**
 * spec §2 Product page: the main image opens a zoomed view on click; thumbnails (a scrolling row)
 * only when there is more than one image; the placeholder when an image fails to load; "No product
 * images available" when there are none. `shownUrl`: the chosen variant's image, shown first and
 * again whenever the choice brings another (the shopper's own browsing goes on from there).
 */
export function ProductGallery({ images, title, shownUrl = null }: { images: readonly GalleryImage[]; title: string; shownUrl?: string | null }) {
  const indexOf = (url: string | null) => Math.max(0, images.findIndex((image) => image.url === url));
  const [index, setIndex] = useState(() => indexOf(shownUrl));
  const [followed, setFollowed] = useState(shownUrl);
  const [zoomed, setZoomed] = useState(false);
  const thumbnails = useRef<HTMLDivElement>(null);
  // A newly chosen variant names an image: show it (state adjusted while rendering, as React
  // advises for state that follows a prop, so the new image is in the same paint as the choice).
  if (shownUrl !== followed) {
    setFollowed(shownUrl);
    if (shownUrl !== null && images.some((image) => image.url === shownUrl)) setIndex(indexOf(shownUrl));
  }

  if (images.length === 0) {
    return (
      <AspectRatio ratio={1} borderWidth="1px" borderRadius="xl" bg="bg.subtle">
        <Center flexDirection="column" gap="3" color="fg.muted">
          <ImageOff size={48} aria-hidden="true" />
          <Text>No product images available</Text>
        </Center>
      </AspectRatio>
    );
  }

  const current = images[Math.min(index, images.length - 1)];
  const alt = (image: GalleryImage) => image.altText || title;
  const select = (next: number) => {
    const wrapped = (next + images.length) % images.length;
    setIndex(wrapped);
    thumbnails.current?.children[wrapped]?.scrollIntoView({ block: "nearest", inline: "nearest" });
  };

  return (
    <Stack gap="3">
      <Box position="relative">
        <Box
          as="button"
          display="block"
          width="full"
          cursor="zoom-in"
          borderWidth="1px"
          borderRadius="xl"
          overflow="hidden"
          bg="bg.subtle"
          aria-label={`Zoom in: ${alt(current)}`}
          onClick={() => setZoomed(true)}
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
        >
          <AspectRatio ratio={1}>
            {/* The page's largest image: fetched first, its square reserved before it arrives (the photos are 800 × 800). */}
            <ProductImage src={current.url} srcSet={current.srcSet} sizes={GALLERY_SIZES} alt={alt(current)} objectFit="cover" priority htmlWidth={800} htmlHeight={800} />
          </AspectRatio>
          <Box position="absolute" right="3" bottom="3" bg="bg.panel" borderRadius="full" p="2" boxShadow="sm" aria-hidden="true">
            <ZoomIn size={18} />
          </Box>
        </Box>
        {images.length > 1 && (
          <>
            <IconButton aria-label="Previous image" data-side="start" {...STEP_BUTTON} onClick={() => select(index - 1)}>
              <ChevronLeft />
            </IconButton>
            <IconButton aria-label="Next image" data-side="end" {...STEP_BUTTON} onClick={() => select(index + 1)}>
              <ChevronRight />
            </IconButton>
          </>
        )}
      </Box>

      {images.length > 1 && (
        <HStack ref={thumbnails} gap="2" overflowX="auto" pb="1" css={{ scrollSnapType: "x mandatory" }} role="group" aria-label="Product images">
          {images.map((image, i) => (
            <Box
              as="button"
              key={image.url}
              flexShrink={0}
              width={{ base: "16", md: "20" }}
              borderWidth="2px"
              // One class for every thumbnail (one copy of its CSS in the page); the shown
              // one is marked by aria-pressed.
              borderColor="transparent"
              _pressed={{ borderColor: "brand.solid" }}
              borderRadius="md"
              overflow="hidden"
              css={{ scrollSnapAlign: "start" }}
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-pressed={i === index}
              onClick={() => select(i)}
              _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
            >
              <AspectRatio ratio={1}>
                <ProductImage src={image.url} srcSet={image.srcSet} sizes="5rem" alt="" objectFit="cover" />
              </AspectRatio>
            </Box>
          ))}
        </HStack>
      )}

      <Dialog.Root open={zoomed} onOpenChange={(e) => setZoomed(e.open)} onFocusOutside={keepOpenOnFocusOutside} size={{ base: "full", md: "xl" }} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content height={{ base: "100dvh", md: "auto" }}>
              {/* Clear of the close button in the corner. */}
              <Dialog.Header pe="12">
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" minHeight="0" px={{ base: "0", md: "6" }} pb={{ base: "0", md: "6" }}>
                <ZoomedImage image={current} alt={alt(current)} />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close zoomed image" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}

/**
 * The zoomed view: the picture at twice the width of the view (one and a half times on a wider
 * screen), from the largest size the shop made of it (the srcset's widest, up to 1600 px, or the
 * original where there are no sizes), in a frame that pans: a finger or the wheel scrolls it, a mouse
 * drags it, the arrow keys move it once it has focus, and pinching zooms the page further in.
 * It opens on the picture's middle.
 */
function ZoomedImage({ image, alt }: { image: GalleryImage; alt: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const centre = () => {
    const el = frame.current;
    if (el) el.scrollTo({ left: (el.scrollWidth - el.clientWidth) / 2, top: (el.scrollHeight - el.clientHeight) / 2 });
  };
  const grab = (e: PointerEvent<HTMLDivElement>) => {
    // Touch and pen pan the frame natively; only a mouse needs dragging.
    if (e.pointerType !== "mouse" || e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, left: e.currentTarget.scrollLeft, top: e.currentTarget.scrollTop };
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) e.currentTarget.scrollTo({ left: start.left - (e.clientX - start.x), top: start.top - (e.clientY - start.y) });
  };
  const release = () => {
    drag.current = null;
  };
  return (
    <Box
      ref={frame}
      role="group"
      aria-label="Zoomed image: scroll or drag to look around"
      tabIndex={0}
      flex="1"
      maxHeight={{ md: "75dvh" }}
      overflow="auto"
      overscrollBehavior="contain"
      bg="bg.subtle"
      borderRadius={{ md: "md" }}
      cursor="grab"
      // Panning and the browser's pinch-zoom; no double-tap zoom delay.
      css={{ touchAction: "pan-x pan-y pinch-zoom", "&:active": { cursor: "grabbing" } }}
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "-2px" }}
      onPointerDown={grab}
      onPointerMove={move}
      onPointerUp={release}
      onPointerCancel={release}
    >
      <ProductImage
        src={image.url}
        srcSet={image.srcSet}
        sizes="(min-width: 48em) 80rem, 200vw"
        alt={alt}
        display="block"
        width={{ base: "200%", md: "150%" }}
        maxWidth="none"
        height="auto"
        loading="eager"
        draggable={false}
        onLoad={centre}
      />
    </Box>
  );
}
