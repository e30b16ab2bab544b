import { JURISDICTIONS } from "../../../jurisdictions/jurisdictions";
import type { NormalizedIftaDistance } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import { DAY_MS, utcDayStart, windowDays } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { type GeotabClient, type GetCall, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import { type GeotabFuelTaxDetail, geotabFuelTaxDetail, geotabIftaDay } from "../ifta-payloads";
import { geotabClient } from "../login";
import { compare, deviceIds, limitOf, MAX_RESULTS, unreadableIssue, windowOf } from "../paging";

/**
 * IFTA distances are the devices' FuelTaxDetails summed by UTC day and jurisdiction, read day by
 * day in MyGeotab's one pace for calls (providers.md 3.3). Each day is its own `Get` with
 * `includeBoundaries: false`, so Geotab cuts the details that run over midnight at midnight, with
 * odometers it interpolates there from the device's own logs (what providers-families.md §3.4
 * advises per period): no share of a detail is guessed here. Reading the window at once and
 * splitting the details by time would be fewer calls, but a detail runs on through stops (a
 * vehicle parked overnight in one state), so its time is no measure of its distance.
 */
export const geotabIftaSummaries: ProviderModel<"iftaSummaries"> = {
  pace: "calls",
  read: (request) => readIftaDays(geotabClient(request), request),
  normalize: mapIftaDay,
};

const SCHEMA = "geotab.FuelTaxDetail";
/** The most device-days one page reads: the Gets of one ExecuteMultiCall. */
const MAX_CALLS_PER_PAGE = 100;
/** About how many jurisdictions a vehicle drives in on a day: sizes pages. */
const JURISDICTIONS_PER_DAY = 2;

/** The two-letter codes of the US and Canadian jurisdictions (src/jurisdictions). */
const KNOWN_CODES: ReadonlySet<string> = new Set(JURISDICTIONS.map((jurisdiction) => jurisdiction.code));

/**
 * A page of device-days: the devices in id order (the cursor holds the last one done), as many
 * as keep about `pageSize` payloads and at most MAX_CALLS_PER_PAGE device-days, each device's
 * `Get FuelTaxDetail` of every UTC day of the window that has begun, in one ExecuteMultiCall.
 * A day is read whole even where the window cuts it (its payloads stand for the whole day). Each
 * device's day in each jurisdiction where it moved is a payload. A day whose answer fills the
 * 50,000-result cap may have been cut: it is left out, and said so.
 */
async function readIftaDays(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const window = windowOf("iftaSummaries", request);
  const readAt = Date.now();
  const days = windowDays({ start: new Date(window.start), end: new Date(window.end) }).filter(
    (date) => utcDayStart(date) <= readAt,
  );
  if (days.length === 0) return { items: [], schema: SCHEMA };
  const after = decodeCursor(request.cursor, "iftaSummaries", "after")?.id;
  const ids = (await deviceIds(client)).filter((id) => after === undefined || compare(id, after) > 0);
  const byPageSize = Math.floor(limitOf(request.pageSize) / (days.length * JURISDICTIONS_PER_DAY));
  const byCalls = Math.floor(MAX_CALLS_PER_PAGE / days.length);
  const chunk = ids.slice(0, Math.max(1, Math.min(byPageSize, byCalls)));
  const calls = chunk.flatMap((id) => days.map((date) => dayCall(id, date)));
  const answers = await client.getEach(calls);
  const items: unknown[] = [];
  let unreadable = 0;
  let cutDays = 0;
  chunk.forEach((id, deviceIndex) => {
    days.forEach((date, dayIndex) => {
      const answer = answers[deviceIndex * days.length + dayIndex] ?? [];
      if (answer.length >= MAX_RESULTS) {
        cutDays++;
        return;
      }
      const day = dayPayloads(id, date, answer);
      unreadable += day.unreadable;
      items.push(...day.payloads);
    });
  });
  const issues = [
    ...(unreadable > 0 ? [unreadableIssue(unreadable, "FuelTaxDetail")] : []),
    ...(cutDays > 0
      ? [
          {
            code: "inaccessible_data" as const,
            message: `${cutDays} Geotab device-day(s) of FuelTaxDetails were left out: their answer reached the 50,000-result cap.`,
          },
        ]
      : []),
  ];
  const last = chunk.at(-1);
  return {
    items,
    schema: SCHEMA,
    ...(ids.length > chunk.length && last !== undefined
      ? { nextCursor: encodeCursor("iftaSummaries", { k: "after", id: last }) }
      : {}),
    ...(issues.length ? { issues } : {}),
  };
}

/** A device's details of one UTC day, cut to it (Geotab rounds the dates to the hour: midnights already are). */
function dayCall(id: string, date: string): GetCall {
  const start = utcDayStart(date);
  return {
    typeName: "FuelTaxDetail",
    search: {
      deviceSearch: { id },
      fromDate: new Date(start).toISOString(),
      toDate: new Date(start + DAY_MS).toISOString(),
      includeBoundaries: false,
      includeHourlyData: false,
    },
    resultsLimit: MAX_RESULTS,
  };
}

/**
 * A device's payloads of a day from the day's answer: its details grouped by jurisdiction (as
 * read: jurisdictionCode), each group as Geotab sent its details, in code order (none first).
 * Details of other days (touching the day at an edge) are not the day's; a record that does not
 * read as a detail of the device is counted unreadable; a jurisdiction where the device did not
 * move that day (parked in it, or details without distance) is no payload.
 */
export function dayPayloads(
  deviceId: string,
  date: string,
  answer: readonly unknown[],
): { payloads: unknown[]; unreadable: number } {
  const dayStart = utcDayStart(date);
  const groups = new Map<string | null, { details: unknown[]; moved: boolean }>();
  let unreadable = 0;
  for (const record of answer) {
    const parsed = geotabFuelTaxDetail.safeParse(record);
    if (!parsed.success || parsed.data.device.id !== deviceId) {
      unreadable++;
      continue;
    }
    const detail = parsed.data;
    const share = dayShare(detail, dayStart);
    if (share === undefined) continue;
    const code = jurisdictionCode(detail.jurisdiction);
    const group = groups.get(code) ?? { details: [], moved: false };
    group.details.push(record);
    // A detail without odometers moved as far as anyone knows: normalize refuses it, visibly.
    group.moved ||= share > 0 && (kmOf(detail) ?? 1) > 0;
    groups.set(code, group);
  }
  const payloads = [...groups]
    .filter(([, group]) => group.moved)
    .sort(([a], [b]) => compare(a ?? "", b ?? ""))
    .map(([jurisdiction, group]) => ({
      device: { id: deviceId },
      date,
      jurisdiction,
      fuelTaxDetails: group.details,
    }));
  return { payloads, unreadable };
}

/**
 * A device's day in a jurisdiction: the sum of its details' distances, each the rise of its
 * odometers (km), or of its GPS odometers when the odometers are missing or fall (a reset).
 * The details come cut to the day (`includeBoundaries: false`); one that still runs over it
 * counts the share of its time within the day. Negligible details count like the others.
 * Details of another device, jurisdiction or day, or without odometers to measure them by,
 * are refused.
 */
export function mapIftaDay(payload: unknown): NormalizedIftaDistance {
  const day = parsePayload(PROVIDER, geotabIftaDay, payload, "FuelTaxDetail day");
  const deviceId = day.device.id;
  const dayStart = utcDayStart(day.date);
  let distance = 0;
  for (const detail of day.fuelTaxDetails) {
    const name = `FuelTaxDetail ${detail.id ?? "(no id)"}`;
    if (detail.device.id !== deviceId) {
      throw new ProviderError("malformed", `Geotab: ${name} of ${day.date} is another device's.`);
    }
    if (jurisdictionCode(detail.jurisdiction) !== day.jurisdiction) {
      throw new ProviderError("malformed", `Geotab: ${name} is not in ${day.jurisdiction ?? "no jurisdiction"}.`);
    }
    if (Date.parse(detail.exitTime) < Date.parse(detail.enterTime)) {
      throw new ProviderError("malformed", `Geotab: ${name} exits before it enters.`);
    }
    const share = dayShare(detail, dayStart);
    if (share === undefined) throw new ProviderError("malformed", `Geotab: ${name} is not of ${day.date}.`);
    const km = kmOf(detail);
    if (km === undefined) throw new ProviderError("malformed", `Geotab: ${name} has no odometers to measure it by.`);
    distance += km * share;
  }
  return {
    sourceId: `${deviceId}:${day.date}:${day.jurisdiction ?? "none"}`,
    vehicleSourceId: deviceId,
    period: day.date,
    jurisdiction: day.jurisdiction,
    distance: round2(distance),
  };
}

/**
 * Geotab's jurisdiction as ours: a US or Canadian two-letter code (trimmed, upper case), or
 * null for anything else (none, blank, or a place outside IFTA such as Mexico).
 */
export function jurisdictionCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && KNOWN_CODES.has(code) ? code : null;
}

/**
 * The km of a detail: the rise of its odometers, else of its GPS odometers; undefined when
 * neither pair is there and rising.
 */
export function kmOf(detail: GeotabFuelTaxDetail): number | undefined {
  const pairs = [
    [detail.enterOdometer, detail.exitOdometer],
    [detail.enterGpsOdometer, detail.exitGpsOdometer],
  ];
  for (const [enter, exit] of pairs) {
    if (typeof enter === "number" && typeof exit === "number" && exit >= enter) return exit - enter;
  }
  return undefined;
}

/**
 * The share of a detail's time within the UTC day starting at `dayStart` (1 for one within
 * it), or undefined when it lies outside the day (it only touches it, at most). A detail of no
 * duration is the day's when it is dated in it.
 */
function dayShare(detail: GeotabFuelTaxDetail, dayStart: number): number | undefined {
  const enter = Date.parse(detail.enterTime);
  const exit = Date.parse(detail.exitTime);
  const dayEnd = dayStart + DAY_MS;
  if (exit <= enter) return enter >= dayStart && enter < dayEnd ? 1 : undefined;
  const overlap = Math.min(exit, dayEnd) - Math.max(enter, dayStart);
  return overlap > 0 ? overlap / (exit - enter) : undefined;
}
