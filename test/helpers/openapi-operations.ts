/**
 * The operations of the served OpenAPI document, and concrete requests for them, so that
 * tests can be generated from the reference instead of from a hand-kept list of routes.
 */
import { BASE, call } from "./http";

export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, any>; securitySchemes?: Record<string, any> };
  [key: string]: unknown;
};

export type Operation = {
  method: string;
  /** The path after the base address: /tsp/v1's, or /admin/v1's for the operator API. */
  path: string;
  /** The path's key in the document (the operator API's keep their /admin/v1 prefix). */
  key: string;
  /** `METHOD /path` (the document's key, so the operator's are `METHOD /admin/v1/…`), for test names. */
  name: string;
  /** True when the path item carries its own `servers` (the operator API at /admin/v1). */
  admin: boolean;
  operation: Record<string, any>;
};

export async function fetchDocument(base: string = BASE.production): Promise<OpenApiDocument> {
  const result = await call<OpenApiDocument>("GET", `${base}/openapi.json`);
  if (result.status !== 200) throw new Error(`openapi.json answered ${result.status}`);
  return result.body;
}

/** Every operation of the document, admin ones flagged. */
export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [key, item] of Object.entries(document.paths)) {
    const admin = Array.isArray(item.servers);
    const path = admin ? key.replace(/^\/admin\/v1/, "") : key;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        key,
        name: `${method.toUpperCase()} ${key}`,
        admin,
        operation,
      });
    }
  }
  return operations;
}

/** Whether the operation's security needs a Connection-Token. */
export function needsConnectionToken(operation: Operation): boolean {
  return ((operation.operation.security ?? []) as Record<string, unknown>[]).some((requirement) =>
    Object.hasOwn(requirement, "connectionToken"),
  );
}

/** Whether the operation is called from browsers with a publishable key (instead of a secret key). */
export function takesPublishableKey(operation: Operation): boolean {
  return ((operation.operation.security ?? []) as Record<string, unknown>[]).some((requirement) =>
    Object.hasOwn(requirement, "publishableKey"),
  );
}

function resolve(document: OpenApiDocument, schema: any): any {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 20; depth++) {
    const name = String(current.$ref).replace("#/components/schemas/", "");
    current = document.components?.schemas?.[name];
  }
  return current;
}

const ULID_CHARS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const randomUlid = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(26)), (byte, index) =>
    index === 0 ? "0" : ULID_CHARS[byte % 32],
  ).join("");

const PREFIXED_ID = /^\^([a-z_]+)\[0-9A-HJKMNP-TV-Z\]\{26\}\$$/;

/** A value for a string schema: its example when it fits the pattern, else one built from a `prefix_ULID` pattern. */
function stringValue(schema: any): string {
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  if (typeof schema.example === "string" && (!pattern || pattern.test(schema.example))) return schema.example;
  const prefixed = PREFIXED_ID.exec(schema.pattern ?? "");
  if (prefixed) return `${prefixed[1]}${randomUlid()}`;
  if (schema.format === "date-time") return new Date().toISOString();
  if (!pattern) return "x";
  throw new Error(`no value for string schema ${JSON.stringify(schema)}`);
}

/** A minimal value valid for a schema: examples where given, required properties only. */
export function exampleValue(document: OpenApiDocument, input: any): unknown {
  const schema = resolve(document, input);
  if (!schema) throw new Error(`unresolvable schema ${JSON.stringify(input)}`);
  if (schema.example !== undefined && schema.type !== "string") return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) return exampleValue(document, (schema.anyOf ?? schema.oneOf)[0]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part: unknown) => exampleValue(document, part)));
  switch (schema.type) {
    case "string":
      return stringValue(schema);
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
    case undefined: {
      const required: string[] = schema.required ?? [];
      return Object.fromEntries(
        required.map((name) => [name, exampleValue(document, schema.properties?.[name] ?? {})]),
      );
    }
    default:
      throw new Error(`no value for schema ${JSON.stringify(schema)}`);
  }
}

export type ConcreteRequest = { method: string; url: string; body?: unknown; operation: Operation };

/**
 * Known-good bodies of operations whose generic example would not be accepted as is. A body
 * function gets the public token to exchange when the caller has one.
 */
const BODIES: Record<string, (context: { publicToken?: string }) => unknown> = {
  "connections.create": () => ({ provider: "sandbox", credentials: { username: "u", password: "p" } }),
  "connections.updateCurrent": () => ({}),
  "link.complete": () => ({
    provider: "sandbox",
    credentials: { username: "u", password: "p" },
    agreements: [{ agreementUrl: "https://example.com/terms/v3" }],
  }),
  "publicToken.exchange": ({ publicToken }) => ({
    publicToken: publicToken ?? `pub_tkn_${randomUlid()}${randomUlid()}`,
  }),
};

/**
 * A concrete request for an operation at a base address: path parameters from their
 * examples or patterns, required query parameters from their examples, and a minimal valid
 * JSON body when the body is required. `pathIds` (by id prefix, e.g. `vcl_`) names records
 * that exist, for a request that should find its resource; without it, ids are random.
 */
export function buildRequest(
  document: OpenApiDocument,
  operation: Operation,
  base: string,
  context: { publicToken?: string; pathIds?: Record<string, string> } = {},
): ConcreteRequest {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of (operation.operation.parameters ?? []) as any[]) {
    const prefix = PREFIXED_ID.exec(resolve(document, parameter.schema ?? {})?.pattern ?? "")?.[1];
    const known = parameter.in === "path" && prefix !== undefined ? context.pathIds?.[prefix] : undefined;
    const value = known ?? String(exampleValue(document, parameter.schema ?? {}));
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === "query" && parameter.required) query.set(parameter.name, value);
  }
  if (/[{}]/.test(path)) throw new Error(`unfilled path parameter in ${operation.name}`);
  const search = query.size ? `?${query}` : "";
  const request: ConcreteRequest = { method: operation.method, url: `${base}${path}${search}`, operation };
  const body = operation.operation.requestBody;
  if (body?.required) {
    const known = BODIES[operation.operation.operationId];
    request.body = known
      ? known(context)
      : exampleValue(document, body.content?.["application/json"]?.schema ?? { type: "object" });
  }
  return request;
}
