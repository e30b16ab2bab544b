/**
 * The API reference: the OpenAPI 3.1 document (checked by a real validator) and the
 * reference UI, both public and served by the Worker itself.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, call } from "../helpers/http";
import {
  fetchDocument,
  listOperations,
  needsConnectionToken,
  type OpenApiDocument,
  takesPublishableKey,
} from "../helpers/openapi-operations";

const ERROR_REF = "#/components/schemas/Error";

const document = await fetchDocument(BASE.production);
const operations = listOperations(document);
const apiOperations = operations.filter((operation) => !operation.admin);
const adminOperations = operations.filter((operation) => operation.admin);

function schemaOf(name: string) {
  const schema = document.components?.schemas?.[name];
  expect(schema, `component ${name}`).toBeDefined();
  return schema;
}

/** Whether a property schema explains itself: a description or example, or a $ref to a component that does. */
function isDocumented(property: any, seen = new Set<string>()): boolean {
  if (property.description || property.example !== undefined || property.examples) return true;
  // An enumeration documents itself by its values.
  if (Array.isArray(property.enum)) return true;
  if (property.items && isDocumented(property.items, seen)) return true;
  const ref = property.$ref ?? property.allOf?.[0]?.$ref;
  if (!ref) {
    // An inline object explains itself through its fields.
    const inline = Object.values(property.properties ?? {});
    return inline.length > 0 && inline.every((inner) => isDocumented(inner, seen));
  }
  const name = String(ref).replace("#/components/schemas/", "");
  if (seen.has(name)) return true;
  seen.add(name);
  const component = document.components?.schemas?.[name];
  if (!component) return false;
  if (component.description) return true;
  const properties = Object.values(component.properties ?? {});
  return properties.length > 0 && properties.every((inner) => isDocumented(inner, seen));
}

