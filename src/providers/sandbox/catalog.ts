import type { SandboxBehavior, SandboxFuel } from "./payloads";

/**
 * Reference data the generator draws from: real makes and models with plausible fuel economy,
 * tank sizes and duty cycles, US yards, names. Weights shape a typical mixed commercial fleet.
 */

export type VehicleClass = "heavy" | "medium" | "bus" | "van" | "pickup" | "car";

export type ModelSpec = {
  make: string;
  model: string;
  /** World manufacturer identifier: the first three characters of the VIN. */
  wmi: string;
  fuel: SandboxFuel;
  vehicleClass: VehicleClass;
  /** US mpg range; absent for electric vehicles. */
  mpg?: readonly [number, number];
  /** US gallons range; absent for electric vehicles. */
  tankGallons?: readonly [number, number];
  years: readonly [number, number];
  weight: number;
};

type ModelRow = [
  make: string,
  model: string,
  wmi: string,
  fuel: SandboxFuel,
  vehicleClass: VehicleClass,
  mpg: readonly [number, number] | null,
  tankGallons: readonly [number, number] | null,
  firstYear: number,
  lastYear: number,
  weight: number,
];

// make, model, WMI, fuel, class, mpg range, tank range (gallons), model years, weight
const MODEL_ROWS: readonly ModelRow[] = [
  ["Freightliner", "Cascadia", "1FU", "diesel", "heavy", [6.2, 7.8], [150, 300], 2014, 2025, 8],
  ["Kenworth", "T680", "1XK", "diesel", "heavy", [6, 7.6], [150, 250], 2014, 2025, 4],
  ["Peterbilt", "579", "1XP", "diesel", "heavy", [6, 7.5], [150, 250], 2014, 2025, 4],
  ["Volvo", "VNL 860", "4V4", "diesel", "heavy", [6.3, 7.9], [150, 300], 2018, 2025, 3],
  ["International", "LT625", "3HS", "diesel", "heavy", [6, 7.4], [150, 250], 2017, 2025, 3],
  ["Freightliner", "M2 106", "1FV", "diesel", "medium", [8, 10.5], [50, 100], 2012, 2025, 4],
  ["Hino", "195h", "5PV", "hybrid_diesel", "medium", [11, 13.5], [30, 40], 2014, 2020, 2],
  ["Isuzu", "NPR-HD", "JAL", "gasoline", "medium", [9, 11], [30, 40], 2016, 2025, 3],
  ["Ford", "F-650", "1FD", "propane", "medium", [6.5, 8.5], [60, 75], 2016, 2025, 2],
  ["Blue Bird", "Vision Propane", "1BA", "propane", "bus", [6.5, 8], [60, 100], 2015, 2025, 1],
  ["Ford", "Transit 250", "1FT", "gasoline", "van", [14, 18], [25, 25], 2015, 2025, 6],
  ["Ford", "E-Transit", "1FT", "electric", "van", null, null, 2022, 2025, 3],
  ["Mercedes-Benz", "Sprinter 2500", "W1Y", "diesel", "van", [18, 22], [24.5, 24.5], 2019, 2025, 4],
  ["Ram", "ProMaster 2500", "3C6", "gasoline", "van", [14, 17], [24, 24], 2014, 2025, 4],
  ["Chevrolet", "Express 2500", "1GC", "gasoline", "van", [12, 15], [31, 31], 2012, 2024, 3],
  ["Ford", "F-150", "1FT", "gasoline", "pickup", [18, 22], [23, 36], 2015, 2025, 5],
  ["Ford", "F-150 Lightning", "1FT", "electric", "pickup", null, null, 2022, 2025, 2],
  ["Chevrolet", "Silverado 2500HD", "1GC", "diesel", "pickup", [15, 18], [36, 36], 2015, 2025, 3],
  ["Ram", "2500", "3C6", "diesel", "pickup", [15, 18], [31, 31], 2014, 2025, 2],
  ["Toyota", "Prius", "JTD", "hybrid_gasoline", "car", [50, 57], [11.3, 11.3], 2016, 2024, 2],
  ["Toyota", "RAV4 Hybrid", "JTM", "hybrid_gasoline", "car", [38, 41], [14.5, 14.5], 2019, 2025, 2],
  ["Tesla", "Model Y", "7SA", "electric", "car", null, null, 2020, 2025, 2],
  ["Chevrolet", "Bolt EUV", "1G1", "electric", "car", null, null, 2022, 2023, 1],
];

export const MODELS: readonly ModelSpec[] = MODEL_ROWS.map(
  ([make, model, wmi, fuel, vehicleClass, mpg, tankGallons, firstYear, lastYear, weight]) => ({
    make,
    model,
    wmi,
    fuel,
    vehicleClass,
    ...(mpg ? { mpg } : {}),
    ...(tankGallons ? { tankGallons } : {}),
    years: [firstYear, lastYear] as const,
    weight,
  }),
);

/** How a class of vehicle is used on a working day. */
export type DutyCycle = {
  /** Unit name prefix ("Truck 0042"). */
  label: string;
  milesPerDay: readonly [number, number];
  averageMph: readonly [number, number];
  /** US gallons burnt per hour of idling. */
  idleGallonsPerHour: number;
};

