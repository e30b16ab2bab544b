import { DUTY_CYCLES, MODELS, type ModelSpec, NAME_SUFFIXES } from "./catalog";
import type { SandboxFleet } from "./fleet";
import { LONG_HAUL_TAG, MAINTENANCE_TAG, type Yard } from "./fleet-groups";
import { hash, Rng, SALT } from "./hash";
import { DIGITS, LETTERS, pad } from "./ids";
import type { SandboxVehicle } from "./payloads";
import { DAY_MS, iso } from "./time";
import { type Generation, modificationsOf } from "./timeline";
import { makeVin } from "./vin";

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

export function vehicleProfile(fleet: SandboxFleet, record: Generation): VehicleProfile {
  const { index } = record;
  const rng = new Rng(hash(fleet.seed, SALT.vehicle, index));
  const createdAt = fleet.creationTime(record, rng, SALT.vehicle);
  const createdYear = new Date(createdAt).getUTCFullYear();
  // A vehicle enters the account no earlier than the year before its model year.
  const available = MODELS.filter((candidate) => candidate.years[0] <= createdYear + 1);
  const spec = rng.weighted(available.length > 0 ? available : MODELS);
  const year = clamp(rng.int(createdYear - 8, createdYear + 1), spec.years[0], spec.years[1]);
  const yard = rng.pick(fleet.yards);
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
 * A vehicle as the provider lists it at the fleet's revision. Each modification renames it;
 * every second one re-registers its plate; every third toggles whether it is active.
 */
export function vehiclePayload(fleet: SandboxFleet, profile: VehicleProfile): SandboxVehicle {
  const { index } = profile.record;
  const { version, lastRevision } = modificationsOf(fleet.vehicles, profile.record, fleet.revision);
  const renamed =
    version === 0
      ? ""
      : ` · ${NAME_SUFFIXES[(hash(fleet.seed, SALT.vehicle, index) + version) % NAME_SUFFIXES.length]}`;
  const plate = new Rng(hash(fleet.seed, SALT.plate, index, Math.ceil(version / 2)));
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
    deviceIds: vehicleDeviceIds(profile),
    active: profile.activeAtStart !== (Math.floor(version / 3) % 2 === 1),
    createdAt: iso(profile.createdAt),
    updatedAt: iso(
      lastRevision === undefined
        ? profile.firstUpdatedAt
        : fleet.changeTime(lastRevision, SALT.vehicle, index, version),
    ),
  };
}

/** A gateway in every vehicle and a dashcam in every second one. */
export function vehicleDeviceIds(profile: VehicleProfile): string[] {
  const number = pad(profile.record.index);
  return profile.hasCamera ? [`sbx-gw-${number}`, `sbx-cam-${number}`] : [`sbx-gw-${number}`];
}

function plateNumber(rng: Rng): string {
  return rng.chance(0.5)
    ? `${rng.chars(LETTERS, 3)}${rng.chars(DIGITS, 4)}`
    : `${rng.chars(DIGITS, 1)}${rng.chars(LETTERS, 3)}${rng.chars(DIGITS, 3)}`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
