/**
 * Factories: each test creates the data it needs, with random names, and asserts only on
 * the ids it created. Storage is shared by the tests of a file, so nothing may depend on
 * the order of tests or on counts of rows it did not create.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { createDatabase } from "../../src/db/client";
import { type ConnectionRow, connections, syncJobs, usageRecords } from "../../src/db/schema";
import { shardD1, shardNames } from "../../src/db/shards";
import { mintPublicToken } from "../../src/domain/public-tokens/mint";
import { generateConnectionToken, sealConnectionToken, sealCredentials } from "../../src/lib/connection-secrets";
import { newId } from "../../src/lib/ids";
import { findProvider } from "../../src/providers/registry";
import type { ProviderAdapter } from "../../src/providers/types";
import { admin, BASE, call, type Environment } from "./http";

/** The control database (applications, keys, connections, webhooks, …). */
export const db = () => createDatabase(env.DB);

/** Every data shard bound in the tests' configuration (two: `a` and `b`). */
export const SHARDS = shardNames(env);

/** The drizzle client over shard `name`. */
export const shardDb = (name: string) => createDatabase(shardD1(env, name));

/** The shard a connection's data is on, as its row says (read once per connection: only a move changes it). */
const shards = new Map<string, string>();
async function knownShard(connectionId: string): Promise<string | undefined> {
  const known = shards.get(connectionId);
  if (known) return known;
  const [row] = await db()
    .select({ shard: connections.shard })
    .from(connections)
    .where(eq(connections.id, connectionId));
  if (row) shards.set(connectionId, row.shard);
  return row?.shard;
}

export async function shardOf(connectionId: string): Promise<string> {
  const shard = await knownShard(connectionId);
  if (!shard) throw new Error(`no connection ${connectionId}`);
  return shard;
}

/** The drizzle client over the shard holding a connection's data. */
export const dataDb = async (connectionId: string) => shardDb(await shardOf(connectionId));

/** Connections written directly alternate between the shards, so every suite's data lands on both. */
let placed = 0;
const nextShard = () => SHARDS[placed++ % SHARDS.length] as string;

