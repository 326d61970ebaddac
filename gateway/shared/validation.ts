import { getMetadataStorage, registerDecorator } from "class-validator";
import { DomainError, invalidInput } from "./errors.js";

// Input is checked once, at the edge, by declarations: class-validator decorators on the input
// classes (TypeGraphQL input and args types, and the REST adapters' body classes). GraphQL runs them
// through buildSchema's validateFn, REST adapters through parseInput with the same classes, and code
// that calls a service from outside a transport (the staff CLI and socket, the pipeline) through
// parseInput too. The first failure, in the order the class declares its fields, is INVALID_INPUT
// naming its field (or the error its check chose, such as a cart's reason). Services receive checked
// input and keep only the rules that need the shop's state (limits, uniqueness, prices, what a cart holds).
//
// Every check carries the JSON Schema (2020-12, as OpenAPI 3.1 reads it) of what it accepts, so the
// REST API's description is made from the very declarations that check its input (http/openapi/).

/** A JSON Schema (2020-12) fragment. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * Why `value` (the input's field `field`, a dotted path such as "items.0.customAttributes") is
 * refused: its message, or the error to answer (another field, or another code); null when it is fine.
 */
export type Check = (value: unknown, field: string, input: Record<string, unknown>) => string | DomainError | null;

/** A class whose instances are read and checked as input (every field declared with a check, or Accept). */
export type InputClass<T extends object = object> = new () => T;

/** What a field's declaration says: how it is checked, what it accepts (schema), and the class of its items for a list of objects. */
interface Declaration {
  check: Check;
  schema: () => JsonSchema;
  items?: () => InputClass;
  /** Whether the field must be given, when the check alone does not say (it refuses it left out). */
  required?: boolean;
}

/** Where a nested input object sits in the outer one ("items.0"); absent at the top. */
const AT = Symbol("input path");

function pathOf(object: object, property: string): string {
  const at = (object as { [AT]?: string })[AT];
  return at ? `${at}.${property}` : property;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

function declare(name: string, declaration: Declaration): PropertyDecorator {
  return (target, propertyKey) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyKey),
      // The declaration rides along as the constraint's context: the failure's error and the schema read it back.
      options: { context: { declaration } },
      validator: {
        validate: (value, args) => problem(declaration, value, args!.object, args!.property) === null,
        defaultMessage: (args) => problem(declaration, args!.value, args!.object, args!.property)?.message ?? "",
      },
    });
}

function problem(declaration: Declaration, value: unknown, object: object, property: string): DomainError | null {
  const field = pathOf(object, property);
  const found = declaration.check(value, field, object as Record<string, unknown>);
  if (found === null) return null;
  return typeof found === "string" ? invalidInput(field, found) : found;
}

/**
 * A field decorator from one check: one constraint per field, so one message, in the words the
 * check chose. `schema` is what the check accepts, as JSON Schema (a function when it names a
 * class declared further down).
 */
export function declareCheck(name: string, schema: JsonSchema | (() => JsonSchema), check: Check): PropertyDecorator {
  return declare(name, { check, schema: typeof schema === "function" ? schema : () => schema });
}

/**
 * A field read as it comes, with nothing to check here (GraphQL's type, REST's parameter reading
 * or the enclosing list's check already made sure of it, or a service rule answers for it),
 * documented as `schema` (and as required when the enclosing check requires it). Only declared
 * fields are read from a REST body.
 */
export const Accept = (schema: JsonSchema, { required = false }: { required?: boolean } = {}) =>
  declare("accept", { check: () => null, schema: () => schema, required });

interface ListOptions {
  /** Whether the list may be left out. */
  optional?: boolean;
  /** Whether the list may be null (as left out). */
  nullable?: boolean;
  /** The message for a value that is not a list. */
  notList: (field: string) => string;
  /** The message for an item that is not what the list holds (its field is "field.i"), or null when the item is read as `type`. */
  badItem: (item: unknown, field: string, index: number) => string | null;
  /** Checked once every item passed: the list as a whole (how many items). */
  then?: { check: Check; schema: JsonSchema };
}

/**
 * A list of objects each read and checked as `type` (REST bodies; GraphQL's input types arrive as
 * instances already). Items are checked in order, each field of one before the next item, and an
 * item's errors name their place ("items.0.customAttributes").
 */
