/**
 * The fake Samsara's time-series endpoints (providers-families.md 1.1, 1.2, 1.5 and the fidelity
 * checklist of section 5): the vehicle stats snapshot and history, and the trips stream. As
 * Samsara: at most 3 `types` (and 2 `decorations`) a request, `types` required on the stats
 * endpoints, `startTime` and `endTime` required on the history, 400 `{ message, requestId }` for
 * a bad parameter, no `limit` (the fake sizes the pages), and in every `gps` history listing of
 * two vehicles or more, a short page that ends with the first vehicle and an empty page after
 * it, both with `hasNextPage: true`.
 * `decorations` are checked but not served (the adapter asks for none).
 */
import { type FleetOptions, vehiclesAt } from "../fleet.ts";
import { tripsBetween } from "../series.ts";
import { BadRequest, pageOf } from "./paging.ts";
import { listOf, timeOf } from "./params.ts";
import {
  type HistoryEntry,
  historyOf,
  historyVehicles,
  KNOWN_STAT_TYPES,
  snapshotOf,
  TRIP_CREATED_AFTER_MS,
  tripOf,
  tripUpdatedAt,
} from "./series-render.ts";
import type { Route } from "./server.ts";

/** Readings (of all vehicles and types) on one page of the history: not documented; the fake's choice. */
export const HISTORY_PAGE_READINGS = 10_000;
/** Vehicles on one page of the snapshot, trips on one page of the stream: the fake's choice. */
export const SNAPSHOT_PAGE_SIZE = 100;
export const TRIPS_PAGE_SIZE = 100;
const MAX_TYPES = 3;
const MAX_DECORATIONS = 2;
const MAX_TRIP_ASSETS = 50;
const DAY_MS = 86_400_000;
const STATS_SCOPE = "Read Vehicle Statistics";

export const SERIES_ROUTES: Record<string, Route> = {
  "/fleet/vehicles/stats": {
    scope: STATS_SCOPE,
    handle: ({ url, account, now }) => {
      const types = typesOf(url);
      const asOf = url.searchParams.has("time") ? timeOf(url, "time") : now;
      const binding = `stats|${types}|${url.searchParams.get("vehicleIds")}|${url.searchParams.get("time")}`;
      const page = pageOf(vehiclesOf(account.fleet, url), url, SNAPSHOT_PAGE_SIZE, binding);
      return {
        data: page.data.map((vehicle) => snapshotOf(account.fleet, vehicle, types, asOf)),
        pagination: page.pagination,
      };
    },
  },
  "/fleet/vehicles/stats/history": {
    scope: STATS_SCOPE,
    handle: ({ url, account, now }) => {
      const start = timeOf(url, "startTime");
      const end = timeOf(url, "endTime");
      if (end < start) throw new BadRequest("endTime must not be before startTime");
      const types = typesOf(url);
      const binding = `history|${types}|${url.searchParams.get("vehicleIds")}|${start}|${end}`;
      const entries = cachedHistory(account.fleet, binding, now, () =>
        vehiclesOf(account.fleet, url).flatMap((vehicle) =>
          historyOf(account.fleet, vehicle.id, types, start, end, now),
        ),
      );
      // The documented short and empty pages, in the breadcrumbs' listings only: they are what a
      // client must survive once, and every extra page costs every sync a request.
      const secondVehicle = types.includes("gps")
        ? entries.findIndex((entry) => entry.vehicleId !== entries[0]?.vehicleId)
        : undefined;
      const page = pageOf(entries, url, HISTORY_PAGE_READINGS, binding, secondVehicle);
      return { data: historyVehicles(account.fleet, page.data), pagination: page.pagination };
    },
  },
  "/trips/stream": {
    scope: "Read Trips",
    handle: ({ url, account, now }) => {
      const start = timeOf(url, "startTime");
      const end = url.searchParams.has("endTime") ? timeOf(url, "endTime") : now;
      const queryBy = oneOf(url, "queryBy", ["updatedAtTime", "tripStartTime"], "updatedAtTime");
      const status = oneOf(url, "completionStatus", ["inProgress", "completed", "all"], "all");
      const ids = listOf(url, "ids");
      if (ids && ids.length > MAX_TRIP_ASSETS) throw new BadRequest(`ids must list at most ${MAX_TRIP_ASSETS} assets`);
      const vehicleIds = vehiclesAt(account.fleet)
        .map((vehicle) => vehicle.id)
        .filter((id) => !ids || ids.includes(id));
      const timeOfTrip = (trip: Parameters<typeof tripUpdatedAt>[0]) =>
        queryBy === "tripStartTime" ? trip.startedAt : tripUpdatedAt(trip, now);
      const trips = tripsBetween(account.fleet, vehicleIds, start - DAY_MS, end)
        .filter((trip) => trip.startedAt + TRIP_CREATED_AFTER_MS <= now)
        .filter((trip) => timeOfTrip(trip) >= start && timeOfTrip(trip) < end)
        .map((trip) => ({
          time: timeOfTrip(trip),
          trip: tripOf(account.fleet, trip, now, includes(url, "includeAsset")),
        }))
        .filter(({ trip }) => status === "all" || trip.completionStatus === status)
        .sort((a, b) => a.time - b.time || a.trip.asset.id.localeCompare(b.trip.asset.id))
        .map(({ trip }) => trip);
      const binding = `trips|${url.searchParams.get("startTime")}|${url.searchParams.get("endTime")}|${queryBy}|${status}|${ids}`;
      return pageOf(trips, url, TRIPS_PAGE_SIZE, binding);
    },
  },
};

