// The REST contract, checked on every answer the tests receive (a setup file of the gateway
// project, vitest.config.ts). fetch is wrapped: each answer of a gateway the tests started
// (startTestGateway and the spawned processes register their address, watched-gateways.ts) under
// /api/, /media/, /designs/ or /healthz is recorded (method, path, status,
// content type, JSON body) and checked against the OpenAPI document (gateway/rest-api.ts): its
// operation, the status among the operation's answers, the content type among the answer's, and the
// JSON body against the answer's schema (JSON Schema 2020-12, ajv). A mismatch fails the test that
// received the answer (afterEach), or the file (afterAll) for answers of its beforeAll/afterAll.
// Answers read with node:http directly (a few compression and cache tests) are not seen.
import "reflect-metadata";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { OpenAPIObject, OperationObject, ReferenceObject, ResponseObject } from "openapi3-ts/oas31";
import { afterAll, afterEach } from "vitest";
import { restApiDocument } from "../../gateway/rest-api.js";
import { CROSS_SITE_REFUSAL } from "../../gateway/http/cross-site.js";
import { watchedGateways } from "./watched-gateways.js";

/** One answer as the recorder keeps it. */
export interface RecordedAnswer {
  method: string;
  /** The path as requested (still URL-encoded), without the query. */
  path: string;
  status: number;
  contentType: string | null;
  /** The parsed JSON body; undefined when the answer is not JSON or empty. */
  body: unknown;
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;
const GATEWAY_PATHS = /^\/(api\/|media\/|designs\/|healthz$)/;
const DOCUMENT_ID = "https://satire-supply.example/openapi.json";

// ajv-formats is CommonJS: its default export arrives as the module under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

interface Route {
  method: string;
  template: string;
  exact: RegExp;
  /** The last parameter taking slashes too (a media path). */
  wide: RegExp;
  literal: number;
  operation: OperationObject;
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

function routesOf(document: OpenAPIObject): Route[] {
  return Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const parts = template.split(/\{\w+\}/).map(escape);
      const exact = new RegExp(`^${parts.join("[^/]+")}$`);
      const wide = new RegExp(`^${parts.slice(0, -1).join("[^/]+")}${parts.length > 1 ? ".+" : ""}${parts.at(-1)}$`);
      return { method: method.toUpperCase(), template, exact, wide, literal: parts.join("").length, operation: item[method]! };
    }),
  );
}

