/**
 * Factories of synced records: rows written directly into D1, as the sync writer would leave
 * them, for a connection made by the factories of factories.ts. Each row gets a fresh id and
 * a random source id, so tests can share the database and assert only on what they created.
 */
import { and, eq, getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { type IssueRow, issues } from "../../src/db/schema";
import { devices } from "../../src/families/devices/table";
import { type DriverRow, drivers } from "../../src/families/drivers/table";
import { groups } from "../../src/families/groups/table";
import { type HosDailyLogRow, hosDailyLogs } from "../../src/families/hos-daily-logs/table";
import { type HosLogRow, hosLogs } from "../../src/families/hos-logs/table";
import { type IftaDistanceRow, iftaDistances } from "../../src/families/ifta-summaries/table";
import type { SyncedTable } from "../../src/families/kit/read";
import { type SafetyEventRow, safetyEvents } from "../../src/families/safety-events/table";
import { type TripRow, trips } from "../../src/families/trips/table";
import { type UtilizationRow, vehicleUtilization } from "../../src/families/vehicle-utilization/table";
import { type VehicleRow, vehicles } from "../../src/families/vehicles/table";
import { ID_PREFIXES, type IdKind, newId } from "../../src/lib/ids";
import { encodeUlidTime } from "../../src/lib/record-ids";
import type { RawEntry } from "../../src/model/normalized";
import { createTestApplication, dataDb, insertConnection, type TestApplication } from "./factories";
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

const nullRow = (table: SQLiteTable) =>
  Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, null]));

/** Inserts a full row of `table`, the given values and every other column null, and answers it. */
async function insertRow<T extends SQLiteTable>(table: T, values: Partial<T["$inferSelect"]>) {
  const row = { ...nullRow(table), ...values } as T["$inferSelect"];
  const database = await dataDb(String((values as { connectionId?: string }).connectionId));
  await database.insert(table as SQLiteTable).values(row as never);
  return row;
}

/** What every stored row of a connection's data has: its provider, times, content hash and raw payload. */
const stored = (schema: string, now = new Date()) =>
  ({ provider: "sandbox", addedAt: now, modifiedAt: now, contentHash: randomSuffix(), raw: rawEntry(schema) }) as const;

const synced = (owner: RecordOwner, kind: IdKind) =>
  ({
    ...owner,
    ...stored(`${kind}s`),
    id: newId(kind),
    sourceId: `${kind}-${randomSuffix()}`,
    visibility: "visible",
  }) as const;

/** The inserter of one family's records: the synced columns, the family's defaults, then the test's overrides. */
const factory =
  <T extends SyncedTable>(table: T, kind: IdKind, defaults: () => NoInfer<Partial<T["$inferSelect"]>>) =>
  (owner: RecordOwner, overrides: Partial<T["$inferSelect"]> = {}): Promise<T["$inferSelect"]> =>
    insertRow(table, { ...synced(owner, kind), ...defaults(), ...overrides });

const eventDefaults = () =>
  ({ type: "harsh_brake", startedAt: new Date("2026-01-05T12:00:00.000Z"), cameraMedia: {} }) as const;

export const insertGroup = factory(groups, "group", () => ({ name: `group-${randomSuffix()}` }));
const active = "active" as const;
export const insertVehicle = factory(vehicles, "vehicle", () => ({ status: active, groupIds: [], deviceIds: [] }));
export const insertDriver = factory(drivers, "driver", () => ({ status: active, groupIds: [] }));
export const insertDevice = factory(devices, "device", () => ({ type: "tracker" as const }));
export const insertSafetyEvent = factory(safetyEvents, "safetyEvent", eventDefaults);

const DAY_USAGE = { distance: 120, fuelConsumed: 30, drivingMs: 4 * 3_600_000, idlingMs: 600_000 };
const at = (date: string, hour: string) => new Date(`${date}T${hour}:00:00.000Z`);

