import { z } from "@hono/zod-openapi";
import type { NormalizedTrip } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER, type VerizonClient } from "../client";
import { verizonDate, verizonIso, verizonMs } from "../dates";
import { elementsOf, vehiclePath } from "../listing";
import { verizonSegment, verizonSegmentGroup } from "../payloads";
import { coordinates, round2 } from "../values";
import { type VehicleDay, walkVehicleDays } from "../walk";

const SCHEMA = "/rad/v1/vehicles/{vehicleNumber}/segments";

/**
 * Trips: each vehicle's segments (ignition on to off), `GET /rad/v1/vehicles/{n}/segments` with
 * `startdateutc`, which answers the 24 h starting there: one call per vehicle and UTC day (walk.ts).
 */
export const verizonTrips: ProviderModel<"trips"> = {
  pace: "api",
  read: walkVehicleDays("trips", SCHEMA, readSegmentsDay),
  normalize: mapSegment,
};

/**
 * One item per segment, as the answer nests it: the segment beside the vehicle asked about and
 * the `Driver` and `Vehicle` of the group it came in (the raw payload is this, Verizon's objects
 * untouched). Verizon gives segments no id.
 */
export type SegmentItem = { VehicleNumber: string; Driver?: unknown; Vehicle?: unknown; Segment: unknown };

const started = z.object({ StartDateUtc: z.string(), IsComplete: z.boolean() });

/**
 * The segments that started in [from, to) and are complete. One in progress (`IsComplete:
 * false`, its end null) is left for a later sync, which reads again from the day before its
 * last coverage ended; a segment without a readable start is kept: normalize rejects it.
 */
async function readSegmentsDay(client: VerizonClient, { vehicleNumber, day, from, to }: VehicleDay) {
  const path = `${vehiclePath(vehicleNumber)}/segments`;
  const body = await client.get(path, { startdateutc: verizonDate(Date.parse(`${day}T00:00:00Z`)) });
  const items: SegmentItem[] = [];
  for (const element of elementsOf(body, path)) {
    const group = verizonSegmentGroup.safeParse(element);
    if (!group.success) throw new ProviderError("malformed", `${PROVIDER}: ${path} answered a group without segments.`);
    const { Driver, Vehicle, Segments } = group.data;
    for (const segment of Segments) {
      const parsed = started.safeParse(segment);
      const at = parsed.success ? verizonMs(parsed.data.StartDateUtc) : Number.NaN;
      if (parsed.success && (!parsed.data.IsComplete || at < from || at >= to)) continue;
      items.push({
        VehicleNumber: vehicleNumber,
        ...(Driver ? { Driver } : {}),
        ...(Vehicle ? { Vehicle } : {}),
        Segment: segment,
      });
    }
  }
  return items;
}

const segmentItem = z.object({
  VehicleNumber: z.string().min(1),
  Driver: verizonSegmentGroup.shape.Driver.optional(),
  Segment: verizonSegment,
});

/**
 * A complete segment → a trip: its times (UTC without a zone), the vehicle asked about, the
 * group's driver by number, its start and end positions unless private, and its distance (km).
 * Its id is the vehicle's number and its start time, which no two segments of a vehicle share.
 */
export function mapSegment(payload: unknown): NormalizedTrip {
  const {
    VehicleNumber: vehicle,
    Driver: driver,
    Segment: segment,
  } = parsePayload(PROVIDER, segmentItem, payload, "segment");
  if (!segment.IsComplete || !segment.EndDateUtc) {
    throw new ProviderError("malformed", `${PROVIDER}: a segment of vehicle ${vehicle} has not ended.`);
  }
  const startedAt = verizonIso(segment.StartDateUtc);
  const start = segment.StartLocationIsPrivate
    ? undefined
    : coordinates(segment.StartLocation?.Latitude, segment.StartLocation?.Longitude);
  const end = segment.EndLocationIsPrivate
    ? undefined
    : coordinates(segment.EndLocation?.Latitude, segment.EndLocation?.Longitude);
  const driverNumber = driver?.Number?.trim();
  const distance = segment.DistanceKilometers;
  return {
    sourceId: `${vehicle}/${startedAt}`,
    vehicleSourceId: vehicle,
    ...(driverNumber ? { driverSourceId: driverNumber } : {}),
    ...(start ? { startLocation: start } : {}),
    ...(end ? { endLocation: end } : {}),
    ...(distance != null && distance >= 0 ? { distance: round2(distance) } : {}),
    startedAt,
    endedAt: verizonIso(segment.EndDateUtc),
  };
}
