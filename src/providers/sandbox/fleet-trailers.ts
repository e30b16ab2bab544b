import type { SandboxTrailer } from "./asset-payloads";
import type { SandboxFleet } from "./fleet";
import { LONG_HAUL_TAG, type Yard } from "./fleet-groups";
import { type VehicleProfile, vehicleProfile } from "./fleet-vehicles";
import { hash, Rng, SALT } from "./hash";
import { DIGITS, LETTERS, pad } from "./ids";
import { DAY_MS, iso } from "./time";
import { type Generation, generationOf, modificationsOf } from "./timeline";
import {
  LONG_TERM_TRAILER_PLATE_STATE,
  TRAILER_KIND_LABELS,
  TRAILER_MODELS,
  TRAILER_NAME_SUFFIXES,
  type TrailerSpec,
} from "./trailer-catalog";
import { makeVin } from "./vin";

/**
 * The fleet's trailers: one slot for every two vehicle slots (about 1.6 trailers per tractor, a
 * usual pool for a mixed fleet's over-the-road side), added, modified and deleted revision by
 * revision like vehicles (timeline.ts).
 *
 * Trailer slot t may be hitched to a tractor of vehicle slot 2t or 2t + 1: the first of them
 * that holds a heavy truck for good (a slot that never churns keeps its first vehicle), so a
 * trailer's hitch never changes and no tractor pulls two trailers. About two trailers in five
 * are hitched; the others stand at a yard or a customer's drop lot.
 */

/** What does not change about a trailer over its life (its payload adds the revision's changes). */
export type TrailerProfile = {
  record: Generation;
  id: string;
  spec: TrailerSpec;
  year: number;
  vin: string;
  trackerSerial: string;
  unitNumber: string;
  yard: Yard;
  /** The tractor it is hitched to, if any. */
  tractor?: VehicleProfile;
  activeAtStart: boolean;
  tagIds: string[];
  createdAt: number;
  firstUpdatedAt: number;
};

export function trailerSlots(fleetSize: number): number {
  return Math.ceil(fleetSize / 2);
}

export function trailerProfile(fleet: SandboxFleet, record: Generation): TrailerProfile {
  const { index } = record;
  const rng = new Rng(hash(fleet.seed, SALT.trailer, index));
  const createdAt = fleet.creationTime(record, rng, SALT.trailer);
  const createdYear = new Date(createdAt).getUTCFullYear();
  const spec = rng.weighted(TRAILER_MODELS);
  // Trailers last longer than tractors: up to 12 model years old when they join.
  const year = Math.min(Math.max(rng.int(createdYear - 12, createdYear + 1), spec.years[0]), spec.years[1]);
  const tractor = tractorOf(fleet, record.slot);
  const yard = tractor?.yard ?? rng.pick(fleet.yards);
  const overTheRoad = tractor ? tractor.tagIds.includes(LONG_HAUL_TAG) : rng.chance(0.5);
  return {
    record,
    id: `sbx-trl-${pad(index)}`,
    spec,
    year,
    vin: makeVin(spec.wmi, year, index, rng),
    trackerSerial: `TT4-${rng.chars(LETTERS + DIGITS, 4)}-${rng.chars(LETTERS + DIGITS, 4)}`,
    unitNumber: `T${String(index + 1).padStart(4, "0")}`,
    yard,
    ...(tractor ? { tractor } : {}),
    activeAtStart: rng.chance(0.94),
    tagIds: overTheRoad ? [yard.tag.id, LONG_HAUL_TAG] : [yard.tag.id],
    createdAt,
    firstUpdatedAt: record.addedRevision === undefined ? createdAt + rng.int(0, 60) * DAY_MS : createdAt,
  };
}

/**
 * A trailer as the provider lists it at the fleet's revision. Each modification reassigns it
 * (its name's suffix); every second one re-registers its plate; every third toggles whether it
 * is active.
 */
export function trailerPayload(fleet: SandboxFleet, profile: TrailerProfile): SandboxTrailer {
  const { index } = profile.record;
  const { version, lastRevision } = modificationsOf(fleet.trailers, profile.record, fleet.revision);
  const suffix =
    version === 0
      ? ""
      : ` · ${TRAILER_NAME_SUFFIXES[(hash(fleet.seed, SALT.trailer, index) + version) % TRAILER_NAME_SUFFIXES.length]}`;
  const plate = new Rng(hash(fleet.seed, SALT.trailerPlate, index, Math.ceil(version / 2)));
  return {
    id: profile.id,
    name: `${TRAILER_KIND_LABELS[profile.spec.kind]} ${profile.unitNumber}${suffix}`,
    vin: profile.vin,
    trackerSerial: profile.trackerSerial,
    make: profile.spec.make,
    model: profile.spec.model,
    modelYear: profile.year,
    kind: profile.spec.kind,
    lengthFeet: profile.spec.lengthFeet,
    plate: {
      region: plate.chance(0.3) ? LONG_TERM_TRAILER_PLATE_STATE : profile.yard.city.state,
      number: `${plate.chars(DIGITS, 3)}${plate.chars(LETTERS, 1)}${plate.chars(DIGITS, 3)}`,
    },
    tagIds: profile.tagIds,
    ...(profile.tractor ? { vehicleId: profile.tractor.id } : {}),
    active: profile.activeAtStart !== (Math.floor(version / 3) % 2 === 1),
    createdAt: iso(profile.createdAt),
    updatedAt: iso(
      lastRevision === undefined
        ? profile.firstUpdatedAt
        : fleet.changeTime(lastRevision, SALT.trailer, index, version),
    ),
  };
}

/** The heavy truck of vehicle slot 2t or 2t + 1 that is never replaced, if either holds one. */
function tractorOf(fleet: SandboxFleet, trailerSlot: number): VehicleProfile | undefined {
  for (const slot of [2 * trailerSlot, 2 * trailerSlot + 1]) {
    if (slot >= fleet.vehicles.slots) return undefined;
    const first = generationOf(fleet.vehicles, slot, 0);
    if (first.deletedRevision !== undefined) continue;
    const vehicle = vehicleProfile(fleet, first);
    if (vehicle.spec.vehicleClass === "heavy") return vehicle;
  }
  return undefined;
}
