/**
 * fast-check arbitraries for the bad-input fuzzer: values valid for a schema of the served
 * OpenAPI document, catalogues of bad values, and whole requests (valid or mutated) for an
 * operation. Requests are generated symbolically (which kind of credential, which existing
 * record) and made concrete at send time by fuzz-client.ts, so a seed replays the same shapes.
 */
import fc from "fast-check";
import { exampleValue, type OpenApiDocument, type Operation } from "../helpers/openapi-operations";

export const CATEGORIES = [
  "valid",
  "wrongType",
  "missingField",
  "extraField",
  "hugeString",
  "unicode",
  "badId",
  "badCursor",
  "badDate",
  "badNumber",
  "oversizedBody",
  "contentType",
  "malformedJson",
  "duplicateQuery",
  "unknownQuery",
  "extraHeaders",
  "wrongMethod",
  "badAuth",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Which credentials to send; resolved against the seeded applications at send time. */
export type AuthChoice =
  | "valid"
  | "none"
  | "garbage"
  | "otherKind"
  | "otherEnvironment"
  | "adminTokenAsKey"
  | "keyAsAdminToken"
  | "missingToken"
  | "malformedToken"
  | "unknownToken"
  | "otherApplicationToken"
  | "deletedConnectionToken"
  | "duplicatedAuthorization";

/** A path parameter: a record that exists (by id prefix), or a literal already fit for a URL path. */
export type PathValue = { existing: string } | { literal: string };

/**
 * A JSON body, possibly with placeholders: string values `\u0000FUZZ<n>\u0000` are replaced in the
 * serialized text by `splices[n]` (raw JSON text: lone surrogate escapes, 1e309, huge strings).
 */
export type BodySpec =
  | { kind: "json"; value: unknown; splices?: Splice[] }
  | { kind: "text"; text: string }
  | { kind: "repeat"; prefix: string; unit: string; count: number; suffix: string };
export type Splice = { raw: string } | { repeat: string; count: number; quote: boolean };

export type FuzzRequest = {
  category: Category;
  operation: string;
  method: string;
  /** The document's path template, e.g. `/vehicles/{id}`. */
  template: string;
  admin: boolean;
  pathValues: Record<string, PathValue>;
  /** Query pairs, encoded with URLSearchParams; `rawQuery` is appended verbatim (already encoded). */
  query: [string, string][];
  rawQuery?: string;
  headers: Record<string, string>;
  auth: AuthChoice;
  body?: BodySpec;
  /** `undefined`: application/json when there is a body; `null`: no Content-Type header at all. */
  contentType?: string | null;
  /** Which seeded application (modulo their number) sends it. */
  app: number;
  /** A real cursor of a list, tampered with (badCursor): index into the collected cursors. */
  tamperedCursor?: { index: number; tamper: CursorTamper; param: string };
};

export type CursorTamper = "flip" | "truncate" | "append" | "reencode" | "swapCase" | "asIs";

const PREFIXED_ID = /^\^([a-z_]+)\[0-9A-HJKMNP-TV-Z\]\{26\}\$$/;
const ULID_CHARS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export const ulidArb = fc
  .array(fc.constantFrom(...ULID_CHARS), { minLength: 25, maxLength: 25 })
  .map((chars) => `0${chars.join("")}`);

export function resolveSchema(document: OpenApiDocument, schema: any): any {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 20; depth++) {
    current = document.components?.schemas?.[String(current.$ref).replace("#/components/schemas/", "")];
  }
  if (current?.allOf) {
    // `allOf: [{$ref}, {description}]` as zod-openapi emits it: merge the parts into one schema.
    const { allOf, ...rest } = current;
    return Object.assign({}, ...allOf.map((part: unknown) => resolveSchema(document, part)), rest);
  }
  return current ?? {};
}

/** The prefix of a `^prefix_ULID$` pattern, if the schema is an id. */
export function idPrefix(document: OpenApiDocument, schema: unknown): string | undefined {
  return PREFIXED_ID.exec(resolveSchema(document, schema)?.pattern ?? "")?.[1];
}

