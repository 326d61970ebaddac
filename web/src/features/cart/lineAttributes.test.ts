import { describe, expect, it } from "vitest";
import { attributesKey, designIdOf, designLineAttributes, lineKindOf, memeLineAttributes, readLineAttributes } from "./lineAttributes";

// The keys are what the gateway and the order keep (docs/api.md "Designs"), so they are spelled out here.
describe("a cart line's custom attributes", () => {
  it.each([
    ["a meme from the gallery", memeLineAttributes("m-1"), [{ key: "memeId", value: "m-1" }]],
    ["a studio design", designLineAttributes("d-1", null), [{ key: "designId", value: "d-1" }]],
    [
      "a studio design that shows a meme",
      designLineAttributes("d-1", "m-1"),
      [
        { key: "designId", value: "d-1" },
        { key: "memeId", value: "m-1" },
      ],
    ],
  ])("%s", (_label, built, expected) => {
    expect(built).toEqual(expected);
  });

  it.each([
    ["no attributes", undefined, "plain", null],
    ["an unrelated attribute", [{ key: "gift", value: "yes" }], "plain", null],
    ["a meme", memeLineAttributes("m-1"), "meme", null],
    ["a design", designLineAttributes("d-1", null), "design", "d-1"],
    ["a design showing a meme", designLineAttributes("d-1", "m-1"), "design", "d-1"],
  ])("a line with %s is a %s line", (_label, customAttributes, kind, designId) => {
    expect(lineKindOf({ customAttributes })).toBe(kind);
    expect(designIdOf({ customAttributes })).toBe(designId);
  });

  it("reads only named string pairs, without anything else they carry", () => {
    const answered = [
      { __typename: "Attribute", key: "designId", value: "d-1" },
      { key: "", value: "nameless" },
      { key: "memeId", value: 7 },
      null,
      "memeId",
    ];
    expect(readLineAttributes(answered)).toEqual([{ key: "designId", value: "d-1" }]);
    expect(readLineAttributes({ key: "designId", value: "d-1" })).toEqual([]);
  });

  it("keys the same attributes in any order alike, and different values apart", () => {
    const forward = attributesKey(designLineAttributes("d-1", "m-1"));
    expect(attributesKey([...designLineAttributes("d-1", "m-1")].reverse())).toBe(forward);
    expect(attributesKey(designLineAttributes("d-2", "m-1"))).not.toBe(forward);
  });
});
