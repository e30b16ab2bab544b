import { ulid } from "ulid";

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
  request: "req_",
  member: "mbr_",
  memberToken: "mtk_",
  webhookEndpoint: "whe_",
  webhookEvent: "evt_",
  webhookDelivery: "whd_",
  shortLink: "slk_",
  linkSession: "lnk_",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** Crockford base32 as ULIDs use it: no I, L, O or U. */
export const ULID_PATTERN = "[0-9A-HJKMNP-TV-Z]{26}";

/** Mints a new id of the given kind: prefix + ULID (time-ordered, so ids sort by creation). */
export function newId(kind: IdKind, now: number = Date.now()): string {
  return `${ID_PREFIXES[kind]}${ulid(now)}`;
}

/** The regular expression a valid id of the given kind matches, anchored. */
export function idPattern(kind: IdKind): RegExp {
  return new RegExp(`^${ID_PREFIXES[kind]}${ULID_PATTERN}$`);
}
