import { describe, expect, it } from "vitest";
import { addOption, changeOptionValues, draftOf, hasChanges, inputOf, newProductDraft, parseList, removeOption, variantTitle, type ProductDraft } from "./productDraft";
import { checkDraft, placeProductErrors, readableMessage } from "./productErrors";
import { adminProduct, adminVariant } from "./productTestData";

const context = { isNew: false, imageIds: ["img-1"] };
const titles = (draft: ProductDraft) => draft.variants.map((v) => variantTitle(v.values, draft.options));
const ids = (draft: ProductDraft) => draft.variants.map((v) => v.id);

/** A tee in S and M, Black and Navy: four saved variants. */
function tee(): ProductDraft {
  return draftOf(
    adminProduct({
      options: [
        { __typename: "AdminProductOption", id: "opt-size", name: "Size", values: ["S", "M"] },
        { __typename: "AdminProductOption", id: "opt-color", name: "Color", values: ["Black", "Navy"] },
      ],
      variants: [
        adminVariant("v-s-black", ["Size", "S"], ["Color", "Black"]),
        adminVariant("v-s-navy", ["Size", "S"], ["Color", "Navy"]),
        adminVariant("v-m-black", ["Size", "M"], ["Color", "Black"], { sold: true }),
        adminVariant("v-m-navy", ["Size", "M"], ["Color", "Navy"]),
      ],
    }),
  );
}

describe("the variants grid made from the options", () => {
  it("adds a value's combinations as new variants and keeps every saved one with its id and fields", () => {
    const before = tee();
    before.variants[1]!.price = "30.00";
    const after = changeOptionValues(before, "opt-size", "S, M, L");
    expect(titles(after)).toEqual(["S / Black", "S / Navy", "M / Black", "M / Navy", "L / Black", "L / Navy"]);
    expect(ids(after)).toEqual(["v-s-black", "v-s-navy", "v-m-black", "v-m-navy", null, null]);
    expect(after.variants[1]!.price).toBe("30.00");
    // A new variant starts at the first variant's price.
    expect(after.variants[4]).toMatchObject({ id: null, price: "24.99", sku: "", availableForSale: true });
  });

  it("retires the combinations of a removed value, and brings them back, ids and all, when the value returns", () => {
    const without = changeOptionValues(tee(), "opt-size", "S");
    expect(ids(without)).toEqual(["v-s-black", "v-s-navy"]);
    expect(without.retired.map((v) => v.id)).toEqual(["v-m-black", "v-m-navy"]);
    const back = changeOptionValues(without, "opt-size", "S, M");
    expect(ids(back)).toEqual(["v-s-black", "v-s-navy", "v-m-black", "v-m-navy"]);
    expect(back.retired).toEqual([]);
  });

  it("follows a value renamed in place, one letter at a time, instead of replacing its variants", () => {
    let draft = tee();
    for (const text of ["Black, Nav", "Black, Na", "Black, Nav", "Black, Navy Blue"]) draft = changeOptionValues(draft, "opt-color", text);
    expect(titles(draft)).toEqual(["S / Black", "S / Navy Blue", "M / Black", "M / Navy Blue"]);
    expect(ids(draft)).toEqual(["v-s-black", "v-s-navy", "v-m-black", "v-m-navy"]);
  });

  it("keeps each variant with its own values when the values are reordered", () => {
    const draft = changeOptionValues(tee(), "opt-color", "Navy, Black");
    expect(titles(draft)).toEqual(["S / Navy", "S / Black", "M / Navy", "M / Black"]);
    expect(ids(draft)).toEqual(["v-s-navy", "v-s-black", "v-m-navy", "v-m-black"]);
  });

  it("gives the saved variants a new option's first value, so adding an option keeps their ids", () => {
    const withMaterial = addOption(tee());
    const key = withMaterial.options[2]!.key;
    const draft = changeOptionValues(withMaterial, key, "Cotton, Organic");
    expect(draft.variants).toHaveLength(8);
    expect(titles(draft).slice(0, 2)).toEqual(["S / Black / Cotton", "S / Black / Organic"]);
    expect(ids(draft)).toEqual(["v-s-black", null, "v-s-navy", null, "v-m-black", null, "v-m-navy", null]);
  });

  it("keeps the first variant of each remaining combination when an option is removed", () => {
    const draft = removeOption(tee(), "opt-color");
    expect(titles(draft)).toEqual(["S", "M"]);
    expect(ids(draft)).toEqual(["v-s-black", "v-m-black"]);
    expect(draft.retired.map((v) => v.id)).toEqual(["v-s-navy", "v-m-navy"]);
  });

  it("turns a product's one variant into the first of its new option's", () => {
    const single = draftOf(adminProduct({ options: [], variants: [adminVariant("v-only")] }));
    const withSize = addOption(single);
    const draft = changeOptionValues(withSize, withSize.options[0]!.key, "S, M");
    expect(ids(draft)).toEqual(["v-only", null]);
  });

  it("allows at most three options", () => {
    const four = addOption(addOption(tee()));
    expect(four.options).toHaveLength(3);
  });
});

