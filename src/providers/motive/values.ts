/**
 * Motive payloads → the normalized model (the mappers of models/), field by field, in the units
 * of wire-compat.md (km, litres, ms, km/h; 2 decimals). Below, the small readers of Motive
 * values they share.
 */

/** A field only when the payload has a non-empty value for it (Motive sends null for unknowns). */
export function present<K extends string>(key: K, value: string | null | undefined): { [P in K]?: string } {
  return value ? ({ [key]: value } as { [P in K]?: string }) : {};
}

/** A licence (a driver's, a vehicle's plate): its state and number, when either is known. */
export function licence(state: string | null | undefined, number: string | null | undefined) {
  if (!state && !number) return undefined;
  return { ...(state ? { state } : {}), ...(number ? { number } : {}) };
}

export function timestamps(record: { created_at?: string | null; updated_at?: string | null }) {
  return {
    ...(record.created_at ? { createdAt: iso(record.created_at) } : {}),
    ...(record.updated_at ? { updatedAt: iso(record.updated_at) } : {}),
  };
}

/** Motive's timestamps (`2025-11-03T15:04:05Z`, sometimes with an offset) as ISO 8601 UTC with milliseconds. */
export function iso(value: string): string {
  return new Date(value).toISOString();
}

/**
 * Rounded to 2 decimals, as wire-compat.md asks. The value is first cleaned to 6 decimals, so
 * the noise of a unit conversion or of a sum of jurisdictions (123.455 arriving as
 * 123.45500000000001) cannot tip a value across a rounding boundary; `+ 0` turns -0 into 0.
 */
export function round2(value: number): number {
  return Math.round(Number(value.toFixed(6)) * 100) / 100 + 0;
}
