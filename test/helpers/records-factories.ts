/**
 * Factories of synced records: rows written directly into D1, as the sync writer would leave
 * them, for a connection made by the factories of factories.ts. Each row gets a fresh id and
 * a random source id, so tests can share the database and assert only on what they created.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { type IssueRow, issues } from "../../src/db/schema";
import { type DeviceRow, devices } from "../../src/families/devices/table";
import { type DriverRow, drivers } from "../../src/families/drivers/table";
import { type GroupRow, groups } from "../../src/families/groups/table";
import { type SafetyEventRow, safetyEvents } from "../../src/families/safety-events/table";
import { type UtilizationRow, vehicleUtilization } from "../../src/families/vehicle-utilization/table";
import { type VehicleRow, vehicles } from "../../src/families/vehicles/table";
import { newId } from "../../src/lib/ids";
import type { RawEntry } from "../../src/model/normalized";
import { findProvider } from "../../src/providers/registry";
import type { ProviderAdapter } from "../../src/providers/types";
import { createTestApplication, db, insertConnection, SANDBOX_CREDENTIALS, type TestApplication } from "./factories";
import { BASE, call, type Environment } from "./http";

/** Whose records they are: a connection of an application in an environment. */
export type RecordOwner = { connectionId: string; applicationId: string; environment: Environment };

export const ownerOf = (app: TestApplication, connection: { id: string }, environment: Environment = "sandbox") => ({
  connectionId: connection.id,
  applicationId: app.id,
  environment,
});

const randomSuffix = () => crypto.randomUUID().slice(0, 8);

export function rawEntry(schema: string, data: unknown = { id: randomSuffix() }): RawEntry {
  return { provider: "sandbox", schema, extractedAt: "2026-01-05T10:00:00.000Z", data };
}

function synced(owner: RecordOwner, kind: "group" | "vehicle" | "driver" | "device" | "safetyEvent") {
  const now = new Date();
  return {
    id: newId(kind),
    connectionId: owner.connectionId,
    applicationId: owner.applicationId,
    environment: owner.environment,
    provider: "sandbox",
    sourceId: `${kind}-${randomSuffix()}`,
    visibility: "visible" as const,
    addedAt: now,
    modifiedAt: now,
    deletedAt: null,
    contentHash: randomSuffix(),
    raw: rawEntry(`${kind}s`),
    lastSyncId: null,
  };
}

export async function insertGroup(owner: RecordOwner, overrides: Partial<GroupRow> = {}): Promise<GroupRow> {
  const row: GroupRow = {
    ...synced(owner, "group"),
    name: `group-${randomSuffix()}`,
    description: null,
    parentId: null,
    ...overrides,
  };
  await db().insert(groups).values(row);
  return row;
}

export async function insertVehicle(owner: RecordOwner, overrides: Partial<VehicleRow> = {}): Promise<VehicleRow> {
  const row: VehicleRow = {
    ...synced(owner, "vehicle"),
    status: "active",
    name: null,
    vin: null,
    make: null,
    model: null,
    year: null,
    licensePlate: null,
    fuelType: null,
    fuelEfficiency: null,
    fuelTankCapacity: null,
    groupIds: [],
    deviceIds: [],
    sourceCreatedAt: null,
    sourceUpdatedAt: null,
    ...overrides,
  };
  await db().insert(vehicles).values(row);
  return row;
}

export async function insertDriver(owner: RecordOwner, overrides: Partial<DriverRow> = {}): Promise<DriverRow> {
  const row: DriverRow = {
    ...synced(owner, "driver"),
    status: "active",
    firstName: null,
    middleName: null,
    lastName: null,
    email: null,
    phone: null,
    username: null,
    license: null,
    groupIds: [],
    sourceCreatedAt: null,
    sourceUpdatedAt: null,
    ...overrides,
  };
  await db().insert(drivers).values(row);
  return row;
}