describe("what Save sends", () => {
  it("sends every field, the options' values as lists, and each variant's option values in the options' order", () => {
    const draft = changeOptionValues(tee(), "opt-size", "S,  M , L");
    draft.tags = "Sale, New ,, sale";
    draft.variants[0]!.compareAtPrice = " 29.99 ";
    draft.variants[0]!.imageId = "img-1";
    draft.variants[1]!.imageId = "img-gone";
    const { input, sent } = inputOf(draft, context);
    expect(input).toMatchObject({ title: "Impeachment Tee", handle: "impeachment-tee", status: "ACTIVE", tags: ["Sale", "New"] });
    expect(input.options).toEqual([
      { name: "Size", values: ["S", "M", "L"] },
      { name: "Color", values: ["Black", "Navy"] },
    ]);
    expect(input.variants![0]).toEqual({
      id: "v-s-black",
      optionValues: ["S", "Black"],
      price: "24.99",
      compareAtPrice: "29.99",
      sku: "",
      availableForSale: true,
      imageId: "img-1",
      partnerVariantId: null,
    });
    // An image removed meanwhile is sent as none; a new variant has no id.
    expect(input.variants![1]!.imageId).toBeNull();
    expect(input.variants![4]).not.toHaveProperty("id");
    expect(sent.variantKeys).toHaveLength(6);
  });

  it("leaves a new product's empty handle to the gateway (made from the title), and skips an option row left empty", () => {
    const draft = addOption({ ...newProductDraft(), title: "Mug", variants: [{ ...newProductDraft().variants[0]!, price: "9.99" }] });
    const { input, sent } = inputOf(draft, { isNew: true, imageIds: [] });
    expect(input).not.toHaveProperty("handle");
    expect(input.options).toEqual([]);
    expect(input.variants).toEqual([{ optionValues: [], price: "9.99", compareAtPrice: null, sku: "", availableForSale: true, imageId: null, partnerVariantId: null }]);
    expect(sent.optionKeys).toEqual([]);
  });

  it("counts as changed only what would send something different", () => {
    const saved = tee();
    expect(hasChanges(tee(), saved, context)).toBe(false);
    expect(hasChanges({ ...tee(), tags: "Committees,Gift" }, saved, context)).toBe(false);
    expect(hasChanges(changeOptionValues(tee(), "opt-size", "S, M,"), saved, context)).toBe(false);
    expect(hasChanges({ ...tee(), title: "Another" }, saved, context)).toBe(true);
    expect(hasChanges(changeOptionValues(tee(), "opt-size", "S"), saved, context)).toBe(true);
  });

  it("reads a comma-separated list without blanks or repeats", () => {
    expect(parseList(" S, M , ,L, s,")).toEqual(["S", "M", "L"]);
  });
});

describe("the gateway's refusals at their fields", () => {
  it("places product fields, option rows and variant cells by the index they were sent at", () => {
    const draft = tee();
    const { sent } = inputOf(draft, context);
    const placed = placeProductErrors(
      [
        { field: "handle", message: 'Another product already has the handle "x"' },
        { field: "variants.2.price", message: "variants.2.price must be an amount in dollars and cents, e.g. 24.99" },
        { field: "input.variants.3.sku", message: 'Two variants both have the SKU "A"' },
        { field: "variants.1.optionValues", message: "Two variants are both S / Navy" },
        { field: "options.1.values", message: "options.1.values[2] must be 1 to 60 characters" },
        { field: "tags", message: "tags[0] must be 1 to 60 characters" },
        { field: null, message: "Something else" },
      ],
      sent,
    );
    expect(placed.byField).toEqual({
      handle: 'Another product already has the handle "x"',
      [`variant:${draft.variants[2]!.key}.price`]: "Price must be an amount in dollars and cents, e.g. 24.99",
      [`variant:${draft.variants[3]!.key}.sku`]: 'Two variants both have the SKU "A"',
      [`variant:${draft.variants[1]!.key}`]: "Two variants are both S / Navy",
      "option:opt-color.values": "Value 3 must be 1 to 60 characters",
      tags: "Tag 1 must be 1 to 60 characters",
    });
    expect(placed.general).toEqual(["Something else"]);
  });

  it("says a field's path in the editor's words", () => {
    expect(readableMessage("title", "title must not be blank")).toBe("Title must not be blank");
    expect(readableMessage("variants.0.compareAtPrice", "The compare-at price must be more than the price")).toBe("The compare-at price must be more than the price");
  });

  it("checks the title and every price before asking the gateway", () => {
    const draft = tee();
    draft.title = " ";
    draft.variants[0]!.price = "";
    draft.variants[1]!.price = "12.345";
    draft.variants[2]!.price = "0";
    draft.variants[3]!.compareAtPrice = "20";
    expect(checkDraft(draft).byField).toEqual({
      title: "Enter the product's title",
      [`variant:v-s-black.price`]: "Enter a price",
      [`variant:v-s-navy.price`]: "Enter dollars and cents, e.g. 24.99",
      [`variant:v-m-black.price`]: "Enter more than 0.00",
      [`variant:v-m-navy.compareAtPrice`]: "Enter more than the price, or leave it empty",
    });
  });
});
