import { ID_PREFIXES } from "../lib/ids";
import { encodeUlidTime } from "../lib/record-ids";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * Ids of time-series points (`vcl_loc_`, `vcl_st_`), derived rather than stored: a ULID whose
 * time part is the point's instant and whose 80 random bits are a SHA-256 of (vehicle, series).
 * A vehicle's series holds one point per instant, so the id is unique, stable across syncs and
 * corrections, and costs no bytes on disk; ids of one series sort by time.
 */
export async function seriesRandomPart(vehicleId: string, series: string): Promise<string> {
  const key = `${vehicleId}\u0000${series}`;
  const known = randomParts.get(key);
  if (known !== undefined) return known;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  let bits = 0n;
  for (let index = 0; index < 10; index++) bits = (bits << 8n) | BigInt(digest[index] ?? 0);
  let random = "";
  for (let index = 0; index < 16; index++) {
    random = CROCKFORD[Number(bits & 31n)] + random;
    bits >>= 5n;
  }
  if (randomParts.size >= 10_000) randomParts.clear();
  randomParts.set(key, random);
  return random;
}

const randomParts = new Map<string, string>();

/** The id of the point of a series at an instant: the instant, then the series' random part (seriesRandomPart). */
export function pointId(kind: "vehicleLocation" | "vehicleStatLog", t: number, random: string): string {
  return `${ID_PREFIXES[kind]}${encodeUlidTime(t)}${random}`;
}
