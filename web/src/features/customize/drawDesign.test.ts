import { describe, expect, it } from "vitest";
import { DEFAULT_DESIGN, type DesignState } from "./designState";
import { TEXT_OUTLINE_WIDTH } from "./designLayout";
import { composeScene, drawPreview, drawPrint, type DesignArtwork, type DrawingContext } from "./drawDesign";
import { moveText } from "./designLayers";
import { stageFor, type PrintAreaSpec } from "./studioStage";

type Call = { op: string; args: unknown[]; font?: string; lineWidth?: number; strokeStyle?: unknown; fillStyle?: unknown; textAlign?: string; textBaseline?: string };

/** A 2D context that records what is drawn, measuring text like Arial roughly (0.55 em a character). */
function recordingContext() {
  const calls: Call[] = [];
  const state = {
    font: "10px sans-serif",
    fillStyle: "#000" as unknown,
    strokeStyle: "#000" as unknown,
    lineWidth: 1,
    lineJoin: "miter",
    miterLimit: 10,
    textAlign: "start",
    textBaseline: "alphabetic",
    imageSmoothingEnabled: true,
    imageSmoothingQuality: "low",
  };
  const record =
    (op: string) =>
    (...args: unknown[]) => {
      calls.push({ op, args, ...(op.endsWith("Text") || op === "fillRect" ? { ...state } : {}) });
    };
  const ctx = Object.assign(state, {
    save: record("save"),
    restore: record("restore"),
    setTransform: record("setTransform"),
    translate: record("translate"),
    beginPath: record("beginPath"),
    rect: record("rect"),
    clip: record("clip"),
    clearRect: record("clearRect"),
    fillRect: record("fillRect"),
    drawImage: record("drawImage"),
    fillText: record("fillText"),
    strokeText: record("strokeText"),
    measureText: (text: string) => {
      const size = Number(/(\d+)px/.exec(state.font)?.[1]);
      return { width: text.length * size * 0.55 } as TextMetrics;
    },
  });
  return { ctx: ctx as unknown as DrawingContext, calls, ops: () => calls.map((c) => c.op) };
}

const blankTee = { source: { tag: "blank" } as unknown as CanvasImageSource, width: 800, height: 800 };
const memePicture = { source: { tag: "meme" } as unknown as CanvasImageSource, width: 800, height: 800, kind: "meme" as const };
const design = (overrides: Partial<DesignState> = {}): DesignState => ({ ...DEFAULT_DESIGN, ...overrides });
const artwork: DesignArtwork = { blank: blankTee, image: memePicture };
/** A print area of 300 × 300 canvas units in the blank's middle, 10 × 10 in: a 3000 × 3000 print. */
const SQUARE_AREA: PrintAreaSpec = { x: 0.25, y: 0.25, width: 0.5, height: 0.5, widthInches: 10, heightInches: 10, printWidthPx: 3000, printHeightPx: 3000 };
const onTee = stageFor({ width: 800, height: 800 }, SQUARE_AREA);
const noProduct = stageFor(null, null);

function preview(state: DesignState, art: DesignArtwork, stage = onTee) {
  const recording = recordingContext();
  drawPreview(recording.ctx, composeScene(recording.ctx, state, art, stage));
  return recording;
}