export const uniqueName = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}`;

export type TestApplication = {
  id: string;
  keys: { production: { secret: string; publishable: string }; sandbox: { secret: string; publishable: string } };
  keyIds: Record<string, string>;
};

/**
 * A new application through the operator API, with its four keys in plaintext. Its connections'
 * syncs read no vehicle time series (latest locations, trips, breadcrumbs, stat logs) unless the
 * test asks for them with `timeSeries: true` (the service's default): most tests read none, and
 * the fake providers' fleets would add thousands of points and trips, at the providers' paces,
 * to every sync.
 */
export async function createTestApplication(options: { timeSeries?: boolean } = {}): Promise<TestApplication> {
  const created = await admin("POST", "/applications", {
    name: uniqueName("app"),
    timeSeries: { enabled: options.timeSeries ?? false },
  });
  if (created.status !== 201) throw new Error(`application not created: ${JSON.stringify(created.body)}`);
  const keys = { production: { secret: "", publishable: "" }, sandbox: { secret: "", publishable: "" } };
  const keyIds: Record<string, string> = {};
  for (const key of created.body.keys as {
    id: string;
    environment: Environment;
    kind: "secret" | "publishable";
    key: string;
  }[]) {
    keys[key.environment][key.kind] = key.key;
    keyIds[`${key.environment}.${key.kind}`] = key.id;
  }
  return { id: created.body.id, keys, keyIds };
}

export const SANDBOX_CREDENTIALS = { username: "fleet-manager", password: "correct-horse" };

/** A sandbox connection created through POST /connections, as an application would. */
export async function createSandboxConnection(app: TestApplication, body: Record<string, unknown> = {}) {
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key: app.keys.sandbox.secret,
    body: { provider: "sandbox", credentials: SANDBOX_CREDENTIALS, ...body },
  });
  if (created.status !== 201) throw new Error(`connection not created: ${JSON.stringify(created.body)}`);
  return created.body as { id: string; token: string; createdAt: string; sourceId?: string; [field: string]: any };
}

/**
 * A connection row written directly, for states the API cannot reach yet (a deleted
 * connection before the deletion sweep exists, or a production connection before a
 * production provider exists). Tokens and credentials are sealed as the service seals them.
 */
export async function insertConnection(
  app: TestApplication,
  environment: Environment,
  overrides: Partial<ConnectionRow> = {},
): Promise<{ id: string; token: string; row: ConnectionRow }> {
  const id = newId("connection");
  const token = generateConnectionToken();
  const now = new Date();
  const row: ConnectionRow = {
    id,
    applicationId: app.id,
    environment,
    provider: "sandbox",
    status: "connected",
    syncMode: "automatic",
    externalId: null,
    sourceId: null,
    company: { dotNumbers: [] },
    account: { dotNumbers: [] },
    tags: null,
    options: {},
    filters: null,
    backfill: null,
    ...(await sealConnectionToken(env, id, token)),
    credentialsEncrypted: await sealCredentials(env, id, SANDBOX_CREDENTIALS),
    tokenRotatedAt: null,
    deletionDueAt: null,
    deletedAt: null,
    // Written directly: no first sync is owed (a test that wants one says so).
    syncIntent: null,
    syncIntentAt: null,
    shard: nextShard(),
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  await db().insert(connections).values(row);
  return { id, token, row };
}

/**
 * A sandbox connection as POST /connections would write it (the provider's own account and
 * source id, so the same simulated fleet), without its first sync: for tests that read no
 * synced data, so that no background sync queues up behind them.
 */
export async function insertSandboxConnection(app: TestApplication, overrides: Partial<ConnectionRow> = {}) {
  const verified = await (findProvider("sandbox") as ProviderAdapter).verify(SANDBOX_CREDENTIALS, { env });
  return insertConnection(app, "sandbox", {
    sourceId: verified.sourceId ?? null,
    account: { ...verified.account, dotNumbers: verified.account.dotNumbers ?? [] },
    ...overrides,
  });
}

/** A public token for a connection, minted by the domain service the hosted flow uses. */
export async function mintTestPublicToken(
  connection: { id: string },
  app: TestApplication,
  environment: Environment = "sandbox",
) {
  return mintPublicToken({ db: db(), env }, { id: connection.id, applicationId: app.id, environment });
}

/** A sync job row for a connection. */
export async function insertSyncJob(
  app: TestApplication,
  connectionId: string,
  overrides: Partial<typeof syncJobs.$inferInsert> = {},
) {
  const now = new Date();
  const row = {
    id: newId("syncJob"),
    connectionId,
    applicationId: app.id,
    environment: "sandbox" as const,
    status: "completed" as const,
    requestedAt: now,
    startedAt: now,
    completedAt: now,
    progress: 100,
    attempts: 1,
    providerRequests: [],
    updatedAt: now,
    ...overrides,
  };
  await (await dataDb(connectionId)).insert(syncJobs).values(row);
  return row;
}

/** Usage rows of a month for a connection's vehicles. */
export async function insertUsage(
  app: TestApplication,
  environment: Environment,
  month: string,
  connectionId: string,
  vehicles: number,
) {
  const rows = Array.from({ length: vehicles }, (_, index) => ({
    applicationId: app.id,
    environment,
    month,
    connectionId,
    vehicleId: newId("vehicle"),
    backfillUnitCount: index * 10,
  }));
  // D1 allows 100 bound parameters per statement: 6 columns → at most 16 rows per insert. Usage
  // of a connection id without a row (the tests make such ids up) goes to the shards in turn,
  // so that GET /usage merges shards.
  const database = shardDb((await knownShard(connectionId)) ?? nextShard());
  for (let start = 0; start < rows.length; start += 16) {
    await database.insert(usageRecords).values(rows.slice(start, start + 16));
  }
  return rows;
}
