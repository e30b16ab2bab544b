import { z } from "@hono/zod-openapi";
import type { IssueCode, SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";
import type { ProviderPage, ReadRequest } from "../types";
import { MotiveClient, MotiveForbiddenError, type MotiveQuery, PROVIDER, perPage } from "./client";
import { decodeMotiveCursor, encodeMotiveCursor } from "./cursor";

const DAY_MS = 86_400_000;

type Listing = { path: string; list: string; item: string; query?: MotiveQuery; what: string };

/** The models Motive lists in full, each one wrapped list endpoint. */
const LISTINGS = {
  groups: { path: "/v1/groups", list: "groups", item: "group", what: "groups" },
  vehicles: { path: "/v1/vehicles", list: "vehicles", item: "vehicle", what: "vehicles" },
  drivers: { path: "/v1/users", list: "users", item: "user", query: { role: "driver" }, what: "drivers (users)" },
  devices: { path: "/v1/eld_devices", list: "eld_devices", item: "eld_device", what: "ELD devices" },
} as const satisfies Record<string, Listing>;

const UTILIZATION = { list: "vehicle_idle_rollups", item: "vehicle_idle_rollup" };
const IFTA_TRIPS = { list: "ifta_trips", item: "ifta_trip" };
const EVENTS = { list: "driver_performance_events", item: "driver_performance_event" };

/** The `schema` of each model's raw entries: the endpoints the payloads came from. */
export const MOTIVE_SCHEMAS: Readonly<Record<SyncModel, string>> = {
  groups: "/v1/groups",
  vehicles: "/v1/vehicles",
  drivers: "/v1/users",
  devices: "/v1/eld_devices",
  vehicleUtilization: "/v1/vehicle_utilization+/v1/ifta/trips",
  safetyEvents: "/v1/driver_performance_events",
};

/** Reads one page of a model: Motive's inner objects, untouched, and the next page's cursor. */
export function readMotivePage(model: SyncModel, request: ReadRequest): Promise<ProviderPage> {
  const client = MotiveClient.of(request.context, request.credentials);
  switch (model) {
    case "vehicleUtilization":
      return readUtilization(client, request);
    case "safetyEvents":
      return readSafetyEvents(client, request);
    default:
      return readListing(client, model, request);
  }
}

/**
 * A full listing, page by page. A 403 on vehicles or drivers means the key cannot read the
 * fleet at all, which only the customer can fix: the credentials are refused. Groups and ELD
 * devices are extras: a 403 there is an issue and the sync goes on.
 */
async function readListing(
  client: MotiveClient,
  model: keyof typeof LISTINGS,
  request: ReadRequest,
): Promise<ProviderPage> {
  const listing: Listing = LISTINGS[model];
  const schema = MOTIVE_SCHEMAS[model];
  const { page } = request.cursor === undefined ? { page: 1 } : decodeMotiveCursor(request.cursor, false);
  try {
    const answer = await client.list(listing.path, listing, listing.query ?? {}, {
      no: page,
      perPage: perPage(request.pageSize),
    });
    return {
      items: answer.items,
      schema,
      ...(answer.hasMore ? { nextCursor: encodeMotiveCursor({ page: page + 1 }) } : {}),
    };
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    if (model === "vehicles" || model === "drivers") {
      throw new ProviderError("unauthorized", `${error.message} The API key may not read the fleet's ${listing.what}.`);
    }
    return { items: [], schema, issues: [missingPermissions(`${error.message} The ${listing.what} were not read.`)] };
  }
}

/**
 * Utilization, one day at a time (Motive's rollups aggregate over the whole date range asked
 * for): a page of the day's vehicle rollups, then that day's IFTA trips of those vehicles for
 * the distance, which the rollups lack. Each item is one vehicle-day: `{ date,
 * vehicle_idle_rollup, ifta_trips }`, Motive's own objects untouched.
 */
async function readUtilization(client: MotiveClient, request: ReadRequest): Promise<ProviderPage> {
  const schema = MOTIVE_SCHEMAS.vehicleUtilization;
  const days = windowDays(requireWindow(request));
  const first = days[0];
  if (first === undefined) return { items: [], schema };
  const cursor = request.cursor === undefined ? { day: first, page: 1 } : decodeMotiveCursor(request.cursor, true);
  const day = cursor.day ?? first;
  const dayIndex = days.indexOf(day);
  if (dayIndex < 0) throw new ProviderError("malformed", `${PROVIDER}: the cursor's day is outside the window.`);

  let rollups: Awaited<ReturnType<MotiveClient["list"]>>;
  try {
    rollups = await client.list(
      "/v1/vehicle_utilization",
      UTILIZATION,
      { start_date: day, end_date: day },
      { no: cursor.page, perPage: perPage(request.pageSize) },
    );
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    return { items: [], schema, issues: [missingPermissions(`${error.message} Vehicle utilization was not read.`)] };
  }
  const nextDay = days[dayIndex + 1];
  const next = rollups.hasMore
    ? { day, page: cursor.page + 1 }
    : nextDay !== undefined
      ? { day: nextDay, page: 1 }
      : undefined;

  const issues: { code: IssueCode; message: string }[] = [];
  const vehicleIds = [...new Set(rollups.items.map(vehicleIdOf).filter((id): id is number => id !== undefined))];
  let trips: unknown[] | null = [];
  if (vehicleIds.length) {
    try {
      trips = await client.listAll("/v1/ifta/trips", IFTA_TRIPS, {
        start_date: day,
        end_date: day,
        vehicle_ids: vehicleIds,
      });
    } catch (error) {
      if (!(error instanceof MotiveForbiddenError)) throw error;
      trips = null;
      issues.push(missingPermissions(`${error.message} Distances are unknown and stored as 0 km.`));
    }
  }
  const mismatch = unitMismatchIssue(rollups.items);
  if (mismatch) issues.push(mismatch);
  const items = rollups.items.map((rollup) => ({
    date: day,
    vehicle_idle_rollup: rollup,
    ifta_trips: trips === null ? null : trips.filter((trip) => vehicleIdOf(trip) === vehicleIdOf(rollup)),
  }));
  return {
    items,
    schema,
    ...(next ? { nextCursor: encodeMotiveCursor(next) } : {}),
    ...(issues.length ? { issues } : {}),
  };
}

/**
 * Driver performance events of the window's dates (Motive filters by whole days), with their
 * camera media (`media_required=true`), then only those that started within the window.
 */
async function readSafetyEvents(client: MotiveClient, request: ReadRequest): Promise<ProviderPage> {
  const schema = MOTIVE_SCHEMAS.safetyEvents;
  const window = requireWindow(request);
  const { page } = request.cursor === undefined ? { page: 1 } : decodeMotiveCursor(request.cursor, false);
  try {
    const answer = await client.list(
      "/v1/driver_performance_events",
      EVENTS,
      {
        start_date: isoDay(window.start.getTime()),
        end_date: isoDay(window.end.getTime() - 1),
        media_required: true,
      },
      { no: page, perPage: perPage(request.pageSize) },
    );
    const start = window.start.getTime();
    const end = window.end.getTime();
    const items = answer.items.filter((item) => {
      const startedAt = startTimeOf(item);
      // An event without a readable start is kept: normalize rejects it and the sync reports it.
      return startedAt === undefined || (startedAt >= start && startedAt < end);
    });
    return { items, schema, ...(answer.hasMore ? { nextCursor: encodeMotiveCursor({ page: page + 1 }) } : {}) };
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    return { items: [], schema, issues: [missingPermissions(`${error.message} Safety events were not read.`)] };
  }
}

/**
 * Rollups answered in US gallons although metric units were asked for (`X-Metric-Units: true`).
 * Their values are still converted by their own flag, but Motive support calls rows whose units
 * disagree with the request unreliable (providers.md 2.7), so the sync says so.
 */
export function unitMismatchIssue(rollups: readonly unknown[]): { code: IssueCode; message: string } | undefined {
  const imperial = rollups.filter((rollup) => metricFlagOf(rollup) === false).length;
  if (imperial === 0) return undefined;
  return {
    code: "inaccessible_data",
    message: `${PROVIDER} answered ${imperial} utilization row(s) in US gallons although metric units were asked for; they were converted by their own unit flag, but Motive calls rows whose units disagree with the request unreliable.`,
  };
}

function missingPermissions(message: string): { code: IssueCode; message: string } {
  return { code: "missing_permissions", message };
}

function requireWindow(request: ReadRequest): { start: Date; end: Date } {
  if (!request.window) throw new ProviderError("malformed", `${PROVIDER}: this model is read by time window.`);
  return request.window;
}

/** The UTC days that intersect [start, end). */
export function windowDays(window: { start: Date; end: Date }): string[] {
  const days: string[] = [];
  for (let day = Math.floor(window.start.getTime() / DAY_MS) * DAY_MS; day < window.end.getTime(); day += DAY_MS) {
    days.push(isoDay(day));
  }
  return days;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const withVehicle = z.object({ vehicle: z.object({ id: z.number().int(), metric_units: z.boolean().nullish() }) });

function vehicleIdOf(item: unknown): number | undefined {
  const parsed = withVehicle.safeParse(item);
  return parsed.success ? parsed.data.vehicle.id : undefined;
}

function metricFlagOf(item: unknown): boolean | undefined {
  const parsed = withVehicle.safeParse(item);
  return parsed.success ? (parsed.data.vehicle.metric_units ?? undefined) : undefined;
}

function startTimeOf(item: unknown): number | undefined {
  const parsed = z.object({ start_time: z.iso.datetime({ offset: true }) }).safeParse(item);
  return parsed.success ? Date.parse(parsed.data.start_time) : undefined;
}
