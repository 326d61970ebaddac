import { getMetadataStorage, registerDecorator, validateSync } from "class-validator";
import { invalidInput } from "./errors.js";

// Input is checked once, at the edge, by declarations: class-validator decorators on the input
// classes (TypeGraphQL input and args types). GraphQL runs them through buildSchema's validateFn,
// REST adapters through parseInput with the same classes. The first failure, in the order the
// class declares its fields, is INVALID_INPUT naming its field. Services receive checked input
// and keep only the rules that need the shop's state (limits, uniqueness, prices, what a cart holds).

/** Why `value` (the input's field `field`) is refused, or null when it is fine. */
export type Check = (value: unknown, field: string, input: Record<string, unknown>) => string | null;

/** A field decorator from one check: one constraint per field, so one message, in the words the check chose. */
export function declareCheck(name: string, check: Check): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyKey),
      validator: {
        validate: (value, args) => check(value, args!.property, args!.object as Record<string, unknown>) === null,
        defaultMessage: (args) => check(args!.value, args!.property, args!.object as Record<string, unknown>) ?? "",
      },
    });
}

/** Throws INVALID_INPUT for the first declared check the input fails; answers the input otherwise. */
function checkInput<T extends object>(input: T): T {
  const [first] = validateSync(input, { forbidUnknownValues: false, stopAtFirstError: true });
  if (first) throw invalidInput(first.property, Object.values(first.constraints ?? {})[0] ?? `${first.property} is invalid`);
  return input;
}

/** GraphQL's side (buildSchema's validateFn): every argument object, or list of them, is checked. */
export function checkArgument(value: unknown): void {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (item !== null && typeof item === "object") checkInput(item);
  }
}

/**
 * REST's side: a JSON body (or query parameters already read as values) as an instance of an
 * input class, checked. Only fields with a class-validator declaration are read (a field with
 * nothing to check carries class-validator's @Allow()), so a body cannot add anything else.
 */
export function parseInput<T extends object>(type: new () => T, body: unknown): T {
  const source = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const input = new type() as Record<string, unknown>;
  const fields = new Set(getMetadataStorage().getTargetValidationMetadatas(type, "", true, false).map((m) => m.propertyName));
  for (const field of fields) {
    if (Object.hasOwn(source, field) && source[field] !== undefined) input[field] = source[field];
  }
  return checkInput(input as T);
}

const isBlank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** A required string: blank is "{field} is required". */
export const RequiredString = () => declareCheck("requiredString", (value, field) => (isBlank(value) ? `${field} is required` : null));

/** A required text of at most `max` characters once trimmed (a name, a display name). */
export const RequiredText = (max: number) =>
  declareCheck("requiredText", (value, field) => {
    if (isBlank(value)) return `${field} is required`;
    return (value as string).trim().length > max ? `${field} must be 1–${max} characters` : null;
  });

/** An optional text of at most `max` characters once trimmed (a search). */
export const OptionalText = (max: number) =>
  declareCheck("optionalText", (value, field) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== "string") return `${field} must be text`;
    return value.trim().length > max ? `${field} must be at most ${max} characters` : null;
  });

/** An optional true or false (left out, not null). */
export const OptionalBoolean = () =>
  declareCheck("optionalBoolean", (value, field) => (value === undefined || typeof value === "boolean" ? null : `${field} must be true or false`));

/** An optional choice among `values`. */
export const OptionalOneOf = (values: readonly string[]) =>
  declareCheck("optionalOneOf", (value, field) =>
    value === undefined || value === null || values.includes(value as string) ? null : `${field} must be one of ${values.join(", ")}`,
  );