/** One vehicle-day; `date` defaults to 2026-01-05 and startAt/endAt to that day's working hours. */
export function insertUtilization(
  owner: RecordOwner,
  vehicle: Pick<VehicleRow, "id" | "sourceId">,
  overrides: Partial<UtilizationRow> = {},
): Promise<UtilizationRow> {
  const date = overrides.date ?? "2026-01-05";
  const day = { date, startAt: at(date, "08"), endAt: at(date, "17"), ...DAY_USAGE };
  const refs = { vehicleId: vehicle.id, vehicleSourceId: vehicle.sourceId };
  return insertRow(vehicleUtilization, { ...owner, ...stored("vehicle_utilization"), ...refs, ...day, ...overrides });
}

/**
 * The safety event of a provider source id in the connection: inserted when absent, else the
 * row already there (a real sandbox connection's own sync may have written it first).
 */
export async function ensureSafetyEvent(owner: RecordOwner, sourceId: string, overrides: Partial<SafetyEventRow> = {}) {
  const row = { ...synced(owner, "safetyEvent"), sourceId, ...eventDefaults(), ...overrides };
  const database = await dataDb(owner.connectionId);
  await database.insert(safetyEvents).values(row).onConflictDoNothing();
  const [present] = await database
    .select()
    .from(safetyEvents)
    .where(and(eq(safetyEvents.connectionId, owner.connectionId), eq(safetyEvents.sourceId, sourceId)));
  if (!present) throw new Error(`safety event ${sourceId} neither inserted nor found`);
  return present;
}

/**
 * A trip of a vehicle, its id time-ordered by its start as the trips writer mints it
 * (families/trips/write.ts); `startedAt` defaults to 2026-01-05 09:00 and the trip lasts 40 minutes.
 */
export function insertTrip(
  owner: RecordOwner,
  vehicle: Pick<VehicleRow, "id">,
  overrides: Partial<TripRow> = {},
): Promise<TripRow> {
  const startedAt = overrides.startedAt ?? new Date("2026-01-05T09:00:00.000Z");
  return insertRow(trips, {
    ...synced(owner, "trip"),
    id: `${ID_PREFIXES.trip}${encodeUlidTime(startedAt.getTime())}${newId("trip").slice(-16)}`,
    vehicleId: vehicle.id,
    startLocation: { latitude: 39.7392, longitude: -104.9903 },
    endLocation: { latitude: 39.9, longitude: -105.1 },
    distance: 31.5,
    startedAt,
    endedAt: new Date(startedAt.getTime() + 40 * 60_000),
    ...overrides,
  });
}

/**
 * A duty-status log of a driver, its id time-ordered by its start as the HOS writer mints it
 * (families/hos-logs/write.ts); `startedAt` defaults to 2026-01-05 09:00, and it lasts an hour.
 */
export function insertHosLog(
  owner: RecordOwner,
  driver: Pick<DriverRow, "id">,
  overrides: Partial<HosLogRow> = {},
): Promise<HosLogRow> {
  const startedAt = overrides.startedAt ?? new Date("2026-01-05T09:00:00.000Z");
  return insertRow(hosLogs, {
    ...synced(owner, "hosLog"),
    id: `${ID_PREFIXES.hosLog}${encodeUlidTime(startedAt.getTime())}${newId("hosLog").slice(-16)}`,
    status: "driving",
    driverId: driver.id,
    startedAt,
    endedAt: new Date(startedAt.getTime() + 3_600_000),
    ...overrides,
  });
}

const NO_DUTY = { onDuty: 0, offDuty: 0, driving: 0, waiting: 0, sleeperBed: 0, personalConveyance: 0, yardMove: 0 };

/** A driver's day, its id time-ordered by its date as the writer mints it; `date` defaults to 2026-01-05, all off duty. */
export function insertHosDailyLog(
  owner: RecordOwner,
  driver: Pick<DriverRow, "id">,
  overrides: Partial<HosDailyLogRow> = {},
): Promise<HosDailyLogRow> {
  const date = overrides.date ?? "2026-01-05";
  const midnight = Date.parse(`${date}T00:00:00.000Z`);
  return insertRow(hosDailyLogs, {
    ...synced(owner, "hosDailyLog"),
    id: `${ID_PREFIXES.hosDailyLog}${encodeUlidTime(midnight)}${newId("hosDailyLog").slice(-16)}`,
    driverId: driver.id,
    date,
    statusDurations: { ...NO_DUTY, offDuty: 86_400_000 },
    ...overrides,
  });
}

