import { describe, expect, it } from "vitest";
import { DEFAULT_DESIGN, type DesignState } from "./designState";
import { PRINT_SCALE, TEXT_OUTLINE_WIDTH } from "./designLayout";
import { drawDesign, type DesignArtwork, type DrawingContext } from "./drawDesign";

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

const productPhoto = { source: { tag: "product" } as unknown as CanvasImageSource, width: 800, height: 800 };
const memePicture = { source: { tag: "meme" } as unknown as CanvasImageSource, width: 800, height: 800, kind: "meme" as const };
const design = (overrides: Partial<DesignState> = {}): DesignState => ({ ...DEFAULT_DESIGN, ...overrides });
const artwork: DesignArtwork = { backdrop: productPhoto, image: memePicture };

describe("drawing the preview (600×600, the design on the product)", () => {
  it("fills the background colour, then the product photo, the image and the outlined text, in that order", () => {
    const { ctx, calls, ops } = recordingContext();
    drawDesign(ctx, design({ backgroundColor: "#123456" }), artwork, { scale: 1, mockup: true });

    expect(ops()).toEqual(["save", "setTransform", "clearRect", "fillRect", "drawImage", "drawImage", "strokeText", "fillText", "restore"]);
    expect(calls[1]!.args).toEqual([1, 0, 0, 1, 0, 0]);
    expect(calls[3]).toMatchObject({ args: [0, 0, 600, 600], fillStyle: "#123456" });
    expect(calls[4]!.args).toEqual([productPhoto.source, 0, 0, 600, 600]);
    expect(calls[5]!.args).toEqual([memePicture.source, 120, 120, 360, 360]);
  });

  it("draws the text in Arial with a 4 px outline stroked under the fill", () => {
    const { ctx, calls } = recordingContext();
    drawDesign(ctx, design({ text: "Read the bill", textColor: "#ffd400", textBold: true, textItalic: true, textSize: 40 }), artwork, {
      scale: 1,
      mockup: true,
    });
    const stroke = calls.find((c) => c.op === "strokeText")!;
    const fill = calls.find((c) => c.op === "fillText")!;
    expect(stroke).toMatchObject({ font: "italic bold 40px Arial", lineWidth: TEXT_OUTLINE_WIDTH, strokeStyle: "#000000", textAlign: "center", textBaseline: "middle" });
    expect(fill).toMatchObject({ font: "italic bold 40px Arial", fillStyle: "#ffd400" });
    expect(stroke.args).toEqual(fill.args);
    expect(calls.indexOf(stroke)).toBeLessThan(calls.indexOf(fill));
  });

  it("shows the plain background colour while no product is chosen", () => {
    const { ctx, ops } = recordingContext();
    drawDesign(ctx, design(), { backdrop: null, image: null }, { scale: 1, mockup: true });
    expect(ops()).toEqual(["save", "setTransform", "clearRect", "fillRect", "strokeText", "fillText", "restore"]);
  });

  it("puts an uploaded image at 80% of the width", () => {
    const { ctx, calls } = recordingContext();
    drawDesign(ctx, design(), { backdrop: null, image: { ...memePicture, kind: "upload", width: 1000, height: 500 } }, { scale: 1, mockup: true });
    expect(calls.find((c) => c.op === "drawImage")!.args.slice(1)).toEqual([60, 180, 480, 240]);
  });

  it("draws one outlined line per wrapped line, and nothing for empty text", () => {
    const long = recordingContext();
    drawDesign(long.ctx, design({ text: "The committee on committees will now review the review of the review" }), artwork, { scale: 1, mockup: true });
    expect(long.ops().filter((op) => op === "strokeText").length).toBeGreaterThan(1);
    expect(long.ops().filter((op) => op === "strokeText").length).toBe(long.ops().filter((op) => op === "fillText").length);

    const empty = recordingContext();
    drawDesign(empty.ctx, design({ text: "" }), artwork, { scale: 1, mockup: true });
    expect(empty.ops()).not.toContain("fillText");
  });
});

describe("drawing the print file (the design alone, ×6)", () => {
  it("scales everything six times through the transform and leaves out the product and the background", () => {
    const preview = recordingContext();
    const print = recordingContext();
    const state = design({ text: "Read the bill", textPosition: "top", textAlign: "left" });
    drawDesign(preview.ctx, state, artwork, { scale: 1, mockup: true });
    drawDesign(print.ctx, state, artwork, { scale: PRINT_SCALE, mockup: false });

    expect(print.calls[1]!.args).toEqual([6, 0, 0, 6, 0, 0]);
    expect(print.ops()).toEqual(["save", "setTransform", "clearRect", "drawImage", "strokeText", "fillText", "restore"]);
    // Only the meme is drawn (the product photo is the mock-up), in the same 600-unit place.
    expect(print.calls.find((c) => c.op === "drawImage")!.args[0]).toBe(memePicture.source);
    expect(print.calls.find((c) => c.op === "drawImage")!.args.slice(1)).toEqual([120, 120, 360, 360]);
    // The text has the same layout; the transform makes it six times larger, outline included.
    const text = (calls: Call[]) => calls.filter((c) => c.op.endsWith("Text")).map((c) => [c.op, c.args, c.font, c.lineWidth]);
    expect(text(print.calls)).toEqual(text(preview.calls));
  });
});