/** A value valid for a schema of the document (constraints that matter for acceptance are honoured). */
export function schemaArbitrary(document: OpenApiDocument, input: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, input);
  if (depth > 4) return fc.constant(exampleValue(document, input));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (schema.anyOf || schema.oneOf) {
    return fc.oneof(
      ...(schema.anyOf ?? schema.oneOf).map((part: unknown) => schemaArbitrary(document, part, depth + 1)),
    );
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type ?? "object"];
  return fc.oneof(...types.map((type) => typedArbitrary(document, schema, type, depth)));
}

function typedArbitrary(document: OpenApiDocument, schema: any, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "string":
      return stringArbitrary(schema);
    case "integer": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 500);
      // Unbiased (fast-check favours small values by default), plus both bounds.
      const generated = fc.oneof(fc.noBias(fc.integer({ min, max: Math.max(min, max) })), fc.constantFrom(min, max));
      return schema.example === undefined ? generated : fc.oneof(fc.constant(schema.example), generated);
    }
    case "number":
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(schemaArbitrary(document, schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    default: {
      const properties: Record<string, unknown> = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, schemaArbitrary(document, property, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((name: string) => name in shape) });
    }
  }
}

function stringArbitrary(schema: any): fc.Arbitrary<string> {
  const prefix = PREFIXED_ID.exec(schema.pattern ?? "")?.[1];
  if (prefix) return ulidArb.map((ulid) => `${prefix}${ulid}`);
  const example = typeof schema.example === "string" ? fc.constant(schema.example as string) : undefined;
  if (schema.pattern) {
    // Other patterns (comma lists of ids, months, agreement types): the example, when it fits.
    const pattern = new RegExp(schema.pattern);
    if (example && pattern.test(schema.example)) return example;
    return fc.stringMatching(pattern).filter((value) => value.length <= (schema.maxLength ?? 200));
  }
  let generated: fc.Arbitrary<string>;
  switch (schema.format) {
    case "date-time":
      generated = fc
        .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true })
        .map((date) => date.toISOString());
      break;
    case "date":
      generated = fc
        .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
      break;
    case "uri":
      generated = fc.constantFrom("https://example.com/terms/v3", "https://example.org/a?b=c", "https://example.net/");
      break;
    case "email":
      generated = fc.stringMatching(/^[a-z]{1,12}$/).map((local) => `${local}@example.com`);
      break;
    case "ipv4":
      generated = fc.ipV4();
      break;
    default:
      generated = fc.string({
        minLength: Math.max(schema.minLength ?? 0, 0),
        maxLength: Math.max(Math.min(schema.maxLength ?? 24, 24), schema.minLength ?? 0),
      });
  }
  return example ? fc.oneof(example, generated) : generated;
}

