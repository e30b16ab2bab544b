import { sql } from "drizzle-orm";
import { controlD1 } from "../../db/databases";
import { queryBatch } from "../../db/raw";
import type { ConnectionRow } from "../../db/schema";
import type { Env } from "../../env";
import { contentHash } from "../../lib/content-hash";
import { recordId } from "../../lib/record-ids";
import { TtlCache } from "../../lib/ttl-cache";
import type { NormalizedLatestLocation } from "../../model/normalized";
import { findProvider } from "../../providers/registry";
import { type EventWrite, eventWrite } from "../../webhooks/outbox";
import type { Item, WriteContext } from "../kit/write";
import { presentLatestLocation } from "./present";

const TYPE = "vehicle.location_updated";

/**
 * Whether a tenant has an enabled endpoint naming `vehicle.location_updated` (an opt-in type),
 * remembered for a few seconds: refreshes come every 30 s per connection, and an endpoint
 * subscribing late misses at most this much.
 */
const subscribed = new TtlCache<boolean>({ ttlMs: 10_000, maxEntries: 5_000 });

async function tenantSubscribes(env: Env, connection: ConnectionRow): Promise<boolean> {
  const key = `${connection.applicationId}|${connection.environment}`;
  const known = subscribed.get(key);
  if (known !== undefined) return known;
  const [rows] = await queryBatch<[{ found: number }]>(controlD1(env), [
    sql`SELECT 1 AS found FROM webhook_endpoints
        WHERE application_id = ${connection.applicationId} AND environment = ${connection.environment} AND enabled = 1
          AND EXISTS (SELECT 1 FROM json_each(event_types) WHERE value = ${TYPE}) LIMIT 1`,
  ]);
  const answer = rows.length > 0;
  subscribed.set(key, answer);
  return answer;
}

/** The connection as location events name it (data-families.md: BasicConnection). */
function basicConnection(connection: ConnectionRow) {
  return {
    id: connection.id,
    provider: { code: connection.provider, name: findProvider(connection.provider)?.name ?? connection.provider },
    ...(connection.externalId ? { externalId: connection.externalId } : {}),
    tags: connection.tags ?? [],
  };
}

/**
 * `vehicle.location_updated` for the vehicles of a snapshot page whose location changed: at
 * most one per vehicle per page (a refresh reads each vehicle once), only for visible vehicles,
 * only when the new position is not older than the stored one (the write keeps the newer), and
 * only for tenants with an endpoint that names the type: nothing is read otherwise.
 */
export async function locationUpdatedEvents(
  context: WriteContext,
  items: readonly Item<NormalizedLatestLocation>[],
): Promise<EventWrite[]> {
  if (!items.length || !(await tenantSubscribes(context.env, context.connection))) return [];
  const { connection } = context;
  const latestByVehicle = new Map<string, Item<NormalizedLatestLocation>>();
  for (const item of items) {
    const known = latestByVehicle.get(item.normalized.vehicleSourceId);
    if (!known || Date.parse(item.normalized.locatedAt) >= Date.parse(known.normalized.locatedAt)) {
      latestByVehicle.set(item.normalized.vehicleSourceId, item);
    }
  }
  const candidates = await Promise.all(
    [...latestByVehicle.values()].map(async (item) => ({
      item,
      vehicleId: await recordId(connection, "vehicle", item.normalized.vehicleSourceId),
      driverId: item.normalized.driverSourceId
        ? await recordId(connection, "driver", item.normalized.driverSourceId)
        : null,
      hash: contentHash(item.normalized),
    })),
  );
  const ids = JSON.stringify(candidates.map((candidate) => candidate.vehicleId));
  const [visible, stored] = await queryBatch<
    [{ id: string }, { vehicle_id: string; content_hash: string; located_at: number }]
  >(context.d1, [
    sql`SELECT id FROM vehicles WHERE connection_id = ${connection.id} AND visibility = 'visible'
          AND id IN (SELECT value FROM json_each(${ids}))`,
    sql`SELECT vehicle_id, content_hash, located_at FROM latest_vehicle_locations WHERE connection_id = ${connection.id}
          AND vehicle_id IN (SELECT value FROM json_each(${ids}))`,
  ]);
  const visibleIds = new Set(visible.map((row) => row.id));
  const storedById = new Map(stored.map((row) => [row.vehicle_id, row]));
  return candidates
    .filter(({ item, vehicleId, hash }) => {
      const before = storedById.get(vehicleId);
      const newer =
        !before || (before.content_hash !== hash && Date.parse(item.normalized.locatedAt) >= before.located_at);
      return visibleIds.has(vehicleId) && newer;
    })
    .map(({ item, vehicleId, driverId }) => {
      const latest = item.normalized;
      const location = presentLatestLocation({
        connectionId: connection.id,
        vehicleId,
        provider: connection.provider,
        driverId,
        locatedAt: new Date(latest.locatedAt),
        latitude: latest.location.latitude,
        longitude: latest.location.longitude,
        address: latest.address ?? null,
        heading: latest.heading ?? null,
        speed: latest.speed ?? null,
        odometer: latest.odometer ?? null,
        fuelPrimary: latest.fuel?.primaryPercentage ?? null,
        fuelSecondary: latest.fuel?.secondaryPercentage ?? null,
        engineState: latest.engineState ?? null,
        engineRuntimeMs: latest.engineRuntime === undefined ? null : Math.round(latest.engineRuntime),
        addedAt: new Date(context.now),
        modifiedAt: new Date(context.now),
        contentHash: "",
        raw: null,
      });
      return eventWrite(
        { applicationId: connection.applicationId, environment: connection.environment },
        { type: TYPE, detail: { connection: basicConnection(connection), location }, connectionId: connection.id },
        { now: new Date(context.now) },
      );
    });
}
