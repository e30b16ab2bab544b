/**
 * The fuzzer's side of the wire: seeded applications (real sandbox connections, synced, with
 * records for every `{id}`), turning a generated FuzzRequest into a concrete Request, sending
 * it through the Worker (waiting out 429s), and judging the answer against the contract.
 */
import { env, exports } from "cloudflare:workers";
import { ERROR_STATUS } from "../../src/http/errors";
import { REQUEST_ID_PATTERN, randomBase62 } from "../helpers/error-contract";
import {
  createSandboxConnection,
  createTestApplication,
  insertConnection,
  insertSyncJob,
  mintTestPublicToken,
  type TestApplication,
} from "../helpers/factories";
import { ADMIN_BASE, BASE, call } from "../helpers/http";
import type { OpenApiDocument, Operation } from "../helpers/openapi-operations";
import { seedPathIds } from "../helpers/path-ids";
import { waitForSync } from "../helpers/sync";
import type { BodySpec, CursorTamper, FuzzRequest } from "./arbitraries";

/** One seeded application the fuzzer sends as: keys, a synced connection, and ids that exist. */
export type Seeded = {
  app: TestApplication;
  connection: { id: string; token: string };
  /** Existing ids by prefix (`vcl_`, `sync_`, `whe_` …), for `{ existing }` path values. */
  ids: Record<string, string[]>;
  deletedToken: string;
  publicTokens: string[];
};

export type FuzzWorld = {
  applications: Seeded[];
  /** The application whose ids the operator API routes act on (keys revoked there harm no one). */
  victim: { ids: Record<string, string[]> };
  cursors: { operation: string; app: number; cursor: string }[];
};

const ok = (result: { status: number; body: any }, what: string) => {
  if (result.status >= 300) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
};

async function seedApplication(): Promise<Seeded> {
  const app = await createTestApplication();
  const connection = await createSandboxConnection(app);
  const key = app.keys.sandbox.secret;
  const current = ok(
    await call("GET", `${BASE.sandbox}/connections/current`, { key, token: connection.token }),
    "current",
  );
  if (current.lastSync?.id) await waitForSync(key, connection.token, current.lastSync.id, { timeoutMs: 60_000 });
  const pathIds = await seedPathIds(app, connection);
  const [completed, failed] = await Promise.all([
    insertSyncJob(app, connection.id),
    insertSyncJob(app, connection.id, { status: "failed", failureReason: "fuzz" }),
  ]);
  const endpoint = ok(
    await call("POST", `${BASE.sandbox}/webhooks/endpoints`, {
      key,
      // Loopback receiver of the test run: deliveries of fuzzed events stay on this machine.
      body: { url: `${env.WEBHOOK_RECEIVER_URL}/fuzz`, eventTypes: ["issue.reported"] },
    }),
    "webhook endpoint",
  );
  const short = ok(
    await call("POST", `${BASE.sandbox}/link/short`, { key, body: { name: "Fuzz Trucking" } }),
    "short link",
  );
  const ids: Record<string, string[]> = {
    conn_: [connection.id],
    sync_: [completed.id, failed.id, current.lastSync?.id].filter(Boolean),
    whe_: [endpoint.id],
    slk_: [short.id],
  };
  for (const [prefix, id] of Object.entries(pathIds)) ids[prefix] = [id];
  // Records the sync itself wrote, so some ids are those of real synced rows.
  for (const [path, prefix] of [
    ["/vehicles", "vcl_"],
    ["/drivers", "drv_"],
    ["/groups", "group_"],
    ["/devices", "dvc_"],
    ["/trailers", "trl_"],
    ["/safety/events", "sft_evt_"],
  ] as const) {
    const page = await call("GET", `${BASE.sandbox}${path}?limit=5`, { key, token: connection.token });
    for (const record of page.body?.results ?? []) ids[prefix]?.push(record.id);
  }
  const deleted = await insertConnection(app, "sandbox", { status: "deleted", deletedAt: new Date() });
  const publicTokens = await Promise.all(
    [1, 2, 3].map(async () => (await mintTestPublicToken(connection, app)).publicToken),
  );
  return { app, connection, ids, deletedToken: deleted.token, publicTokens };
}