/** Bad values by kind: the catalogue the mutations draw from. */
export const BAD = {
  /** Values of the wrong JSON type for any field. */
  wrongTypes: [null, 0, -1, 1.5, true, false, "text", "", [], {}, [1, "a"], { nested: { deeper: [] } }] as unknown[],
  /** Strings with characters that break naive handling. */
  unicode: [
    "🚚💨🛰️",
    "👩‍👩‍👧‍👦",
    "\u202Eabc\u202C",
    "مرحبا بالعالم",
    "עברית",
    "\u0000",
    "a\u0000b",
    "\uFEFF",
    "\u200B\u200D",
    "Z̴̢̧͉̹a̵̛̜l̶g̷o̸",
    "\uD83D\uDE9A",
    "\t\r\n",
    "𝕿𝖗𝖚𝖈𝖐",
  ],
  /** Raw JSON string literals with escapes a JSON.stringify would never write: lone surrogates, NUL. */
  unicodeJsonLiterals: [
    '"\\ud800"',
    '"a\\udfffb"',
    '"\\udc00\\ud800"',
    '"\\u0000"',
    '"\\u0000\\u0001\\u001f"',
    '"\\ud83d"',
    '"\\u202e\\u0000\\ud800"',
    '"\\uFFFE\\uFFFF"',
  ],
  /** Path segments for ids, already percent-encoded where needed. */
  ids: [
    "",
    "x",
    "null",
    "undefined",
    "0",
    "-1",
    "vcl_",
    "vcl_01HZX5G1Q4V2M8T6W9K3R7N0P",
    "vcl_01HZX5G1Q4V2M8T6W9K3R7N0PBX",
    "vcl_01hzx5g1q4v2m8t6w9k3r7n0pb",
    "VCL_01HZX5G1Q4V2M8T6W9K3R7N0PB",
    "drv_01HZX5G1Q4V2M8T6W9K3R7N0PB",
    "conn_01HZX5G1Q4V2M8T6W9K3R7N0PB",
    "conn_01HZX5G1Q4V2M8T6W9K3R7N0PU",
    "sync_ZZZZZZZZZZZZZZZZZZZZZZZZZZ",
    "app_00000000000000000000000000",
    "%27%20OR%201%3D1%20--",
    "1%3B%20DROP%20TABLE%20connections",
    "%22%29%3B--",
    "..",
    "..%2F..%2Fadmin%2Fv1%2Fapplications",
    "%2e%2e%2f%2e%2e%2f",
    "..%252f..%252f",
    "%00",
    "vcl_01HZX5G1Q4V2M8T6W9K3R7N0PB%00",
    "%ED%A0%80",
    "%E2%80%AE",
    "%F0%9F%9A%9A",
    "%ZZ",
    "%",
    "a%2Fb",
    "vcl_01HZX5G1Q4V2M8T6W9K3R7N0PB%20",
    "%20vcl_01HZX5G1Q4V2M8T6W9K3R7N0PB",
    "*",
    "$%7Bjndi%3Aldap%3A%2F%2Fx%7D",
    "__proto__",
    "constructor",
    "x".repeat(5000),
  ],
  /** Values for date and date-time parameters and fields. */
  dates: [
    "2026-02-30",
    "2026-02-29",
    "2026-13-01",
    "9999-99-99",
    "0000-00-00",
    "2026-01-01T25:00:00Z",
    "2026-01-01T00:00:00+99:00",
    "2026-01-32T00:00:00.000Z",
    "+275760-09-13T00:00:00.001Z",
    "-271821-04-19T00:00:00.000Z",
    "1700000000",
    "1700000000000",
    "-1",
    "",
    " ",
    "now",
    "yesterday",
    "2026-01-06 03:24:53",
    "2026-1-6",
    "06/01/2026",
    "2026-W01",
    "2026-01",
    "2026",
    "NaN",
    "Invalid Date",
    "2026-01-06T03:24:53.000Z2026-01-06T03:24:53.000Z",
  ],
  /** Values for integer parameters (as query text). */
  numbers: [
    "-1",
    "0",
    "1e309",
    "-1e309",
    "NaN",
    "Infinity",
    "-Infinity",
    "1.5",
    "0x10",
    "1e2",
    "99999999999999999999",
    "9007199254740993",
    "",
    " 1",
    "1 ",
    "+1",
    "-0",
    "01",
    "１０",
    "ten",
    "1,2",
  ],
  /** Raw JSON number texts (some not JSON at all) for numeric body fields. */
  numberLiterals: [
    "-1",
    "1e309",
    "-1e309",
    "1.5",
    "9007199254740993",
    "NaN",
    "Infinity",
    "-0",
    "1E400",
    "0.1e-400",
    "0x10",
  ],
  cursors: [
    "",
    "=",
    "====",
    "!!!",
    "a",
    "null",
    "W10",
    "e30",
    "WyJ4Il0",
    "eyJpZCI6MX0",
    "%00",
    "..%2F",
    "x".repeat(3000),
  ],
  contentTypes: [
    null,
    "",
    "text/plain",
    "text/plain; charset=utf-8",
    "multipart/form-data; boundary=fuzz",
    "application/x-www-form-urlencoded",
    "application/xml",
    "application/json; charset=utf-8",
    "application/json;charset=UTF-8",
    "application/json; charset=latin1",
    "application/json; charset=utf-16",
    "APPLICATION/JSON",
    "application/vnd.api+json",
    "application/merge-patch+json",
    "application/jsonx",
    "application/json, text/plain",
    "*/*",
    "application/json; boundary=x; charset=utf-8",
  ] as (string | null)[],
  malformedJson: [
    "{",
    "}",
    "[",
    "{]",
    '{"a":}',
    '{"a" 1}',
    "{'a':1}",
    '{"a":1,}',
    "[1,]",
    "nul",
    "tru",
    "undefined",
    "NaN",
    "\uFEFF{}",
    "{}x",
    "{}{}",
    '{"a":"\\x41"}',
    '{"a":"\\u12"}',
    '{"a":"unterminated}',
    '{"a":1e}',
    "--",
    "<xml/>",
    "null",
    "[]",
    "1",
    '"string"',
    "true",
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
    `${'{"a":'.repeat(3000)}1${"}".repeat(3000)}`,
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ],
  unknownQuery: [
    "foo=bar",
    "__proto__=x",
    "constructor=1",
    "__proto__[polluted]=1",
    "LIMIT=5",
    "limit[]=1",
    "a[b]=c",
    "=",
    "&&&",
    "%zz=1",
    "a=%ED%A0%80",
    "x=%00",
    "cursor",
    "limit",
    "q=1;DROP%20TABLE%20vehicles",
  ],
  headers: [
    ["x-fuzz", "1"],
    ["x-forwarded-for", "127.0.0.1, ::1"],
    ["x-forwarded-host", "evil.example"],
    ["x-http-method-override", "DELETE"],
    ["x-application-id", "app_01HZX5G1Q4V2M8T6W9K3R7N0PB"],
    ["x-application-id", "' OR 1=1"],
    ["x-request-id", "req_evil"],
    ["origin", "https://evil.example"],
    ["accept", "text/html"],
    ["accept", "application/xml"],
    ["accept-encoding", "gzip, br, zstd"],
    ["accept-language", "ar-EG"],
    ["idempotency-key", "fuzz-key"],
    ["idempotency-key", ""],
    ["idempotency-key", "key with spaces"],
    ["idempotency-key", "k".repeat(300)],
    ["idempotency-key", "\u00e9t\u00e9"],
    ["if-none-match", '"x"'],
    ["range", "bytes=0-10"],
    ["cookie", "session=1; __proto__=x"],
    ["x-long", "h".repeat(8000)],
    ["user-agent", "\u00ff\u00fe"],
    ["connection-token", "con_tkn_garbage"],
  ] as [string, string][],
} as const;

