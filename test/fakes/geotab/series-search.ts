/**
 * The Geotab fake's searches of the time-series types over one account's fleet, in MyGeotab's
 * semantics (shapes in render-series.ts):
 * - LogRecord and StatusData: `fromDate` and `toDate` both inclusive, `deviceSearch.id` (else
 *   every device), StatusData's `diagnosticSearch.id` (else every diagnostic). At a bound with no
 *   record exactly on it, a row interpolated there (no id) when the device has a record before
 *   it, as Geotab documents (LogRecordSearch): a LogRecord's position between the records
 *   around it (its speed the last logged), a StatusData the value last logged.
 * - StatusData of one instant (`fromDate` = `toDate`, how Geotab's samples read a current
 *   odometer): the live snapshot's odometer, fuel level, ignition and engine hours (series.ts
 *   `latestOf`, which the canonical series generates apart from the history).
 * - Trip: started in [fromDate, toDate]; with `includeOverlappedTrips`, started by toDate with
 *   `nextTripStart` at or after fromDate (the trip whose stop reaches into the range, too).
 * - DeviceStatusInfo: every device (or `deviceSearch.id`), as of now.
 * Rows come in date order, then by device; `get` cuts them to `resultsLimit`.
 */
import type { FakeAccount } from "../accounts.ts";
import { vehiclesAt } from "../fleet.ts";
import type { Json } from "./render.ts";
import {
  DIAGNOSTIC_OF,
  logRecordsBetween,
  renderDeviceStatusInfo,
  renderReading,
  renderTrip,
  snapshotReading,
  statusDataBetween,
  tripsAround,
} from "./render-series.ts";
import { argumentError } from "./rpc.ts";

type Params = Record<string, any>;

const DAY_MS = 86_400_000;
/** How far around a bound the fake looks for the records an interpolated row lies between. */
const NEIGHBOURS_MS = 2 * DAY_MS;
const ALL_DIAGNOSTICS = Object.values(DIAGNOSTIC_OF).map((diagnostic) => diagnostic.id);

export function dateParam(value: unknown, name: string): number {
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw argumentError(`search.${name} must be a date (this fake serves ${name} ranges only).`);
  return time;
}

/** The fleet's vehicle (Device) ids, or the one of `deviceSearch.id`. */
export function vehicleIdsOf(account: FakeAccount, search: Params): string[] {
  const ids = vehiclesAt(account.fleet).map((vehicle) => vehicle.id);
  const wanted = search.deviceSearch?.id;
  return wanted === undefined ? ids : ids.filter((id) => id === wanted);
}

const timeOf = (row: Json) => Date.parse(String(row.dateTime));
const deviceOf = (row: Json) => String((row.device as Json).id);
const byDate = (a: Json, b: Json) =>
  timeOf(a) - timeOf(b) || (deviceOf(a) < deviceOf(b) ? -1 : deviceOf(a) > deviceOf(b) ? 1 : 0);

/** The search's [fromDate, toDate], and its bounds (one when both are the same instant). */
function rangeOf(search: Params): { from: number; to: number; bounds: number[] } {
  const from = dateParam(search.fromDate, "fromDate");
  const to = dateParam(search.toDate, "toDate");
  return { from, to, bounds: from === to ? [from] : [from, to] };
}

/** One series' rows (time order, around the range) in [from, to], and the rows interpolated at its bounds. */
function withBoundaries(
  rows: Json[],
  range: { from: number; to: number; bounds: number[] },
  interpolate: (before: Json, after: Json | undefined, at: number) => Json,
): Json[] {
  const inRange = rows.filter((row) => timeOf(row) >= range.from && timeOf(row) <= range.to);
  for (const at of range.bounds) {
    if (rows.some((row) => timeOf(row) === at)) continue;
    const before = rows.findLast((row) => timeOf(row) < at);
    if (before)
      inRange.push(
        interpolate(
          before,
          rows.find((row) => timeOf(row) > at),
          at,
        ),
      );
  }
  return inRange;
}

export function logRecords(account: FakeAccount, search: Params): Json[] {
  const range = rangeOf(search);
  if (range.to < range.from) return [];
  return vehicleIdsOf(account, search)
    .flatMap((vehicleId) =>
      withBoundaries(
        logRecordsBetween(account.fleet, vehicleId, range.from - NEIGHBOURS_MS, range.to + NEIGHBOURS_MS),
        range,
        (before, after, at) => {
          const share = after ? (at - timeOf(before)) / (timeOf(after) - timeOf(before)) : 0;
          const between = (key: string) =>
            Number(before[key]) + (Number((after ?? before)[key]) - Number(before[key])) * share;
          return {
            dateTime: new Date(at).toISOString(),
            device: { id: vehicleId },
            latitude: between("latitude"),
            longitude: between("longitude"),
            speed: before.speed,
          };
        },
      ),
    )
    .sort(byDate);
}

export function statusData(account: FakeAccount, search: Params): Json[] {
  const range = rangeOf(search);
  if (range.to < range.from) return [];
  const wanted = search.diagnosticSearch?.id;
  const diagnostics = wanted === undefined ? ALL_DIAGNOSTICS : [String(wanted)];
  const rows: Json[] = [];
  for (const vehicleId of vehicleIdsOf(account, search)) {
    let around: Json[] | undefined;
    for (const diagnostic of diagnostics) {
      const snapshot =
        range.from === range.to ? snapshotReading(account.fleet, vehicleId, diagnostic, range.from) : undefined;
      if (snapshot) {
        rows.push(snapshot);
        continue;
      }
      around ??= statusDataBetween(
        account.fleet,
        vehicleId,
        range.from - NEIGHBOURS_MS,
        range.to + NEIGHBOURS_MS,
        wanted === undefined ? undefined : diagnostics,
      );
      const series = around.filter((row) => (row.diagnostic as Json).id === diagnostic);
      rows.push(
        ...withBoundaries(series, range, (before, _after, at) =>
          renderReading(vehicleId, diagnostic, at, Number(before.data), false),
        ),
      );
    }
  }
  return rows.sort(byDate);
}

export function trips(account: FakeAccount, search: Params): Json[] {
  const { from, to } = rangeOf(search);
  const overlapped = search.includeOverlappedTrips === true;
  return vehicleIdsOf(account, search).flatMap((vehicleId) =>
    tripsAround(account.fleet, vehicleId, from - NEIGHBOURS_MS, to)
      .filter(({ trip, nextStart }) =>
        overlapped ? nextStart >= from && trip.startedAt <= to : trip.startedAt >= from && trip.startedAt <= to,
      )
      .map(renderTrip),
  );
}

export function deviceStatusInfos(account: FakeAccount, search: Params): Json[] {
  const now = Date.now();
  const wanted = search.deviceSearch?.id;
  return vehiclesAt(account.fleet)
    .filter((vehicle) => wanted === undefined || vehicle.id === wanted)
    .map((vehicle) => renderDeviceStatusInfo(account.fleet, vehicle, now));
}
