import type { HosRemark, Location, NormalizedHosLog } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import { DAY_MS } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { type GeotabClient, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import {
  deviceIdOf,
  driverIds,
  isActiveDutyStatus,
  MAX_DRIVERS_PER_CALL,
  readDutyStatusLogs,
  STATUS_OF_CODE,
  timelineOf,
} from "../duty-status-logs";
import {
  type GeotabDutyStatusLocation,
  type GeotabDutyStatusLog,
  type GeotabHosLog,
  geotabHosLog,
} from "../hos-payloads";
import { geotabClient } from "../login";
import { compare, limitOf, unreadableIssue, windowOf } from "../paging";
import { driverIdOf } from "../values";

/**
 * HOS logs are the drivers' active duty-status DutyStatusLogs that overlap the window (those
 * dated in it, and the one each driver was in when it began: `includeBoundaryLogs`), so that a
 * status still under way at one sync is read again, ended, by the next. Read driver by driver,
 * in MyGeotab's one pace for calls (providers.md 3.3).
 */
export const geotabHosLogs: ProviderModel<"hosLogs"> = {
  pace: "calls",
  read: (request) => readHosLogs(geotabClient(request), request),
  normalize: mapHosLog,
};

/** About how many duty-status changes a driver logs a day (pre-trip, drives, stops, post-trip, rest): sizes pages. */
const LOGS_PER_DRIVER_DAY = 8;

/**
 * Each log's location: where a status began is part of the record of duty status (49 CFR
 * 395.8), worth what Geotab says the option costs.
 */
const EXTRAS = { includeLocations: true } as const;

/**
 * One page of HOS logs. Drivers go in id order, a few per ExecuteMultiCall (about a page of logs
 * at LOGS_PER_DRIVER_DAY), each one's whole window in one `Get` (50,000 results). A log has no
 * end: it ends when the driver's next one starts, which is in the same answer, so each payload
 * carries it. `Get` has no cursor: an answer that fills its `resultsLimit` may have been cut, so
 * that driver is taken up to its latest log's instant only (the log before it ends there), and
 * the next page asks again from that instant, the driver alone (the batch's later drivers are
 * read again after it). The cursor holds the driver and that instant (the window's end once the
 * driver is done).
 */
async function readHosLogs(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const window = windowOf("hosLogs", request);
  const cursor = decodeCursor(request.cursor, "hosLogs", "series");
  const items: unknown[] = [];
  let unreadable = 0;

  /** Adds a driver's logs from `from` to the page; returns the instant they are whole up to (the window's end when whole). */
  const take = (id: string, from: number, answer: readonly unknown[]): number => {
    const timeline = timelineOf(answer, id);
    unreadable += timeline.unreadable;
    // A full answer all of one instant cannot be split by date: it is taken whole, and the driver goes on after it.
    const until = Math.min(window.end, Math.max(timeline.wholeUntil, from + 1));
    items.push(...hosLogPayloads(timeline.logs, { windowStart: window.start, from, until }));
    return until;
  };

  // `n` of the series cursor is not used here: the drivers of a page are sized from the window.
  const page = (next?: { id: string; t: number }): ProviderPage => ({
    items,
    schema: "geotab.DutyStatusLog",
    ...(next ? { nextCursor: encodeCursor("hosLogs", { k: "series", ...next, n: 1 }) } : {}),
    ...(unreadable > 0 ? { issues: [unreadableIssue(unreadable, "DutyStatusLog")] } : {}),
  });

  if (cursor !== undefined && cursor.t < window.end) {
    const [answer = []] = await readDutyStatusLogs(client, [{ id: cursor.id, from: cursor.t }], window.end, EXTRAS);
    return page({ id: cursor.id, t: take(cursor.id, cursor.t, answer) });
  }
  const ids = (await driverIds(client)).filter((id) => cursor === undefined || compare(id, cursor.id) > 0);
  const days = Math.max(1, Math.ceil((window.end - window.start) / DAY_MS));
  const perPage = Math.floor(limitOf(request.pageSize) / (days * LOGS_PER_DRIVER_DAY));
  const batch = ids.slice(0, Math.min(MAX_DRIVERS_PER_CALL, Math.max(1, perPage)));
  if (batch.length === 0) return page();
  const starts = batch.map((id) => ({ id, from: window.start }));
  const answers = await readDutyStatusLogs(client, starts, window.end, EXTRAS);
  for (const [index, id] of batch.entries()) {
    const until = take(id, window.start, answers[index] ?? []);
    if (until < window.end) return page({ id, t: until });
  }
  return ids.length > batch.length ? page({ id: batch.at(-1)!, t: window.end }) : page();
}

/**
 * A driver's payloads (their active duty-status logs, in time order) that start in [from, until),
 * each with the next log, which ends it. Before `from`: at the window's start, the boundary log,
 * listed when its status was still under way then; on a driver's later page, a log its previous
 * page listed.
 */
export function hosLogPayloads(
  logs: readonly GeotabDutyStatusLog[],
  range: { windowStart: number; from: number; until: number },
): GeotabHosLog[] {
  const { windowStart, from, until } = range;
  return logs.flatMap((log, index) => {
    const start = Date.parse(log.dateTime);
    const next = logs[index + 1];
    const end = next ? Date.parse(next.dateTime) : Number.POSITIVE_INFINITY;
    if (start >= until || (start < from && (from !== windowStart || end <= from))) return [];
    return [{ dutyStatusLog: log, ...(next ? { nextDutyStatusLog: next } : {}) }];
  });
}

/**
 * A DutyStatusLog → a HOS log: its status code as ours, its end the driver's next duty-status
 * log's `dateTime` (absent while it lasts), its co-drivers and annotations (remarks).
 * Intermediate logs, events, edits that are not Active and unassigned driving (the driver
 * `UnknownDriverId`) are no driver's duty status: the reader leaves them out, and they are
 * refused here.
 */
export function mapHosLog(payload: unknown): NormalizedHosLog {
  const { dutyStatusLog: log, nextDutyStatusLog: next } = parsePayload(
    PROVIDER,
    geotabHosLog,
    payload,
    "DutyStatusLog",
  );
  const driverId = driverIdOf(log.driver);
  if (driverId === undefined) {
    throw new ProviderError("malformed", `Geotab: DutyStatusLog ${log.id} has no identified driver.`);
  }
  if (!isActiveDutyStatus(log, driverId)) {
    throw new ProviderError("malformed", `Geotab: DutyStatusLog ${log.id} (${log.status}) is no active duty status.`);
  }
  const startedAt = Date.parse(log.dateTime);
  if (next !== undefined && (!isActiveDutyStatus(next, driverId) || Date.parse(next.dateTime) < startedAt)) {
    throw new ProviderError("malformed", `Geotab: the log after ${log.id} is not a later duty status of its driver.`);
  }
  const vehicleId = deviceIdOf(log.device);
  const codrivers = [
    ...new Set((log.coDrivers ?? []).map(driverIdOf).filter((id): id is string => id !== undefined && id !== driverId)),
  ];
  const location = locationOf(log.location);
  const remarks = remarksOf(log);
  return {
    sourceId: log.id,
    status: STATUS_OF_CODE[log.status]!,
    driverSourceId: driverId,
    ...(vehicleId !== undefined ? { vehicleSourceId: vehicleId } : {}),
    ...(codrivers.length ? { codriverSourceIds: codrivers } : {}),
    ...(location ? { location } : {}),
    ...(remarks.length ? { remarks } : {}),
    startedAt: new Date(startedAt).toISOString(),
    ...(next !== undefined ? { endedAt: new Date(next.dateTime).toISOString() } : {}),
  };
}

function locationOf(location: GeotabDutyStatusLocation | null | undefined): Location | undefined {
  if (!location) return undefined;
  return "location" in location
    ? { latitude: location.location.y, longitude: location.location.x }
    : { latitude: location.latitude, longitude: location.longitude };
}

/** AnnotationLogs with text, as remarks. */
function remarksOf(log: GeotabDutyStatusLog): HosRemark[] {
  return (log.annotations ?? []).flatMap((annotation) => {
    const notes = nonBlank(annotation.comment);
    if (notes === undefined) return [];
    return [
      {
        ...(annotation.id !== undefined ? { sourceId: annotation.id } : {}),
        ...(annotation.dateTime !== undefined ? { submittedAt: new Date(annotation.dateTime).toISOString() } : {}),
        notes,
      },
    ];
  });
}
