import {
  type City,
  DUTY_CYCLES,
  EAST_CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  MIDDLE_NAMES,
  MODELS,
  type ModelSpec,
  NAME_SUFFIXES,
  OTHER_STATES,
  WEST_CITIES,
} from "./catalog";
import { hash, hashString, Rng } from "./hash";
import type { SandboxDevice, SandboxDriver, SandboxTag, SandboxVehicle } from "./payloads";
import { DAY_MS, HOUR_MS, iso, SECOND_MS, wholeSeconds } from "./time";
import {
  type Generation,
  generationOf,
  generationOfIndex,
  modificationsOf,
  occupantAt,
  type SlotTimeline,
  slotTimeline,
} from "./timeline";
import { makeVin } from "./vin";

/**
 * The synthetic fleet of one connection at one revision: which groups, vehicles, drivers and
 * devices exist and what they look like, each computed on its own from (seed, index, revision).
 * Revision R is the fleet as of `asOf` = connection creation + R hours: every timestamp the
 * fleet shows is at or before it.
 */
export type FleetSpec = {
  /** The connection's source id (or username): the same account always reaches the same fleet. */
  seed: string;
  fleetSize: number;
  connectionCreatedAt: Date;
  revision: number;
};

/** One stream of hashes per kind of derived value, so values of different kinds never correlate. */
export const SALT = {
  vehicleSlots: 1,
  driverSlots: 2,
  vehicle: 3,
  driver: 4,
  groups: 5,
  plate: 6,
  phone: 7,
  change: 8,
  heard: 9,
  day: 10,
  events: 11,
  event: 12,
  media: 13,
  usualDriver: 14,
} as const;

export type Yard = { tag: SandboxTag; city: City; region: "west" | "east" };

/** What does not change about a vehicle over its life (its payload adds the revision's changes). */
export type VehicleProfile = {
  record: Generation;
  id: string;
  spec: ModelSpec;
  year: number;
  vin: string;
  yard: Yard;
  unitName: string;
  economyMpg?: number;
  tankGallons?: number;
  hasCamera: boolean;
  hasRearCamera: boolean;
  activeAtStart: boolean;
  tagIds: string[];
  createdAt: number;
  /** updatedAt before the first modification. */
  firstUpdatedAt: number;
};

export type DriverProfile = {
  record: Generation;
  id: string;
  first: string;
  middle?: string;
  last: string;
  email: string;
  login: string;
  licence: { region: string; number: string };
  yard: Yard;
  activeAtStart: boolean;
  tagIds: string[];
  createdAt: number;
  firstUpdatedAt: number;
};

const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const DIGITS = "0123456789";
const LONG_HAUL_TAG = "sbx-tag-0007";
const MAINTENANCE_TAG = "sbx-tag-0008";

export class SandboxFleet {
  readonly seed: number;
  readonly revision: number;
  /** The fleet's clock: the instant revision R stands for. */
  readonly asOf: number;
  readonly vehicles: SlotTimeline;
  readonly drivers: SlotTimeline;
  readonly tags: readonly SandboxTag[];
  private readonly yards: readonly Yard[];
  private readonly createdAt: number;

  constructor(readonly spec: FleetSpec) {
    this.seed = hashString(`sandbox:${spec.seed}`);
    this.revision = spec.revision;
    this.createdAt = spec.connectionCreatedAt.getTime();
    this.asOf = this.timeOfRevision(spec.revision);
    this.vehicles = slotTimeline(this.seed, SALT.vehicleSlots, spec.fleetSize);
    // ceil(1.1 × fleetSize) in integers: 100,000 × 1.1 is 110,000.00000000001 in floating point.
    this.drivers = slotTimeline(this.seed, SALT.driverSlots, Math.ceil((spec.fleetSize * 11) / 10));
    const { tags, yards } = buildGroups(this.seed);
    this.tags = tags;
    this.yards = yards;
  }

  timeOfRevision(revision: number): number {
    return this.createdAt + revision * HOUR_MS;
  }

  /** When a change of revision r (≥ 1) happened: some time in the hour before the revision. */
  changeTime(revision: number, ...parts: number[]): number {
    return wholeSeconds(
      this.timeOfRevision(revision) - (60 + (hash(this.seed, SALT.change, revision, ...parts) % 3480)) * SECOND_MS,
    );
  }

