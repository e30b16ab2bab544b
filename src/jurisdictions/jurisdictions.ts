import { JURISDICTION_BOUNDARIES } from "./boundaries.generated.ts";
import type { Country } from "./boundary-format.ts";

export interface Jurisdiction {
  /** Two-letter postal code (USPS, Canada Post), as jurisdictionAt returns it. */
  code: string;
  country: Country;
  name: string;
}

/**
 * The jurisdictions the embedded boundaries know: US states, DC and inhabited territories, then
 * Canadian provinces and territories, each country's sorted by code.
 */
export const JURISDICTIONS: readonly Jurisdiction[] = JURISDICTION_BOUNDARIES.map(({ code, country, name }) => ({
  code,
  country,
  name,
}));
