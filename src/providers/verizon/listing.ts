import { z } from "@hono/zod-openapi";
import { TtlCache } from "../../lib/ttl-cache";
import { ProviderError } from "../errors";
import type { ProviderPage, ReadRequest } from "../types";
import { PROVIDER, VerizonClient } from "./client";

/** A list answer: a bare JSON array, which one client also met as `{ "items": [...] }` (providers-more.md 1.1). */
const listAnswer = z.union([z.array(z.unknown()), z.object({ items: z.array(z.unknown()) })]);

/** The elements of a list answer, untouched. */
export function elementsOf(body: unknown, path: string): unknown[] {
  const parsed = listAnswer.safeParse(body);
  if (!parsed.success) throw new ProviderError("malformed", `${PROVIDER}: ${path} did not answer a list.`);
  return Array.isArray(parsed.data) ? parsed.data : parsed.data.items;
}

/** GET a list path (Verizon lists whole: no paging on the endpoints seen). */
export async function getList(client: VerizonClient, path: string): Promise<unknown[]> {
  return elementsOf(await client.get(path), path);
}

/** A whole listing as one page (the vehicles, the drivers): Verizon does not page them. */
export function wholeListing(path: string): (request: ReadRequest) => Promise<ProviderPage> {
  return async (request) => {
    const client = VerizonClient.of(request.context, request.credentials);
    return { items: await getList(client, path), schema: path };
  };
}

const numbered = z.object({ VehicleNumber: z.string().min(1) });

/**
 * Each connection's vehicle numbers as listed in the last minute, in this isolate: the walks over
 * vehicles (walk.ts) need them on every page, and listing them again for each page would double
 * a sync's requests. A vehicle added within that minute is read by the next sync.
 */
const RECENT_VEHICLES_MS = 60_000;
const recentVehicles = new TtlCache<string[]>({ ttlMs: RECENT_VEHICLES_MS, maxEntries: 1_000 });

/**
 * The vehicle numbers of the account, sorted (the walks over vehicles resume after a number):
 * the id every per-vehicle path takes. A vehicle without one cannot be asked about; it is left
 * out. With a `connectionId`, a list read for that connection in the last minute is reused.
 */
export async function vehicleNumbers(client: VerizonClient, connectionId?: string): Promise<string[]> {
  const recent = connectionId === undefined ? undefined : recentVehicles.get(connectionId);
  if (recent) return recent;
  const numbers = (await getList(client, "/cmd/v1/vehicles")).flatMap((vehicle) => {
    const parsed = numbered.safeParse(vehicle);
    return parsed.success ? [parsed.data.VehicleNumber] : [];
  });
  const sorted = [...new Set(numbers)].sort();
  if (connectionId !== undefined) recentVehicles.set(connectionId, sorted);
  return sorted;
}

/** A vehicle number in a path: URL-encoded, `-` included (as one client does, providers-more.md 1.1). */
export const vehiclePath = (vehicleNumber: string) =>
  `/rad/v1/vehicles/${encodeURIComponent(vehicleNumber).replaceAll("-", "%2D")}`;
