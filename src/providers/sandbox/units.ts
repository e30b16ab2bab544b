/**
 * Sandbox payloads are in US customary units and seconds; the mappers of models/ convert them
 * to those of wire-compat.md (km, litres, L/100 km, ms, km/h; 2 decimals), with the kit's
 * conversions (kit/units.ts) and these, the sandbox's own. Its gallon is
 * 3.78541 litres, the value it has always converted with: a more precise one would move
 * stored sandbox values at the second decimal in rare cases.
 */
export const LITRES_PER_GALLON = 3.78541;
/** L/100 km = 235.215 / (US mpg). */
export const L_PER_100KM_MPG = 235.215;
