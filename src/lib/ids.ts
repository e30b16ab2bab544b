import { monotonicFactory, ulid } from "ulid";

/** Prefixes of every identifier the service mints (contract section 2). */
export const ID_PREFIXES = {
  application: "app_",
  apiKey: "key_",
  connection: "conn_",
  vehicle: "vcl_",
  driver: "drv_",
  group: "group_",
  device: "dvc_",
  syncJob: "sync_",
  issue: "isu_",
  agreement: "agr_",
  safetyEvent: "sft_evt_",
  trailer: "trl_",
  faultCodeEvent: "fc_evt_",
  trip: "trp_",
  hosLog: "hos_log_",
  hosDailyLog: "hos_day_",
  iftaReport: "ifta_rpt_",
  vehicleLocation: "vcl_loc_",
  vehicleStatLog: "vcl_st_",
  request: "req_",
  member: "mbr_",
  memberToken: "mtk_",
  webhookEndpoint: "whe_",
  webhookEvent: "evt_",
  webhookDelivery: "whd_",
  shortLink: "slk_",
  linkSession: "lnk_",
  move: "mov_",
  destination: "dst_",
  delivery: "dlv_",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** Kinds of the records synced from providers (and issues): their ids derive from their source (lib/record-ids.ts). */
export type RecordKind = Extract<
  IdKind,
  | "vehicle"
  | "driver"
  | "group"
  | "device"
  | "trailer"
  | "safetyEvent"
  | "faultCodeEvent"
  | "trip"
  | "hosLog"
  | "hosDailyLog"
  | "iftaReport"
  | "issue"
>;

/** Crockford base32 as ULIDs use it: no I, L, O or U. */
export const ULID_PATTERN = "[0-9A-HJKMNP-TV-Z]{26}";

/** Random bytes drawn from the platform CSPRNG a block at a time, handed out one by one. */
const pool = { bytes: new Uint8Array(256), next: 256 };

/**
 * The random fraction each ULID character takes. ulid's default calls getRandomValues once per
 * character, 16 native calls per id and a few hundred microseconds of every request's CPU
 * (the request id alone); one call fills 256 characters here. The pool is filled on first use,
 * never at module load (Workers forbid random values in the global scope).
 */
function pooledRandom(): number {
  if (pool.next >= pool.bytes.length) {
    crypto.getRandomValues(pool.bytes);
    pool.next = 0;
  }
  return (pool.bytes[pool.next++] as number) / 256;
}

const monotonicUlid = monotonicFactory(pooledRandom);
/** The latest time this isolate minted an id for. */
let latestMinted = 0;

/**
 * Mints a new id of the given kind: prefix + ULID (time-ordered, so ids sort by creation).
 * Ids this isolate mints in the same millisecond sort in minting order too (the random part
 * is incremented), so that events emitted together list in the order they happened. An id
 * for an earlier time than the latest (a backdated record) takes a fresh random part.
 * Ids are names, never credentials: what authorizes is a key or a token, minted elsewhere.
 */
export function newId(kind: IdKind, now: number = Date.now()): string {
  if (now < latestMinted) return `${ID_PREFIXES[kind]}${ulid(now, pooledRandom)}`;
  latestMinted = now;
  return `${ID_PREFIXES[kind]}${monotonicUlid(now)}`;
}

/** The regular expression a valid id of the given kind matches, anchored. */
export function idPattern(kind: IdKind): RegExp {
  return new RegExp(`^${ID_PREFIXES[kind]}${ULID_PATTERN}$`);
}
