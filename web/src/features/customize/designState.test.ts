import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_DESIGN, MAX_TEXT_LENGTH, clampTextSize, sanitizeDesign } from "./designState";
import { DESIGN_STORAGE_KEY, MAX_STORED_UPLOAD_CHARS, UPLOAD_STORAGE_KEY, initialSnapshot, saveDesign, saveUpload } from "./designStorage";

describe("the design state (spec §3)", () => {
  it("has the spec's defaults", () => {
    expect(DEFAULT_DESIGN).toEqual({
      memeId: null,
      productId: null,
      variantId: null,
      text: "Add your text here",
      textColor: "#ffffff",
      textSize: 32,
      textPosition: "bottom",
      textAlign: "center",
      textBold: false,
      textItalic: false,
      backgroundColor: "#000000",
      // Where the layers were moved: null is their starting place.
      textOffset: null,
      imageBox: null,
    });
  });

  it("keeps where the layers were moved, and drops positions out of bounds", () => {
    expect(sanitizeDesign({ textOffset: { x: 0.1, y: -0.25 }, imageBox: { x: 0.5, y: 0.4, width: 1.5 } })).toMatchObject({
      textOffset: { x: 0.1, y: -0.25 },
      imageBox: { x: 0.5, y: 0.4, width: 1.5 },
    });
    for (const [textOffset, imageBox] of [
      [{ x: 2, y: 0 }, { x: 0.5, y: 0.5, width: 3 }],
      [{ x: "0", y: 0 }, { x: -0.1, y: 0.5, width: 1 }],
      [[0, 0], { x: 0.5, y: 0.5, width: 0.01 }],
      [{ x: Number.NaN, y: 0 }, null],
    ]) {
      expect(sanitizeDesign({ textOffset, imageBox })).toMatchObject({ textOffset: null, imageBox: null });
    }
  });

  it.each([
    [null, DEFAULT_DESIGN],
    ["a string", DEFAULT_DESIGN],
    [[1, 2], DEFAULT_DESIGN],
    [{ textSize: "huge", textPosition: "middle", textAlign: "justify", textColor: "red", backgroundColor: "#12345" }, DEFAULT_DESIGN],
  ])("reads %j as the defaults", (value, expected) => {
    expect(sanitizeDesign(value)).toEqual(expected);
  });

  it("keeps valid values and drops a variant without its product", () => {
    expect(
      sanitizeDesign({ memeId: "m-1", variantId: "v-1", text: "Hi", textColor: "#FFD400", textSize: 50, textPosition: "top", textAlign: "right", textBold: true }),
    ).toEqual({ ...DEFAULT_DESIGN, memeId: "m-1", text: "Hi", textColor: "#ffd400", textSize: 50, textPosition: "top", textAlign: "right", textBold: true });
  });

  it("keeps text to its maximum length", () => {
    expect(sanitizeDesign({ text: "x".repeat(500) }).text).toHaveLength(MAX_TEXT_LENGTH);
  });

  it.each([
    [5, 12],
    [12, 12],
    [40.4, 40],
    [72, 72],
    [100, 72],
    ["33", 33],
    ["abc", 32],
  ])("spec §5: a text size of %j is %j (12–72, step 1)", (value, expected) => {
    expect(clampTextSize(value)).toBe(expected);
  });
});

describe("keeping the work across a reload", () => {
  beforeEach(() => sessionStorage.clear());

  it("opens with the defaults the first time, and with ?meme= put in", () => {
    expect(initialSnapshot(null)).toEqual({ design: DEFAULT_DESIGN, upload: null, lostUploadName: null });
    expect(initialSnapshot("meme-7").design).toEqual({ ...DEFAULT_DESIGN, memeId: "meme-7" });
  });

  it("draws the meme the address names on every full page load, keeping the rest of the saved design", () => {
    // The shopper worked in the studio, then typed, pasted or bookmarked /customize?meme=meme-7 (or
    // reloaded it): a full page load, which React Router cannot tell from a reload.
    const saved = { ...DEFAULT_DESIGN, memeId: "meme-1", text: "Mine", productId: "p-1", variantId: "v-1" };
    saveDesign(saved);
    expect(initialSnapshot("meme-7").design).toEqual({ ...saved, memeId: "meme-7" });
    // Without ?meme= the saved design comes back as it was; a value that is no id at all names nothing.
    expect(initialSnapshot(null).design).toEqual(saved);
    expect(initialSnapshot("not an id!").design).toEqual(saved);
  });

  it("puts a newly linked meme into the saved design, keeping the rest of it", () => {
    saveDesign({ ...DEFAULT_DESIGN, text: "Mine" });
    saveUpload({ name: "cat.png", dataUrl: "data:image/png;base64,AAAA" });
    const snapshot = initialSnapshot("meme-9");
    expect(snapshot.design).toEqual({ ...DEFAULT_DESIGN, text: "Mine", memeId: "meme-9" });
    expect(snapshot.upload).toBeNull();
  });

  it("restores an uploaded image kept as a data URL", () => {
    saveDesign(DEFAULT_DESIGN);
    expect(saveUpload({ name: "cat.png", dataUrl: "data:image/png;base64,AAAA" })).toBe(true);
    expect(initialSnapshot(null).upload).toEqual({ name: "cat.png", dataUrl: "data:image/png;base64,AAAA" });
  });

  it("keeps only the name of an image too large to store, so the studio can ask for it again", () => {
    saveDesign(DEFAULT_DESIGN);
    const big = `data:image/jpeg;base64,${"A".repeat(MAX_STORED_UPLOAD_CHARS)}`;
    expect(saveUpload({ name: "holiday.jpg", dataUrl: big })).toBe(false);
    expect(JSON.parse(sessionStorage.getItem(UPLOAD_STORAGE_KEY)!)).toEqual({ name: "holiday.jpg", dataUrl: null });
    expect(initialSnapshot(null)).toMatchObject({ upload: null, lostUploadName: "holiday.jpg" });
  });

  it("opens with the defaults when the stored value is not a design", () => {
    sessionStorage.setItem(DESIGN_STORAGE_KEY, "{not json");
    expect(initialSnapshot(null).design).toEqual(DEFAULT_DESIGN);
  });
});
