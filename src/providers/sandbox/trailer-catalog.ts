/**
 * Reference data for the fleet's trailers: real North American trailer makes and models, each
 * with its manufacturer's VIN prefix, body type and length. Weights shape a typical over-the-road
 * pool, mostly 53-foot dry vans with some reefers and a few flatbeds.
 */

export type TrailerKind = "dry_van" | "reefer" | "flatbed";

export type TrailerSpec = {
  make: string;
  model: string;
  /** World manufacturer identifier: the first three characters of the VIN. */
  wmi: string;
  kind: TrailerKind;
  lengthFeet: number;
  years: readonly [number, number];
  weight: number;
};

type TrailerRow = [make: string, model: string, wmi: string, kind: TrailerKind, feet: number, first: number, w: number];

// make, model, WMI, body, length (ft), first model year, weight
const TRAILER_ROWS: readonly TrailerRow[] = [
  ["Wabash", "DuraPlate", "1JJ", "dry_van", 53, 2010, 5],
  ["Wabash", "ArcticLite", "1JJ", "reefer", 53, 2012, 1],
  ["Great Dane", "Champion CL", "1GR", "dry_van", 53, 2010, 4],
  ["Great Dane", "Everest", "1GR", "reefer", 53, 2012, 2],
  ["Utility", "4000D-X", "1UY", "dry_van", 53, 2010, 3],
  ["Utility", "3000R", "1UY", "reefer", 53, 2010, 3],
  ["Hyundai Translead", "HT CompositeLite", "3H3", "dry_van", 53, 2014, 3],
  ["Stoughton", "Z-Plate", "1DW", "dry_van", 53, 2012, 2],
  ["Vanguard", "VXP", "527", "dry_van", 53, 2013, 2],
  ["Fontaine", "Infinity", "13N", "flatbed", 48, 2010, 1],
];

/** Model years run to the year after the trailer joined the fleet, as for vehicles. */
const LAST_MODEL_YEAR = 2026;

export const TRAILER_MODELS: readonly TrailerSpec[] = TRAILER_ROWS.map(
  ([make, model, wmi, kind, lengthFeet, firstYear, weight]) => ({
    make,
    model,
    wmi,
    kind,
    lengthFeet,
    years: [firstYear, LAST_MODEL_YEAR] as const,
    weight,
  }),
);

/** How a body type reads in a trailer's name ("Reefer T0012"). */
export const TRAILER_KIND_LABELS: Readonly<Record<TrailerKind, string>> = {
  dry_van: "Dry Van",
  reefer: "Reefer",
  flatbed: "Flatbed",
};

/** What dispatchers append to a trailer's name when they reassign it. */
export const TRAILER_NAME_SUFFIXES = ["Pool", "Dedicated", "Drop Lot", "Spare", "Seasonal"];

/**
 * Where many carriers register trailers: Maine's long-term trailer plates are valid anywhere in
 * the country, so a share of any fleet's trailers carries them whatever its yard.
 */
export const LONG_TERM_TRAILER_PLATE_STATE = "ME";
