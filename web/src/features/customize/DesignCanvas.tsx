import { Box, Spinner } from "@chakra-ui/react";
import { useLayoutEffect, useRef } from "react";
import { CANVAS_SIZE } from "./designLayout";
import type { DesignState } from "./designState";
import { drawDesign, type DesignArtwork } from "./drawDesign";

interface DesignCanvasProps {
  design: DesignState;
  artwork: DesignArtwork;
  /** Something the design needs is still loading (the product photo or the image). */
  loading: boolean;
  /** What the preview shows, for people who cannot see it. */
  description: string;
}

/**
 * The 600×600 preview, redrawn on every change. The canvas keeps its 600×600 pixels; on a
 * narrow screen CSS shows it smaller, so the design itself never changes with the screen.
 */
export function DesignCanvas({ design, artwork, loading, description }: DesignCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useLayoutEffect(() => {
    const ctx = canvasRef.current?.getContext("2d");
    if (ctx) drawDesign(ctx, design, artwork, { scale: 1, mockup: true });
  }, [design, artwork]);

  return (
    <Box position="relative" width="full" maxWidth={`${CANVAS_SIZE}px`} marginInline="auto">
      <Box borderRadius="lg" borderWidth="1px" boxShadow="md" overflow="hidden" bg="bg.muted">
        <canvas
          ref={canvasRef}
          width={CANVAS_SIZE}
          height={CANVAS_SIZE}
          role="img"
          aria-label={description}
          style={{ display: "block", width: "100%", height: "auto", aspectRatio: "1 / 1" }}
        />
      </Box>
      {loading && (
        <Box position="absolute" top="3" right="3" bg="blackAlpha.700" borderRadius="full" p="1.5" lineHeight="0">
          <Spinner size="sm" color="white" aria-label="Loading the design's images" />
        </Box>
      )}
    </Box>
  );
}
