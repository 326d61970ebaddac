import { describe, expect, it } from "vitest";
import { blankFor } from "./useStudioScene";

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