/** The stat types of a request: required, at most 3, each one Samsara knows; decorations at most 2. */
function typesOf(url: URL): string[] {
  const types = listOf(url, "types") ?? [];
  if (types.length === 0) throw new BadRequest("types is missing from query string");
  if (types.length > MAX_TYPES) throw new BadRequest(`types must list at most ${MAX_TYPES} stat types`);
  const decorations = listOf(url, "decorations") ?? [];
  if (decorations.length > MAX_DECORATIONS) {
    throw new BadRequest(`decorations must list at most ${MAX_DECORATIONS} stat types`);
  }
  for (const type of [...types, ...decorations]) {
    if (!KNOWN_STAT_TYPES.has(type)) throw new BadRequest(`Invalid value for parameter 'types': ${type}`);
  }
  return types;
}

function vehiclesOf(fleet: FleetOptions, url: URL) {
  const ids = listOf(url, "vehicleIds");
  return vehiclesAt(fleet).filter((vehicle) => !ids || ids.includes(vehicle.id));
}

function oneOf<T extends string>(url: URL, name: string, values: readonly T[], fallback: T): T {
  const value = url.searchParams.get(name) ?? fallback;
  if (!(values as readonly string[]).includes(value))
    throw new BadRequest(`${name} must be one of: ${values.join(", ")}`);
  return value as T;
}

const includes = (url: URL, name: string) => url.searchParams.get(name) === "true";

/**
 * A history listing is computed once and its pages cut from it for a while: the pages of one
 * listing agree (a cursor is an offset), and a month of readings is not rebuilt for each page.
 */
const HISTORY_CACHE_MS = 30_000;
const MAX_CACHED = 32;
const histories = new Map<string, { at: number; entries: HistoryEntry[] }>();

function cachedHistory(fleet: FleetOptions, binding: string, now: number, compute: () => HistoryEntry[]) {
  const key = `${fleet.seed}|${fleet.vehicles}|${fleet.revision}|${binding}`;
  for (const [cached, { at }] of histories) if (now - at > HISTORY_CACHE_MS) histories.delete(cached);
  const known = histories.get(key);
  if (known) return known.entries;
  const entries = compute();
  if (histories.size >= MAX_CACHED) histories.delete(histories.keys().next().value as string);
  histories.set(key, { at: now, entries });
  return entries;
}
