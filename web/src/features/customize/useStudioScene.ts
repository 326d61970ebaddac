import { useCallback, useMemo, useRef } from "react";
import type { CustomizeProductQuery } from "../../gql/graphql";
import type { ImageKind } from "./designLayout";
import { KEY_MOVE_STEP, KEY_RESIZE, moveImage, moveText, resizeImage, resizeText } from "./designLayers";
import type { DesignState } from "./designState";
import { composeScene, type DesignArtwork, type DrawingContext, type Scene } from "./drawDesign";
import type { LayerName } from "./DesignCanvas";
import type { LayerGesture } from "./LayerHandle";
import { placedDpi, stageFor, type PrintAreaSpec, type Stage } from "./studioStage";
import { useLoadedImage } from "./useLoadedImage";

type StudioProduct = NonNullable<CustomizeProductQuery["product"]>;
type StudioVariant = StudioProduct["variants"][number];
type Mockup = StudioProduct["mockups"][number];

const COLOR_OPTION = /^colou?r$/i;

/**
 * The chosen product's blank in the chosen variant's colour: the blank of that Color value, else the
 * product's one blank (no Color option); before a variant is chosen, its first. A colour without a
 * blank has none: the print area is shown on a plain ground rather than on another colour's blank.
 */
export function blankFor(product: Pick<StudioProduct, "mockups"> | null, variant: Pick<StudioVariant, "selectedOptions"> | null): Mockup | null {
  if (!product || product.mockups.length === 0) return null;
  if (!variant) return product.mockups[0] ?? null;
  const color = variant.selectedOptions.find((option) => COLOR_OPTION.test(option.name))?.value.toLowerCase() ?? null;
  return (color !== null ? product.mockups.find((m) => m.color?.toLowerCase() === color) : undefined) ?? product.mockups.find((m) => m.color === null) ?? null;
}

let measuringContext: CanvasRenderingContext2D | null | undefined;

/** Measures like Arial roughly (0.55 em a character, 0.6 in bold) where there is no canvas to measure with (tests without one). */
const approximate: Pick<DrawingContext, "font" | "measureText"> = {
  font: "",
  measureText(text: string) {
    const size = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 16);
    return { width: Array.from(text).length * size * (this.font.includes("bold") ? 0.6 : 0.55) } as TextMetrics;
  },
};

/** A 2D context to measure text with, outside any drawing. */
function measurer(): Pick<DrawingContext, "font" | "measureText"> {
  if (measuringContext === undefined) measuringContext = typeof document === "undefined" ? null : document.createElement("canvas").getContext("2d");
  return measuringContext ?? approximate;
}

export interface StudioPicture {
  kind: ImageKind;
  url: string | null;
}

/**
 * The studio's scene: the chosen product's stage (its blank in the chosen colour, its print area),
 * the pictures loaded, and the design laid out on it; with the uploaded picture's resolution at its
 * printed size.
 */
export function useStudioScene(design: DesignState, product: StudioProduct | null, variant: StudioVariant | null, picture: StudioPicture | null) {
  const blank = blankFor(product, variant);
  // Keyed by the values, not the objects (a refetch makes new ones): a new stage only for a new place.
  const areaKey = JSON.stringify([blank?.width, blank?.height, product?.printArea ?? null]);
  const stage = useMemo<Stage>(() => {
    const [width, height, printArea] = JSON.parse(areaKey) as [number | undefined, number | undefined, PrintAreaSpec | null];
    return stageFor(width && height ? { width, height } : null, printArea);
  }, [areaKey]);

  const loadedBlank = useLoadedImage(blank?.url ?? null);
  const loadedPicture = useLoadedImage(picture?.url);
  const kind = picture?.kind ?? null;
  const artwork = useMemo<DesignArtwork>(
    () => ({ blank: loadedBlank.image, image: loadedPicture.image && kind ? { ...loadedPicture.image, kind } : null }),
    [loadedBlank.image, loadedPicture.image, kind],
  );
  const scene = useMemo(() => composeScene(measurer(), design, artwork, stage), [design, artwork, stage]);
  const dpi = uploadDpi(scene, picture?.url ?? null);

  return {
    scene,
    stage,
    blankUrl: blank?.url ?? null,
    loading: loadedBlank.status === "loading" || loadedPicture.status === "loading",
    dpi,
  };
}

/**
 * The shopper's own picture's resolution at its printed width, in pixels per inch; null for a meme,
 * without a picture or a print area, and for a vector picture (SVG), which prints sharp at any size.
 */
export function uploadDpi(scene: Scene, pictureUrl: string | null): number | null {
  if (scene.image?.kind !== "upload" || pictureUrl?.startsWith("data:image/svg")) return null;
  return placedDpi(scene.stage, scene.image.naturalWidth, scene.image.rect.width);
}

/** Composes the scene for a design whose pictures are loaded (the download and the print file). */
export function sceneOf(design: DesignState, artwork: DesignArtwork, stage: Stage): Scene {
  return composeScene(measurer(), design, artwork, stage);
}

/**
 * What dragging, resizing and the keys do to the design. A drag is applied from the design and
 * scene as they were when it started, so it never drifts; a key moves from where the layer is.
 */
export function useLayerGestures(design: DesignState, scene: Scene, update: (patch: Partial<DesignState>) => void) {
  const start = useRef<{ design: DesignState; scene: Scene } | null>(null);
  return useCallback(
    (layer: LayerName, gesture: LayerGesture) => {
      const { area } = scene.stage;
      switch (gesture.kind) {
        case "start":
          start.current = { design, scene };
          return;
        case "end":
          start.current = null;
          return;
        case "move":
        case "resize": {
          const from = start.current;
          if (!from) return;
          if (layer === "text") {
            update(
              gesture.kind === "move"
                ? { textOffset: moveText(from.scene.text, from.scene.textOffset, gesture.dx, gesture.dy, area) }
                : // From the size drawn (smaller than the chosen one when that does not fit).
                  { textSize: resizeText(from.scene.text.fontSize, gesture.factor) },
            );
          } else if (from.scene.image) {
            const rect = from.scene.image.rect;
            update({ imageBox: gesture.kind === "move" ? moveImage(rect, gesture.dx, gesture.dy, area) : resizeImage(rect, gesture.factor, area) });
          }
          return;
        }
        case "step": {
          const step = gesture.move ? (gesture.move.large ? KEY_MOVE_STEP.large : KEY_MOVE_STEP.small) : 0;
          const dx = (gesture.move?.x ?? 0) * step * area.width;
          const dy = (gesture.move?.y ?? 0) * step * area.height;
          if (layer === "text") {
            if (gesture.move) update({ textOffset: moveText(scene.text, scene.textOffset, dx, dy, area) });
            if (gesture.resize) update({ textSize: resizeText(design.textSize + gesture.resize * KEY_RESIZE.textStep, 1) });
          } else if (scene.image) {
            const rect = scene.image.rect;
            if (gesture.move) update({ imageBox: moveImage(rect, dx, dy, area) });
            if (gesture.resize) update({ imageBox: resizeImage(rect, gesture.resize === 1 ? KEY_RESIZE.imageFactor : 1 / KEY_RESIZE.imageFactor, area) });
          }
          return;
        }
      }
    },
    [design, scene, update],
  );
}
