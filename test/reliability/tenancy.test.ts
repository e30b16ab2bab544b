/**
 * Tenancy (BOLA) matrix, generated from the served OpenAPI document: every application- and
 * connection-scoped /tsp/v1 operation is called, with the ids of a richly seeded victim
 * (application A) in its path, by every caller that must not reach them: another application,
 * another connection of the same application, the other environment's key, the other kind of
 * key, a revoked key, a deleted connection's token, and members by role. Each cell asserts its
 * status, and that the raw response text carries nothing of the victim (ids, tokens, names).
 * The owner's own call with the same ids closes each operation, so every 404 above is about
 * tenancy and not about an id that never existed. New operations are picked up automatically.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "../../src/http/errors";
import {
  createSandboxConnection,
  createTestApplication,
  insertConnection,
  insertSyncJob,
  mintTestPublicToken,
  type TestApplication,
} from "../helpers/factories";
import { admin, BASE } from "../helpers/http";
import { prepareFor } from "../helpers/matrix-fixtures";
import {
  buildRequest,
  fetchDocument,
  listOperations,
  needsConnectionToken,
  type Operation,
  takesPublishableKey,
} from "../helpers/openapi-operations";
import { insertDriver, insertIssue, insertVehicle, ownerOf } from "../helpers/records-factories";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { addMembership, createTestMember, type TestMember } from "../members/helpers";
import { adminOperationIds, foundIn, type RawCallOptions, rateLimited, rawCall } from "./leak-helpers";

const document = await fetchDocument(BASE.sandbox);
const operations = listOperations(document).filter((operation) => !operation.admin);
const ADMIN_ONLY = adminOperationIds();

type Scope = "connection" | "application" | "publishable";
const scopeOf = (operation: Operation): Scope =>
  takesPublishableKey(operation) ? "publishable" : needsConnectionToken(operation) ? "connection" : "application";
const hasPathId = (operation: Operation) => operation.path.includes("{");
const isRead = (operation: Operation) => operation.method === "GET";
/** A viewer may call it: a read whose handler does not ask for the admin role. Other mutations need admin. */
const viewerMay = (operation: Operation) => isRead(operation) && !ADMIN_ONLY.has(operation.operation.operationId);
const keyKind = (operation: Operation) => (takesPublishableKey(operation) ? "publishable" : "secret");
const otherKind = (operation: Operation) => (takesPublishableKey(operation) ? "secret" : "publishable");

type Connection = { id: string; token: string; createdAt: string | Date; sourceId?: string | null; options?: any };

const tag = crypto.randomUUID().slice(0, 8);
let victim: TestApplication;
let attacker: TestApplication;
/** The victim's two synced connections: the first owns the path ids of reads; the second is (b)'s caller. */
let victimMain: Connection;
let victimSecond: Connection;
/** The attacker's synced connection, for (a) on reads. */
let attackerMain: Connection;
let deletedConnection: { id: string; token: string };
let revokedKeys: { secret: string; publishable: string };
let viewer: TestMember;
let adminMember: TestMember;

/** Strings of the victim that belong to the application as a whole (keys, endpoints, links, public tokens). */
const applicationStrings = new Set<string>();
/** Strings of each of the victim's connections (id, token, external id, company name), by connection id. */
const connectionStrings = new Map<string, Set<string>>();

function addConnectionStrings(connectionId: string, ...values: (string | undefined | null)[]) {
  let set = connectionStrings.get(connectionId);
  if (!set) {
    set = new Set();
    connectionStrings.set(connectionId, set);
  }
  for (const value of values) if (value) set.add(value);
}

let freshCount = 0;
/** A victim connection written directly (no sync), with its own distinctive values. */
async function insertVictimConnection() {
  freshCount++;
  const externalId = `victim-ext-fresh-${freshCount}-${tag}`;
  const name = `Victim Freight Fresh ${freshCount} ${tag}`;
  const inserted = await insertConnection(victim, "sandbox", { externalId, company: { name, dotNumbers: [] } });
  addConnectionStrings(inserted.id, inserted.id, inserted.token, externalId, name);
  return inserted;
}

/** A caller's own connection written directly, for actions on itself (not a victim). */
async function insertCallerConnection(app: TestApplication) {
  return insertConnection(app, "sandbox");
}

