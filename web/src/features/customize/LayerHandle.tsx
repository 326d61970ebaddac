import { Box, chakra } from "@chakra-ui/react";
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { handleFactor } from "./designLayers";
import type { Size } from "./designLayout";

/**
 * What the shopper does to a layer. A drag or a corner resize is reported from its start: `start`,
 * then each `move` or `resize` as the whole change since the start (canvas units, or a factor),
 * then `end`; a key is one step (`step`: arrows move, + and − resize).
 */
export type LayerGesture =
  | { kind: "start" }
  | { kind: "move"; dx: number; dy: number }
  | { kind: "resize"; factor: number }
  | { kind: "end" }
  | { kind: "step"; move: { x: number; y: number; large: boolean } | null; resize: 1 | -1 | null };

interface LayerHandleProps {
  label: string;
  /** Where the layer is, as CSS percentages of the canvas. */
  place: { left: string; top: string; width: string; height: string };
  /** The layer's size in canvas units (a corner drag resizes along its diagonal). */
  size: Size;
  warning: string | null;
  unitsPerPixel(): number;
  onGesture(gesture: LayerGesture): void;
}

const ARROWS: Record<string, { x: number; y: number }> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

const LayerButton = chakra("button");

/**
 * A layer of the design over the preview: a transparent button the size of the layer, dragged by
 * pointer or touch, resized from its corner handle, and moved with the arrow keys (Shift: further)
 * and resized with + and − once focused. It shows its outline while hovered, focused or dragged
 * (always on touch screens, which cannot hover).
 */
export function LayerHandle({ label, place, size, warning, unitsPerPixel, onGesture }: LayerHandleProps) {
  const helpId = useId();
  const warningId = useId();
  const drag = useRef<{ pointerId: number; x: number; y: number; scale: number; resize: boolean; size: Size } | null>(null);
  const [dragging, setDragging] = useState(false);

  const begin = (event: PointerEvent<HTMLElement>, resize: boolean) => {
    if (event.button !== 0 || drag.current) return;
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget.closest("button") ?? event.currentTarget).setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, scale: unitsPerPixel(), resize, size };
    setDragging(true);
    onGesture({ kind: "start" });
  };
  const follow = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = (event.clientX - current.x) * current.scale;
    const dy = (event.clientY - current.y) * current.scale;
    onGesture(current.resize ? { kind: "resize", factor: handleFactor(current.size, dx, dy) } : { kind: "move", dx, dy });
  };
  const finish = (event: PointerEvent<HTMLElement>) => {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    onGesture({ kind: "end" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      onGesture({ kind: "step", move: { ...arrow, large: event.shiftKey }, resize: null });
    } else if (event.key === "+" || event.key === "=") {
      event.preventDefault();
      onGesture({ kind: "step", move: null, resize: 1 });
    } else if (event.key === "-" || event.key === "_") {
      event.preventDefault();
      onGesture({ kind: "step", move: null, resize: -1 });
    }
  };

  const outline = { outline: "2px dashed", outlineColor: "brand.solid", outlineOffset: "1px" };
  return (
    <LayerButton
      type="button"
      aria-label={`${label} layer`}
      aria-describedby={warning ? `${helpId} ${warningId}` : helpId}
      data-layer={label}
      data-dragging={dragging || undefined}
      position="absolute"
      style={place}
      pointerEvents="auto"
      touchAction="none"
      cursor="move"
      bg="transparent"
      borderWidth="0"
      p="0"
      minWidth="6"
      minHeight="6"
      className="group"
      onPointerDown={(event) => begin(event, false)}
      onPointerMove={follow}
      onPointerUp={finish}
      onPointerCancel={finish}
      onKeyDown={onKeyDown}
      _hover={outline}
      _focusVisible={outline}
      css={{ "@media (hover: none)": outline, "&[data-dragging]": outline }}
    >
      <span id={helpId} hidden>
        Drag to move; drag the corner to resize. Arrow keys move it (Shift: further), + and − resize it.
      </span>
      {warning && (
        <Box
          as="span"
          id={warningId}
          role="img"
          aria-label={`Low resolution: ${warning}`}
          title="Low resolution: this image may print blurry at this size"
          position="absolute"
          top="-2.5"
          left="-2.5"
          boxSize="5"
          display="grid"
          placeItems="center"
          borderRadius="full"
          bg="orange.solid"
          color="orange.contrast"
          fontSize="xs"
          fontWeight="bold"
          lineHeight="1"
          boxShadow="0 0 0 2px white"
          pointerEvents="none"
        >
          <span aria-hidden="true">!</span>
        </Box>
      )}
      <Box
        as="span"
        aria-hidden="true"
        position="absolute"
        right="-3"
        bottom="-3"
        boxSize="6"
        display="grid"
        placeItems="center"
        cursor="nwse-resize"
        touchAction="none"
        // The handle shows with the layer's outline: hovered, focused, dragged, or always on touch screens.
        opacity="0"
        css={{ "button:hover > &, button:focus-visible > &, button[data-dragging] > &": { opacity: 1 }, "@media (hover: none)": { opacity: 1 } }}
        onPointerDown={(event: PointerEvent<HTMLElement>) => begin(event, true)}
      >
        <Box as="span" boxSize="3" bg="white" borderWidth="2px" borderColor="brand.solid" borderRadius="xs" />
      </Box>
    </LayerButton>
  );
}
