import { ProviderError } from "../errors";
import { type GpsInsightClient, PROVIDER } from "./client";
import { offsetOf } from "./local-time";
import { gpsInsightPoint } from "./payloads";

/**
 * The ids of the user's vehicles, in a fixed (code-point) order: GPS Insight's histories,
 * trips and locations are asked vehicle by vehicle, and a cursor names the vehicle to go on
 * after, so the walk must not depend on the order the list comes in.
 */
export async function vehicleIds(client: GpsInsightClient): Promise<string[]> {
  const ids = new Set<string>();
  for (const item of await client.list("vehicle/list")) {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === "string" || typeof id === "number") ids.add(String(id));
  }
  return [...ids].sort(compare);
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
