import { Box, Image, Text } from "@chakra-ui/react";
import { useRef, type PointerEvent } from "react";
import { previewBoxes, type PercentBox, type PrintAreaDraft } from "./printAreaDraft";

interface Blank {
  url: string;
  width: number;
  height: number;
}

interface PrintAreaPreviewProps {
  draft: PrintAreaDraft;
  /** The blank shown under the rectangle; null draws an empty square. */
  blank: Blank | null;
  label: string;
  /** The rectangle moved or resized by the pointer, in percent of the blank. */
  onMove(box: PercentBox): void;
}

// Inline: these change on every keystroke and drag step, which must not mint a CSS class each.
const at = (box: PercentBox) => ({ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` });
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/**
 * The blank with the print area drawn over it: the rectangle (dashed), and inside it the design area
 * the studio fits there (the print's shape, shaded). The rectangle can be dragged, and resized by its
 * corner; the fields stay the way to set it exactly (and the way for a keyboard).
 */
export function PrintAreaPreview({ draft, blank, label, onMove }: PrintAreaPreviewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ mode: "move" | "resize"; startX: number; startY: number; box: PercentBox } | null>(null);
  const size = blank ?? { width: 1, height: 1 };
  const boxes = previewBoxes(draft, size);

  const start = (mode: "move" | "resize", event: PointerEvent<HTMLDivElement>) => {
    if (!boxes) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { mode, startX: event.clientX, startY: event.clientY, box: boxes.rectangle };
  };
  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const rect = frame.current?.getBoundingClientRect();
    if (!drag.current || !rect || rect.width === 0 || rect.height === 0) return;
    const { mode, startX, startY, box } = drag.current;
    const dx = ((event.clientX - startX) / rect.width) * 100;
    const dy = ((event.clientY - startY) / rect.height) * 100;
    if (mode === "move") {
      onMove({ ...box, left: twoDecimals(clamp(box.left + dx, 0, 100 - box.width)), top: twoDecimals(clamp(box.top + dy, 0, 100 - box.height)) });
    } else {
      onMove({ ...box, width: twoDecimals(clamp(box.width + dx, 2.5, 100 - box.left)), height: twoDecimals(clamp(box.height + dy, 2.5, 100 - box.top)) });
    }
  };
  const stop = () => {
    drag.current = null;
  };

  return (
    <Box
      ref={frame}
      role="img"
      aria-label={label}
      position="relative"
      width="full"
      maxW="sm"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      bg="bg.muted"
      aspectRatio={`${size.width} / ${size.height}`}
      touchAction="none"
      onPointerMove={follow}
      onPointerUp={stop}
      onPointerCancel={stop}
    >
      {blank ? (
        <Image src={blank.url} alt="" width="full" height="full" display="block" draggable={false} />
      ) : (
        <Text position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" p="4" textAlign="center" fontSize="sm" color="fg.muted">
          Upload a blank to see the print area on it.
        </Text>
      )}
      {boxes && (
        <Box data-print-area="" position="absolute" style={at(boxes.rectangle)} border="2px dashed" borderColor="white" outline="2px solid" outlineColor="blackAlpha.600" cursor="move" onPointerDown={(event) => start("move", event)}>
          <Box
            data-resize-handle=""
            position="absolute"
            right="-6px"
            bottom="-6px"
            boxSize="3"
            bg="white"
            borderWidth="2px"
            borderColor="gray.900"
            borderRadius="sm"
            cursor="nwse-resize"
            onPointerDown={(event) => start("resize", event)}
          />
        </Box>
      )}
      {boxes?.designArea && <Box data-design-area="" position="absolute" style={at(boxes.designArea)} bg="orange.solid" opacity={0.3} pointerEvents="none" />}
    </Box>
  );
}
