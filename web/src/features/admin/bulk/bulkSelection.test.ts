import { describe, expect, it } from "vitest";
import { changeInput, selectionFromParams, selectionInput, selectionParams } from "./bulkSelection";

describe("a bulk change's selection in the address", () => {
  it("reads ticked products, a collection and a search, and writes them back", () => {
    for (const address of ["ids=p-1,p-2", "by=collection&collection=c-1", "by=search&q=mug&status=DRAFT", "by=search"]) {
      expect(decodeURIComponent(selectionParams(selectionFromParams(new URLSearchParams(address))).toString())).toBe(address);
    }
    expect(selectionFromParams(new URLSearchParams(""))).toMatchObject({ kind: "collection", collectionId: "" });
    expect(selectionFromParams(new URLSearchParams("by=search&status=BOGUS")).status).toBeNull();
  });

  it("is sent as the gateway's selection once complete", () => {
    expect(selectionInput(selectionFromParams(new URLSearchParams("ids=p-1,p-2")))).toEqual({ by: "PRODUCT_IDS", productIds: ["p-1", "p-2"] });
    expect(selectionInput(selectionFromParams(new URLSearchParams("by=collection")))).toBeNull();
    expect(selectionInput(selectionFromParams(new URLSearchParams("by=collection&collection=c-1")))).toEqual({ by: "COLLECTION", collectionId: "c-1" });
    expect(selectionInput(selectionFromParams(new URLSearchParams("by=search&q=%20mug%20")))).toEqual({ by: "SEARCH", search: "mug", status: null });
    expect(selectionInput(selectionFromParams(new URLSearchParams("by=search")))).toEqual({ by: "SEARCH", search: null, status: null });
  });
});

describe("the change as typed", () => {
  it.each([
    ["percent", "-15", { change: { percent: "-15" } }],
    ["percent", " +12.5% ", { change: { percent: "+12.5" } }],
    ["percent", "0", { problem: "A change of 0% would change nothing" }],
    ["percent", "-100", { problem: "A cut must be less than 100%" }],
    ["percent", "1.234", { problem: "Enter a percentage such as -15 or 10 (at most two decimals)" }],
    ["amount", "$19.99", { change: { amount: "19.99" } }],
    ["amount", "0", { problem: "Enter an amount in dollars and cents, e.g. 24.99" }],
    ["amount", "abc", { problem: "Enter an amount in dollars and cents, e.g. 24.99" }],
  ] as const)("%s %j", (kind, text, expected) => {
    expect(changeInput(kind, text)).toEqual(expected);
  });
});
