import { describe, expect, it } from "vitest";
import type { CartErrorReason } from "./cart.errors.js";
import type { CartLineRecord, CartLineRequest, CartRecord, CustomAttribute, MerchandiseSale } from "./cart.records.js";
import {
  MAX_ATTRIBUTES_PER_LINE,
  MAX_ATTRIBUTE_KEY_LENGTH,
  MAX_ATTRIBUTE_VALUE_LENGTH,
  MAX_LINES_PER_CALL,
  MAX_LINE_QUANTITY,
  MAX_LINE_QUANTITY_TEXT,
  checkQuantity,
  lineLabel,
  prepareLines,
  priceCart,
  priceMissing,
  unavailable,
  unavailableReason,
} from "./cart.rules.js";

const TEE = "abcdef01-2345-4678-89ab-cdef01234567";
const MUG = "22222222-2222-4222-8222-222222222222";
const variant = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const line = (over: Partial<CartLineRequest> = {}): CartLineRequest => ({ variantId: TEE, quantity: 1, customAttributes: [], ...over });
const attrs = (...pairs: [string, string][]): CustomAttribute[] => pairs.map(([key, value]) => ({ key, value }));

/** A cart refusal as callers see it: the cart's reason, the domain code, the field and the message. */
function shape(error: unknown) {
  const e = error as { reason: CartErrorReason; code: string; field?: string; message: string; name: string };
  return { name: e.name, reason: e.reason, code: e.code, field: e.field, message: e.message };
}

