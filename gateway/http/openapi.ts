import { Router, type RequestHandler } from "express";
import { getMetadataStorage as graphqlMetadata } from "type-graphql";
import type { OpenAPIObject, OperationObject, ParameterObject, PathsObject, ResponseObject, SchemaObject } from "openapi3-ts/oas31";
import { inputSchema, type InputClass, type JsonSchema } from "../shared/validation.js";
import { ERROR_JSON } from "./errors.js";
import { CROSS_SITE_REFUSAL } from "./cross-site.js";

// The REST API's description (OpenAPI 3.1), kept with the code that serves it: every REST adapter
// declares its operations (what each route takes and answers, in words and JSON Schema) and
// registers its handlers through describedRouter, which takes only declared operations and refuses
// to hand out a router with one left unrouted. Request bodies and query parameters are described by
// the same input classes the adapters read them through (shared/validation.ts: each check carries
// its schema). The composition (gateway/rest-api.ts) puts the adapters' operations together under
// their mount paths with openApiDocument; tests/openapi.test.ts compares the document with the
// routes Express has, both ways, and the test support checks every answer the tests receive against it.

type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** One answer of an operation (a status). */
export interface ApiAnswer {
  description: string;
  /** A JSON answer of this schema. */
  json?: JsonSchema;
  /** Any other content, by media type (images); an answer with neither has no body (a redirect, a 304). */
  content?: Record<string, JsonSchema>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

/** A request body: JSON or multipart/form-data read through an input class, or raw bytes. */
type ApiBody = { json: InputClass; optional?: boolean } | { multipart: InputClass } | { raw: string; description: string };

/** One route of a REST adapter and what it is for: the description of the route, beside it. */
export interface ApiOperation {
  method: HttpMethod;
  /** The path as the router declares it, below where it is mounted (":cartId", "{*path}"). */
  path: string;
  summary: string;
  description: string;
  /** The part of the shop it belongs to (catalog, cart, …). */
  tag: string;
  /** What each path parameter is, by name (every one must be described). */
  params?: Record<string, string>;
  /** The query parameters, read through this input class. */
  query?: InputClass;
  body?: ApiBody;
  responses: Record<number, ApiAnswer>;
  /**
   * A call from a partner's server that proves itself by its signature (a webhook), never a
   * browser's: the cross-site refusal (http/cross-site.ts) leaves it alone.
   */
  signed?: true;
}

/** An answer of JSON. */
export const jsonAnswer = (description: string, json: JsonSchema, headers?: ApiAnswer["headers"]): ApiAnswer => ({ description, json, ...(headers ? { headers } : {}) });

/** An error answer: {"error": "…"} (with "field" for a 400), as http/errors.ts writes every REST error. */
export const errorAnswer = (description: string): ApiAnswer => ({ description, json: ERROR_JSON });

/** A GET's 304: Express answers one when If-None-Match names the answer's ETag. */
export const NOT_MODIFIED: ApiAnswer = { description: "Not modified: the answer the If-None-Match header names (its ETag) is still current." };

/** A list of `items`. */
export const listOf = (items: JsonSchema): JsonSchema => ({ type: "array", items });

/**
 * The routes of one adapter: `on` registers an operation's handlers (only operations of `operations`,
 * each once), `done` hands out the router once every operation has its handlers. A route that is
 * not described cannot be registered here; one registered on Express directly is what the test
 * comparing the document with the app's routes finds.
 */
export function describedRouter(operations: readonly ApiOperation[]) {
  const router = Router();
  const routed = new Set<ApiOperation>();
  const name = (operation: ApiOperation) => `${operation.method.toUpperCase()} ${operation.path}`;
  return {
    on(operation: ApiOperation, ...handlers: RequestHandler[]): void {
      if (!operations.includes(operation)) throw new Error(`${name(operation)} is not one of this router's described operations`);
      if (routed.has(operation)) throw new Error(`${name(operation)} is routed twice`);
      routed.add(operation);
      router[operation.method](operation.path, ...handlers);
    },
    done(): Router {
      const unrouted = operations.filter((operation) => !routed.has(operation));
      if (unrouted.length > 0) throw new Error(`Described but not routed: ${unrouted.map(name).join(", ")}`);
      return router;
    },
  };
}

/** Operations and where their router is mounted ("/api", "/media", or "" for the app itself). */
export interface ApiMount {
  prefix: string;
  operations: readonly ApiOperation[];
}

/** An Express path as OpenAPI writes it: "/cart/:cartId" is "/cart/{cartId}", "/{*path}" is "/{path}". */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/\{\*(\w+)\}/g, "{$1}").replace(/:(\w+)/g, "{$1}");
}

/** The GraphQL field descriptions of an input class (its @Field's), for the REST parameters read through it. */
function fieldDescriptions(type: InputClass): Map<string, string> {
  const found = new Map<string, string>();
  for (const field of graphqlMetadata().fields) {
    if ((field.target === type || type.prototype instanceof field.target) && field.description) found.set(field.name, field.description);
  }
  return found;
}

/** The input class's schema, each property with its GraphQL description when it has none of its own. */
function describedInputSchema(type: InputClass): SchemaObject {
  const schema = inputSchema(type) as SchemaObject;
  const descriptions = fieldDescriptions(type);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const description = descriptions.get(name);
    if (description && !("description" in property)) (property as SchemaObject).description = description;
  }
  return schema;
}

