import { ProviderError } from "../errors";

/** A UTC instant as MiX takes it in paths: `yyyyMMddHHmmss` (providers-more.md section 3). */
export function mixPathTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace(/\D/g, "");
}

/** MiX's UTC date-times (`2026-11-27T10:00:00Z`, sometimes without the zone) as ISO 8601. */
export function mixIso(provider: string, value: string): string {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  if (Number.isNaN(ms)) throw new ProviderError("malformed", `${provider}: unreadable date ${value.slice(0, 40)}.`);
  return new Date(ms).toISOString();
}

/** Epoch ms of a MiX date-time, NaN when unreadable. */
export const mixMs = (value: string) => Date.parse(/(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`);
