import { describe, expect, it } from "vitest";
import type { LocalCartLine } from "./localCart";
import { isEmptyPlan, planServerCart, type ServerLine } from "./serverCartPlan";

const tee: LocalCartLine = { id: "v-tee", title: "Subcommittee Tee", image: "", price: 24.99, quantity: 2 };
const memeTee: LocalCartLine = { ...tee, quantity: 1, customAttributes: [{ key: "memeId", value: "m-1" }] };
const mug: LocalCartLine = { id: "v-mug", title: "Filibuster Fuel Mug", image: "", price: 16.99, quantity: 1 };

const server = (lineId: string, merchandiseId: string, quantity: number, attributes: ServerLine["attributes"] = []): ServerLine => ({
  lineId,
  merchandiseId,
  quantity,
  attributes,
});

describe("mirroring the local cart into the server cart (one cart)", () => {
  it("adds every line to an empty server cart, a meme line apart from the plain variant", () => {
    expect(planServerCart([tee, memeTee, mug], [])).toEqual({
      remove: [],
      update: [],
      add: [
        { key: "v-tee", merchandiseId: "v-tee", quantity: 2, attributes: [] },
        { key: 'v-tee|[["memeId","m-1"]]', merchandiseId: "v-tee", quantity: 1, attributes: [{ key: "memeId", value: "m-1" }] },
        { key: "v-mug", merchandiseId: "v-mug", quantity: 1, attributes: [] },
      ],
    });
  });

  it("changes nothing when both carts agree (attributes in any order)", () => {
    const designed: LocalCartLine = { ...tee, customAttributes: [{ key: "memeId", value: "m-1" }, { key: "designId", value: "d-1" }] };
    const plan = planServerCart([designed], [server("l1", "v-tee", 2, [{ key: "designId", value: "d-1" }, { key: "memeId", value: "m-1" }])]);
    expect(isEmptyPlan(plan)).toBe(true);
  });

  it("sets changed quantities, removes lines the shopper removed, adds new ones", () => {
    const plan = planServerCart([{ ...tee, quantity: 5 }, mug], [server("l1", "v-tee", 2), server("l2", "v-tee", 1, [{ key: "memeId", value: "m-1" }])]);
    expect(plan).toEqual({
      remove: ["l2"],
      update: [{ id: "l1", quantity: 5 }],
      add: [{ key: "v-mug", merchandiseId: "v-mug", quantity: 1, attributes: [] }],
    });
  });

  it("asks for exactly the local quantities (the local cart keeps within the gateway's bound)", () => {
    expect(planServerCart([{ ...mug, quantity: 999 }], []).add[0]!.quantity).toBe(999);
    // Nothing is clamped here: a copy of the gateway's bound in the client would show as 999.
    expect(planServerCart([{ ...mug, quantity: 1000 }], []).add[0]!.quantity).toBe(1000);
  });

  it("does not offer a refused line again, and drops a duplicate server line", () => {
    const plan = planServerCart([tee, mug], [server("l1", "v-tee", 2), server("l9", "v-tee", 2)], new Set(["v-mug"]));
    expect(plan).toEqual({ remove: ["l9"], update: [], add: [] });
  });
});