  /** The vehicle listed in a slot, or none while the slot is empty. */
  vehicleInSlot(slot: number): SandboxVehicle | undefined {
    const vehicle = this.presentVehicle(slot);
    return vehicle ? this.vehiclePayload(vehicle) : undefined;
  }

  /** The vehicle occupying a slot now (present), for its utilization and events. */
  presentVehicle(slot: number): VehicleProfile | undefined {
    const { current, present } = occupantAt(this.vehicles, slot, this.revision);
    return present ? this.vehicleProfile(current) : undefined;
  }

  /** The vehicle of an index if it has been added by this revision (it may have been deleted since). */
  vehicleByIndex(index: number): VehicleProfile | undefined {
    const record = generationOfIndex(this.vehicles, index);
    if (!record || (record.addedRevision ?? 0) > this.revision) return undefined;
    return this.vehicleProfile(record);
  }

  /** End of a vehicle's life as seen at this revision: its deletion, or the fleet's clock. */
  vehicleUntil(profile: VehicleProfile): number {
    const deleted = profile.record.deletedRevision;
    return deleted !== undefined && deleted <= this.revision
      ? this.changeTime(deleted, SALT.vehicle, profile.record.index)
      : this.asOf;
  }

  vehicleProfile(record: Generation): VehicleProfile {
    const { index } = record;
    const rng = new Rng(hash(this.seed, SALT.vehicle, index));
    const createdAt = this.creationTime(record, rng, SALT.vehicle);
    const createdYear = new Date(createdAt).getUTCFullYear();
    // A vehicle enters the account no earlier than the year before its model year.
    const available = MODELS.filter((candidate) => candidate.years[0] <= createdYear + 1);
    const spec = rng.weighted(available.length > 0 ? available : MODELS);
    const year = clamp(rng.int(createdYear - 8, createdYear + 1), spec.years[0], spec.years[1]);
    const yard = rng.pick(this.yards);
    const hasCamera = index % 2 === 0;
    const tagIds = [yard.tag.id];
    if (spec.vehicleClass === "heavy" && rng.chance(0.5)) tagIds.push(LONG_HAUL_TAG);
    if (rng.chance(0.05)) tagIds.push(MAINTENANCE_TAG);
    return {
      record,
      id: `sbx-veh-${pad(index)}`,
      spec,
      year,
      vin: makeVin(spec.wmi, year, index, rng),
      yard,
      unitName: `${DUTY_CYCLES[spec.vehicleClass].label} ${String(index + 1).padStart(4, "0")}`,
      ...(spec.mpg ? { economyMpg: rng.float(spec.mpg[0], spec.mpg[1], 1) } : {}),
      ...(spec.tankGallons ? { tankGallons: rng.float(spec.tankGallons[0], spec.tankGallons[1], 1) } : {}),
      hasCamera,
      hasRearCamera: hasCamera && rng.chance(0.5),
      activeAtStart: rng.chance(0.92),
      tagIds,
      createdAt,
      firstUpdatedAt: record.addedRevision === undefined ? createdAt + rng.int(0, 60) * DAY_MS : createdAt,
    };
  }

  /**
   * A vehicle as the provider lists it at this revision. Each modification renames it; every
   * second one re-registers its plate; every third toggles whether it is active.
   */
  vehiclePayload(profile: VehicleProfile): SandboxVehicle {
    const { index } = profile.record;
    const { version, lastRevision } = modificationsOf(this.vehicles, profile.record, this.revision);
    const renamed =
      version === 0
        ? ""
        : ` · ${NAME_SUFFIXES[(hash(this.seed, SALT.vehicle, index) + version) % NAME_SUFFIXES.length]}`;
    const plate = new Rng(hash(this.seed, SALT.plate, index, Math.ceil(version / 2)));
    return {
      id: profile.id,
      vin: profile.vin,
      displayName: `${profile.unitName}${renamed}`,
      make: profile.spec.make,
      model: profile.spec.model,
      modelYear: profile.year,
      plate: { region: profile.yard.city.state, number: plateNumber(plate) },
      fuel: profile.spec.fuel,
      ...(profile.economyMpg !== undefined ? { economyMpg: profile.economyMpg } : {}),
      ...(profile.tankGallons !== undefined ? { tankGallons: profile.tankGallons } : {}),
      tagIds: profile.tagIds,
      deviceIds: this.deviceIds(profile),
      active: profile.activeAtStart !== (Math.floor(version / 3) % 2 === 1),
      createdAt: iso(profile.createdAt),
      updatedAt: iso(
        lastRevision === undefined
          ? profile.firstUpdatedAt
          : this.changeTime(lastRevision, SALT.vehicle, index, version),
      ),
    };
  }

