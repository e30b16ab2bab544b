import type { ProviderPage, ReadRequest } from "../types";
import type { GeotabClient } from "./client";
import { decodeCursor, encodeCursor } from "./cursor";
import { compare, deviceIds, idOf, limitOf, MAX_RESULTS, unreadableIssue, windowOf } from "./paging";

/** A `Get` of one device's records, as one call of an ExecuteMultiCall. */
export type SeriesCall = { method: "Get"; params: { typeName: string } & Record<string, unknown> };

/** A record and the instant it is dated at (epoch ms). */
export type Dated = { record: unknown; time: number };

/**
 * A windowed model MyGeotab serves device by device (`deviceSearch` + dates is the search it
 * answers efficiently for Trip, LogRecord and StatusData): the searches of one device's records,
 * how a record is dated, and what a device's records become as the page's payloads.
 */
export type DeviceSeries = {
  model: "trips" | "vehicleLocations" | "vehicleStatLogs";
  /** The page's `schema` (the raw entries'). */
  schema: string;
  /** The record type, for the issue of records that could not be dated. */
  typeName: string;
  /** The Gets of one device's records dated in [fromDate, toDate] (both bounds inclusive at Geotab). */
  calls(deviceId: string, fromDate: string, toDate: string, resultsLimit: number): SeriesCall[];
  /** How many records each call is for, in a page of about `limit` payloads. */
  callLimit(limit: number): number;
  /** When a record is dated, or NaN when it cannot be read. */
  timeOf(record: unknown): number;
  /** A device's records (all its answers, in time order) as payloads: those of [from, until). */
  payloads(records: readonly Dated[], from: number, until: number): unknown[];
};

/** The most devices read in one ExecuteMultiCall. */
const MAX_DEVICES_PER_CALL = 50;

/**
 * One page of a device series over the request's window. Devices go in id order; the page
 * first finishes the device the last one stopped in (alone), then reads the next few devices in
 * one ExecuteMultiCall, as many as the cursor says (about as many as filled the last page).
 * `Get` has no cursor: an answer that fills its `resultsLimit` may have been cut, so the device
 * is taken up to its last record's date only, and the next page asks again from that date
 * (records of that instant included). A device whose records would overflow a page that already
 * holds some is left for the next page.
 */
export async function readDeviceSeries(
  client: GeotabClient,
  request: ReadRequest,
  series: DeviceSeries,
): Promise<ProviderPage> {
  const window = windowOf(series.model, request);
  const cursor = decodeCursor(request.cursor, series.model, "series");
  const limit = limitOf(request.pageSize);
  // One more than a page's worth: the row Geotab interpolates at fromDate (or the trip whose stop
  // reaches into the range) takes a slot, and an answer must hold a record past it to move on.
  const callLimit = Math.min(MAX_RESULTS, series.callLimit(limit) + 1);
  const items: unknown[] = [];
  let unreadable = 0;

  /** Each device's answers over [its start, the window's end], in one request. */
  const read = async (starts: readonly { id: string; from: number }[]): Promise<unknown[][][]> => {
    const toDate = new Date(window.end).toISOString();
    const calls = starts.map(({ id, from }) => series.calls(id, new Date(from).toISOString(), toDate, callLimit));
    const answers = await client.getEach(calls.flat().map((call) => call.params));
    let next = 0;
    return calls.map((deviceCalls) => {
      const start = next;
      next += deviceCalls.length;
      return answers.slice(start, next);
    });
  };

  /** Adds a device's records from `from` on to the page; returns the instant they are whole up to (the window's end when whole). */
  const take = (from: number, answers: readonly unknown[][]): number => {
    let until = window.end;
    const dated: Dated[] = [];
    for (const answer of answers) {
      let last = Number.NEGATIVE_INFINITY;
      for (const record of answer) {
        const time = series.timeOf(record);
        if (Number.isNaN(time)) {
          unreadable++;
          continue;
        }
        dated.push({ record, time });
        last = Math.max(last, time);
      }
      if (answer.length >= callLimit) until = Math.min(until, last);
    }
    // A full answer all of one instant cannot be split by date: it is taken whole, and the device goes on after it.
    if (until <= from) until = from + 1;
    dated.sort((a, b) => a.time - b.time);
    items.push(...series.payloads(dated, from, until));
    return until;
  };

  const page = (next?: { id: string; t: number; n: number }): ProviderPage => ({
    items,
    schema: series.schema,
    ...(next ? { nextCursor: encodeCursor(series.model, { k: "series", ...next }) } : {}),
    ...(unreadable > 0 ? { issues: [unreadableIssue(unreadable, series.typeName)] } : {}),
  });
  /** Devices to read at once next time: about as many as fill a page at the density seen. */
  const nextCount = (done: number) =>
    Math.min(MAX_DEVICES_PER_CALL, Math.max(1, Math.floor((done * limit) / Math.max(items.length, 1))));

  const devicesPerCall = cursor?.n ?? 1;
  if (cursor !== undefined && cursor.t < window.end) {
    const [answers = []] = await read([{ id: cursor.id, from: cursor.t }]);
    const until = take(cursor.t, answers);
    if (until < window.end) return page({ id: cursor.id, t: until, n: 1 });
    if (items.length >= limit) return page({ id: cursor.id, t: window.end, n: devicesPerCall });
  }
  const after = cursor?.id;
  const ids = (await deviceIds(client)).filter((id) => after === undefined || compare(id, after) > 0);
  const batch = ids.slice(0, devicesPerCall);
  if (batch.length === 0) return page();
  const answers = await read(batch.map((id) => ({ id, from: window.start })));
  let done = 0;
  for (const [index, id] of batch.entries()) {
    const deviceAnswers = answers[index] ?? [];
    const size = deviceAnswers.reduce((sum, answer) => sum + answer.length, 0);
    if (items.length > 0 && items.length + size > limit) return page({ id, t: window.start, n: nextCount(done) });
    const until = take(window.start, deviceAnswers);
    done++;
    if (until < window.end) return page({ id, t: until, n: 1 });
  }
  return ids.length > batch.length ? page({ id: batch.at(-1)!, t: window.end, n: nextCount(done) }) : page();
}

/** When a LogRecord or StatusData was logged (its `dateTime`), or NaN. */
export function dateTimeOf(record: unknown): number {
  const value = (record as { dateTime?: unknown } | null)?.dateTime;
  return typeof value === "string" ? Date.parse(value) : Number.NaN;
}

/**
 * The records of [from, until) that Geotab stored: the rows it interpolates at a search's
 * fromDate and toDate have no id and are no reading of the device's.
 */
export function storedRecordsIn(records: readonly Dated[], from: number, until: number): unknown[] {
  return records
    .filter(({ record, time }) => time >= from && time < until && idOf(record) !== "")
    .map(({ record }) => record);
}