/** What the rule threw. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return shape(error);
  }
  throw new Error("expected a refusal");
}

describe("checkQuantity: a whole number from 1 to 99,999", () => {
  it("writes the bound as messages do", () => {
    expect(MAX_LINE_QUANTITY).toBe(99_999);
    expect(MAX_LINE_QUANTITY_TEXT).toBe("99,999");
  });

  it.each([1, 2, 10, 99_998, MAX_LINE_QUANTITY])("takes %i", (quantity) => {
    expect(checkQuantity(quantity, "quantity")).toBe(quantity);
  });

  it.each([0, -0, -1, MAX_LINE_QUANTITY + 1, 2 ** 31, 1.5, 0.999, NaN, Infinity, -Infinity])("refuses %d", (quantity) => {
    expect(refusal(() => checkQuantity(quantity, "lines.3.quantity"))).toEqual({
      name: "CartError",
      reason: "INVALID_QUANTITY",
      code: "INVALID_INPUT",
      field: "lines.3.quantity",
      message: "Quantity must be a whole number from 1 to 99,999",
    });
  });
});

describe("lineLabel: how an error names a line", () => {
  it.each<[string, { title?: string | null; variantId: string }, string | undefined, string]>([
    ["the title the shopper saw, trimmed", { title: "  Subcommittee Tee ", variantId: TEE }, "Catalog Title", "Subcommittee Tee"],
    ["the catalog's title when none was sent", { variantId: TEE }, "Catalog Title", "Catalog Title"],
    ["the catalog's title for a blank title", { title: "   ", variantId: TEE }, "Catalog Title", "Catalog Title"],
    ["the catalog's title for a null title", { title: null, variantId: TEE }, "Catalog Title", "Catalog Title"],
    ["the variant id, trimmed, without either", { variantId: `  ${TEE} ` }, undefined, TEE],
    ["'unknown item' for a blank variant id", { variantId: "   " }, undefined, "unknown item"],
    ["a title cut at 200 characters", { title: "t".repeat(250), variantId: TEE }, undefined, "t".repeat(200)],
    ["a variant id cut at 100 characters", { variantId: "v".repeat(150) }, undefined, "v".repeat(100)],
  ])("%s", (_case, requested, productTitle, label) => {
    expect(lineLabel(requested, productTitle)).toBe(label);
  });
});

describe("priceMissing", () => {
  it.each<[string, Error, CartErrorReason]>([
    ["PRICE_MISSING by default", priceMissing("Mug", "lines.0.variantId"), "PRICE_MISSING"],
    ["PRICE_MISSING when asked", priceMissing("Mug", "lines.0.variantId", "PRICE_MISSING"), "PRICE_MISSING"],
    ["MERCHANDISE_NOT_FOUND when asked", priceMissing("Mug", "lines.0.variantId", "MERCHANDISE_NOT_FOUND"), "MERCHANDISE_NOT_FOUND"],
  ])("%s, naming the line", (_case, error, reason) => {
    expect(shape(error)).toEqual({ name: "CartError", reason, code: "INVALID_INPUT", field: "lines.0.variantId", message: "Price data missing for item: Mug" });
  });
});

describe("prepareLines: the lines of one call, checked and merged", () => {
  it.each<[string, CartLineRequest[], string | undefined, { reason: CartErrorReason; field: string; message: string }]>([
    [
      "a variant id that cannot exist, named by its title",
      [line(), line({ variantId: "gid://nope", title: "Old Mug" })],
      undefined,
      { reason: "MERCHANDISE_NOT_FOUND", field: "lines.1.variantId", message: "Price data missing for item: Old Mug" },
    ],
    [
      "a variant id that cannot exist, named by itself",
      [line({ variantId: "nope" })],
      "items",
      { reason: "MERCHANDISE_NOT_FOUND", field: "items.0.variantId", message: "Price data missing for item: nope" },
    ],
    [
      "a quantity of 0",
      [line(), line({ variantId: MUG, quantity: 0 })],
      undefined,
      { reason: "INVALID_QUANTITY", field: "lines.1.quantity", message: "Quantity must be a whole number from 1 to 99,999" },
    ],
    [
      "repeats adding up past the bound (named at the repeat)",
      [line({ quantity: MAX_LINE_QUANTITY }), line({ variantId: MUG }), line({ quantity: 1 })],
      undefined,
      { reason: "INVALID_QUANTITY", field: "lines.2.quantity", message: "Quantity must be a whole number from 1 to 99,999" },
    ],
    [
      "one custom attribute too many",
      [line({ customAttributes: Array.from({ length: MAX_ATTRIBUTES_PER_LINE + 1 }, (_, i) => ({ key: `k${i}`, value: "v" })) })],
      undefined,
      { reason: "INVALID_ATTRIBUTES", field: "lines.0.customAttributes", message: "A line takes at most 10 custom attributes" },
    ],
    [
      "a blank attribute key",
      [line({ customAttributes: attrs(["designId", "d"], ["  ", "x"]) })],
      undefined,
      { reason: "INVALID_ATTRIBUTES", field: "lines.0.customAttributes.1.key", message: "A custom attribute key must be 1 to 64 characters" },
    ],
    [
      "an attribute key one character too long",
      [line({ customAttributes: attrs(["k".repeat(MAX_ATTRIBUTE_KEY_LENGTH + 1), "x"]) })],
      undefined,
      { reason: "INVALID_ATTRIBUTES", field: "lines.0.customAttributes.0.key", message: "A custom attribute key must be 1 to 64 characters" },
    ],
    [
      "an attribute value one character too long",
      [line({ customAttributes: attrs(["note", "v".repeat(MAX_ATTRIBUTE_VALUE_LENGTH + 1)]) })],
      undefined,
      { reason: "INVALID_ATTRIBUTES", field: "lines.0.customAttributes.0.value", message: "A custom attribute value must be at most 500 characters" },
    ],
    [
      "an attribute key given twice (once trimmed)",
      [line({ customAttributes: attrs(["designId", "a"], [" designId ", "b"]) })],
      undefined,
      { reason: "INVALID_ATTRIBUTES", field: "lines.0.customAttributes.1.key", message: 'The custom attribute "designId" is given twice' },
    ],
  ])("refuses %s", (_case, lines, field, expected) => {
    expect(refusal(() => (field ? prepareLines(lines, field) : prepareLines(lines)))).toMatchObject(expected);
  });

  it.each<[string, CartLineRequest[], { variantId: string; quantity: number; field: string; attributes: CustomAttribute[] }[]]>([
    ["one line as it is", [line({ quantity: 2 })], [{ variantId: TEE, quantity: 2, field: "lines.0", attributes: [] }]],
    [
      "the same variant twice: one line, quantities added, placed where it first came",
      [line({ quantity: 2 }), line({ variantId: MUG }), line({ quantity: 3 })],
      [
        { variantId: TEE, quantity: 5, field: "lines.0", attributes: [] },
        { variantId: MUG, quantity: 1, field: "lines.1", attributes: [] },
      ],
    ],
    [
      "the same variant in upper case: the same line, lower-cased",
      [line({ variantId: TEE.toUpperCase() }), line()],
      [{ variantId: TEE, quantity: 2, field: "lines.0", attributes: [] }],
    ],
    [
      "repeats reaching exactly the bound",
      [line({ quantity: MAX_LINE_QUANTITY - 1 }), line({ quantity: 1 })],
      [{ variantId: TEE, quantity: MAX_LINE_QUANTITY, field: "lines.0", attributes: [] }],
    ],
    [
      "the same attributes in another order: the same design, one line",
      [line({ customAttributes: attrs(["a", "1"], ["b", "2"]) }), line({ customAttributes: attrs(["b", "2"], ["a", "1"]) })],
      [{ variantId: TEE, quantity: 2, field: "lines.0", attributes: attrs(["a", "1"], ["b", "2"]) }],
    ],
    [
      "different attributes: two lines",
      [line({ customAttributes: attrs(["designId", "x"]) }), line({ customAttributes: attrs(["designId", "y"]) }), line()],
      [
        { variantId: TEE, quantity: 1, field: "lines.0", attributes: attrs(["designId", "x"]) },
        { variantId: TEE, quantity: 1, field: "lines.1", attributes: attrs(["designId", "y"]) },
        { variantId: TEE, quantity: 1, field: "lines.2", attributes: [] },
      ],
    ],
    [
      "attribute keys trimmed, values kept as given; the limits themselves taken",
      [
        line({
          customAttributes: [
            { key: "  designId ", value: " keep spaces " },
            { key: "k".repeat(MAX_ATTRIBUTE_KEY_LENGTH), value: "v".repeat(MAX_ATTRIBUTE_VALUE_LENGTH) },
            ...Array.from({ length: MAX_ATTRIBUTES_PER_LINE - 2 }, (_, i) => ({ key: `k${i}`, value: "" })),
          ],
        }),
      ],
      [
        {
          variantId: TEE,
          quantity: 1,
          field: "lines.0",
          attributes: [
            { key: "designId", value: " keep spaces " },
            { key: "k".repeat(MAX_ATTRIBUTE_KEY_LENGTH), value: "v".repeat(MAX_ATTRIBUTE_VALUE_LENGTH) },
            ...Array.from({ length: MAX_ATTRIBUTES_PER_LINE - 2 }, (_, i) => ({ key: `k${i}`, value: "" })),
          ],
        },
      ],
    ],
    [
      "as many lines as a call takes",
      Array.from({ length: MAX_LINES_PER_CALL }, (_, i) => line({ variantId: variant(i) })),
      Array.from({ length: MAX_LINES_PER_CALL }, (_, i) => ({ variantId: variant(i), quantity: 1, field: `lines.${i}`, attributes: [] })),
    ],
  ])("merges %s", (_case, lines, expected) => {
    expect(prepareLines(lines).map((l) => ({ variantId: l.variantId, quantity: l.quantity, field: l.field, attributes: l.customAttributes }))).toEqual(expected);
  });

  it.each<[string | null | undefined, string | null]>([
    ["  Subcommittee Tee ", "Subcommittee Tee"],
    ["   ", null],
    [null, null],
    [undefined, null],
  ])("keeps the title %j as %j", (title, kept) => {
    expect(prepareLines([line({ title })])[0]!.title).toBe(kept);
  });

  it("keys a line by its sorted attributes, the same whatever their order", () => {
    const [a] = prepareLines([line({ customAttributes: attrs(["b", "2"], ["a", "1"]) })]);
    const [b] = prepareLines([line({ customAttributes: attrs(["a", "1"], ["b", "2"]) })]);
    expect(a!.attributesKey).toBe('[["a","1"],["b","2"]]');
    expect(b!.attributesKey).toBe(a!.attributesKey);
    expect(prepareLines([line()])[0]!.attributesKey).toBe("[]");
  });
});

describe("priceCart: totals from the lines' current prices", () => {
  const cartOf = (lines: [number, number][]): CartRecord => ({
    id: "c",
    checkoutToken: "t",
    customerId: null,
    status: "OPEN",
    paymentStarted: false,
    discountCodeId: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    touchedAt: new Date(0),
    lines: lines.map(
      ([priceCents, quantity], i): CartLineRecord => ({
        id: `l${i}`,
        quantity,
        customAttributes: [],
        merchandise: {
          variantId: variant(i),
          variantTitle: "Default Title",
          priceCents,
          compareAtCents: null,
          selectedOptions: [],
          productId: "p",
          productHandle: "h",
          productTitle: "T",
          imageUrl: null,
          forSale: true,
          archived: false,
          productStatus: "ACTIVE",
        },
      }),
    ),
  });

  it.each<[string, [number, number][], number[], number, number]>([
    ["an empty cart", [], [], 0, 0],
    ["one line", [[2499, 1]], [2499], 1, 2499],
    ["a line of three", [[2499, 3]], [7497], 3, 7497],
    ["two lines", [[2499, 2], [1699, 1]], [4998, 1699], 3, 6697],
    ["a free line", [[0, 4], [1, 1]], [0, 1], 5, 1],
    ["the highest price at the highest quantity", [[99_999_999, MAX_LINE_QUANTITY]], [9_999_899_900_001], MAX_LINE_QUANTITY, 9_999_899_900_001],
  ])("%s", (_case, lines, lineTotals, totalQuantity, subtotal) => {
    const cart = cartOf(lines);
    const priced = priceCart(cart);
    expect(priced.lines.map((l) => l.totalCents)).toEqual(lineTotals);
    expect(priced.totalQuantity).toBe(totalQuantity);
    expect(priced.subtotalCents).toBe(subtotal);
    // Before checkout the total is the subtotal (shipping comes at checkout).
    expect(priced.totalCents).toBe(subtotal);
    expect(priced.lines.map((l) => l.id)).toEqual(cart.lines.map((l) => l.id));
    expect(priced.id).toBe(cart.id);
  });
});

describe("unavailableReason: may this variant be bought now", () => {
  const pin: MerchandiseSale = { productTitle: "Enamel Pin", variantTitle: "Default Title", forSale: true, archived: false, productStatus: "ACTIVE" };
  const tee: MerchandiseSale = { ...pin, productTitle: "Tee", variantTitle: "M / Black" };

  it.each<[string, MerchandiseSale, string | null]>([
    ["a variant on sale of an active product", pin, null],
    ["a variant staff removed", { ...pin, archived: true }, "Enamel Pin is no longer available"],
    ["a variant of a draft", { ...pin, productStatus: "DRAFT" }, "Enamel Pin is no longer available"],
    ["a variant of an archived product", { ...pin, productStatus: "ARCHIVED" }, "Enamel Pin is no longer available"],
    ["a variant taken off sale", { ...pin, forSale: false }, "Enamel Pin is not available for sale right now"],
    ["a removed variant that was also off sale", { ...pin, forSale: false, archived: true }, "Enamel Pin is no longer available"],
    ["a variant with options, by the product and the variant", { ...tee, forSale: false }, "Tee (M / Black) is not available for sale right now"],
  ])("%s", (_case, merchandise, reason) => {
    expect(unavailableReason(merchandise)).toBe(reason);
    const error = unavailable(merchandise, "lines.0.variantId");
    expect(error === null ? null : shape(error)).toEqual(
      reason === null ? null : { name: "CartError", reason: "MERCHANDISE_NOT_APPLICABLE", code: "INVALID_INPUT", field: "lines.0.variantId", message: reason },
    );
  });
});
