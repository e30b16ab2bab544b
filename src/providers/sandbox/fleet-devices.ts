import type { SandboxFleet } from "./fleet";
import { type VehicleProfile, vehicleDeviceIds, vehiclePayload, vehicleProfile } from "./fleet-vehicles";
import { hash, Rng, SALT } from "./hash";
import { DIGITS, LETTERS } from "./ids";
import type { SandboxDevice } from "./payloads";
import { iso, SECOND_MS, wholeSeconds } from "./time";
import { generationOf, occupantAt } from "./timeline";

/**
 * The devices of a vehicle slot: a gateway in every vehicle and a dashcam in every second one,
 * registered with their vehicle. While a slot is empty, the deleted vehicle's devices are still
 * listed, uninstalled (their record changed then).
 */
export function devicesInSlot(fleet: SandboxFleet, slot: number): SandboxDevice[] {
  const { current, present } = occupantAt(fleet.vehicles, slot, fleet.revision);
  if (present) {
    const profile = vehicleProfile(fleet, current);
    const vehicle = vehiclePayload(fleet, profile);
    const heard = vehicle.active ? lastHeard(fleet, current.index) : Date.parse(vehicle.updatedAt);
    return devices(fleet, profile, profile.id, Math.max(heard, profile.createdAt), profile.createdAt);
  }
  const previous = vehicleProfile(fleet, generationOf(fleet.vehicles, slot, current.generation - 1));
  const uninstalledAt = fleet.vehicleUntil(previous);
  return devices(fleet, previous, undefined, uninstalledAt, uninstalledAt);
}

function devices(
  fleet: SandboxFleet,
  profile: VehicleProfile,
  vehicleId: string | undefined,
  lastHeardAt: number,
  updatedAt: number,
): SandboxDevice[] {
  const { index } = profile.record;
  const [gatewayId, cameraId] = vehicleDeviceIds(profile);
  const serials = new Rng(hash(fleet.seed, SALT.heard, index));
  const installed = vehicleId ? { vehicleId } : {};
  const times = { createdAt: iso(profile.createdAt), updatedAt: iso(updatedAt) };
  const devices: SandboxDevice[] = [
    {
      id: gatewayId!,
      kind: "gateway",
      ...installed,
      serial: `GW5-${serials.chars(LETTERS + DIGITS, 4)}-${serials.chars(LETTERS + DIGITS, 4)}`,
      productName: "SBX-VG5 Vehicle Gateway",
      lastHeardAt: iso(lastHeardAt),
      ...times,
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
      ...times,
    });
  }
  return devices;
}

/** An active vehicle's devices report every few minutes; when they last did moves with the revision. */
function lastHeard(fleet: SandboxFleet, index: number): number {
  return wholeSeconds(fleet.asOf - (30 + (hash(fleet.seed, SALT.heard, index, fleet.revision) % 5400)) * SECOND_MS);
}
