/**
 * Samsara payloads → the normalized model (the mappers of models/), field by field, in the units
 * of wire-compat.md: metres → km, millilitres → litres (÷ 1000, 2 decimals), milliseconds kept
 * (whole), RFC 3339 times → ISO 8601 UTC. Below, the small readers of Samsara values they share.
 */

/** An RFC 3339 time (or legacy unix milliseconds) as ISO 8601 UTC; undefined when absent or unreadable. */
export function isoTime(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const ms = typeof value === "number" ? value : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** A time validated as readable (series-payloads.ts) as ISO 8601 UTC. */
export const readTime = (value: string) => new Date(Date.parse(value)).toISOString();

/** `year` is a string ("2021"); a value that is not a plausible model year is left out. */
export function modelYear(value: string | number | null | undefined): number | undefined {
  const year = typeof value === "number" ? value : /^\s*\d{4}\s*$/.test(value ?? "") ? Number(value) : Number.NaN;
  return Number.isInteger(year) && year >= 1900 && year <= 2100 ? year : undefined;
}

export const unique = (values: string[]) => [...new Set(values)];

export const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