async function seedVictim(): Promise<{ ids: Record<string, string[]> }> {
  const victim = await createTestApplication();
  const member = ok(
    await call("POST", `${ADMIN_BASE}/members`, {
      key: env.ADMIN_TOKEN,
      body: { email: `fuzz-${randomBase62(8).toLowerCase()}@example.com` },
    }),
    "member",
  );
  const memberId = member.id ?? member.member?.id;
  const token = memberId
    ? await call("POST", `${ADMIN_BASE}/members/${memberId}/tokens`, { key: env.ADMIN_TOKEN })
    : undefined;
  return {
    ids: {
      app_: [victim.id],
      key_: Object.values(victim.keyIds),
      mbr_: memberId ? [memberId] : [],
      mtk_: token?.body?.id ? [token.body.id] : [],
    },
  };
}

/** Seeds the applications (in parallel) and collects real cursors of every list operation. */
export async function seedWorld(operations: Operation[], count: number): Promise<FuzzWorld> {
  const [victim, ...applications] = await Promise.all([
    seedVictim(),
    ...Array.from({ length: count }, seedApplication),
  ]);
  const cursors: FuzzWorld["cursors"] = [];
  for (const operation of operations) {
    const parameters = (operation.operation.parameters ?? []) as { name: string; in: string; required?: boolean }[];
    if (operation.method !== "GET" || !parameters.some((parameter) => parameter.name === "cursor")) continue;
    if (parameters.some((parameter) => parameter.in === "path" || parameter.required)) continue;
    for (const [index, seeded] of applications.entries()) {
      const base = operation.admin ? ADMIN_BASE : BASE.sandbox;
      const result = await call("GET", `${base}${operation.path}?limit=1`, {
        key: operation.admin ? env.ADMIN_TOKEN : seeded.app.keys.sandbox.secret,
        token: seeded.connection.token,
      });
      if (typeof result.body?.next === "string")
        cursors.push({ operation: operation.name, app: index, cursor: result.body.next });
      if (operation.admin) break;
    }
  }
  return { applications, victim, cursors };
}

/** Operations that change or end their connection: they get a throwaway connection, so the seeded one lives on. */
const CONSUMING = new Set([
  "DELETE /connections/current",
  "POST /connections/current/rotate-token",
  "PATCH /connections/current",
]);

function tamper(cursor: string, how: CursorTamper): string {
  switch (how) {
    case "flip": {
      const index = Math.floor(cursor.length / 2);
      const char = cursor[index] === "A" ? "B" : "A";
      return `${cursor.slice(0, index)}${char}${cursor.slice(index + 1)}`;
    }
    case "truncate":
      return cursor.slice(0, Math.max(1, cursor.length - 5));
    case "append":
      return `${cursor}AAAA`;
    case "reencode":
      return btoa(cursor).replace(/=+$/, "");
    case "swapCase":
      return cursor.replace(/[a-z]/, (char) => char.toUpperCase());
    case "asIs":
      return cursor;
  }
}

function serialize(spec: BodySpec): string {
  switch (spec.kind) {
    case "text":
      return spec.text;
    case "repeat":
      return `${spec.prefix}${spec.unit.repeat(spec.count)}${spec.suffix}`;
    case "json": {
      let text = JSON.stringify(spec.value === undefined ? null : spec.value);
      for (const [index, splice] of (spec.splices ?? []).entries()) {
        const literal =
          "raw" in splice
            ? splice.raw
            : `${splice.quote ? '"' : ""}${splice.repeat.repeat(splice.count)}${splice.quote ? '"' : ""}`;
        // The marker string, as JSON.stringify wrote it (NUL is escaped as \u0000).
        text = text.replace(JSON.stringify(`\u0000FUZZ${index}\u0000`), () => literal);
      }
      return text;
    }
  }
}

export type Concrete = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  authNote: string;
};

