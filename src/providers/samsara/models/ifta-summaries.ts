import { JURISDICTIONS } from "../../../jurisdictions/jurisdictions";
import type { NormalizedIftaDistance } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import { requireWindow, type TimeWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { nextAfter, PROVIDER } from "../client";
import { malformedCursor, type SamsaraCursor } from "../cursor";
import { SAMSARA_MONTHS, samsaraIftaItem, samsaraIftaVehicleEnvelope } from "../ifta-payloads";
import { next, samsaraPages } from "../listing";

/**
 * Samsara may still revise a report's last 72 hours (providers-families.md 1.4): a window that
 * starts within 72 hours of a month's end reads that month again, so an incremental sync early
 * in a month still picks up the end of the one before.
 */
const SETTLING_MS = 72 * 3_600_000;

/**
 * `GET /fleet/reports/ifta/vehicle` one calendar month at a time (`year` and `month`): every
 * month the window overlaps (and the one before while it settles), each paged on its own with
 * `after`. A month is always read whole, as far as it has gone: the current one grows from one
 * sync to the next and its records are updated in place. Each vehicle's jurisdiction of a month
 * becomes one payload with the month and the vehicle. Its own 25 requests/s tier (providers.md 1.3).
 */
export const samsaraIftaSummaries: ProviderModel<"iftaSummaries"> = {
  pace: "ifta",
  read: samsaraPages("iftaSummaries", "samsara.fleet.reports.ifta.vehicle", async (client, input) => {
    const months = windowMonths(requireWindow(PROVIDER, "iftaSummaries", input.window));
    if (months.length === 0) return { items: [] };
    // The cursor names the month it continues by its first day (the cursor's `date`).
    const date = input.cursor?.date ?? `${months[0]}-01`;
    const index = months.findIndex((candidate) => `${candidate}-01` === date);
    if (index < 0) throw malformedCursor();
    const month = months[index]!;
    const year = Number(month.slice(0, 4));
    const monthName = SAMSARA_MONTHS[Number(month.slice(5)) - 1]!;
    const body = await client.get(
      "/fleet/reports/ifta/vehicle",
      { year, month: monthName, after: input.cursor?.after },
      samsaraIftaVehicleEnvelope,
    );
    const after = nextAfter(body.pagination);
    const nextMonth = months[index + 1];
    const following: SamsaraCursor | undefined = after
      ? { model: "iftaSummaries", date: `${month}-01`, after }
      : nextMonth
        ? { model: "iftaSummaries", date: `${nextMonth}-01` }
        : undefined;
    // The report says which month it is; the one asked for when it does not.
    const stated = { year: body.data.year ?? year, month: body.data.month ?? monthName };
    return {
      items: body.data.vehicleReports.flatMap((report) => jurisdictionItemsOf(stated, report)),
      ...next(following),
    };
  }),
  normalize: mapIftaJurisdiction,
};

/** The calendar months (YYYY-MM) of [start − 72 h, end): the window's, and the one before while it settles. */
export function windowMonths(window: TimeWindow): string[] {
  const months: string[] = [];
  const from = new Date(window.start.getTime() - SETTLING_MS);
  for (
    let month = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1);
    month < window.end.getTime();
    month = Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1)
  ) {
    months.push(new Date(month).toISOString().slice(0, 7));
  }
  return months;
}

/**
 * A vehicle report → one `{ year, month, vehicle, jurisdiction }` per jurisdiction (none for a
 * vehicle that drove nowhere). A report that is not readable as one is passed on whole, for
 * `normalize` to refuse as malformed.
 */
export function jurisdictionItemsOf(stated: { year: number; month: string }, report: unknown): unknown[] {
  const { vehicle, jurisdictions } = (report ?? {}) as { vehicle?: unknown; jurisdictions?: unknown };
  if (!Array.isArray(jurisdictions)) return [report];
  return jurisdictions.map((jurisdiction) => ({ ...stated, vehicle, jurisdiction }));
}

/** The codes the summary knows (US states, DC and territories, Canadian provinces and territories). */
let knownCodes: ReadonlySet<string> | undefined;

/**
 * A vehicle's month in one jurisdiction. The period is the month (Samsara's report is in the
 * organization's time zone, which the API cannot shift to UTC: the month is taken as Samsara cut
 * it). Metres → km (the writer rounds to 2 decimals); the tax-paid litres bought there as the
 * fuel when Samsara reports them. A jurisdiction that is not a known US or Canadian code (blank,
 * or another country) is unknown (null); the source id keeps Samsara's code, so two unknown ones
 * of a month stay two records.
 */
export function mapIftaJurisdiction(payload: unknown): NormalizedIftaDistance {
  const item = parsePayload(PROVIDER, samsaraIftaItem, payload, "IFTA vehicle report");
  const period = `${item.year}-${String(SAMSARA_MONTHS.indexOf(item.month) + 1).padStart(2, "0")}`;
  const code = nonBlank(item.jurisdiction.jurisdiction)?.toUpperCase();
  knownCodes ??= new Set(JURISDICTIONS.map((jurisdiction) => jurisdiction.code));
  const fuel = item.jurisdiction.taxPaidLiters;
  return {
    sourceId: iftaSourceId(item.vehicle.id, period, code),
    vehicleSourceId: item.vehicle.id,
    period,
    jurisdiction: code && knownCodes.has(code) ? code : null,
    distance: item.jurisdiction.totalMeters / 1000,
    ...(fuel === null || fuel === undefined ? {} : { fuel }),
  };
}

/**
 * The id of a vehicle's month in a jurisdiction: Samsara's report rows have no id, and a vehicle
 * has one row per jurisdiction a month, so the three identify it (the same when read again).
 */
export const iftaSourceId = (vehicleSourceId: string, month: string, jurisdiction: string | undefined) =>
  `${vehicleSourceId}:${month}:${jurisdiction ?? ""}`;
