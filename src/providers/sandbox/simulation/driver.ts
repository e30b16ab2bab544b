import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";

/**
 * Who drives a vehicle: its usual driver, named when that driver is listed at the fleet's
 * revision and had joined by the instant in question (breadcrumbs, trips and events agree).
 * Returns the lookup for one vehicle, so a day's thousand points resolve the driver once.
 */
export function driverOf(fleet: SandboxFleet, vehicle: VehicleProfile): (t: number) => string | undefined {
  const slot = fleet.usualDriverSlot(vehicle.record.index);
  const driver = slot === undefined ? undefined : fleet.presentDriver(slot);
  return (t) => (driver && driver.createdAt <= t ? driver.id : undefined);
}