function parameters(operation: ApiOperation): ParameterObject[] {
  const names = [...operation.path.matchAll(/(?::(\w+))|(?:\{\*(\w+)\})/g)].map((m) => m[1] ?? m[2]!);
  const inPath = names.map((name): ParameterObject => {
    const description = operation.params?.[name];
    if (!description) throw new Error(`${operation.method.toUpperCase()} ${operation.path}: describe the path parameter "${name}"`);
    return { name, in: "path", required: true, description, schema: { type: "string" } };
  });
  if (!operation.query) return inPath;
  const query = describedInputSchema(operation.query);
  const required = new Set(query.required ?? []);
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]): ParameterObject => {
    const { description, ...rest } = schema as SchemaObject;
    // A query string has no null: a parameter is given or left out.
    if (Array.isArray(rest.type)) rest.type = rest.type.filter((type) => type !== "null");
    if (Array.isArray(rest.type) && rest.type.length === 1) rest.type = rest.type[0];
    return { name, in: "query", required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
  return [...inPath, ...inQuery];
}

function requestBody(body: ApiBody): OperationObject["requestBody"] {
  if ("json" in body) return { required: !body.optional, content: { "application/json": { schema: describedInputSchema(body.json) } } };
  if ("multipart" in body) return { required: true, content: { "multipart/form-data": { schema: describedInputSchema(body.multipart) } } };
  return { required: true, description: body.description, content: { [body.raw]: { schema: { type: "string", contentMediaType: body.raw } } } };
}

function response(answer: ApiAnswer): ResponseObject {
  const content = answer.json ? { "application/json": answer.json } : answer.content;
  return {
    description: answer.description,
    ...(answer.headers ? { headers: answer.headers } : {}),
    ...(content ? { content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema: schema as SchemaObject }])) } : {}),
  };
}

/** What every route may also answer: the database down (503), and a failure of ours (500, logged with the request id). */
const ALWAYS: Record<number, ApiAnswer> = {
  500: errorAnswer("Something failed on the shop's side; the error names the request id, which the shop's logs carry."),
  503: errorAnswer("The database is unavailable; try again shortly."),
};

/** What every JSON body may also be refused for: not JSON (400), or over 100 kB (413). */
const JSON_BODY: Record<number, ApiAnswer> = {
  400: errorAnswer("The body is not JSON, or a field is refused (`field` names it)."),
  413: errorAnswer("The body is larger than 100 kB."),
};

/** The methods a browser's cross-site request is refused for (http/cross-site.ts). */
const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(["post", "put", "patch", "delete"]);

/** Where every state-changing operation's 403 points: one answer, described once. */
const CROSS_SITE_COMPONENT = "CrossSiteRefused";
const CROSS_SITE_ANSWER = errorAnswer(
  `Refused as sent from another site (\`{"error": "${CROSS_SITE_REFUSAL}"}\`): a browser said \`Sec-Fetch-Site: cross-site\`, or the \`Origin\` header names another origin than the shop's. Requests with neither header (servers, command-line clients) are not refused.`,
);

/** Whether the cross-site refusal applies to an operation: state-changing and not a signed partner call. */
const refusedCrossSite = (operation: ApiOperation) => STATE_CHANGING.has(operation.method) && !operation.signed;

/** "get" "/api/cart/{cartId}/items" is "getApiCartByCartIdItems". */
function operationId(method: HttpMethod, path: string): string {
  const words = path.replace(/\{(\w+)\}/g, "by-$1").split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

function operationObject(operation: ApiOperation, path: string): OperationObject {
  const responses = { ...(operation.body && "json" in operation.body ? JSON_BODY : {}), ...operation.responses };
  for (const [status, answer] of Object.entries(ALWAYS)) responses[Number(status)] ??= answer;
  const params = parameters(operation);
  return {
    summary: operation.summary,
    description: operation.description,
    tags: [operation.tag],
    operationId: operationId(operation.method, path),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(operation.body ? { requestBody: requestBody(operation.body) } : {}),
    responses: {
      ...Object.fromEntries(Object.entries(responses).map(([status, answer]) => [status, response(answer)])),
      ...(refusedCrossSite(operation) && !responses[403] ? { 403: { $ref: `#/components/responses/${CROSS_SITE_COMPONENT}` } } : {}),
    },
  };
}

/**
 * Every schema with a title, wherever it is used, becomes one component (#/components/schemas/{title})
 * and a $ref to it; two different schemas may not share a title.
 */
function hoistTitled(node: unknown, components: Record<string, SchemaObject>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistTitled(item, components));
  if (node === null || typeof node !== "object") return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, hoistTitled(value, components)]));
  const title = (copy as { title?: unknown }).title;
  if (typeof title !== "string") return copy;
  const known = components[title];
  if (known && JSON.stringify(known) !== JSON.stringify(copy)) throw new Error(`Two different schemas are titled "${title}"`);
  components[title] = copy as SchemaObject;
  return { $ref: `#/components/schemas/${encodeURIComponent(title)}` };
}

/** The OpenAPI 3.1 document of the operations under their mounts. */
export function openApiDocument(info: OpenAPIObject["info"], tags: OpenAPIObject["tags"], mounts: readonly ApiMount[]): OpenAPIObject {
  const paths: PathsObject = {};
  for (const { prefix, operations } of mounts) {
    for (const operation of operations) {
      const path = openApiPath(`${prefix}${operation.path}`);
      const item = (paths[path] ??= {});
      if (item[operation.method]) throw new Error(`${operation.method.toUpperCase()} ${path} is described twice`);
      item[operation.method] = operationObject(operation, path);
    }
  }
  const schemas: Record<string, SchemaObject> = {};
  const hoisted = hoistTitled(paths, schemas) as PathsObject;
  const responses = hoistTitled({ [CROSS_SITE_COMPONENT]: response(CROSS_SITE_ANSWER) }, schemas) as Record<string, ResponseObject>;
  return { openapi: "3.1.0", info, tags, paths: hoisted, components: { schemas, responses } };
}
