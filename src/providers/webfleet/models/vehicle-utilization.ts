import { z } from "@hono/zod-openapi";
import type { NormalizedUtilizationDay } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import { isoDay } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { ACTIONS } from "../pace";
import { tripRow } from "../payloads";
import { isoOf } from "../values";
import { readTripRows } from "./trips";

/**
 * Utilization is summed from the trip report (in its pace): each payload is one vehicle-day,
 * the trips that started on that UTC day. Driving is each trip's duration less its idle time,
 * idling its idle time; standing still between trips with the engine off is neither.
 */
export const webfleetVehicleUtilization: ProviderModel<"vehicleUtilization"> = {
  pace: ACTIONS.trips,
  read: async (request) => {
    const days = new Map<string, { objectuid: string; date: string; trips: unknown[] }>();
    for (const row of await readTripRows(request)) {
      const trip = tripRow.safeParse(row);
      const objectuid = trip.success ? trip.data.objectuid : "";
      const date = trip.success ? isoDay(Date.parse(trip.data.start_time)) : "";
      const key = `${objectuid}|${date}`;
      const day = days.get(key) ?? { objectuid, date, trips: [] };
      day.trips.push(row);
      days.set(key, day);
    }
    return { items: [...days.values()], schema: `webfleet.${ACTIONS.trips}.day` };
  },
  normalize: mapUtilizationDay,
};

const dayPayload = z.object({ objectuid: z.string().min(1), date: z.string(), trips: z.array(tripRow).min(1) });

export function mapUtilizationDay(payload: unknown): NormalizedUtilizationDay {
  const day = parsePayload(PROVIDER, dayPayload, payload, "trip day");
  const starts = day.trips.map((trip) => isoOf(trip.start_time, `start_time of trip ${trip.tripid}`)).sort();
  const ends = day.trips.map((trip) => isoOf(trip.end_time, `end_time of trip ${trip.tripid}`)).sort();
  const sum = (value: (trip: (typeof day.trips)[number]) => number | null | undefined) =>
    day.trips.reduce((total, trip) => total + (value(trip) ?? 0), 0);
  const idleSeconds = sum((trip) => trip.idle_time);
  return {
    vehicleSourceId: day.objectuid,
    date: day.date,
    startAt: starts[0]!,
    endAt: ends.at(-1)!,
    distance: round2(sum((trip) => trip.distance) / 1000),
    fuelConsumed: round2(sum((trip) => trip.fuel_usage)),
    durations: { driving: Math.max(0, sum((trip) => trip.duration) - idleSeconds) * 1000, idling: idleSeconds * 1000 },
  };
}
