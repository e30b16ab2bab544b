/**
 * MiX ids in the fake: 64-bit integers, negative and beyond 2^53 as MiX's often are, so that an
 * adapter reading them with a plain JSON.parse would round them. Written as decimal strings here
 * and unquoted on the wire (`mixJson`).
 */
import { hash } from "../fleet.ts";
import { json } from "../http-server.ts";

/** The integrator client the fake accepts (the test bindings' MIX_CLIENT_ID / MIX_CLIENT_SECRET). */
export const FAKE_MIX_CLIENT = { id: "mix-test-client", secret: "mix-test-secret" };

const big = (base: bigint, n: number) => String(base - BigInt(n));
const indexOf = (id: string) => Number(id.replace(/^\D+-?/, "").split("-")[0]);

export const organisationIdOf = (seed: string) => big(-6_100_000_000_000_000_000n, hash(seed, "org") % 1_000_000);
export const groupIdOf = (groupId: string) => big(-6_200_000_000_000_000_000n, hash("mix-group", groupId) % 1_000_000);
export const assetIdOf = (vehicleId: string) => big(-7_000_000_000_000_000_000n, indexOf(vehicleId));
export const trailerAssetIdOf = (trailerId: string) => big(-7_100_000_000_000_000_000n, indexOf(trailerId));
export const driverIdOf = (driverId: string) => big(-8_000_000_000_000_000_000n, indexOf(driverId));
/** MiX's "unknown driver", a system driver every organisation has. */
export const SYSTEM_DRIVER_ID = "-8999999999999999999";
export const tripIdOf = (tripId: string) => String(4_000_000_000_000_000_000n + BigInt(hash("mix-trip", tripId)));
export const positionIdOf = (vehicleId: string, time: number) =>
  String(3_000_000_000_000_000_000n + BigInt(indexOf(vehicleId)) * 10_000_000_000_000n + BigInt(time / 1000));

/** The canonical vehicle of an asset id, if it is one. */
export function vehicleIdOfAsset(assetId: string): string | undefined {
  const n = -7_000_000_000_000_000_000n - BigInt(assetId);
  return n > 0n && n < 1_000_000n ? `veh-${n}` : undefined;
}

/** MiX's UTC date-times: ISO 8601 with `Z`, whole seconds. */
export const mixTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** JSON with every `…Id` field holding a decimal string written as a bare integer, as MiX sends ids. */
export function mixJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body).replace(/"([A-Za-z]*Id)":"(-?\d+)"/g, '"$1":$2');
  return new Response(text, { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

/** A JSON array of bare integer ids from a request body (exact), or undefined when it is not one. */
export function idsOfBody(text: string): string[] | undefined {
  if (!/^\s*\[\s*(-?\d+\s*(,\s*-?\d+\s*)*)?\]\s*$/.test(text)) return undefined;
  return text.match(/-?\d+/g) ?? [];
}

export const errorText = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });

export { json };