export const SIZE_HUGE = [1_000, 65_536, 262_144, 1_000_000, 1_048_000, 1_048_577, 1_200_000, 1_572_864];

type OperationInfo = {
  operation: Operation;
  queryParams: any[];
  pathParams: any[];
  bodySchema?: unknown;
  hasBody: boolean;
  allowsBody: boolean;
  dateParams: string[];
  numberParams: string[];
  idQueryParams: string[];
  otherMethods: string[];
};

const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];

export function describeOperation(document: OpenApiDocument, operation: Operation): OperationInfo {
  const parameters = (operation.operation.parameters ?? []) as any[];
  const queryParams = parameters.filter((parameter) => parameter.in === "query");
  const definedMethods = Object.keys(document.paths[operation.key] ?? {}).map((method) => method.toUpperCase());
  const schemaOf = (parameter: any) => resolveSchema(document, parameter.schema ?? {});
  return {
    operation,
    queryParams,
    pathParams: parameters.filter((parameter) => parameter.in === "path"),
    bodySchema: operation.operation.requestBody?.content?.["application/json"]?.schema,
    hasBody: Boolean(operation.operation.requestBody),
    allowsBody: operation.method !== "GET" && operation.method !== "HEAD",
    dateParams: queryParams
      .filter((parameter) => ["date", "date-time"].includes(schemaOf(parameter).format) || parameter.name === "month")
      .map((parameter) => parameter.name),
    numberParams: queryParams
      .filter((parameter) => ["integer", "number"].includes(schemaOf(parameter).type))
      .map((parameter) => parameter.name),
    idQueryParams: queryParams
      .filter((parameter) => /Ids?$/.test(parameter.name) && schemaOf(parameter).type === "string")
      .map((parameter) => parameter.name),
    otherMethods: OTHER_METHODS.filter((method) => !definedMethods.includes(method)),
  };
}

