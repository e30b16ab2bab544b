import { devicesInSlot } from "./fleet-devices";
import { type DriverProfile, driverPayload, driverProfile } from "./fleet-drivers";
import { buildGroups, type Yard } from "./fleet-groups";
import { type TrailerProfile, trailerProfile, trailerSlots } from "./fleet-trailers";
import { type VehicleProfile, vehiclePayload, vehicleProfile } from "./fleet-vehicles";
import { hash, hashString, type Rng, SALT } from "./hash";
import type { SandboxDevice, SandboxDriver, SandboxTag, SandboxVehicle } from "./payloads";
import { DAY_MS, HOUR_MS, SECOND_MS, wholeSeconds } from "./time";
import { type Generation, generationOfIndex, occupantAt, type SlotTimeline, slotTimeline } from "./timeline";

/**
 * The synthetic fleet of one connection at one revision: which groups, vehicles, drivers,
 * devices and trailers exist and what they look like, each computed on its own from (seed,
 * index, revision) (fleet-groups.ts, fleet-vehicles.ts, fleet-drivers.ts, fleet-devices.ts,
 * fleet-trailers.ts).
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

export class SandboxFleet {
  readonly seed: number;
  readonly revision: number;
  /** The fleet's clock: the instant revision R stands for. */
  readonly asOf: number;
  readonly vehicles: SlotTimeline;
  readonly drivers: SlotTimeline;
  readonly trailers: SlotTimeline;
  readonly tags: readonly SandboxTag[];
  readonly yards: readonly Yard[];
  private readonly createdAt: number;

  constructor(readonly spec: FleetSpec) {
    this.seed = hashString(`sandbox:${spec.seed}`);
    this.revision = spec.revision;
    this.createdAt = spec.connectionCreatedAt.getTime();
    this.asOf = this.timeOfRevision(spec.revision);
    this.vehicles = slotTimeline(this.seed, SALT.vehicleSlots, spec.fleetSize);
    // ceil(1.1 × fleetSize) in integers: 100,000 × 1.1 is 110,000.00000000001 in floating point.
    this.drivers = slotTimeline(this.seed, SALT.driverSlots, Math.ceil((spec.fleetSize * 11) / 10));
    this.trailers = slotTimeline(this.seed, SALT.trailerSlots, trailerSlots(spec.fleetSize));
    const { tags, yards } = buildGroups(this.seed, this.createdAt);
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

  /** Generation 0 was created long before the connection; later ones when their revision added them. */
  creationTime(record: Generation, rng: Rng, salt: number): number {
    if (record.addedRevision === undefined) {
      return wholeSeconds(this.createdAt - (90 + rng.int(0, 2000)) * DAY_MS - rng.int(0, 86_399) * SECOND_MS);
    }
    return this.changeTime(record.addedRevision, salt, record.index);
  }

  /** The vehicle listed in a slot, or none while the slot is empty. */
  vehicleInSlot(slot: number): SandboxVehicle | undefined {
    const vehicle = this.presentVehicle(slot);
    return vehicle ? vehiclePayload(this, vehicle) : undefined;
  }

  /** The vehicle occupying a slot now (present), for its utilization and events. */
  presentVehicle(slot: number): VehicleProfile | undefined {
    const { current, present } = occupantAt(this.vehicles, slot, this.revision);
    return present ? vehicleProfile(this, current) : undefined;
  }

  /** The vehicle of an index if it has been added by this revision (it may have been deleted since). */
  vehicleByIndex(index: number): VehicleProfile | undefined {
    const record = generationOfIndex(this.vehicles, index);
    if (!record || (record.addedRevision ?? 0) > this.revision) return undefined;
    return vehicleProfile(this, record);
  }

  /** End of a vehicle's life as seen at this revision: its deletion, or the fleet's clock. */
  vehicleUntil(profile: VehicleProfile): number {
    const deleted = profile.record.deletedRevision;
    return deleted !== undefined && deleted <= this.revision
      ? this.changeTime(deleted, SALT.vehicle, profile.record.index)
      : this.asOf;
  }

  /** The driver listed in a slot, or none while the slot is empty. */
  driverInSlot(slot: number): SandboxDriver | undefined {
    const driver = this.presentDriver(slot);
    return driver ? driverPayload(this, driver) : undefined;
  }

  presentDriver(slot: number): DriverProfile | undefined {
    const { current, present } = occupantAt(this.drivers, slot, this.revision);
    return present ? driverProfile(this, current) : undefined;
  }

  /** The trailer occupying a slot now, or none while the slot is empty. */
  presentTrailer(slot: number): TrailerProfile | undefined {
    const { current, present } = occupantAt(this.trailers, slot, this.revision);
    return present ? trailerProfile(this, current) : undefined;
  }

  /** The devices of a vehicle slot (fleet-devices.ts). */
  devicesInSlot(slot: number): SandboxDevice[] {
    return devicesInSlot(this, slot);
  }

  /**
   * A vehicle's usual driver slot (events name the driver of that slot when there is one): the
   * vehicle's own slot, so that no driver has two vehicles at once (their hours of service are
   * one person's) and a vehicle's successor in its slot keeps its driver. There are more driver
   * slots than vehicle slots: the others are drivers without a vehicle of their own.
   */
  usualDriverSlot(vehicleIndex: number): number | undefined {
    const slot = vehicleIndex % this.vehicles.slots;
    return slot < this.drivers.slots ? slot : undefined;
  }
}