describe("drawing the preview (600×600, the design in the product's print area)", () => {
  it("draws the blank, then the image and the outlined text inside the print area, clipped to it", () => {
    const { calls, ops } = preview(design({ backgroundColor: "#123456", text: "Vote" }), artwork);

    expect(ops()).toEqual(["save", "setTransform", "clearRect", "fillRect", "drawImage", "translate", "beginPath", "rect", "clip", "drawImage", "strokeText", "fillText", "restore"]);
    expect(calls[1]!.args).toEqual([1, 0, 0, 1, 0, 0]);
    // A white ground under the blank; the background colour is not drawn on a product (its colour is the ground).
    expect(calls[3]).toMatchObject({ args: [0, 0, 600, 600], fillStyle: "#ffffff" });
    expect(calls[4]!.args).toEqual([blankTee.source, 0, 0, 600, 600]);
    expect(calls[5]!.args).toEqual([150, 150]);
    expect(calls[7]!.args).toEqual([0, 0, 300, 300]);
    // The meme at 60% of the print area's width, centred in it.
    expect(calls[9]!.args).toEqual([memePicture.source, 60, 60, 180, 180]);
  });

  it("draws the text in Arial with a 4 px outline stroked under the fill", () => {
    const { calls } = preview(design({ text: "Read the bill", textColor: "#ffd400", textBold: true, textItalic: true, textSize: 40 }), artwork);
    const stroke = calls.find((c) => c.op === "strokeText")!;
    const fill = calls.find((c) => c.op === "fillText")!;
    expect(stroke).toMatchObject({ font: "italic bold 40px Arial", lineWidth: TEXT_OUTLINE_WIDTH, strokeStyle: "#000000", textAlign: "center", textBaseline: "middle" });
    expect(fill).toMatchObject({ font: "italic bold 40px Arial", fillStyle: "#ffd400" });
    expect(stroke.args).toEqual(fill.args);
    expect(calls.indexOf(stroke)).toBeLessThan(calls.indexOf(fill));
  });

  it("fills the whole canvas with the background colour while no product is chosen", () => {
    const { calls, ops } = preview(design({ backgroundColor: "#123456" }), { blank: null, image: null }, noProduct);
    expect(ops()).toEqual(["save", "setTransform", "clearRect", "translate", "beginPath", "rect", "clip", "fillRect", "strokeText", "fillText", "restore"]);
    expect(calls.find((c) => c.op === "fillRect")).toMatchObject({ args: [0, 0, 600, 600], fillStyle: "#123456" });
  });

  it("draws the design over a blank whose product has no print area yet, without painting the background over it", () => {
    const { calls, ops } = preview(design({ backgroundColor: "#123456", text: "Vote" }), artwork, stageFor({ width: 800, height: 800 }, null));
    expect(ops()).toEqual(["save", "setTransform", "clearRect", "fillRect", "drawImage", "translate", "beginPath", "rect", "clip", "drawImage", "strokeText", "fillText", "restore"]);
    expect(calls.filter((c) => c.op === "fillRect").map((c) => c.fillStyle)).toEqual(["#ffffff"]);
  });

  it("keeps a dragged text's offset within bounds as drawn, so a drag back moves it at once", () => {
    const { ctx } = recordingContext();
    // Stored far beyond the area (as after switching to a smaller print area): drawn at its edge.
    const scene = composeScene(ctx, design({ text: "Vote", textOffset: { x: 1, y: 0 } }), artwork, onTee);
    expect(scene.textOffset!.x).toBeLessThan(0.6);
    const centre = (s: typeof scene) => s.text.lines[0]!.x;
    expect(centre(scene)).toBeCloseTo(300);
    const back = composeScene(ctx, design({ text: "Vote", textOffset: moveText(scene.text, scene.textOffset, -30, 0, onTee.area) }), artwork, onTee);
    expect(centre(back)).toBeCloseTo(270);
  });

  it("puts an uploaded image at 80% of the width", () => {
    const { calls } = preview(design(), { blank: null, image: { ...memePicture, kind: "upload", width: 1000, height: 500 } }, noProduct);
    expect(calls.find((c) => c.op === "drawImage")!.args.slice(1)).toEqual([60, 180, 480, 240]);
  });

  it("draws the image where the shopper put it, even partly outside the print area (the clip cuts it)", () => {
    const { calls } = preview(design({ imageBox: { x: 1, y: 0.5, width: 0.5 } }), artwork);
    expect(calls.filter((c) => c.op === "drawImage")[1]!.args.slice(1)).toEqual([225, 75, 150, 150]);
  });

  it("draws one outlined line per wrapped line, and nothing for empty text", () => {
    const long = preview(design({ text: "The committee on committees will now review the review of the review" }), artwork);
    expect(long.ops().filter((op) => op === "strokeText").length).toBeGreaterThan(1);
    expect(long.ops().filter((op) => op === "strokeText").length).toBe(long.ops().filter((op) => op === "fillText").length);

    const empty = preview(design({ text: "" }), artwork);
    expect(empty.ops()).not.toContain("fillText");
  });
});

describe("drawing the print file (exactly the print area, at 300 DPI)", () => {
  it("scales the print area to the print's pixels and draws the same layers, without the blank", () => {
    const shown = recordingContext();
    const printed = recordingContext();
    const state = design({ text: "Read the bill", textPosition: "top", textAlign: "left" });
    const scene = composeScene(shown.ctx, state, artwork, onTee);
    drawPreview(shown.ctx, scene);
    drawPrint(printed.ctx, scene);

    // 300 canvas units across are 3000 pixels: ×10.
    expect(printed.calls[1]!.args).toEqual([10, 0, 0, 10, 0, 0]);
    expect(printed.ops()).toEqual(["save", "setTransform", "clearRect", "beginPath", "rect", "clip", "drawImage", "strokeText", "fillText", "restore"]);
    expect(printed.calls.find((c) => c.op === "drawImage")!.args).toEqual([memePicture.source, 60, 60, 180, 180]);
    // The text has the same layout; the transform makes it ten times larger, outline included.
    const text = (calls: Call[]) => calls.filter((c) => c.op.endsWith("Text")).map((c) => [c.op, c.args, c.font, c.lineWidth]);
    expect(text(printed.calls)).toEqual(text(shown.calls));
  });

  it("prints the background with the design while no product is chosen, six times the preview", () => {
    const printed = recordingContext();
    drawPrint(printed.ctx, composeScene(printed.ctx, design({ backgroundColor: "#123456" }), { blank: null, image: null }, noProduct));
    expect(printed.calls[1]!.args).toEqual([6, 0, 0, 6, 0, 0]);
    expect(printed.calls.find((c) => c.op === "fillRect")).toMatchObject({ args: [0, 0, 600, 600], fillStyle: "#123456" });
  });
});