describe("the document", () => {
  it("is public, at both base addresses, and the same at both", async () => {
    const production = await call("GET", `${BASE.production}/openapi.json`);
    const sandbox = await call("GET", `${BASE.sandbox}/openapi.json`);
    expect(production.status).toBe(200);
    expect(sandbox.status).toBe(200);
    expect(production.headers.get("content-type")).toMatch(/^application\/json/);
    expect(sandbox.body).toEqual(production.body);
  });

  it("declares OpenAPI 3.1, version 0.0 and the two configured base addresses as servers", () => {
    expect(document.openapi).toMatch(/^3\.1(\.\d+)?$/);
    expect(document.info.version).toBe("0.0");
    expect(document.info.title.length).toBeGreaterThan(0);
    expect(document.servers?.map((server) => server.url)).toEqual([BASE.production, BASE.sandbox]);
    for (const server of document.servers ?? []) expect(server.description).toBeTypeOf("string");
  });

  it("is valid according to @seriousme/openapi-schema-validator", async () => {
    const response = await env.OPENAPI_VALIDATOR.fetch("http://validator/", {
      method: "POST",
      body: JSON.stringify(document),
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { valid: boolean; errors: unknown[]; version: string };
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.version).toMatch(/^3\.1/);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("the validator in use does reject a broken document (so the check above means something)", async () => {
    const broken: OpenApiDocument = structuredClone(document);
    delete (broken.info as { version?: string }).version;
    broken.paths["/broken"] = { get: { responses: "none" } };
    const response = await env.OPENAPI_VALIDATOR.fetch("http://validator/", {
      method: "POST",
      body: JSON.stringify(broken),
    });
    const result = (await response.json()) as { valid: boolean; errors: unknown[] };
    expect(result.valid).toBe(false);
  });

  it("declares the security schemes the operations use", () => {
    const schemes = document.components?.securitySchemes ?? {};
    expect(schemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.connectionToken).toMatchObject({ type: "apiKey", in: "header", name: "Connection-Token" });
    expect(schemes.adminToken).toMatchObject({ type: "http", scheme: "bearer" });
    for (const operation of operations) {
      for (const requirement of operation.operation.security as Record<string, unknown>[]) {
        for (const name of Object.keys(requirement)) expect(Object.keys(schemes), operation.name).toContain(name);
      }
    }
  });

  it("has unique operationIds", () => {
    const ids = operations.map((operation) => operation.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.each(operations)("$name", (operation) => {
  const { operation: op } = operation;

  it("has an operationId, summary, tags, security and a 2xx response", () => {
    expect(op.operationId).toBeTypeOf("string");
    expect(op.operationId.length).toBeGreaterThan(0);
    expect(op.summary).toBeTypeOf("string");
    expect(op.summary.length).toBeGreaterThan(0);
    expect(Array.isArray(op.tags) && op.tags.length > 0).toBe(true);
    const declaredTags = ((document.tags as { name: string }[] | undefined) ?? []).map((tag) => tag.name);
    for (const tag of op.tags) expect(declaredTags).toContain(tag);
    expect(Array.isArray(op.security) && op.security.length > 0).toBe(true);
    const success = Object.keys(op.responses).filter((status) => /^2\d\d$/.test(status));
    expect(success.length).toBeGreaterThan(0);
    for (const status of success) expect(op.responses[status].description.length).toBeGreaterThan(0);
  });

  it("documents 400, 401 and 500, every error response with the Error schema", () => {
    const statuses = Object.keys(op.responses);
    expect(statuses).toEqual(expect.arrayContaining(["400", "401", "500"]));
    const errors = statuses.filter((status) => Number(status) >= 400);
    for (const status of errors) {
      const media = op.responses[status].content?.["application/json"];
      expect(media?.schema, `${operation.name} ${status}`).toEqual({ $ref: ERROR_REF });
      const examples = Object.values(media.examples ?? {}) as { value: { code: string } }[];
      expect(examples.length, `${operation.name} ${status}`).toBeGreaterThan(0);
      expect(op.responses[status].description).toMatch(/`[a-z_]+`/);
    }
  });
});

describe.each(apiOperations.filter(needsConnectionToken))("$name (connection-scoped)", ({ operation: op }) => {
  it("documents 403 forbidden and 410 connection_deleted", () => {
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["403", "410"]));
    expect(Object.keys(op.responses["410"].content["application/json"].examples)).toContain("connection_deleted");
    expect(Object.keys(op.responses["403"].content["application/json"].examples)).toContain("forbidden");
  });
});

describe("the operations", () => {
  it("the /tsp/v1 operations use bearerAuth (browser routes publishableKey), the connection-scoped ones also connectionToken", () => {
    expect(apiOperations.length).toBeGreaterThan(0);
    const browserRoutes = apiOperations.filter(takesPublishableKey).map((operation) => operation.name);
    expect(browserRoutes).toEqual(["POST /link/complete"]);
    for (const operation of apiOperations) {
      for (const requirement of operation.operation.security)
        expect(requirement, operation.name).toHaveProperty(
          takesPublishableKey(operation) ? "publishableKey" : "bearerAuth",
        );
    }
    const scoped = apiOperations.filter(needsConnectionToken).map((operation) => operation.name);
    expect(scoped).toEqual(
      expect.arrayContaining(["GET /connections/current", "PATCH /connections/current", "DELETE /connections/current"]),
    );
    for (const name of ["POST /connections", "GET /connections", "GET /providers", "GET /usage"]) {
      expect(scoped).not.toContain(name);
    }
  });

  it("every connection-scoped operation documents 403 and 410", () => {
    const scoped = apiOperations.filter(needsConnectionToken);
    expect(scoped.length).toBeGreaterThanOrEqual(3);
    for (const operation of scoped) {
      expect(Object.keys(operation.operation.responses), operation.name).toEqual(
        expect.arrayContaining(["403", "410"]),
      );
    }
  });

  it("the operator API is present, under its own /admin/v1 server and adminToken security", () => {
    expect(adminOperations.map((operation) => operation.name)).toEqual(
      expect.arrayContaining([
        "POST /admin/v1/applications",
        "GET /admin/v1/applications",
        "GET /admin/v1/applications/{id}",
        "POST /admin/v1/applications/{id}/keys",
        "DELETE /admin/v1/applications/{id}/keys/{keyId}",
        "GET /admin/v1/shards",
        "PATCH /admin/v1/shards/{name}",
        "GET /admin/v1/connections/{id}",
        "POST /admin/v1/connections/{id}/move",
      ]),
    );
    for (const operation of adminOperations) {
      expect(operation.key).toBe(`/admin/v1${operation.path}`);
      expect(document.paths[operation.key]?.servers).toEqual([
        { url: "https://api.telematics.test", description: expect.any(String) },
        { url: "https://sandbox.telematics.test", description: expect.any(String) },
      ]);
      expect(operation.operation.security).toEqual([{ adminToken: [] }]);
    }
    // And the /tsp/v1 paths do not carry servers of their own.
    for (const operation of apiOperations) expect(document.paths[operation.key]?.servers).toBeUndefined();
  });

  it("documents the path parameters of the operator API with their id patterns", () => {
    const revoke = document.paths["/admin/v1/applications/{id}/keys/{keyId}"]?.delete;
    const parameters = Object.fromEntries(revoke.parameters.map((parameter: any) => [parameter.name, parameter]));
    expect(parameters.id).toMatchObject({ in: "path", required: true });
    expect(parameters.keyId).toMatchObject({ in: "path", required: true });
    expect(new RegExp(parameters.id.schema.pattern).test(parameters.id.schema.example)).toBe(true);
    expect(new RegExp(parameters.keyId.schema.pattern).test(parameters.keyId.schema.example)).toBe(true);
  });

  it("documents the required month of GET /usage", () => {
    const month = document.paths["/usage"]?.get.parameters.find((parameter: any) => parameter.name === "month");
    expect(month).toMatchObject({ in: "query", required: true });
    expect(new RegExp(month.schema.pattern).test(month.schema.example)).toBe(true);
  });
});

describe("the schemas", () => {
  it("the Error schema is exactly the contract's shape", () => {
    const error = schemaOf("Error");
    expect(Object.keys(error.properties).sort()).toEqual(["code", "detail", "message", "retryAfter"]);
    expect([...error.required].sort()).toEqual(["code", "message"]);
    expect(error.properties.retryAfter.type).toBe("integer");
    expect(error.properties.code.enum).toEqual(
      expect.arrayContaining(["bad_request", "unauthorized", "forbidden", "connection_deleted", "gateway_timeout"]),
    );
  });

  it("every Connection field has a description or an example (directly or through its component)", () => {
    const connection = schemaOf("Connection");
    const properties = Object.entries(connection.properties as Record<string, unknown>);
    expect(properties.length).toBeGreaterThan(10);
    const undocumented = properties.filter(([, property]) => !isDocumented(property)).map(([name]) => name);
    expect(undocumented).toEqual([]);
  });

  it("the fields of the core request and response schemas have a description or an example", () => {
    const core = ["Error", "ErrorDetail", "PublicTokenExchangeRequest", "UsageRecord", "SyncJob", "Provider"];
    const undocumented: string[] = [];
    for (const name of core) {
      for (const [field, property] of Object.entries(schemaOf(name).properties as Record<string, unknown>)) {
        if (!isDocumented(property)) undocumented.push(`${name}.${field}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("the fields of the connection request bodies have a description or an example", () => {
    const undocumented: string[] = [];
    for (const name of ["CreateConnectionRequest", "UpdateConnectionRequest"]) {
      for (const [field, property] of Object.entries(schemaOf(name).properties as Record<string, unknown>)) {
        if (!isDocumented(property)) undocumented.push(`${name}.${field}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it("uses only formats that JSON Schema and OpenAPI define", () => {
    const known = new Set([
      "date-time",
      "date",
      "time",
      "duration",
      "email",
      "idn-email",
      "hostname",
      "idn-hostname",
      "ipv4",
      "ipv6",
      "uri",
      "uri-reference",
      "iri",
      "iri-reference",
      "uuid",
      "uri-template",
      "json-pointer",
      "relative-json-pointer",
      "regex",
      "int32",
      "int64",
      "float",
      "double",
      "password",
      "byte",
      "binary",
    ]);
    const unknown: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (node && typeof node === "object") {
        for (const [key, value] of Object.entries(node)) {
          if (key === "format" && typeof value === "string" && !known.has(value)) unknown.push(`${where}: ${value}`);
          else walk(value, `${where}.${key}`);
        }
      }
    };
    walk(document.components, "components");
    walk(document.paths, "paths");
    expect(unknown).toEqual([]);
  });

  it("a use-specific note stays on the property and does not become the description of the shared component", () => {
    // Connection.lastSync is "Only on GET /connections/current."; the SyncJob component itself is not.
    const syncJob = schemaOf("SyncJob");
    expect(syncJob.description ?? "").not.toContain("Only on GET /connections/current");
    const lastSync = schemaOf("Connection").properties.lastSync;
    expect(JSON.stringify(lastSync)).toContain("Only on GET /connections/current");
  });
});

describe("the reference UI", () => {
  it("is a public HTML page that loads the local script and the local document", async () => {
    const page = await call("GET", `${BASE.production}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = page.body as string;
    expect(html).toContain("docs/scalar.js");
    expect(html).toContain("openapi.json");
    expect(html).not.toContain("cdn.jsdelivr");
    expect(html).not.toMatch(/<script[^>]+src="https?:\/\//);
  });

  it("serves its script from the Worker, as non-empty JavaScript", async () => {
    const script = await call("GET", `${BASE.production}/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript|^application\/javascript/);
    expect(typeof script.body).toBe("string");
    expect((script.body as string).length).toBeGreaterThan(1000);
  });

  it("resolves its relative script and document addresses to the served ones", async () => {
    const pageUrl = `${BASE.production}/docs`;
    const page = await call("GET", pageUrl);
    const html = page.body as string;
    const src = /<script[^>]*src="([^"]*scalar\.js)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const scriptUrl = new URL(src as string, pageUrl).toString();
    expect(scriptUrl).toBe(`${BASE.production}/docs/scalar.js`);
    expect((await call("GET", scriptUrl)).status).toBe(200);
    expect(new URL("openapi.json", pageUrl).toString()).toBe(`${BASE.production}/openapi.json`);
  });

  it("is also served at the sandbox base address", async () => {
    const page = await call("GET", `${BASE.sandbox}/docs`);
    expect(page.status).toBe(200);
    expect(page.body as string).toContain("docs/scalar.js");
    const script = await call("GET", `${BASE.sandbox}/docs/scalar.js`);
    expect(script.status).toBe(200);
  });
});
