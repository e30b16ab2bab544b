import type { NormalizedLocationBatch } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { DAY_MS, requireWindow } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { PROVIDER, Tn360Client, Tn360NotFoundError } from "../client";
import { vehicleIds } from "../fleet";
import { BUCKETS } from "../pace";
import { positionItem, tn360Position } from "../payloads";
import { coordinates, headingOf, isoOfMs, listOf, speedOf, utcOf } from "../values";
import { walkWindow } from "../walk";

const SCHEMA = "/v1/vehicles/{id}/positions";

/**
 * Breadcrumbs: `GET /v1/vehicles/{id}/positions?from&to&pruning=ALL&limit=off` (every point,
 * unpruned and unlimited), a vehicle and a UTC day per request (walk.ts). The answer is filtered
 * to [from, to), whichever bounds TN360 includes. Each item is the provider's point with the
 * vehicle id of its path (the points carry none [OBS]); a vehicle removed since it was listed (404)
 * has nothing left to read.
 */
export const tn360VehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: BUCKETS.api,
  read: readPositions,
  normalize: mapPosition,
};

async function readPositions(request: ReadRequest): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, "vehicleLocations", request.window);
  const client = Tn360Client.of(request.context, request.credentials);
  return walkWindow({
    window,
    spanMs: DAY_MS,
    keys: await vehicleIds(client, request.connection.id),
    cursor: request.cursor,
    pageSize: request.pageSize,
    schema: SCHEMA,
    read: async ({ key, from, to }) => {
      const path = `/v1/vehicles/${encodeURIComponent(key)}/positions`;
      const query = { from: isoOfMs(from), to: isoOfMs(to), pruning: "ALL", limit: "off" };
      const body = await client.get(BUCKETS.api, path, query).catch((error: unknown) => {
        if (error instanceof Tn360NotFoundError) return [];
        throw error;
      });
      return listOf(body, SCHEMA)
        .filter((position) => {
          const at = timeOf(position);
          // One without a readable time is kept: normalize rejects it and the sync reports it.
          return Number.isNaN(at) || (at >= from && at < to);
        })
        .map((position) => ({ vehicleId: key, position }));
    },
  });
}

/** A point's time in epoch ms (NaN when unreadable): `timeAt`, else `updatedAt`. */
function timeOf(position: unknown): number {
  const parsed = tn360Position.safeParse(position);
  if (!parsed.success) return Number.NaN;
  if (parsed.data.timeAt != null) return parsed.data.timeAt;
  try {
    return Date.parse(utcOf(parsed.data.updatedAt ?? ""));
  } catch {
    return Number.NaN;
  }
}

/** One point → a batch of one: position, time (UTC), `Spd` (km/h), `Dir` (degrees). */
export function mapPosition(payload: unknown): NormalizedLocationBatch {
  const item = parsePayload(PROVIDER, positionItem, payload, "position");
  const point = parsePayload(PROVIDER, tn360Position, item.position, "position");
  const location = coordinates(point.Lat, point.Lng);
  if (!location) throw new ProviderError("malformed", `${PROVIDER}: a position of ${item.vehicleId} has no fix.`);
  const heading = headingOf(point.Dir);
  const speed = speedOf(point.Spd);
  return {
    vehicleSourceId: item.vehicleId,
    points: [
      {
        locatedAt: point.timeAt != null ? isoOfMs(point.timeAt) : utcOf(point.updatedAt ?? ""),
        location,
        ...(heading !== undefined ? { heading } : {}),
        ...(speed !== undefined ? { speed } : {}),
      },
    ],
  };
}
