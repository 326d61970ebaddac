import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Alert } from "../components/ui/recipes/alert";
import { Tabs } from "../components/ui/recipes/tabs";
import { useQuery } from "@apollo/client/react";
import { startTransition, useCallback, useEffect, useMemo, useState } from "react";
import { DesignCanvas } from "../features/customize/DesignCanvas";
import { DesignPanel, type ChosenImage } from "../features/customize/DesignPanel";
import { usePrefetchedMemePicker } from "../features/customize/MemePicker";
import type { DesignState } from "../features/customize/designState";
import { ProductPanel } from "../features/customize/ProductPanel";
import { StudioActions } from "../features/customize/StudioActions";
import { PREVIEW_HEIGHT_ON_PHONES, StudioLayout, StudioSkeleton } from "../features/customize/StudioLayout";
import { TextPanel } from "../features/customize/TextPanel";
import { useStudioActions, type StudioSources } from "../features/customize/useStudioActions";
import { useStudioData } from "../features/customize/useStudioData";
import { useStudioDesign } from "../features/customize/useStudioDesign";
import { useLayerGestures, useStudioScene } from "../features/customize/useStudioScene";
import { CustomizeRouteDocument } from "../gql/graphql";
import { usePageMeta } from "../lib/usePageMeta";
import { useHydrated } from "../lib/useHydrated";

function StudioHeading() {
  return (
    <Stack gap="2" mb={{ base: "6", md: "8" }}>
      <Heading as="h1" size={{ base: "3xl", md: "4xl" }}>
        Customize Your Design
      </Heading>
      <Text color="fg.muted" maxWidth="2xl">
        Put a meme or your own picture and a caption on a tee, mug or hat. We print your design when you order.
      </Text>
    </Stack>
  );
}

/**
 * The design is this tab's own (sessionStorage): the studio starts once the page has hydrated, so
 * the gateway's HTML and the first render agree. It starts in a transition: mounting the whole
 * studio is one render of ~100 ms, which React then does in slices, yielding to the browser
 * between them, instead of in one long task (Total Blocking Time). Opened from another page of the
 * shop, where nothing hydrates, it starts at once.
 */
function useStudioStarted(): boolean {
  const hydrated = useHydrated();
  const [started, setStarted] = useState(hydrated);
  useEffect(() => {
    if (!started) startTransition(() => setStarted(true));
  }, [started]);
  return started;
}

/** spec §2 Customize (/customize, optional ?meme={id}): the design studio. */
export default function CustomizeRoute() {
  usePageMeta("Customize Your Design", "Put a political meme or your own picture and a caption on a t-shirt, mug or hat, printed on demand.");
  // Until the studio starts, each of its parts' place is kept.
  if (!useStudioStarted()) {
    return (
      <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "6", md: "10" }}>
        <StudioHeading />
        <StudioSkeleton />
      </Container>
    );
  }
  return <Studio />;
}

