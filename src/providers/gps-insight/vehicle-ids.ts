import { TtlCache } from "../../lib/ttl-cache";
import { ProviderError } from "../errors";
import { type GpsInsightClient, PROVIDER } from "./client";
import { offsetOf } from "./local-time";
import { gpsInsightPoint } from "./payloads";

const recentVehicleIds = new TtlCache<string[]>({ ttlMs: 60_000, maxEntries: 1_000 });

/**
 * The ids of the user's vehicles, in a fixed (code-point) order: GPS Insight's histories,
 * trips and locations are asked vehicle by vehicle, and a cursor names the vehicle to go on
 * after, so the walk must not depend on the order the list comes in. Reused for a minute per
 * connection and login in this isolate, so the walk's pages (one vehicle-day each) do not each
 * spend a request of GPS Insight's ten a second on the list; a vehicle added within it is read by
 * the next sync.
 */
export async function vehicleIds(client: GpsInsightClient, connectionId?: string): Promise<string[]> {
  const key = connectionId === undefined ? undefined : `${connectionId}|${client.loginKey}`;
  const recent = key === undefined ? undefined : recentVehicleIds.get(key);
  if (recent !== undefined) return recent;
  const ids = new Set<string>();
  for (const item of await client.list("vehicle/list")) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === "string" || typeof id === "number") ids.add(String(id));
  }
  const sorted = [...ids].sort(compare);
  if (key !== undefined) recentVehicleIds.set(key, sorted);
  return sorted;
}

export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The vehicles after `after` (all when absent). */
export const idsAfter = (ids: readonly string[], after: string | undefined) =>
  after === undefined ? [...ids] : ids.filter((id) => compare(id, after) > 0);

/** `vehicle/location` of one vehicle: its latest point, or undefined when it has none. */
export async function latestPoint(client: GpsInsightClient, vehicleId: string): Promise<unknown> {
  const [point] = await client.list("vehicle/location", { vehicle: vehicleId });
  return point;
}

/**
 * The account's UTC offset, in minutes, from the latest point of the first vehicles that have
 * one (a point carries its account-local `fix_time` beside `fix_time_gmt`); 0 when none has.
 */
export async function accountOffset(client: GpsInsightClient, ids: readonly string[]): Promise<number> {
  for (const id of ids.slice(0, 3)) {
    const parsed = gpsInsightPoint.safeParse(await latestPoint(client, id));
    const offset = parsed.success ? offsetOf(parsed.data) : undefined;
    if (offset !== undefined) return offset;
  }
  return 0;
}

/** A point's vehicle must be the one asked for. */
export function checkVehicle(payload: unknown, vehicleId: string): void {
  const id = (payload as { id?: unknown } | null)?.id;
  if (id !== undefined && String(id) !== vehicleId) {
    throw new ProviderError("malformed", `${PROVIDER}: asked for vehicle ${vehicleId}, answered ${String(id)}.`);
  }
}