export async function insertDevice(owner: RecordOwner, overrides: Partial<DeviceRow> = {}): Promise<DeviceRow> {
  const row: DeviceRow = {
    ...synced(owner, "device"),
    type: "tracker",
    vehicleId: null,
    description: null,
    serialNumber: null,
    lastConnectedAt: null,
    ...overrides,
  };
  await db().insert(devices).values(row);
  return row;
}

/** One vehicle-day; `date` defaults to 2026-01-05 and startAt/endAt to that day's working hours. */
export async function insertUtilization(
  owner: RecordOwner,
  vehicle: Pick<VehicleRow, "id" | "sourceId">,
  overrides: Partial<UtilizationRow> = {},
): Promise<UtilizationRow> {
  const date = overrides.date ?? "2026-01-05";
  const now = new Date();
  const row: UtilizationRow = {
    connectionId: owner.connectionId,
    applicationId: owner.applicationId,
    environment: owner.environment,
    provider: "sandbox",
    vehicleId: vehicle.id,
    vehicleSourceId: vehicle.sourceId,
    date,
    startAt: new Date(`${date}T08:00:00.000Z`),
    endAt: new Date(`${date}T17:00:00.000Z`),
    distance: 120,
    fuelConsumed: 30,
    drivingMs: 4 * 3_600_000,
    idlingMs: 600_000,
    addedAt: now,
    modifiedAt: now,
    contentHash: randomSuffix(),
    raw: rawEntry("vehicle_utilization"),
    ...overrides,
  };
  await db().insert(vehicleUtilization).values(row);
  return row;
}

export async function insertSafetyEvent(
  owner: RecordOwner,
  overrides: Partial<SafetyEventRow> = {},
): Promise<SafetyEventRow> {
  const row: SafetyEventRow = {
    ...synced(owner, "safetyEvent"),
    type: "harsh_brake",
    driverId: null,
    vehicleId: null,
    startLocation: null,
    endLocation: null,
    startedAt: new Date("2026-01-05T12:00:00.000Z"),
    endedAt: null,
    stats: null,
    cameraMedia: {},
    ...overrides,
  };
  await db().insert(safetyEvents).values(row);
  return row;
}

/**
 * The safety event of a provider source id in the connection: inserted when absent, else the
 * row already there (a real sandbox connection's own sync may have written it first).
 */
export async function ensureSafetyEvent(
  owner: RecordOwner,
  sourceId: string,
  overrides: Partial<SafetyEventRow> = {},
): Promise<SafetyEventRow> {
  const row: SafetyEventRow = {
    ...synced(owner, "safetyEvent"),
    sourceId,
    type: "harsh_brake",
    driverId: null,
    vehicleId: null,
    startLocation: null,
    endLocation: null,
    startedAt: new Date("2026-01-05T12:00:00.000Z"),
    endedAt: null,
    stats: null,
    cameraMedia: {},
    ...overrides,
  };
  const database = db();
  await database.insert(safetyEvents).values(row).onConflictDoNothing();
  const [present] = await database
    .select()
    .from(safetyEvents)
    .where(and(eq(safetyEvents.connectionId, owner.connectionId), eq(safetyEvents.sourceId, sourceId)));
  if (!present) throw new Error(`safety event ${sourceId} neither inserted nor found`);
  return present;
}

export async function insertIssue(owner: RecordOwner, overrides: Partial<IssueRow> = {}): Promise<IssueRow> {
  const now = new Date();
  const row: IssueRow = {
    id: newId("issue"),
    connectionId: owner.connectionId,
    applicationId: owner.applicationId,
    environment: owner.environment,
    status: "ongoing",
    errorCode: "missing_permissions",
    message: "The account lacks a permission.",
    firstReportedAt: now,
    lastReportedAt: now,
    resolvedAt: null,
    ...overrides,
  };
  await db().insert(issues).values(row);
  return row;
}

/** `count` rows made by `make(index)`, one after another. Ids minted in the same millisecond are not ordered: sort with byId. */
export async function insertMany<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const rows: T[] = [];
  for (let index = 0; index < count; index++) rows.push(await make(index));
  return rows;
}

