/**
 * The canonical fleet every fake provider serves, in canonical units (km, litres, ms,
 * litres per 100 km, km/h). Each fake renders it in its provider's own shapes and units, and
 * each adapter must normalize it back: the cross-provider contract test compares the results.
 *
 * Deterministic from (seed, size, revision); a revision adds a vehicle and a driver, renames
 * one vehicle, and removes one vehicle and one driver, so incremental syncs see changes.
 */

export type FleetOptions = { seed: string; vehicles: number; revision: number };

export type CanonicalGroup = { id: string; name: string; parentId?: string };
export type CanonicalVehicle = {
  id: string;
  name: string;
  vin: string;
  make: string;
  model: string;
  year: number;
  plate: { state: string; number: string };
  fuelType: "diesel" | "gasoline" | "electric";
  /** Litres per 100 km (absent for electric). */
  fuelEfficiency?: number;
  /** Litres (absent for electric). */
  tankCapacity?: number;
  groupIds: string[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
};
export type CanonicalDriver = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  username: string;
  license: { state: string; number: string };
  groupIds: string[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
};
export type CanonicalDevice = { id: string; type: "tracker" | "camera"; vehicleId: string; serial: string };
export type CanonicalDay = {
  vehicleId: string;
  date: string;
  startAt: string;
  endAt: string;
  distanceKm: number;
  fuelLiters: number;
  drivingMs: number;
  idlingMs: number;
};
export type CanonicalSafetyEvent = {
  id: string;
  type: "harsh_brake" | "harsh_acceleration" | "speeding" | "harsh_turn";
  vehicleId: string;
  driverId: string;
  startedAt: string;
  endedAt: string;
  location: { latitude: number; longitude: number };
  maximumSpeedKmh: number;
  /** Camera media: a front video and image, an image only, or none. */
  media: "video" | "image" | "none";
};

const MAKES = [
  ["Freightliner", "Cascadia"],
  ["Volvo", "VNL 860"],
  ["Kenworth", "T680"],
  ["Peterbilt", "579"],
  ["Ford", "F-150 Lightning"],
] as const;
const STATES = ["TX", "CA", "OH", "GA", "WA"];
const FIRST = ["Ana", "Ben", "Chloe", "Dmitri", "Eve", "Femi", "Grace", "Hiro"];
const LAST = ["Garcia", "Smith", "Nguyen", "Okafor", "Kowalski", "Haddad"];
const DAY_MS = 86_400_000;
const EPOCH = Date.parse("2025-01-01T00:00:00Z");

/** A deterministic 32-bit hash of the parts (FNV-1a). */
export function hash(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const char of parts.join("|")) {
    h ^= char.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const pick = <T>(list: readonly T[], ...parts: (string | number)[]): T => list[hash(...parts) % list.length]!;
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export const GROUPS: CanonicalGroup[] = [
  { id: "g-west", name: "West" },
  { id: "g-east", name: "East" },
  { id: "g-west-la", name: "Los Angeles Yard", parentId: "g-west" },
  { id: "g-east-atl", name: "Atlanta Yard", parentId: "g-east" },
];

/** Vehicle slots at a revision: the initial ones less those removed, plus those added. */
function vehicleIndexes({ vehicles, revision }: FleetOptions): number[] {
  const removed = new Set(Array.from({ length: revision }, (_, r) => (r * 7) % Math.max(1, vehicles)));
  const initial = Array.from({ length: vehicles }, (_, index) => index).filter((index) => !removed.has(index));
  return [...initial, ...Array.from({ length: revision }, (_, r) => vehicles + r)];
}

export function vehicleAt(options: FleetOptions, index: number): CanonicalVehicle {
  const { seed, revision } = options;
  const [make, model] = pick(MAKES, seed, "make", index);
  const electric = make === "Ford";
  const renamedAt = Array.from({ length: revision }, (_, r) => r).filter(
    (r) => (r * 3) % Math.max(1, options.vehicles) === index,
  );
  const addedAt = index >= options.vehicles ? index - options.vehicles + 1 : 0;
  const changed = renamedAt.length ? Math.max(...renamedAt) + 1 : addedAt;
  const createdAt = new Date(EPOCH + (hash(seed, "created", index) % 200) * DAY_MS + addedAt * 3_600_000).toISOString();
  return {
    id: `veh-${index + 1}`,
    name: renamedAt.length ? `Truck ${index + 1} (r${Math.max(...renamedAt) + 1})` : `Truck ${index + 1}`,
    vin: `1FAKE${String(hash(seed, "vin", index))
      .padStart(10, "0")
      .slice(0, 10)}${String(index).padStart(2, "0")}`.slice(0, 17),
    make,
    model,
    year: 2018 + (hash(seed, "year", index) % 7),
    plate: { state: pick(STATES, seed, "plate", index), number: `P${(hash(seed, "plate#", index) % 900000) + 100000}` },
    fuelType: electric ? "electric" : hash(seed, "fuel", index) % 4 === 0 ? "gasoline" : "diesel",
    ...(electric
      ? {}
      : {
          fuelEfficiency: round(25 + (hash(seed, "eff", index) % 1500) / 100, 2),
          tankCapacity: 300 + (hash(seed, "tank", index) % 400),
        }),
    groupIds: [index % 2 === 0 ? "g-west-la" : "g-east-atl"],
    active: hash(seed, "active", index) % 10 !== 0,
    createdAt,
    updatedAt: changed ? new Date(Date.parse(createdAt) + changed * DAY_MS).toISOString() : createdAt,
  };
}

export function vehiclesAt(options: FleetOptions): CanonicalVehicle[] {
  return [
    ...remembered(fleetVehicles, options, () => vehicleIndexes(options).map((index) => vehicleAt(options, index))),
  ];
}

/**
 * A fleet's vehicles and drivers, computed once per (seed, size, revision): the fakes list the
 * whole fleet for every request (a 420-vehicle fleet's 420 Trip requests listed it 420 times). Frozen,
 * so no caller can change what the next one reads; callers get their own array.
 */
const fleetVehicles = new Map<string, readonly CanonicalVehicle[]>();
const fleetDrivers = new Map<string, readonly CanonicalDriver[]>();
function remembered<T extends object>(
  memo: Map<string, readonly T[]>,
  options: FleetOptions,
  compute: () => T[],
): readonly T[] {
  const key = `${options.seed}|${options.vehicles}|${options.revision}`;
  let list = memo.get(key);
  if (!list) {
    list = Object.freeze(compute().map((item) => Object.freeze(item)));
    if (memo.size >= 200) memo.delete(memo.keys().next().value as string);
    memo.set(key, list);
  }
  return list;
}

export function driversAt(options: FleetOptions): CanonicalDriver[] {
  return [...remembered(fleetDrivers, options, () => computeDriversAt(options))];
}

function computeDriversAt(options: FleetOptions): CanonicalDriver[] {
  const { seed, revision, vehicles } = options;
  const removed = new Set(Array.from({ length: revision }, (_, r) => (r * 5 + 1) % Math.max(1, vehicles)));
  const indexes = [
    ...Array.from({ length: vehicles }, (_, index) => index).filter((index) => !removed.has(index)),
    ...Array.from({ length: revision }, (_, r) => vehicles + r),
  ];
  return indexes.map((index) => {
    const firstName = pick(FIRST, seed, "first", index);
    const lastName = pick(LAST, seed, "last", index);
    const createdAt = new Date(EPOCH + (hash(seed, "dcreated", index) % 300) * DAY_MS).toISOString();
    return {
      id: `drv-${index + 1}`,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}${index + 1}@fleet.example`,
      phone: `+1555${String(hash(seed, "phone", index) % 10_000_000).padStart(7, "0")}`,
      username: `${firstName[0]!.toLowerCase()}${lastName.toLowerCase()}${index + 1}`,
      license: {
        state: pick(STATES, seed, "lic", index),
        number: `D${(hash(seed, "lic#", index) % 9_000_000) + 1_000_000}`,
      },
      groupIds: [index % 2 === 0 ? "g-west-la" : "g-east-atl"],
      active: hash(seed, "dactive", index) % 8 !== 0,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

export function devicesAt(options: FleetOptions): CanonicalDevice[] {
  return vehiclesAt(options).flatMap((vehicle, position) => {
    const index = Number(vehicle.id.slice(4));
    const tracker: CanonicalDevice = {
      id: `dev-t-${index}`,
      type: "tracker",
      vehicleId: vehicle.id,
      serial: `TRK${100000 + index}`,
    };
    const camera: CanonicalDevice = {
      id: `dev-c-${index}`,
      type: "camera",
      vehicleId: vehicle.id,
      serial: `CAM${100000 + index}`,
    };
    return position % 2 === 0 ? [tracker, camera] : [tracker];
  });
}

/** One vehicle-day: every vehicle drives every day; values in canonical units. */
export function dayOf(options: FleetOptions, vehicleId: string, date: string): CanonicalDay {
  const h = hash(options.seed, vehicleId, date);
  const start = Date.parse(`${date}T00:00:00Z`) + (6 * 3600 + (h % 7200)) * 1000;
  const drivingMs = (4 * 3600 + (h % 14_400)) * 1000;
  const idlingMs = (600 + (h % 3000)) * 1000;
  return {
    vehicleId,
    date,
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + drivingMs + idlingMs).toISOString(),
    distanceKm: round(150 + (h % 60_000) / 100, 3),
    fuelLiters: round(40 + (h % 12_000) / 100, 3),
    drivingMs,
    idlingMs,
  };
}

/** Utilization days of the fleet's vehicles with dates in [from, to) (YYYY-MM-DD). */
export function daysBetween(options: FleetOptions, from: string, to: string): CanonicalDay[] {
  const days: CanonicalDay[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day < Date.parse(`${to}T00:00:00Z`); day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    for (const vehicle of vehiclesAt(options)) days.push(dayOf(options, vehicle.id, date));
  }
  return days;
}

/** Safety events that started in [from, to): about one per vehicle every three days. */
export function safetyEventsBetween(options: FleetOptions, from: number, to: number): CanonicalSafetyEvent[] {
  const events: CanonicalSafetyEvent[] = [];
  const drivers = driversAt(options);
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    for (const vehicle of vehiclesAt(options)) {
      const h = hash(options.seed, "event", vehicle.id, date);
      if (h % 3 !== 0) continue;
      const startedAt = day + (8 * 3600 + (h % 28_800)) * 1000;
      if (startedAt < from || startedAt >= to) continue;
      const driver = drivers[h % Math.max(1, drivers.length)];
      if (!driver) continue;
      events.push({
        id: `evt-${vehicle.id}-${date}`,
        type: pick(["harsh_brake", "harsh_acceleration", "speeding", "harsh_turn"] as const, h),
        vehicleId: vehicle.id,
        driverId: driver.id,
        startedAt: new Date(startedAt).toISOString(),
        endedAt: new Date(startedAt + 8000).toISOString(),
        location: { latitude: round(30 + (h % 1000) / 100, 5), longitude: round(-95 - (h % 2000) / 100, 5) },
        maximumSpeedKmh: round(60 + (h % 6000) / 100, 2),
        media: h % 5 === 0 ? "none" : h % 5 === 1 ? "image" : "video",
      });
    }
  }
  return events;
}
