import { describe, expect, it } from "vitest";
import { escapeCell, unescapeCell } from "./catalog-csv-format.js";
import { parseCatalogCsv } from "./catalog-csv-reader.js";

const file = (...lines: string[]) => Buffer.from(lines.join("\n"));
const HEADER = "Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price";

describe("formula cells: escaped on export, taken back on import", () => {
  it.each([
    ["=SUM(A1)", "'=SUM(A1)"],
    ["+1", "'+1"],
    ["-5", "'-5"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
    ["plain", "plain"],
    ["'quoted", "'quoted"],
    ["", ""],
  ])("%j is written %j and read back", (value, written) => {
    expect(escapeCell(value)).toBe(written);
    expect(unescapeCell(written)).toBe(value);
  });
});

describe("parseCatalogCsv", () => {
  it("groups a handle's rows: fields from its first row, values in the order the rows name them", () => {
    const parsed = parseCatalogCsv(file(HEADER, "tee,Tee,Size,M,Color,Red,T-M-R,20.00", "tee,,,S,,Red,T-S-R,19.00", "tee,,,M,,Blue,,20.00"));
    expect(parsed.errors).toEqual([]);
    expect(parsed.products).toEqual([
      {
        handle: "tee",
        row: 2,
        fields: { title: "Tee" },
        options: [
          { name: "Size", values: ["M", "S"] },
          { name: "Color", values: ["Red", "Blue"] },
        ],
        variants: [
          { row: 2, optionValues: ["M", "Red"], priceCents: 2000, sku: "T-M-R" },
          { row: 3, optionValues: ["S", "Red"], priceCents: 1900, sku: "T-S-R" },
          { row: 4, optionValues: ["M", "Blue"], priceCents: 2000, sku: "" },
        ],
        invalid: false,
      },
    ]);
  });

  it("reads Shopify's Title / Default Title as a product without options", () => {
    const parsed = parseCatalogCsv(file(HEADER, "pin,Pin,Title,Default Title,,,P-1,5.00"));
    expect(parsed.products[0]).toMatchObject({ options: [], variants: [{ optionValues: [] }] });
  });

  it.each([
    [["tee,Tee,,,Color,Red,,5.00"], { row: 2, column: "Option2 Name", message: "Option2 Name needs Option1 Name before it" }],
    [["tee,Tee,Size,M,,,,5.00", "tee,,,,,,,5.00"], { row: 3, column: "Option1 Value", message: "Option1 Value must be 1 to 60 characters" }],
    [["tee,Tee,Size,M,,,,5.00", "tee,,,L,,Blue,,5.00"], { row: 3, column: "Option2 Value", message: "Option2 Value needs Option2 Name on the product's first row (row 2)" }],
    [["tee,Tee,Size,M,,,A,5.00", "tee,,,L,,,A,5.00"], { row: 3, column: "Variant SKU", message: 'Two variants both have the SKU "A" (rows 2 and 3)' }],
    [["tee,Tee,Size,M,,,,5.00", "tee,,Colour,L,,,,5.00"], { row: 3, column: "Option1 Name", message: "Option1 Name differs from the product's first row (row 2); a product's fields go on its first row" }],
    [["tee,Tee,Size,M,,,,5.00,extra"], { row: 2, column: null, message: "Row 2 has 9 cells but the header names 8 columns" }],
    [[",Tee,Size,M,,,,5.00"], { row: 2, column: "Handle", message: "Handle is required on every row" }],
    [["tee,Tee,Size,M,,,,0.00"], { row: 2, column: "Variant Price", message: "Variant Price must be more than 0.00" }],
  ])("names the row and column of %j", (rows, error) => {
    const parsed = parseCatalogCsv(file(HEADER, ...rows));
    expect(parsed.errors[0]).toEqual(error);
    expect(parsed.products.every((p) => p.invalid)).toBe(true);
  });

  it("skips empty lines, and refuses a header naming a column twice", () => {
    expect(parseCatalogCsv(file(HEADER, "", "pin,Pin,Title,Default Title,,,,5.00", ",,,,,,,")).products).toHaveLength(1);
    expect(parseCatalogCsv(file("Handle,handle,Variant Price")).errors).toEqual([{ row: null, column: null, message: 'The header names the column "Handle" twice' }]);
  });
});