  /** The driver listed in a slot, or none while the slot is empty. */
  driverInSlot(slot: number): SandboxDriver | undefined {
    const driver = this.presentDriver(slot);
    return driver ? this.driverPayload(driver) : undefined;
  }

  presentDriver(slot: number): DriverProfile | undefined {
    const { current, present } = occupantAt(this.drivers, slot, this.revision);
    return present ? this.driverProfile(current) : undefined;
  }

  driverProfile(record: Generation): DriverProfile {
    const { index } = record;
    const rng = new Rng(hash(this.seed, SALT.driver, index));
    const createdAt = this.creationTime(record, rng, SALT.driver);
    const first = rng.pick(FIRST_NAMES);
    const middle = rng.chance(0.35) ? rng.pick(MIDDLE_NAMES) : undefined;
    const last = rng.pick(LAST_NAMES);
    const yard = rng.pick(this.yards);
    const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
    return {
      record,
      id: `sbx-drv-${pad(index)}`,
      first,
      ...(middle ? { middle } : {}),
      last,
      email: `${handle}.${index}@drivers.sandbox.example`,
      login: `${first[0]}${last}${index}`.toLowerCase().replace(/[^a-z0-9]/g, ""),
      licence: {
        region: rng.chance(0.85) ? yard.city.state : rng.pick(OTHER_STATES),
        number: `${rng.chars(LETTERS, 1)}${rng.chars(DIGITS, 7)}`,
      },
      yard,
      activeAtStart: rng.chance(0.95),
      tagIds: rng.chance(0.2) ? [yard.tag.id, LONG_HAUL_TAG] : [yard.tag.id],
      createdAt,
      firstUpdatedAt: record.addedRevision === undefined ? createdAt + rng.int(0, 60) * DAY_MS : createdAt,
    };
  }

  /** A driver at this revision: each modification changes the phone; every fourth toggles active. */
  driverPayload(profile: DriverProfile): SandboxDriver {
    const { index } = profile.record;
    const { version, lastRevision } = modificationsOf(this.drivers, profile.record, this.revision);
    const phone = new Rng(hash(this.seed, SALT.phone, index, version));
    return {
      id: profile.id,
      name: { first: profile.first, ...(profile.middle ? { middle: profile.middle } : {}), last: profile.last },
      email: profile.email,
      phone: `+1${phone.pick(profile.yard.city.areaCodes)}55501${phone.chars(DIGITS, 2)}`,
      login: profile.login,
      licence: profile.licence,
      tagIds: profile.tagIds,
      active: profile.activeAtStart !== (Math.floor(version / 4) % 2 === 1),
      createdAt: iso(profile.createdAt),
      updatedAt: iso(
        lastRevision === undefined
          ? profile.firstUpdatedAt
          : this.changeTime(lastRevision, SALT.driver, index, version),
      ),
    };
  }

  /**
   * The devices of a vehicle slot: a gateway in every vehicle and a dashcam in every second one.
   * While a slot is empty, the deleted vehicle's devices are still listed, uninstalled.
   */
  devicesInSlot(slot: number): SandboxDevice[] {
    const { current, present } = occupantAt(this.vehicles, slot, this.revision);
    if (present) {
      const profile = this.vehicleProfile(current);
      const vehicle = this.vehiclePayload(profile);
      const heard = vehicle.active ? this.lastHeard(current.index) : Date.parse(vehicle.updatedAt);
      return this.devices(profile, profile.id, Math.max(heard, profile.createdAt));
    }
    const previous = this.vehicleProfile(generationOf(this.vehicles, slot, current.generation - 1));
    return this.devices(previous, undefined, this.vehicleUntil(previous));
  }