/**
 * A vehicle's distance in one jurisdiction over one period, as the IFTA writer stores it: `period`
 * defaults to the day 2026-01-05 (a month `YYYY-MM` is a monthly report) and `month` follows it.
 */
export function insertIftaDistance(
  owner: RecordOwner,
  vehicle: Pick<VehicleRow, "id">,
  overrides: Partial<IftaDistanceRow> = {},
): Promise<IftaDistanceRow> {
  return insertRow(iftaDistances, iftaDistance(owner, vehicle, overrides));
}

/**
 * Many of a vehicle's distances at once: one batch of multi-row inserts, each within D1's 100
 * bound parameters, for lists longer than a page of a thousand.
 */
export async function insertIftaDistances(
  owner: RecordOwner,
  vehicle: Pick<VehicleRow, "id">,
  overrides: readonly Partial<IftaDistanceRow>[],
): Promise<IftaDistanceRow[]> {
  const rows = overrides.map((one) => ({ ...nullRow(iftaDistances), ...iftaDistance(owner, vehicle, one) }));
  const perStatement = Math.floor(100 / Object.keys(getTableColumns(iftaDistances)).length);
  const database = await dataDb(owner.connectionId);
  const statements = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    statements.push(
      database.insert(iftaDistances).values(rows.slice(start, start + perStatement) as IftaDistanceRow[]),
    );
  }
  const [first, ...rest] = statements;
  if (first) await database.batch([first, ...rest]);
  return rows as IftaDistanceRow[];
}

function iftaDistance(owner: RecordOwner, vehicle: Pick<VehicleRow, "id">, overrides: Partial<IftaDistanceRow>) {
  const period = overrides.period ?? "2026-01-05";
  return {
    ...synced(owner, "iftaReport"),
    vehicleId: vehicle.id,
    period,
    month: period.slice(0, 7),
    jurisdiction: "TX",
    distance: 100,
    ...overrides,
  };
}

export function insertIssue(owner: RecordOwner, overrides: Partial<IssueRow> = {}): Promise<IssueRow> {
  const [now, message] = [new Date(), "The account lacks a permission."];
  const issue = { id: newId("issue"), status: "ongoing", errorCode: "missing_permissions", message } as const;
  return insertRow(issues, { ...owner, ...issue, firstReportedAt: now, lastReportedAt: now, ...overrides });
}

/** `count` rows made by `make(index)`, one after another. Ids minted in the same millisecond are not ordered: sort with byId. */
export async function insertMany<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const rows: T[] = [];
  for (let index = 0; index < count; index++) rows.push(await make(index));
  return rows;
}

/** Ascending by id: the order of every id-keyed list. */
export const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

type Connected = { id: string; token: string };

/** A connection's owner and a GET helper with the application's key and the connection's token. */
function withReader<C extends Connected>(app: TestApplication, connection: C, environment: Environment) {
  const owner = ownerOf(app, connection, environment);
  const get = (path: string) =>
    call("GET", `${BASE[environment]}${path}`, { key: app.keys[environment].secret, token: connection.token });
  return { app, connection, owner, get };
}

/**
 * A fresh application with a connection written directly (no sync runs for it, so its
 * records are exactly those a test inserts), and a GET helper with its key and token.
 */
export async function createRecordsContext(
  overrides: Parameters<typeof insertConnection>[2] = {},
  environment: Environment = "sandbox",
) {
  const app = await createTestApplication();
  return withReader(app, await insertConnection(app, environment, overrides), environment);
}

export type RecordsContext = Awaited<ReturnType<typeof createRecordsContext>>;

/** A second connection of the same application, with its own owner and GET helper. */
export async function addConnection(context: RecordsContext, environment: Environment = "sandbox") {
  return withReader(context.app, await insertConnection(context.app, environment), environment);
}
