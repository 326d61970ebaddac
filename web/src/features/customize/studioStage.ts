// Where a design goes on the chosen product: the blank mock-up drawn on the 600×600 canvas, the
// print area on it, and the print file's size. Pure geometry (testable without a canvas); every
// coordinate is in canvas units.

import { CANVAS_SIZE, PRINT_SCALE, placeBackdrop, type Rect } from "./designLayout";

/** A product's print area as the catalog gives it: a rectangle in fractions of the blank, and its real size. */
export interface PrintAreaSpec {
  x: number;
  y: number;
  width: number;
  height: number;
  widthInches: number;
  heightInches: number;
  printWidthPx: number;
  printHeightPx: number;
}

export interface Stage {
  /** Where the blank is drawn (the whole blank, as large as the canvas allows); null without one. */
  mockup: Rect | null;
  /**
   * The design area: the print area fitted on the blank in the print's own proportions, or the whole
   * canvas while no product with a print area is chosen. Layers are laid out inside it and clipped to it.
   */
  area: Rect;
  /** The area's real size; null while no product with a print area is chosen (nothing to print yet). */
  inches: { width: number; height: number } | null;
  /** The print file's size in pixels: the print area at the print resolution, or the canvas ×6 without one. */
  print: { width: number; height: number };
}

const WHOLE_CANVAS: Rect = { x: 0, y: 0, width: CANVAS_SIZE, height: CANVAS_SIZE };

/** The largest rectangle of `aspect` (width ÷ height) inside `box`, centred in it. */
export function fitAspect(box: Rect, aspect: number): Rect {
  if (!(aspect > 0) || !(box.width > 0) || !(box.height > 0)) return box;
  if (box.width / box.height > aspect) {
    const width = box.height * aspect;
    return { x: box.x + (box.width - width) / 2, y: box.y, width, height: box.height };
  }
  const height = box.width / aspect;
  return { x: box.x, y: box.y + (box.height - height) / 2, width: box.width, height };
}

/**
 * The stage for a product's blank (its natural size, known from the catalog before the picture has
 * loaded) and print area. Without a print area the design has the whole canvas, as before a product
 * is chosen; a print area without a blank is placed on a square blank filling the canvas.
 */
export function stageFor(blank: { width: number; height: number } | null, printArea: PrintAreaSpec | null): Stage {
  const mockup = blank ? placeBackdrop(blank.width, blank.height) : null;
  if (!printArea || !(printArea.widthInches > 0) || !(printArea.heightInches > 0)) {
    return { mockup, area: WHOLE_CANVAS, inches: null, print: { width: CANVAS_SIZE * PRINT_SCALE, height: CANVAS_SIZE * PRINT_SCALE } };
  }
  const on = mockup ?? WHOLE_CANVAS;
  const rectangle: Rect = {
    x: on.x + printArea.x * on.width,
    y: on.y + printArea.y * on.height,
    width: printArea.width * on.width,
    height: printArea.height * on.height,
  };
  return {
    mockup,
    area: fitAspect(rectangle, printArea.widthInches / printArea.heightInches),
    inches: { width: printArea.widthInches, height: printArea.heightInches },
    print: { width: printArea.printWidthPx, height: printArea.printHeightPx },
  };
}

/**
 * A picture's resolution where it is printed: its pixels across ÷ the inches it covers, for a layer
 * `placedWidth` canvas units wide in the stage's area. Null when nothing is printed yet (no print area).
 */
export function placedDpi(stage: Stage, naturalWidth: number, placedWidth: number): number | null {
  if (!stage.inches || !(placedWidth > 0) || !(naturalWidth > 0)) return null;
  const inches = (placedWidth / stage.area.width) * stage.inches.width;
  return naturalWidth / inches;
}