/** A generated request made concrete with the world's credentials and ids. */
export async function concretize(request: FuzzRequest, world: FuzzWorld): Promise<Concrete> {
  const seeded = world.applications[request.app % world.applications.length] as Seeded;
  const other = world.applications[(request.app + 1) % world.applications.length] as Seeded;
  const pool = request.admin ? world.victim.ids : seeded.ids;
  let path = request.template;
  for (const [name, value] of Object.entries(request.pathValues)) {
    let segment: string;
    if ("existing" in value) {
      const candidates = pool[value.existing] ?? [];
      segment =
        candidates[(request.app + name.length) % Math.max(candidates.length, 1)] ??
        `${value.existing}0000000000000000000000000`;
    } else segment = value.literal;
    // An empty segment would name the parent route (a trailing or repeated slash is ignored),
    // not a bad value of this one's parameter.
    if (segment === "") segment = "%20";
    path = path.replace(`{${name}}`, segment);
  }
  const search = new URLSearchParams(request.query);
  if (request.tamperedCursor && world.cursors.length > 0) {
    const source = world.cursors[request.tamperedCursor.index % world.cursors.length];
    if (source) search.append(request.tamperedCursor.param, tamper(source.cursor, request.tamperedCursor.tamper));
  }
  let query = search.toString();
  if (request.rawQuery) query = query ? `${query}&${request.rawQuery}` : request.rawQuery;
  const base = request.admin ? ADMIN_BASE : BASE.sandbox;
  const url = `${base}${path}${query ? `?${query}` : ""}`;

  const headers: Record<string, string> = {};
  const publishable = request.operation === "POST /link/complete";
  const connectionScoped = !request.admin && needsToken(request);
  const secret = seeded.app.keys.sandbox[publishable ? "publishable" : "secret"];
  let token: string | undefined = connectionScoped ? seeded.connection.token : undefined;
  if (connectionScoped && CONSUMING.has(request.operation) && request.auth === "valid") {
    token = (await insertConnection(seeded.app, "sandbox")).token;
  }
  let authorization: string | undefined = `Bearer ${request.admin ? env.ADMIN_TOKEN : secret}`;
  switch (request.auth) {
    case "valid":
      break;
    case "none":
      authorization = undefined;
      break;
    case "garbage":
      authorization = `Bearer ${randomBase62(20)}`;
      break;
    case "otherKind":
      authorization = `Bearer ${request.admin ? seeded.app.keys.sandbox.secret : seeded.app.keys.sandbox[publishable ? "secret" : "publishable"]}`;
      break;
    case "otherEnvironment":
      authorization = `Bearer ${request.admin ? `${env.ADMIN_TOKEN}x` : seeded.app.keys.production[publishable ? "publishable" : "secret"]}`;
      break;
    case "adminTokenAsKey":
      authorization = `Bearer ${env.ADMIN_TOKEN}`;
      break;
    case "keyAsAdminToken":
      authorization = `Bearer ${seeded.app.keys.sandbox.secret}`;
      break;
    case "duplicatedAuthorization":
      authorization = `${authorization}, Bearer ${other.app.keys.sandbox.secret}`;
      break;
    case "missingToken":
      token = undefined;
      break;
    case "malformedToken":
      token = "con_tkn_";
      break;
    case "unknownToken":
      token = `con_tkn_${randomBase62(40)}`;
      break;
    case "otherApplicationToken":
      token = other.connection.token;
      break;
    case "deletedConnectionToken":
      token = seeded.deletedToken;
      break;
  }
  if (authorization !== undefined) headers.authorization = authorization;
  if (token !== undefined) headers["connection-token"] = token;
  for (const [name, value] of Object.entries(request.headers)) headers[name] = value;

  let body: string | undefined;
  if (request.body && request.method !== "GET" && request.method !== "HEAD") {
    body = serialize(
      request.operation === "POST /public-token/exchange" &&
        request.category === "valid" &&
        request.body.kind === "json"
        ? { kind: "json", value: { publicToken: seeded.publicTokens[0] } }
        : request.body,
    );
    if (request.operation.includes("/webhooks/endpoints")) {
      // The document's example URL, made loopback: deliveries of fuzzed endpoints stay on this machine.
      body = body.replaceAll("https://example.com/webhooks/telematics", `${env.WEBHOOK_RECEIVER_URL}/fuzz`);
    }
    if (request.contentType === undefined) headers["content-type"] = "application/json";
    else if (request.contentType !== null) headers["content-type"] = request.contentType;
  }
  return { method: request.method, url, headers, body, authNote: request.auth };
}

function needsToken(request: FuzzRequest): boolean {
  return TOKEN_OPERATIONS.has(request.operation);
}

const TOKEN_OPERATIONS = new Set<string>();
/** Records which operations need a Connection-Token (from the document's security). */
export function noteTokenOperations(operations: Operation[]) {
  for (const operation of operations) {
    const security = (operation.operation.security ?? []) as Record<string, unknown>[];
    if (security.some((requirement) => "connectionToken" in requirement)) TOKEN_OPERATIONS.add(operation.name);
  }
}

export type Sent = { status: number; headers: Headers; text: string; rateLimited: number };

/** Sends a request through the Worker; a 429 is waited out (its retryAfter) and the request sent again. */
export async function send(concrete: Concrete): Promise<Sent> {
  let rateLimited = 0;
  for (;;) {
    const response = await exports.default.fetch(
      new Request(concrete.url, { method: concrete.method, headers: concrete.headers, body: concrete.body }),
    );
    const text = await response.text();
    if (response.status === 429 && rateLimited < 5) {
      rateLimited++;
      let wait = 1;
      try {
        wait = Number(JSON.parse(text).retryAfter) || Number(response.headers.get("retry-after")) || 1;
      } catch {
        // A malformed 429 is judged below, on the last try.
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 10) * 1000));
      continue;
    }
    return { status: response.status, headers: response.headers, text, rateLimited };
  }
}