export function ListOf(type: () => InputClass, options: ListOptions): PropertyDecorator {
  return declare("listOf", {
    items: type,
    schema: () => {
      const list = { type: "array", items: inputSchema(type()), ...(options.then?.schema ?? {}) };
      return options.nullable ? { anyOf: [list, { type: "null" }] } : list;
    },
    check: (value, field, input) => {
      if ((value === undefined && options.optional) || (value === null && options.nullable)) return null;
      if (!Array.isArray(value)) return options.notList(field);
      for (const [i, item] of value.entries()) {
        const bad = options.badItem(item, field, i);
        if (bad !== null) return invalidInput(`${field}.${i}`, bad);
        // GraphQL's input objects arrive without their place (REST's are read with it): errors name "field.i.name" alike.
        if (!Object.hasOwn(item as object, AT)) Object.defineProperty(item, AT, { value: `${field}.${i}` });
        const found = firstProblem(item as object);
        if (found) return found;
      }
      return options.then ? options.then.check(value, field, input) : null;
    },
  });
}

/** The declarations of a class's fields, in the order it declares them (inherited ones first). */
function declarationsOf(type: InputClass): Map<string, Declaration | null> {
  const fields = new Map<string, Declaration | null>();
  for (const metadata of getMetadataStorage().getTargetValidationMetadatas(type, "", true, false)) {
    const declaration = (metadata.context as { declaration?: Declaration } | undefined)?.declaration ?? null;
    if (!fields.get(metadata.propertyName)) fields.set(metadata.propertyName, declaration);
  }
  return fields;
}

/**
 * The JSON Schema of what an input class accepts: an object of its declared fields, each as its
 * check's schema; a field is required when its check refuses it left out.
 */
export function inputSchema(type: InputClass): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [field, declaration] of declarationsOf(type)) {
    properties[field] = declaration ? declaration.schema() : {};
    if (declaration && (declaration.required || declaration.check(undefined, field, {}) !== null)) required.push(field);
  }
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

/** Each class's declared fields with their checks, in the order class-validator runs them (the class's own fields, then inherited ones). */
const checksByClass = new Map<object, [field: string, checks: Declaration[]][]>();

function checksOf(type: abstract new (...args: never) => unknown): [field: string, checks: Declaration[]][] {
  let checks = checksByClass.get(type);
  if (checks === undefined) {
    const fields = new Map<string, Declaration[]>();
    for (const metadata of getMetadataStorage().getTargetValidationMetadatas(type, "", false, false)) {
      const declaration = (metadata.context as { declaration?: Declaration } | undefined)?.declaration;
      // Only the declarations here are run: another class-validator decorator would be silently skipped.
      if (!declaration) throw new Error(`${type.name}.${metadata.propertyName} is checked by something other than a declaration of shared/validation.ts`);
      const list = fields.get(metadata.propertyName);
      if (list) list.push(declaration);
      else fields.set(metadata.propertyName, [declaration]);
    }
    checks = [...fields];
    checksByClass.set(type, checks);
  }
  return checks;
}

/**
 * The first declared check the input fails: its fields in order, each field's checks in order, as
 * class-validator's validateSync (stopAtFirstError) would report them, but run directly from the
 * declarations, once per check. GraphQL runs this for every argument object of every field it
 * resolves (a page of 24 products: 24 times), where class-validator's own run cost more than the
 * checks themselves (docs/performance.md).
 */
function firstProblem(input: object): DomainError | null {
  for (const [field, checks] of checksOf(input.constructor as InputClass)) {
    const value = (input as Record<string, unknown>)[field];
    for (const declaration of checks) {
      const found = problem(declaration, value, input, field);
      if (found) return found;
    }
  }
  return null;
}

/** Throws the first declared check the input fails (INVALID_INPUT unless the check chose otherwise); answers the input otherwise. */
function checkInput<T extends object>(input: T): T {
  const found = firstProblem(input);
  if (found) throw found;
  return input;
}

/** GraphQL's side (buildSchema's validateFn): every argument object, or list of them, is checked. */
export function checkArgument(value: unknown): void {
  for (const item of Array.isArray(value) ? value : [value]) {
    if (item !== null && typeof item === "object") checkInput(item);
  }
}

/** `source` as an instance of `type` holding only its declared fields (a list of objects as instances of its item class). */
function readInput<T extends object>(type: InputClass<T>, source: unknown, at: string): T {
  const body = isObject(source) ? source : {};
  const input = new type() as Record<string | symbol, unknown>;
  if (at) Object.defineProperty(input, AT, { value: at });
  for (const [field, declaration] of declarationsOf(type)) {
    if (!Object.hasOwn(body, field) || body[field] === undefined) continue;
    const value = body[field];
    const items = declaration?.items;
    // Any object item is read as the item class (an array as an empty one); other items stay as they came, for the list's check.
    input[field] = items && Array.isArray(value) ? value.map((item, i) => (item !== null && typeof item === "object" ? readInput(items(), item, `${pathOf(input, field)}.${i}`) : item)) : value;
  }
  return input as T;
}

