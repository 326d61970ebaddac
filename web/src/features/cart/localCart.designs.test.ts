import { describe, expect, it } from "vitest";
import { designIdOf } from "./lineAttributes";
import { addLine, lineKey, parseCart, removeLine, setLineQuantity, type LocalCartLine } from "./localCart";

// A customised line carries its design to checkout, and is a line of its own.
const plainTee: LocalCartLine = { id: "v-tee-m", title: "Subcommittee Tee", variantTitle: "M / Black", image: "/media/tee.svg", price: 24.99, quantity: 1 };
const designedTee: LocalCartLine = {
  ...plainTee,
  image: "/designs/abc/preview",
  customAttributes: [
    { key: "designId", value: "abc" },
    { key: "memeId", value: "meme-1" },
  ],
};

describe("lines with a custom design", () => {
  it("keeps a plain variant and the same variant with a design as two lines", () => {
    const cart = addLine(addLine([], plainTee), designedTee);
    expect(cart).toHaveLength(2);
    expect(cart.map(designIdOf)).toEqual([null, "abc"]);
  });

  it("raises the quantity of the same variant with the same design, whatever the attributes' order", () => {
    const reordered = { ...designedTee, customAttributes: [...designedTee.customAttributes!].reverse() };
    const cart = addLine(addLine([], designedTee), reordered);
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(2);
  });

  it("keeps two different designs on one variant apart", () => {
    const other = { ...designedTee, customAttributes: [{ key: "designId", value: "xyz" }] };
    expect(addLine(addLine([], designedTee), other)).toHaveLength(2);
  });

  it("changes and removes only the line named by its key", () => {
    const cart = addLine(addLine([], plainTee), designedTee);
    expect(lineKey(plainTee)).toBe("v-tee-m");
    const changed = setLineQuantity(cart, lineKey(designedTee), 5);
    expect(changed.map((l) => l.quantity)).toEqual([1, 5]);
    expect(removeLine(cart, lineKey(plainTee))).toEqual([designedTee]);
    expect(removeLine(cart, lineKey(designedTee))).toEqual([plainTee]);
  });

  it("reads the attributes back from storage, dropping malformed ones, and older lines without them", () => {
    const stored = JSON.stringify([
      plainTee,
      { ...designedTee, customAttributes: [...designedTee.customAttributes!, { key: "", value: "x" }, { key: 3 }, "junk"] },
      { ...plainTee, id: "v-tee-l", customAttributes: "not a list" },
    ]);
    const [plain, designed, older] = parseCart(stored);
    expect(plain).not.toHaveProperty("customAttributes");
    expect(designed!.customAttributes).toEqual(designedTee.customAttributes);
    expect(older).not.toHaveProperty("customAttributes");
  });
});

describe("a design's print-quality warning on its line", () => {
  const BLURRY = "This image may print blurry at this size — make it smaller or use a larger picture";

  it("is kept through storage on a design's line", () => {
    const [line] = parseCart(JSON.stringify([{ ...designedTee, printWarning: BLURRY }]));
    expect(line!.printWarning).toBe(BLURRY);
  });

  it.each([
    ["not text", 42],
    ["an object", { text: BLURRY }],
    ["empty", "   "],
    ["far too long to be the gateway's words", "blurry ".repeat(100)],
  ])("is dropped when it is %s", (_what, printWarning) => {
    const [line] = parseCart(JSON.stringify([{ ...designedTee, printWarning }]));
    expect(line).not.toHaveProperty("printWarning");
    expect(line!.customAttributes).toEqual(designedTee.customAttributes);
  });

  it("is dropped from a line that carries no design", () => {
    const [plain, meme] = parseCart(
      JSON.stringify([
        { ...plainTee, printWarning: BLURRY },
        { ...plainTee, id: "v-tee-l", customAttributes: [{ key: "memeId", value: "meme-1" }], printWarning: BLURRY },
      ]),
    );
    expect(plain).not.toHaveProperty("printWarning");
    expect(meme).not.toHaveProperty("printWarning");
  });

  it("is dropped when it is only blank space", () => {
    const [line] = parseCart(JSON.stringify([{ ...designedTee, printWarning: " \n " }]));
    expect(line!.printWarning).toBeUndefined();
  });
});
