import type { NormalizedUtilizationDay, SyncModel } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import { windowDays as daysOf, requireWindow, wholeUtcDay } from "../../kit/windows";
import type { ProviderModel, ReadRequest } from "../../types";
import { nextAfter, PROVIDER } from "../client";
import { malformedCursor, type SamsaraCursor } from "../cursor";
import { next, samsaraPages } from "../listing";
import { samsaraUtilizationItem, samsaraVehicleReport, samsaraVehicleReportsEnvelope } from "../payloads";

/**
 * The fuel-energy report one UTC day at a time (it aggregates over its dates, both inclusive):
 * every day of the window, each paged on its own. Rows are wrapped with their day. In the
 * fleet tier of Samsara's limits (providers.md 1.3).
 */
export const samsaraVehicleUtilization: ProviderModel<"vehicleUtilization"> = {
  pace: "fleet",
  read: samsaraPages("vehicleUtilization", "samsara.fleet.reports.vehicles.fuel-energy", async (client, input) => {
    const days = windowDays("vehicleUtilization", input.window);
    if (days.length === 0) return { items: [] };
    const date = input.cursor?.date ?? days[0]!;
    const index = days.indexOf(date);
    if (index < 0) throw malformedCursor();
    const day = `${date}T00:00:00Z`;
    const body = await client.get(
      "/fleet/reports/vehicles/fuel-energy",
      { startDate: day, endDate: day, after: input.cursor?.after },
      samsaraVehicleReportsEnvelope,
    );
    const after = nextAfter(body.pagination);
    const nextDay = days[index + 1];
    const following: SamsaraCursor | undefined = after
      ? { model: "vehicleUtilization", date, after }
      : nextDay
        ? { model: "vehicleUtilization", date: nextDay }
        : undefined;
    return { items: body.data.vehicleReports.map((vehicleReport) => ({ date, vehicleReport })), ...next(following) };
  }),
  normalize: mapUtilizationDay,
};

/** The UTC days (YYYY-MM-DD) overlapping the window [start, end). */
export function windowDays(model: SyncModel, window: ReadRequest["window"]): string[] {
  return daysOf(requireWindow(PROVIDER, model, window));
}

/**
 * One vehicle's UTC day from the fuel-energy report. The report has no trip times, so the day
 * covers the whole UTC day; driving is engine run time less idle time (Samsara gives no driving
 * time). Electric vehicles have no fuel and no engine times: 0 litres and 0 ms. Metres → km,
 * millilitres → litres (÷ 1000, 2 decimals), milliseconds kept (whole).
 */
export function mapUtilizationDay(payload: unknown): NormalizedUtilizationDay {
  const item = parsePayload(PROVIDER, samsaraUtilizationItem, payload, "utilization item");
  const report = parsePayload(PROVIDER, samsaraVehicleReport, item.vehicleReport, "vehicle report");
  const run = report.engineRunTimeDurationMs ?? 0;
  const idle = report.engineIdleTimeDurationMs ?? 0;
  return {
    vehicleSourceId: report.vehicle.id,
    date: item.date,
    ...wholeUtcDay(item.date),
    distance: round2(report.distanceTraveledMeters / 1000),
    fuelConsumed: round2((report.fuelConsumedMl ?? 0) / 1000),
    durations: { driving: Math.round(Math.max(0, run - idle)), idling: Math.round(idle) },
  };
}
