import { ID_PREFIXES, type RecordKind } from "./ids";
import { TtlCache } from "./ttl-cache";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export type { RecordKind };

/**
 * The id of a synced provider record, derived from (connection, kind, provider source id):
 * a ULID whose time part is the connection's creation time and whose 80 random bits are a
 * SHA-256 of the triple. Deterministic, so a record keeps its id across syncs and references
 * between records (a vehicle's groups, an event's driver) resolve without a lookup.
 */
export async function recordId(
  connection: { id: string; createdAt: Date },
  kind: RecordKind,
  sourceId: string,
  /** The id's time part: the connection's creation, or the record's own time for events listed in time order. */
  time: number = connection.createdAt.getTime(),
): Promise<string> {
  const key = `${connection.id}\u0000${kind}\u0000${sourceId}`;
  const cacheKey = `${key}\u0000${time}`;
  const known = recentIds.get(cacheKey);
  if (known !== undefined) return known;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  const id = `${ID_PREFIXES[kind]}${encodeUlidTime(time)}${encodeRandom(digest)}`;
  recentIds.set(cacheKey, id);
  return id;
}

/**
 * Ids computed lately in this isolate. A backfill asks for the same vehicle's id once per day
 * of history (365 times for a year), so most lookups are hits. Ids never change, so entries
 * never expire; the bound keeps its memory constant (about 3 MB) whatever the fleet.
 */
const recentIds = new TtlCache<string>({ ttlMs: Number.POSITIVE_INFINITY, maxEntries: 20_000 });

/** recordId for many source ids at once, in order. */
export function recordIds(
  connection: { id: string; createdAt: Date },
  kind: RecordKind,
  sourceIds: readonly string[],
): Promise<string[]> {
  return Promise.all(sourceIds.map((sourceId) => recordId(connection, kind, sourceId)));
}

/** The ten time characters of a ULID (Crockford base32 of the epoch ms): ids with them sort by that time. */
export function encodeUlidTime(ms: number): string {
  let out = "";
  let value = ms;
  for (let index = 0; index < 10; index++) {
    out = CROCKFORD[value % 32] + out;
    value = Math.floor(value / 32);
  }
  return out;
}

/** 80 bits (the first 10 bytes) as 16 Crockford characters. */
function encodeRandom(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (let index = 0; index < 10; index++) {
    buffer = (buffer << 8) | (bytes[index] ?? 0);
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}