/** Ascending by id: the order of every id-keyed list. */
export const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A fresh application with a connection written directly (no sync runs for it, so its
 * records are exactly those a test inserts), and a GET helper with its key and token.
 */
export async function createRecordsContext(
  overrides: Parameters<typeof insertConnection>[2] = {},
  environment: Environment = "sandbox",
) {
  const app = await createTestApplication();
  const connection = await insertConnection(app, environment, overrides);
  const owner = ownerOf(app, connection, environment);
  const get = (path: string) =>
    call("GET", `${BASE[environment]}${path}`, { key: app.keys[environment].secret, token: connection.token });
  return { app, connection, owner, get };
}

export type RecordsContext = Awaited<ReturnType<typeof createRecordsContext>>;

/** A second connection of the same application, with its own owner and GET helper. */
export async function addConnection(context: RecordsContext, environment: Environment = "sandbox") {
  const connection = await insertConnection(context.app, environment);
  const owner = ownerOf(context.app, connection, environment);
  const get = (path: string) =>
    call("GET", `${BASE[environment]}${path}`, { key: context.app.keys[environment].secret, token: connection.token });
  return { app: context.app, connection, owner, get };
}

const DAY_MS = 86_400_000;

/** Per fleet seed: a safety event of the sandbox fleet whose camera media is readable (not still being prepared). */
const readableEventBySeed = new Map<string, Promise<string>>();

/**
 * A sandbox event whose camera media the provider serves at once: read from the adapter's own
 * listing of the last 30 days, exactly as the camera-media route will ask for it (same
 * credentials, options, account and creation time, so the same fleet).
 */
export function readableSandboxEvent(connection: {
  id: string;
  sourceId: string | null;
  createdAt: Date;
  options: Record<string, unknown>;
}): Promise<string> {
  const seed = `${connection.sourceId ?? SANDBOX_CREDENTIALS.username}|${JSON.stringify(connection.options)}`;
  let found = readableEventBySeed.get(seed);
  if (found === undefined) {
    found = findReadableEvent(connection);
    readableEventBySeed.set(seed, found);
  }
  return found;
}

async function findReadableEvent(connection: {
  id: string;
  sourceId: string | null;
  createdAt: Date;
  options: Record<string, unknown>;
}): Promise<string> {
  const adapter = findProvider("sandbox") as ProviderAdapter;
  const now = Date.now();
  let cursor: string | undefined;
  do {
    const page = await adapter.readPage("safetyEvents", {
      context: { env },
      credentials: SANDBOX_CREDENTIALS,
      options: connection.options,
      connection: { id: connection.id, sourceId: connection.sourceId, createdAt: connection.createdAt },
      window: { start: new Date(now - 30 * DAY_MS), end: new Date(now) },
      ...(cursor === undefined ? {} : { cursor }),
      pageSize: 200,
    });
    for (const item of page.items) {
      const event = adapter.normalize("safetyEvents", item);
      if (event.cameraMedia.frontFacing?.available !== false) return event.sourceId;
    }
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  throw new Error("the sandbox fleet has no event with readable camera media in the last 30 days");
}

/**
 * Records of a connection for every `{id}` path parameter of the read API, by id prefix, so
 * that a request generated from the OpenAPI document names records that exist (see
 * buildRequest's `pathIds`). The safety event is one the sandbox provider serves media for.
 */
export async function seedPathIds(
  app: TestApplication,
  connection: { id: string; sourceId?: string | null; createdAt: string | Date; options?: Record<string, unknown> },
  environment: Environment = "sandbox",
): Promise<Record<string, string>> {
  const owner = ownerOf(app, connection, environment);
  const sourceId = await readableSandboxEvent({
    id: connection.id,
    sourceId: connection.sourceId ?? null,
    createdAt: new Date(connection.createdAt),
    options: connection.options ?? {},
  });
  const [vehicle, driver, event] = await Promise.all([
    insertVehicle(owner),
    insertDriver(owner),
    ensureSafetyEvent(owner, sourceId),
  ]);
  return { vcl_: vehicle.id, drv_: driver.id, sft_evt_: event.id };
}