function Studio() {
  const studio = useStudioDesign();
  const { design, update } = studio;
  const productsQuery = useQuery(CustomizeRouteDocument);
  const { product, productLoading, variant, meme, memeLoading, memeFailed, missingMemeId } = useStudioData(studio);

  const image: ChosenImage | null = studio.upload
    ? { kind: "upload", title: studio.upload.name, url: studio.upload.dataUrl }
    : design.memeId
      ? { kind: "meme", title: meme?.title ?? (memeFailed ? "Meme could not be loaded" : "Loading meme…"), url: meme?.imageUrl ?? null }
      : null;

  // The memos below depend on these two values, not on `image`, a new object on every render.
  const imageKind = image?.kind ?? null;
  const imageUrl = image?.url ?? null;
  const picture = useMemo(() => (imageKind ? { kind: imageKind, url: imageUrl } : null), [imageKind, imageUrl]);
  const { scene, stage, blankUrl, loading, dpi } = useStudioScene(design, product, variant, picture);
  const loadingArtwork = loading || memeLoading || (Boolean(design.productId) && productLoading);
  const onGesture = useLayerGestures(design, scene, update);
  usePrefetchedMemePicker();

  const printQuality = productsQuery.data?.printQuality ?? null;
  const imageWarning = printQuality && dpi !== null && dpi < printQuality.minimumDpi ? printQuality.warning : null;
  // The size the text is drawn at when the chosen size does not fit the design area.
  const fittedSize = scene.text.shrunk ? scene.text.fontSize : null;
  // Choosing a position puts the text back in its place there.
  const changeText = useCallback((patch: Partial<DesignState>) => update("textPosition" in patch ? { ...patch, textOffset: null } : patch), [update]);

  const sources = useMemo<StudioSources>(
    () => ({
      design,
      stage,
      blankUrl,
      image: imageUrl && imageKind ? { kind: imageKind, url: imageUrl } : null,
      product,
      variant,
    }),
    [design, stage, blankUrl, imageKind, imageUrl, product, variant],
  );
  const actions = useStudioActions(sources);

  const description = [
    "Design preview:",
    design.text.trim() ? `“${design.text.trim()}”` : "no text",
    image ? `with ${image.kind === "meme" ? "the meme" : "your image"} ${image.title}` : null,
    product ? `on ${product.title}${variant ? ` (${variant.title})` : ""}` : `on a ${design.backgroundColor} background`,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "6", md: "10" }}>
      <StudioHeading />

      {missingMemeId && (
        <Alert.Root status="warning" borderRadius="lg" mb="6" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Meme not found</Alert.Title>
            <Alert.Description>
              The meme in this link doesn't exist or is no longer available. Pick another one in the Design tab, or upload your own image.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <StudioLayout
        preview={
          <>
            <DesignCanvas scene={scene} loading={loadingArtwork} description={description} imageWarning={imageWarning} onGesture={onGesture} />
            {/* Said wherever the shopper is (a + on the layer, a change in another tab), and seen under the preview. */}
            <Box role="status" mt={imageWarning ? "2" : "0"}>
              {imageWarning && (
                <Text fontSize="sm" color="orange.fg" fontWeight="medium">
                  {imageWarning}
                </Text>
              )}
            </Box>
          </>
        }
        actions={
          <StudioActions
            onReset={studio.reset}
            onDownload={actions.download}
            onAddToCart={actions.addToCart}
            downloading={actions.downloading}
            adding={actions.adding}
          />
        }
        tabs={
          <Tabs.Root
            defaultValue="product"
            variant="line"
            // The Text and Design tabs' controls are made when first opened, not with the studio (the
            // Design tab's memes are fetched ahead, usePrefetchedMemePicker).
            lazyMount
            // A control focused from the keyboard must not end up under the pinned preview.
            css={{ "& :is(input, select, button)": { scrollMarginTop: { base: `calc(4rem + ${PREVIEW_HEIGHT_ON_PHONES} + 1rem)`, lg: "6rem" } } }}
          >
            <Tabs.List>
              <Tabs.Trigger value="product">Product</Tabs.Trigger>
              <Tabs.Trigger value="text">Text</Tabs.Trigger>
              <Tabs.Trigger value="design">Design</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="product" pt="6">
              <ProductPanel
                products={productsQuery.data?.customizableProducts ?? null}
                productsLoading={productsQuery.loading}
                productsFailed={Boolean(productsQuery.error)}
                productId={design.productId}
                product={product}
                productLoading={productLoading}
                variant={variant}
                onProduct={(productId) => update({ productId, variantId: null })}
                onVariant={(variantId) => update({ variantId })}
              />
            </Tabs.Content>
            <Tabs.Content value="text" pt="6">
              <TextPanel design={design} onChange={changeText} fittedSize={fittedSize} />
            </Tabs.Content>
            <Tabs.Content value="design" pt="6">
              <DesignPanel
                design={design}
                onChange={update}
                showBackground={stage.inches === null && stage.mockup === null}
                image={image}
                imageWarning={imageWarning}
                uploadKept={studio.uploadKept}
                lostUploadName={studio.lostUploadName}
                onPickMeme={studio.chooseMeme}
                onUpload={studio.chooseUpload}
                onRemoveImage={studio.removeImage}
              />
            </Tabs.Content>
          </Tabs.Root>
        }
      />
    </Container>
  );
}
