import { describe, expect, it } from "vitest";
import { DEFAULT_DESIGN } from "./designState";
import { composeScene } from "./drawDesign";
import { stageFor } from "./studioStage";
import { blankFor, uploadDpi } from "./useStudioScene";

const blank = (color: string | null) => ({ color, url: `/media/mockups/${color ?? "one"}.svg`, width: 800, height: 800 });
const variant = (color: string | null) => ({ selectedOptions: [{ name: "Size", value: "L" }, ...(color ? [{ name: "Color", value: color }] : [])] });

describe("the blank shown for the chosen colour", () => {
  const tee = { mockups: [blank("Black"), blank("Navy"), blank("Heather Grey")] };

  it("is the blank of the variant's Color value, whatever its case", () => {
    expect(blankFor(tee, variant("Navy"))?.color).toBe("Navy");
    expect(blankFor(tee, variant("heather grey"))?.color).toBe("Heather Grey");
    expect(blankFor(tee, { selectedOptions: [{ name: "Colour", value: "NAVY" }] })?.color).toBe("Navy");
  });

  it("is the first colour's before a variant is chosen, and none for a colour without a blank (never another colour's)", () => {
    expect(blankFor(tee, null)?.color).toBe("Black");
    expect(blankFor(tee, variant("Maroon"))).toBeNull();
  });

  it("is the product's one blank when it has no Color option, and none without blanks", () => {
    expect(blankFor({ mockups: [blank(null)] }, variant(null))?.url).toBe("/media/mockups/one.svg");
    expect(blankFor({ mockups: [] }, variant("Navy"))).toBeNull();
    expect(blankFor(null, variant("Navy"))).toBeNull();
  });
});

describe("the resolution the studio warns about", () => {
  const measure = { font: "", measureText: (text: string) => ({ width: text.length * 10 }) as TextMetrics };
  // A 300-unit area printing 10 inches wide: an upload starts at 80% (8 inches).
  const stage = stageFor({ width: 800, height: 800 }, { x: 0.25, y: 0.25, width: 0.5, height: 0.5, widthInches: 10, heightInches: 10, printWidthPx: 3000, printHeightPx: 3000 });
  const scene = (kind: "upload" | "meme", width: number) =>
    composeScene(measure, DEFAULT_DESIGN, { blank: null, image: { source: {} as CanvasImageSource, width, height: width, kind } }, stage);

  it("is an uploaded picture's pixels over the inches it prints at", () => {
    expect(uploadDpi(scene("upload", 1200), "data:image/png;base64,AAAA")).toBeCloseTo(150);
    expect(uploadDpi(scene("upload", 1199), "data:image/jpeg;base64,AAAA")!).toBeLessThan(150);
  });

  it("is not asked of a meme (the shop's own art) or of a vector picture, which prints sharp at any size", () => {
    expect(uploadDpi(scene("meme", 100), "/media/memes/recess.svg")).toBeNull();
    expect(uploadDpi(scene("upload", 100), "data:image/svg+xml;base64,AAAA")).toBeNull();
  });
});
