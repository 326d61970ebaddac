import { Box, Spinner } from "@chakra-ui/react";
import { useLayoutEffect, useRef } from "react";
import { CANVAS_SIZE, type Rect } from "./designLayout";
import { textBlockBox } from "./designLayers";
import { drawPreview, type Scene } from "./drawDesign";
import { LayerHandle, type LayerGesture } from "./LayerHandle";

export type LayerName = "text" | "image";

interface DesignCanvasProps {
  scene: Scene;
  /** Something the design needs is still loading (the blank or the image). */
  loading: boolean;
  /** What the preview shows, for people who cannot see it. */
  description: string;
  /** The image may print blurry at its size: said on the layer. */
  imageWarning: string | null;
  /** A layer is being dragged, resized or moved from the keyboard. */
  onGesture(layer: LayerName, gesture: LayerGesture): void;
}

const percent = (value: number) => `${(value / CANVAS_SIZE) * 100}%`;

/** A rectangle in area coordinates as CSS percentages of the canvas. */
function placeOf(rect: Rect, area: Rect) {
  return { left: percent(area.x + rect.x), top: percent(area.y + rect.y), width: percent(rect.width), height: percent(rect.height) };
}

/**
 * The 600×600 preview, redrawn on every change. The canvas keeps its 600×600 pixels; on a narrow
 * screen CSS shows it smaller, so the design itself never changes with the screen. Over it, the
 * print area's outline and one handle per layer, to drag, resize or move from the keyboard; they
 * are not part of the picture (the download and the print file are drawn without them).
 */
export function DesignCanvas({ scene, loading, description, imageWarning, onGesture }: DesignCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useLayoutEffect(() => {
    const ctx = canvasRef.current?.getContext("2d");
    if (ctx) drawPreview(ctx, scene);
  }, [scene]);

  const { area, inches } = scene.stage;
  const textBox = textBlockBox(scene.text);
  /** Canvas units per CSS pixel, read when a gesture starts (the canvas may be shown smaller). */
  const unitsPerPixel = () => CANVAS_SIZE / (canvasRef.current?.clientWidth || CANVAS_SIZE);

  return (
    <Box position="relative" width="full" maxWidth={`${CANVAS_SIZE}px`} marginInline="auto">
      <Box borderRadius="lg" borderWidth="1px" boxShadow="md" overflow="hidden" bg="bg.muted" position="relative">
        <canvas
          ref={canvasRef}
          width={CANVAS_SIZE}
          height={CANVAS_SIZE}
          role="img"
          aria-label={description}
          style={{ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1" }}
        />
        <Box position="absolute" inset="0" pointerEvents="none">
          {inches && (
            <Box
              data-testid="print-area"
              position="absolute"
              style={placeOf({ x: 0, y: 0, width: area.width, height: area.height }, area)}
              outline="1.5px dashed"
              outlineColor="rgba(24, 24, 27, 0.55)"
              boxShadow="0 0 0 1.5px rgba(255, 255, 255, 0.6)"
              aria-hidden="true"
            />
          )}
          {scene.image && (
            <LayerHandle
              label={scene.image.kind === "meme" ? "Meme" : "Your image"}
              place={placeOf(scene.image.rect, area)}
              size={scene.image.rect}
              warning={imageWarning}
              unitsPerPixel={unitsPerPixel}
              onGesture={(gesture) => onGesture("image", gesture)}
            />
          )}
          {textBox && (
            <LayerHandle
              label="Text"
              place={placeOf(textBox, area)}
              size={textBox}
              warning={null}
              unitsPerPixel={unitsPerPixel}
              onGesture={(gesture) => onGesture("text", gesture)}
            />
          )}
        </Box>
      </Box>
      {loading && (
        <Box position="absolute" top="3" right="3" bg="blackAlpha.700" borderRadius="full" p="1.5" lineHeight="0">
          <Spinner size="sm" color="white" aria-label="Loading the design's images" />
        </Box>
      )}
    </Box>
  );
}