  private devices(profile: VehicleProfile, vehicleId: string | undefined, lastHeardAt: number): SandboxDevice[] {
    const { index } = profile.record;
    const [gatewayId, cameraId] = this.deviceIds(profile);
    const serials = new Rng(hash(this.seed, SALT.heard, index));
    const installed = vehicleId ? { vehicleId } : {};
    const devices: SandboxDevice[] = [
      {
        id: gatewayId!,
        kind: "gateway",
        ...installed,
        serial: `GW5-${serials.chars(LETTERS + DIGITS, 4)}-${serials.chars(LETTERS + DIGITS, 4)}`,
        productName: "SBX-VG5 Vehicle Gateway",
        lastHeardAt: iso(lastHeardAt),
      },
    ];
    if (cameraId) {
      devices.push({
        id: cameraId,
        kind: "dashcam",
        ...installed,
        serial: `CM${profile.hasRearCamera ? 2 : 1}-${serials.chars(LETTERS + DIGITS, 4)}-${serials.chars(LETTERS + DIGITS, 4)}`,
        productName: profile.hasRearCamera ? "SBX-CM2 Dual-Facing Dashcam" : "SBX-CM1 Road-Facing Dashcam",
        lastHeardAt: iso(lastHeardAt),
      });
    }
    return devices;
  }

  private deviceIds(profile: VehicleProfile): string[] {
    const number = pad(profile.record.index);
    return profile.hasCamera ? [`sbx-gw-${number}`, `sbx-cam-${number}`] : [`sbx-gw-${number}`];
  }

  /** An active vehicle's devices report every few minutes; when they last did moves with the revision. */
  private lastHeard(index: number): number {
    return wholeSeconds(this.asOf - (30 + (hash(this.seed, SALT.heard, index, this.revision) % 5400)) * SECOND_MS);
  }

  /** Generation 0 was created long before the connection; later ones when their revision added them. */
  private creationTime(record: Generation, rng: Rng, salt: number): number {
    if (record.addedRevision === undefined) {
      return wholeSeconds(this.createdAt - (90 + rng.int(0, 2000)) * DAY_MS - rng.int(0, 86_399) * SECOND_MS);
    }
    return this.changeTime(record.addedRevision, salt, record.index);
  }

  /** A vehicle's usual driver slot (events name the driver of that slot when there is one). */
  usualDriverSlot(vehicleIndex: number): number | undefined {
    return this.drivers.slots > 0 ? hash(this.seed, SALT.usualDriver, vehicleIndex) % this.drivers.slots : undefined;
  }
}

/**
 * A handful of groups: two regions, each with two yards in cities drawn from the seed, and two
 * fleet-wide groups. Stable across revisions.
 */
function buildGroups(seed: number): { tags: SandboxTag[]; yards: Yard[] } {
  const rng = new Rng(hash(seed, SALT.groups));
  const west = pickDistinct(rng, WEST_CITIES, 2);
  const east = pickDistinct(rng, EAST_CITIES, 2);
  const yardTag = (id: string, city: City, parentId: string): SandboxTag => ({
    id,
    name: `${city.name} Yard`,
    description: `Terminal in ${city.name}, ${city.state}`,
    parentId,
  });
  const yards: Yard[] = [
    { tag: yardTag("sbx-tag-0003", west[0]!, "sbx-tag-0001"), city: west[0]!, region: "west" },
    { tag: yardTag("sbx-tag-0004", west[1]!, "sbx-tag-0001"), city: west[1]!, region: "west" },
    { tag: yardTag("sbx-tag-0005", east[0]!, "sbx-tag-0002"), city: east[0]!, region: "east" },
    { tag: yardTag("sbx-tag-0006", east[1]!, "sbx-tag-0002"), city: east[1]!, region: "east" },
  ];
  const tags: SandboxTag[] = [
    { id: "sbx-tag-0001", name: "West Region" },
    { id: "sbx-tag-0002", name: "East Region" },
    ...yards.map((yard) => yard.tag),
    { id: LONG_HAUL_TAG, name: "Long Haul", description: "Over-the-road tractors and their drivers" },
    { id: MAINTENANCE_TAG, name: "Maintenance Hold", description: "Out of service, awaiting repair" },
  ];
  return { tags, yards };
}

function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  for (let i = 0; i < count && pool.length > 0; i++)
    picked.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0]!);
  return picked;
}

function plateNumber(rng: Rng): string {
  return rng.chance(0.5)
    ? `${rng.chars(LETTERS, 3)}${rng.chars(DIGITS, 4)}`
    : `${rng.chars(DIGITS, 1)}${rng.chars(LETTERS, 3)}${rng.chars(DIGITS, 3)}`;
}

/** Six digits at least, so ids sort and read like a provider's. */
export function pad(index: number): string {
  return String(index).padStart(6, "0");
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