/** The categories that make sense for an operation (body mutations need a body, and so on). */
export function categoriesFor(info: OperationInfo): Category[] {
  const bodyAllowed = info.allowsBody;
  const applies: Record<Category, boolean> = {
    valid: true,
    wrongType: true,
    missingField: true,
    extraField: true,
    hugeString: true,
    unicode: true,
    badId: info.pathParams.length > 0 || info.idQueryParams.length > 0,
    badCursor: info.queryParams.some((parameter) => parameter.name === "cursor"),
    badDate: info.dateParams.length > 0 || info.hasBody,
    badNumber: info.numberParams.length > 0 || info.hasBody,
    oversizedBody: bodyAllowed,
    contentType: bodyAllowed,
    malformedJson: bodyAllowed,
    duplicateQuery: info.queryParams.length > 0,
    unknownQuery: true,
    extraHeaders: true,
    wrongMethod: info.otherMethods.length > 0,
    badAuth: true,
  };
  return CATEGORIES.filter((category) => applies[category]);
}

/** Query text of a valid value. */
const queryText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** Valid path values: mostly existing records, sometimes random well-formed ids. */
function pathValuesArb(document: OpenApiDocument, info: OperationInfo): fc.Arbitrary<Record<string, PathValue>> {
  const shape: Record<string, fc.Arbitrary<PathValue>> = {};
  for (const parameter of info.pathParams) {
    const prefix = idPrefix(document, parameter.schema);
    const random = schemaArbitrary(document, parameter.schema).map((value) => ({
      literal: encodeURIComponent(String(value)),
    }));
    shape[parameter.name] = prefix
      ? fc.oneof({ weight: 4, arbitrary: fc.constant({ existing: prefix }) }, { weight: 1, arbitrary: random })
      : random;
  }
  return fc.record(shape);
}

/** Valid query pairs: required parameters always, optional ones now and then. */
function queryArb(document: OpenApiDocument, info: OperationInfo): fc.Arbitrary<[string, string][]> {
  const entries = info.queryParams.map((parameter) => {
    // Cursors come from real lists (badCursor); a generated one would only be a bad cursor.
    const value =
      parameter.name === "cursor"
        ? fc.constant(undefined)
        : schemaArbitrary(document, parameter.schema ?? {}).map((generated) => queryText(generated));
    const included = parameter.required ? value : fc.option(value, { freq: 3, nil: undefined });
    return included.map((text) => (text === undefined ? undefined : ([parameter.name, text] as [string, string])));
  });
  return fc.tuple(...entries).map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== undefined));
}

/** A valid body: the known-good one of the operation, its minimal example, or one generated from its schema. */
function bodyArb(document: OpenApiDocument, info: OperationInfo, knownBody?: unknown): fc.Arbitrary<unknown> {
  if (!info.hasBody || info.bodySchema === undefined) return fc.constant(undefined);
  const generated = schemaArbitrary(document, info.bodySchema);
  const known = knownBody === undefined ? [] : [{ weight: 3, arbitrary: fc.constant(knownBody) }];
  return fc.oneof(
    ...known,
    { weight: 1, arbitrary: fc.constant(exampleValue(document, info.bodySchema)) },
    { weight: 2, arbitrary: generated },
  );
}

const FUZZ_MARK = (index: number) => `\u0000FUZZ${index}\u0000`;

/** The string-valued paths of a JSON value, root first; `[]` means the root itself. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = [prefix];
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value))
      found.push(...paths(inner, [...prefix, Array.isArray(value) ? Number(key) : key]));
  }
  return found;
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

function deleteAt(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return undefined;
  if (path.length === 1) {
    if (Array.isArray(value)) return value.filter((_, index) => index !== path[0]);
    const { [path[0] as string]: _removed, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  return setAt(value, [head], deleteAt((value as any)[head], rest));
}

/** A path inside a body value chosen by a generated index (the root when the body is not an object). */
const pickPath = (value: unknown, index: number) => {
  const all = paths(value);
  return all[index % all.length] ?? [];
};

type Base = Omit<FuzzRequest, "category">;

/**
 * Requests for one operation: a valid base (path values, query, body, valid auth) and, per
 * category, the mutation that makes it bad.
 */