const OWN_ID = /^[a-z]+(_[a-z]+)*_[0-9A-Za-z]{16,}$/;

/**
 * Every id of the victim's rows in D1, by connection (null: the application's own rows), so
 * records that syncs, factories and routes made are all searched for without listing them.
 */
async function refreshVictimIds() {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  for (const { name } of tables) {
    const { results: columns } = await env.DB.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    const names = new Set(columns.map((column) => column.name));
    if (!names.has("id") || !names.has("application_id")) continue;
    const connectionColumn = name === "connections" ? "id" : names.has("connection_id") ? "connection_id" : "NULL";
    const { results } = await env.DB.prepare(
      `SELECT id, ${connectionColumn} AS owner FROM "${name}" WHERE application_id = ?`,
    )
      .bind(victim.id)
      .all<{ id: unknown; owner: string | null }>();
    for (const row of results) {
      if (typeof row.id !== "string" || !OWN_ID.test(row.id)) continue;
      if (row.owner) addConnectionStrings(row.owner, row.id);
      else applicationStrings.add(row.id);
    }
  }
}

/** Everything of the victim: what another application, environment or key must never see. */
function allVictimStrings(): Set<string> {
  const all = new Set(applicationStrings);
  for (const set of connectionStrings.values()) for (const value of set) all.add(value);
  return all;
}

/** The victim's connection-level strings except the caller's own connection's. */
function otherConnectionStrings(callerConnectionId: string): Set<string> {
  const others = new Set<string>();
  for (const [connectionId, set] of connectionStrings) {
    if (connectionId === callerConnectionId) continue;
    for (const value of set) others.add(value);
  }
  return others;
}

type Caller =
  | "otherApplication"
  | "otherConnection"
  | "otherEnvironment"
  | "wrongKeyKind"
  | "revokedKey"
  | "deletedConnection"
  | "viewer"
  | "adminMember"
  | "ownerControl";

type Expected = "2xx" | ErrorCode;

const summary = {
  cells: 0,
  byCaller: {} as Record<string, number>,
  leaks: 0,
  wrongStatus: 0,
  operations: 0,
  notApplicable: 0,
  /** Cells by the answer they were due: a matrix of only 2xx (or only 401) would prove little. */
  byExpected: {} as Record<string, number>,
};
const problems: string[] = [];

async function syncedConnection(app: TestApplication, body: Record<string, unknown>) {
  const connection = await createSandboxConnection(app, body);
  return connection as Connection & { [field: string]: any };
}

