/**
 * Node side of the RESPONSE_VALIDATOR service binding (test/vitest.config.ts): validates a
 * response body against the schema the served OpenAPI document gives for its operation and
 * status. It runs in Node because ajv compiles schemas with `new Function`, which workerd forbids.
 *
 * Protocol (JSON over POST):
 * - `/documents` with the document as body → `{ id }`; the document is kept for later calls.
 * - `/validate` with `{ id, path, method, status, body }` → `{ valid, errors, documented }`, where
 *   `documented` is false when the document names no JSON schema for that status.
 */
import { createHash } from "node:crypto";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Document = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, unknown> } };
type Registered = { document: Document; ajv: Ajv2020; compiled: Map<string, ValidateFunction | null> };

/** The `$id` the document's component schemas are registered under. */
const COMPONENTS_ID = "https://openapi.test/components";

// One entry per distinct document: compiled validators are cached for the life of the test process.
const documents = new Map<string, Registered>();

/** `#/components/schemas/X` → `<base>#/$defs/X`: the components become the `$defs` of one registered schema. */
function rewriteRefs(value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, base));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "$ref" && typeof inner === "string"
          ? inner.replace("#/components/schemas/", `${base}#/$defs/`)
          : rewriteRefs(inner, base),
      ]),
    );
  }
  return value;
}

function register(document: Document): string {
  const text = JSON.stringify(document);
  const id = createHash("sha256").update(text).digest("hex").slice(0, 16);
  if (!documents.has(id)) {
    // strict: false, because OpenAPI adds keywords (example, description on $ref siblings) that are not JSON Schema.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(document.components?.schemas ?? {}, "") as object });
    documents.set(id, { document, ajv, compiled: new Map() });
  }
  return id;
}

function validatorFor(registered: Registered, path: string, method: string, status: number): ValidateFunction | null {
  const cacheKey = `${method} ${path} ${status}`;
  if (registered.compiled.has(cacheKey)) return registered.compiled.get(cacheKey) ?? null;
  const schema =
    registered.document.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.["application/json"]
      ?.schema;
  const compiled =
    schema === undefined
      ? null
      : // Refs resolve against the components schema registered once per document.
        registered.ajv.compile(rewriteRefs(schema, COMPONENTS_ID) as object);
  registered.compiled.set(cacheKey, compiled);
  return compiled;
}

export async function responseValidator(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/documents") return Response.json({ id: register(await request.json()) });
  if (url.pathname === "/validate") {
    const input = (await request.json()) as { id: string; path: string; method: string; status: number; body: unknown };
    const registered = documents.get(input.id);
    if (!registered) return Response.json({ error: `unknown document ${input.id}` }, { status: 404 });
    const validate = validatorFor(registered, input.path, input.method, input.status);
    if (!validate) return Response.json({ valid: false, documented: false, errors: [] });
    const valid = validate(input.body) as boolean;
    return Response.json({ valid, documented: true, errors: valid ? [] : (validate.errors ?? []).slice(0, 10) });
  }
  return Response.json({ error: `no route ${url.pathname}` }, { status: 404 });
}