export function requestArbitrary(
  document: OpenApiDocument,
  operation: Operation,
  knownBody: unknown,
  applications: number,
  cursorCount: number,
): fc.Arbitrary<FuzzRequest> {
  const info = describeOperation(document, operation);
  const categories = categoriesFor(info);
  const base: fc.Arbitrary<Base> = fc
    .record({
      pathValues: pathValuesArb(document, info),
      query: queryArb(document, info),
      body: bodyArb(document, info, knownBody),
      app: fc.nat({ max: applications - 1 }),
    })
    .map(({ pathValues, query, body, app }) => ({
      operation: operation.name,
      method: operation.method,
      template: operation.path,
      admin: operation.admin,
      pathValues,
      query,
      headers: {},
      auth: "valid" as AuthChoice,
      app,
      ...(body === undefined ? {} : { body: { kind: "json" as const, value: body } }),
    }));
  const weighted = categories.map((category) => ({
    weight: category === "valid" ? 4 : 1,
    arbitrary: fc.constant(category),
  }));
  return fc
    .tuple(base, fc.oneof(...weighted), fc.nat(), fc.nat())
    .chain(([request, category, pick, pick2]) =>
      mutation(document, info, request, category, pick, pick2, cursorCount).map(
        (mutated): FuzzRequest => ({ ...mutated, category }),
      ),
    );
}

function bodyValue(request: Base): unknown {
  return request.body?.kind === "json" ? request.body.value : undefined;
}

function withBodyValue(request: Base, value: unknown, splices?: Splice[]): Base {
  return { ...request, body: { kind: "json", value, ...(splices ? { splices } : {}) } };
}