export const DUTY_CYCLES: Readonly<Record<VehicleClass, DutyCycle>> = {
  heavy: { label: "Truck", milesPerDay: [250, 520], averageMph: [45, 58], idleGallonsPerHour: 0.8 },
  medium: { label: "Box Truck", milesPerDay: [80, 200], averageMph: [28, 40], idleGallonsPerHour: 0.5 },
  bus: { label: "Bus", milesPerDay: [40, 120], averageMph: [20, 30], idleGallonsPerHour: 0.6 },
  van: { label: "Van", milesPerDay: [40, 160], averageMph: [22, 35], idleGallonsPerHour: 0.35 },
  pickup: { label: "Pickup", milesPerDay: [30, 140], averageMph: [25, 40], idleGallonsPerHour: 0.35 },
  car: { label: "Car", milesPerDay: [20, 110], averageMph: [25, 40], idleGallonsPerHour: 0.2 },
};

export type City = { name: string; state: string; lat: number; lng: number; areaCodes: readonly number[] };

export const WEST_CITIES: readonly City[] = [
  { name: "Denver", state: "CO", lat: 39.7392, lng: -104.9903, areaCodes: [303, 720] },
  { name: "Phoenix", state: "AZ", lat: 33.4484, lng: -112.074, areaCodes: [602, 480] },
  { name: "Sacramento", state: "CA", lat: 38.5816, lng: -121.4944, areaCodes: [916, 279] },
  { name: "Portland", state: "OR", lat: 45.5152, lng: -122.6784, areaCodes: [503, 971] },
  { name: "Salt Lake City", state: "UT", lat: 40.7608, lng: -111.891, areaCodes: [801, 385] },
  { name: "Reno", state: "NV", lat: 39.5296, lng: -119.8138, areaCodes: [775] },
  { name: "Boise", state: "ID", lat: 43.615, lng: -116.2023, areaCodes: [208, 986] },
  { name: "Albuquerque", state: "NM", lat: 35.0844, lng: -106.6504, areaCodes: [505] },
];

export const EAST_CITIES: readonly City[] = [
  { name: "Atlanta", state: "GA", lat: 33.749, lng: -84.388, areaCodes: [404, 678] },
  { name: "Columbus", state: "OH", lat: 39.9612, lng: -82.9988, areaCodes: [614, 380] },
  { name: "Charlotte", state: "NC", lat: 35.2271, lng: -80.8431, areaCodes: [704, 980] },
  { name: "Nashville", state: "TN", lat: 36.1627, lng: -86.7816, areaCodes: [615, 629] },
  { name: "Harrisburg", state: "PA", lat: 40.2732, lng: -76.8867, areaCodes: [717, 223] },
  { name: "Richmond", state: "VA", lat: 37.5407, lng: -77.436, areaCodes: [804] },
  { name: "Jacksonville", state: "FL", lat: 30.3322, lng: -81.6557, areaCodes: [904] },
  { name: "Indianapolis", state: "IN", lat: 39.7684, lng: -86.1581, areaCodes: [317, 463] },
];

/** Licence states of drivers who moved from elsewhere. */
export const OTHER_STATES = ["TX", "IL", "MI", "WA", "NY", "NJ", "MO", "WI", "MN", "KY", "SC", "AL"] as const;

export const FIRST_NAMES = words(`
  James Maria Robert Linda Michael Patricia David Jennifer William Elizabeth
  Carlos Barbara Jose Susan Daniel Jessica Anthony Sarah Mark Karen
  Luis Nancy Steven Lisa Kevin Angela Brian Ashley Juan Kimberly
  Darnell Tamika Ahmed Mei Dmitri Priya Terrence Rosa Wei Fatima
`);

export const MIDDLE_NAMES = words("Lee Ann Marie James Ray Lynn Jose Alan Grace Edward Rose Dean");

export const LAST_NAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez
  Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin
  Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson
  Walker Young Allen King Wright Nguyen Patel Kowalski O'Brien Okafor
`);

/** What dispatchers append to a unit's name when they rename it. */
export const NAME_SUFFIXES = ["Night Shift", "Day Shift", "Spare", "Loaner", "Team A", "Team B", "Relief"];

/** Safety behaviours and how often each is detected; camera ones need a dashcam. */
export const BEHAVIOR_WEIGHTS: readonly { behavior: SandboxBehavior; weight: number; camera: boolean }[] = [
  { behavior: "hardBraking", weight: 20, camera: false },
  { behavior: "hardAcceleration", weight: 12, camera: false },
  { behavior: "harshCornering", weight: 10, camera: false },
  { behavior: "overSpeed", weight: 20, camera: false },
  { behavior: "collision", weight: 0.5, camera: false },
  { behavior: "nearCollision", weight: 2, camera: false },
  { behavior: "unsafeParking", weight: 1, camera: false },
  { behavior: "followingDistance", weight: 8, camera: true },
  { behavior: "mobileUsage", weight: 5, camera: true },
  { behavior: "inattentive", weight: 5, camera: true },
  { behavior: "drowsy", weight: 2, camera: true },
  { behavior: "smoking", weight: 1, camera: true },
  { behavior: "noSeatbelt", weight: 3, camera: true },
  { behavior: "stopSignRunning", weight: 3, camera: true },
  { behavior: "redLightRunning", weight: 1.5, camera: true },
  { behavior: "laneDeparture", weight: 4, camera: true },
  { behavior: "cameraBlocked", weight: 1, camera: true },
  { behavior: "eatingDrinking", weight: 1.5, camera: true },
  { behavior: "rollingStop", weight: 4, camera: true },
];

export const SPEED_LIMITS_MPH = [25, 30, 35, 45, 55, 65, 70] as const;

/** A list written as whitespace-separated words, which keeps long lists of names compact. */
function words(text: string): readonly string[] {
  return text.trim().split(/\s+/);
}