const ERROR_KEYS = new Set(["code", "message", "detail", "retryAfter"]);
const DETAIL_KEYS = new Set(["message", "path", "suggestion", "context"]);

/** Problems of an error response against the contract (section 7): empty when it conforms. */
export function errorProblems(status: number, headers: Headers, text: string, request: Concrete): string[] {
  if (request.method === "HEAD") return [];
  const problems: string[] = [];
  if (!/^application\/json/.test(headers.get("content-type") ?? ""))
    problems.push(`content-type ${headers.get("content-type")}`);
  // A minted id, or the caller's own valid X-Request-Id echoed (test/api/errors.test.ts).
  const requestId = headers.get("x-request-id") ?? "";
  if (!REQUEST_ID_PATTERN.test(requestId) && requestId !== request.headers["x-request-id"])
    problems.push("no X-Request-Id");
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, "body is not JSON"];
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return [...problems, "body is not an object"];
  for (const key of Object.keys(body)) if (!ERROR_KEYS.has(key)) problems.push(`unexpected key ${key}`);
  if (!(body.code in ERROR_STATUS)) problems.push(`unknown code ${body.code}`);
  else if (ERROR_STATUS[body.code as keyof typeof ERROR_STATUS] !== status)
    problems.push(`code ${body.code} with status ${status}`);
  if (typeof body.message !== "string" || body.message.length === 0) problems.push("message missing");
  if ("detail" in body && typeof body.detail !== "string") {
    if (!Array.isArray(body.detail)) problems.push("detail neither string nor array");
    else
      for (const entry of body.detail) {
        if (!entry || typeof entry !== "object") {
          problems.push("detail entry not an object");
          continue;
        }
        for (const key of Object.keys(entry)) if (!DETAIL_KEYS.has(key)) problems.push(`unexpected detail key ${key}`);
        if (typeof entry.message !== "string" || typeof entry.path !== "string")
          problems.push("detail entry without message/path");
        if ("suggestion" in entry && typeof entry.suggestion !== "string")
          problems.push("detail suggestion not a string");
        if ("context" in entry && (typeof entry.context !== "object" || entry.context === null))
          problems.push("detail context not an object");
      }
  }
  if ("retryAfter" in body && !Number.isInteger(body.retryAfter)) problems.push("retryAfter not an integer");
  if (body.code === "too_many_requests" && !Number.isInteger(body.retryAfter)) problems.push("429 without retryAfter");
  if (body.code === "gateway_timeout" && Object.keys(body).some((key) => key !== "code" && key !== "message"))
    problems.push("gateway_timeout with more than code and message");
  return problems;
}

/** Registers the document with the Node validator once; returns its id. */
export async function registerDocument(document: OpenApiDocument): Promise<string> {
  const response = await env.RESPONSE_VALIDATOR.fetch("https://validator/documents", {
    method: "POST",
    body: JSON.stringify(document),
  });
  return ((await response.json()) as { id: string }).id;
}

/** Problems of a 2xx body against the operation's documented response schema for that status. */
export async function successProblems(
  documentId: string,
  operation: Operation,
  status: number,
  headers: Headers,
  text: string,
  method: string,
): Promise<string[]> {
  if (method === "HEAD" || method !== operation.method) return [];
  const documented = operation.operation.responses?.[String(status)];
  if (!documented) return [`status ${status} is not documented`];
  const jsonSchema = documented.content?.["application/json"]?.schema;
  // No JSON body documented for this status (204): nothing to validate.
  if (!jsonSchema) return [];
  if (!/^application\/json/.test(headers.get("content-type") ?? ""))
    return [`content-type ${headers.get("content-type")}`];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return ["body is not JSON"];
  }
  const response = await env.RESPONSE_VALIDATOR.fetch("https://validator/validate", {
    method: "POST",
    body: JSON.stringify({ id: documentId, path: operation.key, method: operation.method, status, body }),
  });
  const result = (await response.json()) as { valid: boolean; documented: boolean; errors: unknown[] };
  if (!result.documented) return [`no JSON schema for ${status}`];
  return result.valid ? [] : [`body does not match the schema: ${JSON.stringify(result.errors).slice(0, 600)}`];
}
