import { TtlCache } from "../../lib/ttl-cache";
import type { Tn360Client } from "./client";
import { BUCKETS } from "./pace";
import { tn360Vehicle } from "./payloads";
import { listOf } from "./values";

export const VEHICLES_PATH = "/v1/vehicles";

/** `GET /v1/vehicles`: the fleet's vehicles, whole (the reference documents no paging). */
export async function listVehicles(client: Tn360Client): Promise<unknown[]> {
  return listOf(await client.get(BUCKETS.api, VEHICLES_PATH), VEHICLES_PATH);
}

const RECENT_MS = 60_000;
const recent = new TtlCache<string[]>({ ttlMs: RECENT_MS, maxEntries: 1_000 });

/**
 * The fleet's vehicle ids, sorted: what the per-vehicle breadcrumb reads walk. Reused for a
 * minute per connection in this isolate, so the pages of a walk do not each list them; a vehicle
 * added within it is read by the next sync.
 */
export async function vehicleIds(client: Tn360Client, connectionId: string): Promise<string[]> {
  const known = recent.get(connectionId);
  if (known) return known;
  const ids = (await listVehicles(client)).flatMap((vehicle) => {
    const parsed = tn360Vehicle.safeParse(vehicle);
    return parsed.success ? [parsed.data.id] : [];
  });
  const sorted = [...new Set(ids)].sort();
  recent.set(connectionId, sorted);
  return sorted;
}