function mutation(
  document: OpenApiDocument,
  info: OperationInfo,
  request: Base,
  category: Category,
  pick: number,
  pick2: number,
  cursorCount: number,
): fc.Arbitrary<Base> {
  const body = bodyValue(request);
  const queryParam = (names: string[]) => names[pick % names.length] as string;
  switch (category) {
    case "valid":
      return fc.constant(request);
    case "wrongType": {
      if (info.hasBody && pick2 % 4 !== 0) {
        return fc
          .constantFrom(...BAD.wrongTypes)
          .map((bad) => withBodyValue(request, setAt(body ?? {}, pickPath(body, pick), bad)));
      }
      if (info.queryParams.length === 0) {
        return fc
          .constantFrom(...BAD.wrongTypes)
          .map((bad) => ({ ...request, query: [["limit", JSON.stringify(bad)]] }));
      }
      const name = queryParam(info.queryParams.map((parameter) => parameter.name));
      return fc
        .constantFrom("[]", "{}", "null", "true", "1.5", "[1,2]", '{"a":1}', "-", "x")
        .map((bad) => ({ ...request, query: [...request.query.filter(([key]) => key !== name), [name, bad]] }));
    }
    case "missingField": {
      const required = info.queryParams.filter((parameter) => parameter.required).map((parameter) => parameter.name);
      if (info.hasBody && (required.length === 0 || pick2 % 2 === 0)) {
        const schema = resolveSchema(document, info.bodySchema);
        const names: string[] = schema.required ?? Object.keys((body as object) ?? {});
        if (pick2 % 5 === 0) return fc.constant({ ...request, body: undefined }); // no body at all
        if (names.length === 0) return fc.constant(withBodyValue(request, {}));
        return fc.constant(withBodyValue(request, deleteAt(body, [queryParam(names)])));
      }
      if (required.length > 0) {
        const name = queryParam(required);
        return fc.constant({ ...request, query: request.query.filter(([key]) => key !== name) });
      }
      // Nothing to leave out but the credentials' second half.
      return fc.constant({ ...request, auth: "missingToken" as AuthChoice });
    }
    case "extraField": {
      const extra = fc.dictionary(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.constantFrom("__proto__", "constructor", "prototype", "id", "applicationId", "status", "token", "$where"),
        ),
        fc.jsonValue({ maxDepth: 2 }),
        { minKeys: 1, maxKeys: 4 },
      );
      if (info.hasBody) {
        return extra.map((fields) => {
          const target = pickPath(body, pick).filter(
            (_, index, all) => index < all.length - 1 || typeof body !== "object",
          );
          const current = target.reduce<any>((value, key) => value?.[key], body);
          const merged =
            current && typeof current === "object" && !Array.isArray(current) ? { ...current, ...fields } : fields;
          return withBodyValue(request, setAt(body, target, merged));
        });
      }
      return extra.map((fields) => ({
        ...request,
        query: [
          ...request.query,
          ...Object.entries(fields).map(([key, value]) => [key, queryText(value)] as [string, string]),
        ],
      }));
    }
    case "hugeString": {
      const size = fc.constantFrom(...SIZE_HUGE);
      const unit = fc.constantFrom("a", "é", "🚚", "\\u0000", " ", "\\\\");
      if (info.allowsBody) {
        return fc.tuple(size, unit).map(([count, repeat]) => {
          const target = info.hasBody ? pickPath(body, pick) : ["padding"];
          return withBodyValue(request, setAt(body ?? {}, target, FUZZ_MARK(0)), [{ repeat, count, quote: true }]);
        });
      }
      // A GET: the huge string goes into a query parameter (kept under the URL sizes a proxy would pass).
      const names = info.queryParams.map((parameter) => parameter.name);
      return fc
        .tuple(fc.constantFrom(1_000, 8_192, 65_536), fc.constantFrom("a", "%F0%9F%9A%9A", "%00"))
        .map(([count, repeat]) => ({
          ...request,
          rawQuery: `${names.length ? queryParam(names) : "q"}=${repeat.repeat(count)}`,
        }));
    }
    case "unicode": {
      if (info.hasBody && pick2 % 3 !== 0) {
        const target = pickPath(body, pick);
        return fc.oneof(
          fc
            .constantFrom(...BAD.unicodeJsonLiterals)
            .map((raw) => withBodyValue(request, setAt(body ?? {}, target, FUZZ_MARK(0)), [{ raw }])),
          fc.constantFrom(...BAD.unicode).map((text) => withBodyValue(request, setAt(body ?? {}, target, text))),
        );
      }
      const names = info.queryParams.map((parameter) => parameter.name);
      const name = names.length ? queryParam(names) : "q";
      return fc.oneof(
        fc.constantFrom(...BAD.unicode).map((text) => ({
          ...request,
          query: [...request.query.filter(([key]) => key !== name), [name, text]] as [string, string][],
        })),
        fc.constantFrom("%ED%A0%80", "%C0%AF", "%FF%FE", "%E2%80%AE", "%F0%9F%9A%9A%00").map((raw) => ({
          ...request,
          query: request.query.filter(([key]) => key !== name),
          rawQuery: `${name}=${raw}`,
        })),
        // Unicode in path ids, percent-encoded as a client would.
        ...(info.pathParams.length
          ? [
              fc.constantFrom(...BAD.unicode).map((text) => ({
                ...request,
                pathValues: {
                  ...request.pathValues,
                  [info.pathParams[0].name]: { literal: encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, "")) },
                },
              })),
            ]
          : []),
      );
    }
    case "badId": {
      const bad = fc.oneof(
        fc.constantFrom(...BAD.ids),
        fc
          .tuple(
            fc.constantFrom(
              "vcl_",
              "drv_",
              "conn_",
              "sync_",
              "whe_",
              "slk_",
              "app_",
              "key_",
              "mbr_",
              "mtk_",
              "sft_evt_",
              "x_",
              "",
            ),
            ulidArb,
          )
          .map(([prefix, ulid]) => encodeURIComponent(prefix + ulid)),
      );
      if (info.pathParams.length > 0 && (info.idQueryParams.length === 0 || pick2 % 3 !== 0)) {
        const name = info.pathParams[pick % info.pathParams.length].name as string;
        return bad.map((literal) => ({ ...request, pathValues: { ...request.pathValues, [name]: { literal } } }));
      }
      const name = queryParam(info.idQueryParams);
      return bad.map((literal) => ({
        ...request,
        query: request.query.filter(([key]) => key !== name),
        rawQuery: `${name}=${literal}`,
      }));
    }
    case "badCursor":
      return fc.oneof(
        fc
          .constantFrom(...BAD.cursors)
          .map((cursor) => ({ ...request, query: [...request.query, ["cursor", cursor] as [string, string]] })),
        fc
          .tuple(
            fc.nat({ max: Math.max(cursorCount - 1, 0) }),
            fc.constantFrom<CursorTamper>("flip", "truncate", "append", "reencode", "swapCase", "asIs"),
          )
          .map(([index, tamper]) => ({ ...request, tamperedCursor: { index, tamper, param: "cursor" } })),
      );
    case "badDate": {
      if (info.dateParams.length > 0 && (!info.hasBody || pick2 % 2 === 0)) {
        const name = queryParam(info.dateParams);
        return fc.constantFrom(...BAD.dates).map((date) => ({
          ...request,
          query: [...request.query.filter(([key]) => key !== name), [name, date] as [string, string]],
        }));
      }
      if (info.hasBody) {
        const dateFields = paths(body).filter(
          (path) => typeof path.at(-1) === "string" && /At$|From$|since|Date$/i.test(String(path.at(-1))),
        );
        const target = dateFields.length
          ? (dateFields[pick % dateFields.length] as (string | number)[])
          : pickPath(body, pick);
        return fc.constantFrom(...BAD.dates).map((date) => withBodyValue(request, setAt(body ?? {}, target, date)));
      }
      return fc
        .constantFrom(...BAD.dates)
        .map((date) => ({ ...request, query: [...request.query, ["modifiedAfter", date] as [string, string]] }));
    }
    case "badNumber": {
      if (info.numberParams.length > 0 && (!info.hasBody || pick2 % 2 === 0)) {
        const name = queryParam(info.numberParams);
        return fc.constantFrom(...BAD.numbers).map((number) => ({
          ...request,
          query: [...request.query.filter(([key]) => key !== name), [name, number] as [string, string]],
        }));
      }
      const numberFields = paths(body).filter(
        (path) => typeof path.reduce<any>((value, key) => value?.[key], body) === "number",
      );
      const target = numberFields.length
        ? (numberFields[pick % numberFields.length] as (string | number)[])
        : pickPath(body, pick);
      return fc
        .constantFrom(...BAD.numberLiterals)
        .map((raw) => withBodyValue(request, setAt(body ?? {}, target, FUZZ_MARK(0)), [{ raw }]));
    }
    case "oversizedBody":
      return fc
        .tuple(
          fc.constantFrom(1_048_577, 1_100_000, 1_400_000, 1_572_864),
          fc.boolean(),
          fc.constantFrom("a", "7", " "),
        )
        .map(([count, json, unit]) => ({
          ...request,
          body: json
            ? { kind: "repeat" as const, prefix: '{"padding":"', unit, count, suffix: '"}' }
            : { kind: "repeat" as const, prefix: "", unit, count, suffix: "" },
        }));
    case "contentType":
      return fc.constantFrom(...BAD.contentTypes).map((contentType) => ({
        ...request,
        contentType,
        // A bodiless operation gets a body to go with the odd type.
        body: request.body ?? { kind: "json" as const, value: {} },
      }));
    case "malformedJson":
      return fc
        .constantFrom(...BAD.malformedJson)
        .map((text) => ({ ...request, body: { kind: "text" as const, text } }));
    case "duplicateQuery": {
      const parameter = info.queryParams[pick % info.queryParams.length];
      return fc
        .tuple(schemaArbitrary(document, parameter.schema ?? {}), schemaArbitrary(document, parameter.schema ?? {}))
        .map(([first, second]) => ({
          ...request,
          query: [
            ...request.query.filter(([key]) => key !== parameter.name),
            [parameter.name, queryText(first)],
            [parameter.name, queryText(second)],
          ] as [string, string][],
        }));
    }
    case "unknownQuery":
      return fc
        .array(fc.constantFrom(...BAD.unknownQuery), { minLength: 1, maxLength: 4 })
        .map((extra) => ({ ...request, rawQuery: extra.join("&") }));
    case "extraHeaders":
      return fc
        .array(fc.constantFrom(...BAD.headers), { minLength: 1, maxLength: 4 })
        .map((extra) => ({ ...request, headers: Object.fromEntries(extra) }));
    case "wrongMethod":
      return fc.constantFrom(...info.otherMethods).map((method) => ({
        ...request,
        method,
        body: method === "GET" || method === "HEAD" ? undefined : request.body,
      }));
    case "badAuth": {
      const choices: AuthChoice[] = ["none", "garbage", "otherKind", "otherEnvironment", "duplicatedAuthorization"];
      if (info.operation.admin) choices.push("keyAsAdminToken");
      else choices.push("adminTokenAsKey");
      if ((info.operation.operation.security ?? []).some((requirement: object) => "connectionToken" in requirement)) {
        choices.push(
          "missingToken",
          "malformedToken",
          "unknownToken",
          "otherApplicationToken",
          "deletedConnectionToken",
        );
      }
      return fc.constantFrom(...choices).map((auth) => ({ ...request, auth }));
    }
  }
}