/**
 * REST's (and every non-GraphQL caller's) side: a JSON body (or query parameters already read as
 * values) as an instance of an input class, checked. Only fields with a declaration are read (a
 * field with nothing to check carries Accept), so a body cannot add anything else.
 */
export function parseInput<T extends object>(type: InputClass<T>, body: unknown): T {
  return checkInput(readInput(type, body, ""));
}

const isBlank = (value: unknown) => typeof value !== "string" || value.trim() === "";
const absent = (value: unknown) => value === undefined || value === null;

/** A required string: blank is "{field} is required". */
export const RequiredString = () =>
  declareCheck("requiredString", { type: "string", pattern: "\\S" }, (value, field) => (isBlank(value) ? `${field} is required` : null));

/** A required text of at most `max` characters once trimmed (a name, a display name). */
export const RequiredText = (max: number) =>
  declareCheck("requiredText", { type: "string", pattern: "\\S", maxLength: max }, (value, field) => {
    if (isBlank(value)) return `${field} is required`;
    return (value as string).trim().length > max ? `${field} must be 1–${max} characters` : null;
  });

/** A required text of at most `max` characters once trimmed, said as "is required" and "must be at most {max} characters" (a carrier, a reason). */
export const RequiredTextAtMost = (max: number) =>
  declareCheck("requiredTextAtMost", { type: "string", pattern: "\\S", maxLength: max }, (value, field) => {
    if (isBlank(value)) return `${field} is required`;
    return (value as string).trim().length > max ? `${field} must be at most ${max} characters` : null;
  });

/** 1 to `max` characters once trimmed, blank or long alike "{field} must be 1 to {max} characters" (a staff member's or a token's name). */
export const TextOfLength = (max: number) =>
  declareCheck("textOfLength", { type: "string", pattern: "\\S", maxLength: max }, (value, field) =>
    isBlank(value) || (value as string).trim().length > max ? `${field} must be 1 to ${max} characters` : null,
  );

/** An optional text of at most `max` characters once trimmed (a search). */
export const OptionalText = (max: number) =>
  declareCheck("optionalText", { type: ["string", "null"], maxLength: max }, (value, field) => optionalTextProblem(value, field, max));

function optionalTextProblem(value: unknown, field: string, max: number): string | null {
  if (absent(value)) return null;
  if (typeof value !== "string") return `${field} must be text`;
  return value.trim().length > max ? `${field} must be at most ${max} characters` : null;
}

/** A text of at most `max` characters once trimmed, which may be empty (an image's alternative text). */
export const TextAtMost = (max: number) =>
  declareCheck("textAtMost", { type: "string", maxLength: max }, (value, field) => {
    if (typeof value !== "string") return `${field} must be text`;
    return value.trim().length > max ? `${field} must be at most ${max} characters` : null;
  });

/** A file part of a multipart body: given and not empty, else "{field} is required"; its bytes are the service's to judge. */
export const RequiredFile = (description: string) =>
  declareCheck("requiredFile", { type: "string", contentMediaType: "application/octet-stream", description }, (value, field) =>
    Buffer.isBuffer(value) && value.length > 0 ? null : `${field} is required`,
  );

/**
 * An optional cursor of a list: text of at most `max` characters matching `shape`, else "{field}
 * is not a cursor of this list". `emptyIsAbsent`: an empty cursor means the first page.
 */
export const OptionalCursor = (max: number, shape: RegExp, { emptyIsAbsent }: { emptyIsAbsent: boolean }) =>
  declareCheck("optionalCursor", { type: ["string", "null"], maxLength: max, pattern: shape.source }, (value, field) => {
    const text = optionalTextProblem(value, field, max);
    if (text !== null || absent(value) || (emptyIsAbsent && value === "")) return text;
    return shape.test(value as string) ? null : `${field} is not a cursor of this list`;
  });

/** An optional true or false (left out, not null). */
export const OptionalBoolean = () =>
  declareCheck("optionalBoolean", { type: "boolean" }, (value, field) => (value === undefined || typeof value === "boolean" ? null : `${field} must be true or false`));

/** An optional choice among `values`. */
export const OptionalOneOf = (values: readonly string[]) =>
  declareCheck("optionalOneOf", { enum: [...values] }, (value, field) =>
    absent(value) || values.includes(value as string) ? null : `${field} must be one of ${values.join(", ")}`,
  );

/** Text that is an http(s) address, or null when it is not one (no user name or password checked here). */
export function webAddress(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
