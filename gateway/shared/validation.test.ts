import "reflect-metadata";
import { getMetadataStorage, validateSync, type ValidationError } from "class-validator";
import { describe, expect, it } from "vitest";
// Every input class of the API: GraphQL's argument and input types (through the schema's
// resolvers) and REST's body classes (through the app's routes).
import "../app.js";
import { DomainError, invalidInput } from "./errors.js";
import { checkArgument, type Check } from "./validation.js";

// The declared checks run directly from their declarations (validation.ts firstProblem), not through
// class-validator's validateSync: for every input class and many kinds of wrong input, the first
// refusal is the one class-validator's own run (stopAtFirstError, the first error's check) answered.

type Declaration = { check: Check };

/** What the checks answered through class-validator's run, as validation.ts did before. */
function throughClassValidator(input: object): DomainError | null {
  const [first] = validateSync(input, { forbidUnknownValues: false, stopAtFirstError: true });
  if (!first) return null;
  const error: ValidationError = first;
  const declaration = Object.values(error.contexts ?? {}).map((c) => (c as { declaration?: Declaration }).declaration).find(Boolean)!;
  const found = declaration.check(error.value, error.property, input as Record<string, unknown>);
  if (found === null) return null;
  return typeof found === "string" ? invalidInput(error.property, found) : found;
}

function directly(input: object): DomainError | null {
  try {
    checkArgument(input);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

const outcome = (error: DomainError | null) => (error ? { code: error.code, field: error.field ?? null, message: error.message } : null);

const SAMPLES: unknown[] = [
  undefined,
  null,
  "",
  "   ",
  "x",
  "a".repeat(5_000),
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "shopper@example.com",
  "https://example.com/a",
  "2026-11-27",
  0,
  -1,
  1.5,
  7,
  1e9,
  Number.NaN,
  true,
  false,
  [],
  ["x"],
  [{}],
  [1, 2],
  {},
];

/** A small deterministic generator, so that a failure names inputs that can be replayed. */
function* randomPicks(seed: number, count: number): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    yield state;
  }
}

const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, { propertyName: string }[]> };
const inputClasses = [...storage.validationMetadatas.keys()].filter((target): target is new () => object => typeof target === "function");

describe("the declared input checks", () => {
  it("cover the API's input classes", () => {
    expect(inputClasses.length).toBeGreaterThan(50);
  });

  it.each(inputClasses.map((type) => [type.name, type] as const))("%s refuses what class-validator's run refused, with the same error", (_name, type) => {
    const fields = [...new Set(getMetadataStorage().getTargetValidationMetadatas(type, "", false, false).map((m) => m.propertyName))];
    const inputs: Record<string, unknown>[] = [{}];
    for (const field of fields) for (const value of SAMPLES) inputs.push({ [field]: value });
    const picks = randomPicks(fields.length * 7_919 + type.name.length, fields.length * 60);
    for (let i = 0; i < fields.length * 20; i++) {
      const input: Record<string, unknown> = {};
      for (let j = 0; j < 3; j++) input[fields[picks.next().value! % fields.length]!] = SAMPLES[picks.next().value! % SAMPLES.length];
      inputs.push(input);
    }
    for (const values of inputs) {
      const expected = outcome(throughClassValidator(Object.assign(new type(), values)));
      expect(outcome(directly(Object.assign(new type(), values))), JSON.stringify(values)?.slice(0, 200)).toEqual(expected);
    }
  });
});
