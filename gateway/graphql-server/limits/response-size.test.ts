import { describe, expect, it } from "vitest";
import { jsonBytesBound } from "./response-size.js";

// The response-size cap (limits/plugin.ts) skips writing an answer out when this bound shows it is
// under the cap, so the bound must never be below the answer's real size.

const exact = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** A small deterministic generator, so that a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

const CHARACTERS = ["a", "\"", "\\", "\n", "\u0001", "\u007f", "é", "€", "\u2028", "😀", "\ud800", "\udfff", " "];
const NUMBERS = [0, -0, 1, -1, 0.1, 1 / 3, -0.0000012345678901234567, -2.2250738585072014e-308, 1.7976931348623157e308, 123456789012345680000, Number.NaN, Infinity];

function randomValue(pick: (n: number) => number, depth: number): unknown {
  switch (pick(depth > 3 ? 5 : 7)) {
    case 0:
      return null;
    case 1:
      return pick(2) === 0;
    case 2:
      return NUMBERS[pick(NUMBERS.length)];
    case 3:
    case 4:
      return Array.from({ length: pick(12) }, () => CHARACTERS[pick(CHARACTERS.length)]).join("");
    case 5:
      return Array.from({ length: pick(5) }, () => randomValue(pick, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = pick(5); i > 0; i--) object[Array.from({ length: 1 + pick(4) }, () => CHARACTERS[pick(CHARACTERS.length)]).join("")] = pick(6) === 0 ? undefined : randomValue(pick, depth + 1);
      return object;
    }
  }
}

describe("the bound on an answer's size as JSON", () => {
  it("is never below the size JSON.stringify gives, whatever the characters and numbers", () => {
    for (const value of [...NUMBERS, ...CHARACTERS.map((c) => c.repeat(50))]) expect(jsonBytesBound([value], Number.MAX_SAFE_INTEGER), String(value)).toBeGreaterThanOrEqual(exact([value]));
    const pick = generator(20_261_127);
    for (let i = 0; i < 3_000; i++) {
      const value = { data: randomValue(pick, 0) };
      expect(jsonBytesBound(value, Number.MAX_SAFE_INTEGER), JSON.stringify(value)).toBeGreaterThanOrEqual(exact(value));
    }
  });

  it("gives up (Infinity) past the figure it was asked about, and at what JSON writes otherwise than its fields", () => {
    const page = { data: { products: Array.from({ length: 24 }, (_, i) => ({ id: `p${i}`, title: "A title" })) } };
    expect(jsonBytesBound(page, 10)).toBe(Infinity);
    expect(jsonBytesBound(page, 1_000_000)).toBeGreaterThanOrEqual(exact(page));
    expect(jsonBytesBound({ data: { at: new Date(0) } }, 1_000_000)).toBe(Infinity);
    expect(jsonBytesBound({ data: { custom: { toJSON: () => "x".repeat(100) } } }, 1_000_000)).toBe(Infinity);
    expect(jsonBytesBound({ data: { map: new Map([["a", 1]]) } }, 1_000_000)).toBe(Infinity);
    expect(jsonBytesBound({ data: { big: 1n } }, 1_000_000)).toBe(Infinity);
  });
});
