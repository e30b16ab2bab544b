import { z } from "@hono/zod-openapi";
import type { IssueCode, NormalizedUtilizationDay } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE, LITRES_PER_US_GALLON } from "../../kit/units";
import { requireWindow, wholeUtcDay, windowDays } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MotiveClient, MotiveForbiddenError, PROVIDER } from "../client";
import { decodeMotiveCursor, encodeMotiveCursor } from "../cursor";
import { missingPermissions, perPage } from "../listing";
import { motiveUtilizationDay } from "../payloads";
import { round2 } from "../values";

/** Per-vehicle per-day utilization, at the adapter's one conservative pace (providers.md 2.3). */
export const motiveVehicleUtilization: ProviderModel<"vehicleUtilization"> = {
  pace: "api",
  read: readUtilization,
  normalize: mapUtilizationDay,
};

/** The raw entries' `schema`: the endpoints the payloads came from. */
const SCHEMA = "/v1/vehicle_utilization+/v1/ifta/trips";
const UTILIZATION = { list: "vehicle_idle_rollups", item: "vehicle_idle_rollup" };
const IFTA_TRIPS = { list: "ifta_trips", item: "ifta_trip" };

/**
 * Utilization, one day at a time (Motive's rollups aggregate over the whole date range asked
 * for): a page of the day's vehicle rollups, then that day's IFTA trips of those vehicles for
 * the distance, which the rollups lack. Each item is one vehicle-day: `{ date,
 * vehicle_idle_rollup, ifta_trips }`, Motive's own objects untouched.
 */
async function readUtilization(request: ReadRequest): Promise<ProviderPage> {
  const client = MotiveClient.of(request.context, request.credentials);
  const days = windowDays(requireWindow(PROVIDER, "vehicleUtilization", request.window));
  const first = days[0];
  if (first === undefined) return { items: [], schema: SCHEMA };
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
    return {
      items: [],
      schema: SCHEMA,
      issues: [missingPermissions(`${error.message} Vehicle utilization was not read.`)],
    };
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
    schema: SCHEMA,
    ...(next ? { nextCursor: encodeMotiveCursor(next) } : {}),
    ...(issues.length ? { issues } : {}),
  };
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

const withVehicle = z.object({ vehicle: z.object({ id: z.number().int(), metric_units: z.boolean().nullish() }) });

function vehicleIdOf(item: unknown): number | undefined {
  const parsed = withVehicle.safeParse(item);
  return parsed.success ? parsed.data.vehicle.id : undefined;
}

function metricFlagOf(item: unknown): boolean | undefined {
  const parsed = withVehicle.safeParse(item);
  return parsed.success ? (parsed.data.vehicle.metric_units ?? undefined) : undefined;
}

/**
 * A vehicle-day from the day's rollup (times, fuel) and IFTA trips (distance: the sum of the
 * day's jurisdictions). Each value is converted by the unit flag its own row declares, so an
 * imperial answer is read correctly even though metric units were asked for. Motive gives no
 * first or last movement, so the row spans the whole day.
 */
export function mapUtilizationDay(payload: unknown): NormalizedUtilizationDay {
  const day = parsePayload(PROVIDER, motiveUtilizationDay, payload, "utilization day");
  const rollup = day.vehicle_idle_rollup;
  const trips = (day.ifta_trips ?? []).filter(
    (trip) => trip.vehicle.id === rollup.vehicle.id && trip.date === day.date,
  );
  const distance = trips.reduce((sum, trip) => sum + trip.distance * (trip.vehicle.metric_units ? 1 : KM_PER_MILE), 0);
  const fuelFactor = rollup.vehicle.metric_units ? 1 : LITRES_PER_US_GALLON;
  return {
    vehicleSourceId: String(rollup.vehicle.id),
    date: day.date,
    ...wholeUtcDay(day.date),
    distance: round2(distance),
    fuelConsumed: round2((rollup.idle_fuel + rollup.driving_fuel) * fuelFactor),
    durations: { driving: Math.round(rollup.driving_time * 1000), idling: Math.round(rollup.idle_time * 1000) },
  };
}