beforeAll(async () => {
  [victim, attacker] = await Promise.all([createTestApplication(), createTestApplication()]);
  applicationStrings.add(victim.id);
  for (const environment of ["sandbox", "production"] as const) {
    applicationStrings.add(victim.keys[environment].secret);
    applicationStrings.add(victim.keys[environment].publishable);
  }

  const victimBodies = [1, 2].map((n) => ({
    externalId: `victim-ext-${n}-${tag}`,
    company: { name: `Victim Freight ${n} ${tag}`, dotNumbers: [`9${n}${tag.replace(/\D/g, "").slice(0, 5)}`] },
    tags: [`victim-tag-${n}-${tag}`],
  }));
  [victimMain, victimSecond, attackerMain] = await Promise.all([
    syncedConnection(victim, victimBodies[0] ?? {}),
    syncedConnection(victim, victimBodies[1] ?? {}),
    syncedConnection(attacker, { externalId: `attacker-ext-${tag}` }),
  ]);
  for (const [connection, body] of [
    [victimMain, victimBodies[0]],
    [victimSecond, victimBodies[1]],
  ] as const) {
    addConnectionStrings(connection.id, connection.id, connection.token, body?.externalId, body?.company.name);
    addConnectionStrings(connection.id, ...(body?.tags ?? []));
  }
  // Their first syncs bring the sandbox fleet in: every list of the victim has real rows.
  await Promise.all(
    [
      [victim, victimMain],
      [victim, victimSecond],
      [attacker, attackerMain],
    ].map(async ([app, connection]) => {
      const key = (app as TestApplication).keys.sandbox.secret;
      const token = (connection as Connection).token;
      await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    }),
  );

  // Distinctive records, an issue, a failed sync job, a webhook endpoint and a short link of the victim.
  for (const connection of [victimMain, victimSecond]) {
    const owner = ownerOf(victim, connection);
    const vehicle = await insertVehicle(owner, { name: `Victim Truck ${connection.id.slice(-6)} ${tag}` });
    const driver = await insertDriver(owner, {
      firstName: `Victimfirst${tag}`,
      email: `victim-driver-${connection.id.slice(-6).toLowerCase()}-${tag}@example.com`,
    });
    const issue = await insertIssue(owner, { message: `Victim issue ${connection.id.slice(-6)} ${tag}` });
    await insertSyncJob(victim, connection.id, { status: "failed", failureReason: `victim failure ${tag}` });
    addConnectionStrings(connection.id, vehicle.name, driver.email, issue.message);
  }
  const endpoint = await rawCall("POST", `${BASE.sandbox}/webhooks/endpoints`, {
    key: victim.keys.sandbox.secret,
    body: {
      url: `https://example.com/victim-${tag}/hook`,
      description: `Victim endpoint ${tag}`,
      eventTypes: ["issue.reported"],
    },
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  applicationStrings.add(endpoint.body.secret);
  applicationStrings.add(`example.com/victim-${tag}/hook`);
  applicationStrings.add(`Victim endpoint ${tag}`);
  const short = await rawCall("POST", `${BASE.sandbox}/link/short`, {
    key: victim.keys.sandbox.secret,
    body: { name: `Victim Short ${tag}`, externalId: `victim-short-${tag}` },
  });
  expect(short.status, short.text).toBe(201);
  applicationStrings.add(short.body.url);
  applicationStrings.add(`Victim Short ${tag}`);
  applicationStrings.add(`victim-short-${tag}`);
  const destination = await rawCall("POST", `${BASE.sandbox}/destinations`, {
    key: victim.keys.sandbox.secret,
    body: {
      type: "s3",
      name: `Victim Destination ${tag}`,
      models: ["Vehicle"],
      config: {
        region: "us-east-1",
        bucket: `victim-${tag.toLowerCase().replace(/[^a-z0-9]/g, "")}`.slice(0, 60),
        accessKeyId: `AKIAVICTIM${tag}`,
        secretAccessKey: `victim-destination-secret-${tag}`,
      },
    },
  });
  expect(destination.status, destination.text).toBe(201);
  applicationStrings.add(`Victim Destination ${tag}`);
  applicationStrings.add(`AKIAVICTIM${tag}`);
  applicationStrings.add(`victim-destination-secret-${tag}`);

  // A revoked key of each kind (working until revoked), and a deleted connection of the victim.
  const revoked = { secret: "", publishable: "" };
  for (const kind of ["secret", "publishable"] as const) {
    const created = await admin("POST", `/applications/${victim.id}/keys`, { environment: "sandbox", kind });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (kind === "secret") {
      const works = await rawCall("GET", `${BASE.sandbox}/providers`, { key: created.body.key });
      expect(works.status, works.text).toBe(200);
    }
    expect((await admin("DELETE", `/applications/${victim.id}/keys/${created.body.id}`)).status).toBe(200);
    revoked[kind] = created.body.key;
    applicationStrings.add(created.body.key);
  }
  revokedKeys = revoked;
  const deleted = await insertConnection(victim, "sandbox", { status: "deleted", deletedAt: new Date() });
  deletedConnection = { id: deleted.id, token: deleted.token };

  [viewer, adminMember] = await Promise.all([createTestMember(), createTestMember()]);
  await addMembership(victim.id, viewer.id, "viewer");
  await addMembership(victim.id, adminMember.id, "admin");
  await refreshVictimIds();
}, 120_000);

type State = { connection: { id: string; token: string }; pathIds: Record<string, string> };

/**
 * Victim state in which the operation succeeds for its owner: reads work on the main synced
 * connection; actions get a fresh victim connection (a deletion, a token rotation or a sync
 * request must not disturb the connection the other operations read).
 */
async function prepareVictim(operation: Operation): Promise<State> {
  if (isRead(operation)) {
    const pathIds = await prepareFor(operation, victim, victimMain, victimMain.token);
    return { connection: victimMain, pathIds };
  }
  const fresh = await insertVictimConnection();
  const pathIds = await prepareFor(operation, victim, fresh.row, fresh.token);
  return { connection: fresh, pathIds };
}

/** A concrete request for the operation with the victim's ids, and a fresh victim public token where one is taken. */
async function requestFor(operation: Operation, state: State) {
  const { publicToken } = await mintTestPublicToken(state.connection, victim);
  applicationStrings.add(publicToken);
  return buildRequest(document, operation, BASE.sandbox, { publicToken, pathIds: state.pathIds });
}

async function runCell(
  operation: Operation,
  caller: Caller,
  request: Awaited<ReturnType<typeof requestFor>>,
  options: RawCallOptions,
  expected: Expected,
  /** Victim strings the answer must not contain (those the request itself carries are left out). */
  forbidden: Set<string>,
) {
  const result = await rawCall(request.method, request.url, { ...options, body: request.body });
  summary.cells++;
  summary.byCaller[caller] = (summary.byCaller[caller] ?? 0) + 1;
  summary.byExpected[expected] = (summary.byExpected[expected] ?? 0) + 1;
  const where = `${operation.name} [${caller}]`;
  const ok = result.status >= 200 && result.status < 300;
  if (expected === "2xx") {
    if (!ok) {
      summary.wrongStatus++;
      problems.push(`${where}: expected 2xx, got ${result.status} ${result.text.slice(0, 300)}`);
    }
  } else {
    if (ok) {
      summary.leaks++;
      problems.push(
        `${where}: LEAK, answered ${result.status} where ${expected} was due: ${result.text.slice(0, 300)}`,
      );
    } else if (result.status !== ERROR_STATUS[expected] || result.body?.code !== expected) {
      summary.wrongStatus++;
      problems.push(`${where}: expected ${ERROR_STATUS[expected]} ${expected}, got ${result.status} ${result.text}`);
    }
  }
  const sent = `${request.url} ${JSON.stringify(request.body ?? "")}`;
  const leaked = foundIn(
    result.text,
    [...forbidden].filter((value) => !sent.includes(value)),
  );
  if (leaked.length) {
    summary.leaks++;
    problems.push(`${where}: LEAK of victim values ${JSON.stringify(leaked)} in ${result.status} ${result.text}`);
  }
  return result;
}

describe("the tenancy matrix", () => {
  it("covers every application- and connection-scoped operation of the document", () => {
    const names = operations.map((operation) => operation.name);
    expect(names).toEqual(
      expect.arrayContaining(["GET /connections/current", "GET /vehicles/{id}", "POST /link/complete"]),
    );
    // The role scan read the route sources: every operation it names is served.
    expect(ADMIN_ONLY.size).toBeGreaterThan(3);
    const served = new Set(operations.map((operation) => operation.operation.operationId));
    for (const id of ADMIN_ONLY) expect(served, `${id} needs admin but is not in the document`).toContain(id);
  });
});

describe.each(operations)("$name", (operation) => {
  it("refuses every foreign caller and leaks nothing of the victim", { timeout: 90_000 }, async () => {
    summary.operations++;
    const before = problems.length;
    const scope = scopeOf(operation);
    const state = await prepareVictim(operation);
    // Every {id} of the path names a real victim record.
    for (const match of operation.path.matchAll(/\{(\w+)\}/g)) {
      const parameter = (operation.operation.parameters ?? []).find((p: any) => p.in === "path" && p.name === match[1]);
      const prefix = /^\^([a-z_]+)\[/.exec(parameter?.schema?.pattern ?? "")?.[1];
      expect(prefix && state.pathIds[prefix], `${operation.name}: no victim id for {${match[1]}}`).toBeTruthy();
    }
    await refreshVictimIds();
    const everything = allVictimStrings();

    // (a) Another application: its own key (and its own connection's token); victim ids in the path.
    {
      const request = await requestFor(operation, state);
      const namesVictim = foundIn(JSON.stringify(request.body ?? ""), allVictimStrings()).length > 0;
      let token: string | undefined;
      if (scope === "connection") {
        token =
          isRead(operation) || hasPathId(operation)
            ? attackerMain.token
            : (await insertCallerConnection(attacker)).token;
      }
      // Without victim ids in the request, the caller acts on its own tenant: that is allowed.
      const expected: Expected = hasPathId(operation) ? "not_found" : namesVictim ? "forbidden" : "2xx";
      await runCell(
        operation,
        "otherApplication",
        request,
        { key: attacker.keys.sandbox[keyKind(operation)], token },
        expected,
        everything,
      );
    }

    // (b) Another connection of the same application, on connection-scoped routes.
    if (scope === "connection") {
      const caller = isRead(operation) || hasPathId(operation) ? victimSecond : await insertCallerConnection(victim);
      const request = await requestFor(operation, state);
      await runCell(
        operation,
        "otherConnection",
        request,
        { key: victim.keys.sandbox.secret, token: caller.token },
        hasPathId(operation) ? "not_found" : "2xx",
        otherConnectionStrings(caller.id),
      );
    } else summary.notApplicable++;

    const token = scope === "connection" ? state.connection.token : undefined;
    // (c) The production key at the sandbox base address.
    await runCell(
      operation,
      "otherEnvironment",
      await requestFor(operation, state),
      { key: victim.keys.production[keyKind(operation)], token },
      "unauthorized",
      everything,
    );
    // (d) The other kind of key: publishable on server routes, secret on the browser route.
    await runCell(
      operation,
      "wrongKeyKind",
      await requestFor(operation, state),
      { key: victim.keys.sandbox[otherKind(operation)], token },
      "unauthorized",
      everything,
    );
    // (e) A revoked key of the right kind.
    await runCell(
      operation,
      "revokedKey",
      await requestFor(operation, state),
      { key: revokedKeys[keyKind(operation)], token },
      "unauthorized",
      everything,
    );
    // (f) A deleted connection's token.
    if (scope === "connection") {
      await runCell(
        operation,
        "deletedConnection",
        await requestFor(operation, state),
        { key: victim.keys.sandbox.secret, token: deletedConnection.token },
        "connection_deleted",
        everything,
      );
    } else summary.notApplicable++;

    // (g) A viewer member: reads of the application, never its admin actions nor connection routes.
    const memberHeaders = { "x-application-id": victim.id };
    const memberExpected = (role: "viewer" | "admin"): Expected =>
      scope !== "application" ? "unauthorized" : role === "admin" || viewerMay(operation) ? "2xx" : "forbidden";
    {
      const expected = memberExpected("viewer");
      await runCell(
        operation,
        "viewer",
        await requestFor(operation, state),
        { key: viewer.token, token, headers: memberHeaders },
        expected,
        // A refusal carries nothing; an allowed read is the member's own application, but never a key.
        expected === "2xx" ? new Set(Object.values(victim.keys).flatMap((keys) => Object.values(keys))) : everything,
      );
    }

    // The owner, with the same ids and state: proves each refusal above was about the caller.
    await runCell(
      operation,
      "ownerControl",
      await requestFor(operation, state),
      { key: victim.keys.sandbox[keyKind(operation)], token },
      "2xx",
      new Set(),
    );

    // (h) An admin member: the admin actions are allowed (on a fresh state, the owner's call may have used it up).
    {
      const expected = memberExpected("admin");
      const fresh = expected === "2xx" && !isRead(operation) ? await prepareVictim(operation) : state;
      await runCell(
        operation,
        "adminMember",
        await requestFor(operation, fresh),
        {
          key: adminMember.token,
          token: scope === "connection" ? fresh.connection.token : undefined,
          headers: memberHeaders,
        },
        expected,
        expected === "2xx" ? new Set(Object.values(victim.keys).flatMap((keys) => Object.values(keys))) : everything,
      );
    }
    expect(problems.slice(before)).toEqual([]);
  });
});

afterAll(() => {
  // victimValues: how many distinct ids, tokens and names of the victim every answer was searched for.
  const totals = { ...summary, victimValues: allVictimStrings().size, rateLimited: rateLimited.count };
  console.log(`BOLA_SUMMARY ${JSON.stringify(totals)}`);
  expect(summary.operations).toBe(operations.length);
  expect(summary.leaks, problems.join("\n")).toBe(0);
  expect(summary.wrongStatus, problems.join("\n")).toBe(0);
});
