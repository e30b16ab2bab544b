import { z } from "@hono/zod-openapi";
import type { NormalizedTrip } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MixClient, PROVIDER } from "../client";
import { mixIso, mixMs, mixPathTime } from "../dates";
import { idArray } from "../json";
import { listOf, organisationId } from "../organisation";
import { mixTrip } from "../payloads";
import { amount, coordinates, driverIdOf } from "../values";
import { walkWindow } from "../walk";

const SCHEMA = "api/trips/groups/from/{from}/to/{to}/entitytype/Asset";

/**
 * Trips: `POST api/trips/groups/from/{from}/to/{to}/entitytype/Asset` with the organisation's
 * id, the whole organisation's trips of one UTC day per request (walk.ts). A trip is kept on the
 * day it started, once it has ended (one in progress is read by a later sync).
 */
export const mixTrips: ProviderModel<"trips"> = { pace: "api", read: readTrips, normalize: mapTrip };

const started = z.object({ TripStart: z.string(), TripEnd: z.string().nullish() });

async function readTrips(request: ReadRequest): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, "trips", request.window);
  const client = MixClient.of(request.context, request.credentials);
  const orgId = await organisationId(client, request.connection.id);
  return walkWindow({
    window,
    keys: [orgId],
    cursor: request.cursor,
    pageSize: request.pageSize,
    schema: SCHEMA,
    read: async ({ from, to }) => {
      const path = `api/trips/groups/from/${mixPathTime(from)}/to/${mixPathTime(to - 1000)}/entitytype/Asset`;
      return listOf(await client.post(path, idArray([orgId])), SCHEMA).filter((item) => {
        const parsed = started.safeParse(item);
        if (!parsed.success) return true;
        const at = mixMs(parsed.data.TripStart);
        return Boolean(parsed.data.TripEnd) && (Number.isNaN(at) || (at >= from && at < to));
      });
    },
  });
}

/** A trip: its id, times (UTC), asset, driver (0 is none), end positions and distance (km). */
export function mapTrip(payload: unknown): NormalizedTrip {
  const trip = parsePayload(PROVIDER, mixTrip, payload, "trip");
  if (!trip.TripEnd) throw new ProviderError("malformed", `${PROVIDER}: trip ${trip.TripId} has not ended.`);
  const start = coordinates(trip.StartPosition?.Latitude, trip.StartPosition?.Longitude);
  const end = coordinates(trip.EndPosition?.Latitude, trip.EndPosition?.Longitude);
  const driver = driverIdOf(trip.DriverId);
  return {
    sourceId: trip.TripId,
    vehicleSourceId: trip.AssetId,
    ...(driver ? { driverSourceId: driver } : {}),
    ...(start ? { startLocation: start } : {}),
    ...(end ? { endLocation: end } : {}),
    ...amount("distance", trip.DistanceKilometers),
    startedAt: mixIso(PROVIDER, trip.TripStart),
    endedAt: mixIso(PROVIDER, trip.TripEnd),
  };
}