/** Checks answers against the document; each check answers what is wrong, or null. */
export function contractOf(document: OpenAPIObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const routes = routesOf(document);
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (pointer: string) => {
    let validate = validators.get(pointer);
    if (!validate) validators.set(pointer, (validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` })));
    return validate;
  };
  const find = (method: string, path: string): Route | undefined => {
    const best = (candidates: Route[]) => candidates.sort((a, b) => b.literal - a.literal)[0];
    const sameMethod = routes.filter((route) => route.method === (method === "HEAD" ? "GET" : method));
    return best(sameMethod.filter((route) => route.exact.test(path))) ?? best(sameMethod.filter((route) => route.wide.test(path)));
  };

  return {
    /** The operation ("GET /api/cart/{cartId}") that answers this method and path, or null. */
    operationOf(method: string, path: string): string | null {
      const route = find(method, path);
      return route ? `${route.method} ${route.template}` : null;
    },
    check(answer: RecordedAnswer): string | null {
      const name = `${answer.method} ${answer.path} → ${answer.status}`;
      const route = find(answer.method, answer.path);
      if (!route) {
        // What /api answers whatever the path (the document's introduction says so): a path or method
        // that names no call (http/errors.ts apiNotFound), a body that is not JSON or too large (express.json).
        const error = (answer.body as { error?: unknown } | undefined)?.error;
        const apiWide =
          (answer.status === 404 && typeof error === "string" && error.startsWith("No such API path")) ||
          (answer.status === 400 && error === "Malformed JSON body") ||
          (answer.status === 413 && error === "Request body too large") ||
          (answer.status === 403 && error === CROSS_SITE_REFUSAL);
        return apiWide && answer.path.startsWith("/api/") ? null : `${name}: the document describes no ${answer.method} operation for this path`;
      }
      // A shared answer (the cross-site 403) is a $ref to the document's components.
      let described = route.operation.responses?.[String(answer.status)] as ResponseObject | ReferenceObject | undefined;
      let at = ["", "paths", route.template, route.method.toLowerCase(), "responses", String(answer.status)];
      if (described && "$ref" in described) {
        const component = described.$ref.replace(/^#\/components\/responses\//, "");
        described = document.components?.responses?.[component] as ResponseObject | undefined;
        at = ["", "components", "responses", component];
        if (!described) return `${name}: ${route.method} ${route.template} ${answer.status} names the missing answer ${component}`;
      }
      if (!described) return `${name}: ${answer.method} ${route.template} does not list ${answer.status} (it lists ${Object.keys(route.operation.responses ?? {}).join(", ")})`;
      if (!described.content || answer.method === "HEAD") return null;
      const mediaType = answer.contentType?.split(";")[0]!.trim().toLowerCase() ?? "(none)";
      if (!described.content[mediaType]) return `${name}: answered ${mediaType}, the document says ${Object.keys(described.content).join(" or ")}`;
      if (mediaType !== "application/json") return null;
      const pointer = [...at, "content", mediaType, "schema"]
        .map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1"))
        .join("/");
      const validate = validatorOf(pointer);
      if (validate(answer.body)) return null;
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "(body)"} ${e.message}${e.params && "additionalProperty" in e.params ? ` (${String(e.params.additionalProperty)})` : ""}`);
      return `${name}: the body does not match the schema of ${route.method} ${route.template} ${answer.status}: ${errors.join("; ")}\n  body: ${JSON.stringify(answer.body).slice(0, 400)}`;
    },
  };
}

const contract = contractOf(restApiDocument({ printfulWebhook: true, stripeWebhook: true }));

const pending = new Set<Promise<void>>();
const problems: string[] = [];
const exercised = new Set<string>();

/** The operations ("GET /api/cart/{cartId}") whose answers this file's tests have had checked so far. */
export const exercisedOperations = (): ReadonlySet<string> => exercised;

async function record(method: string, url: URL, response: Response): Promise<void> {
  const contentType = response.headers.get("content-type");
  let text: string;
  try {
    text = await response.text();
  } catch {
    return; // The connection went away mid-body (the outage tests): there is no answer to check.
  }
  let body: unknown;
  if (contentType?.includes("json") && text !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`${method} ${url.pathname} → ${response.status}: says ${contentType} but the body is not JSON`);
      return;
    }
  }
  const operation = contract.operationOf(method, url.pathname);
  if (operation) exercised.add(operation);
  const problem = contract.check({ method, path: url.pathname, status: response.status, contentType, body });
  if (problem) problems.push(problem);
}

const realFetch = globalThis.fetch;
globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const response = await realFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  // A followed redirect ends on another route's answer; the redirect itself is not seen.
  if (!response.redirected && watchedGateways.has(url.origin) && GATEWAY_PATHS.test(url.pathname)) {
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const recording = record(method, url, response.clone()).finally(() => pending.delete(recording));
    pending.add(recording);
  }
  return response;
};

async function settle(when: string): Promise<void> {
  // Bodies still arriving get a few seconds; one that never ends is not an answer to check.
  await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  if (problems.length === 0) return;
  const found = problems.splice(0);
  throw new Error(`${found.length} REST answer(s) ${when} do not match the OpenAPI document (gateway/rest-api.ts):\n${found.join("\n")}`);
}

afterEach(() => settle("this test received"));
afterAll(() => settle("this file's hooks received"));
