import type { UtilizationRow, VehicleRow } from "../../db/schema";
import type { RawEntry } from "../../model/normalized";
import { presentRaw, reference, round2 } from "./present-common";
import { presentVehicle, type VehicleView } from "./present-vehicle";
import type { ReadRow } from "./read-columns";

export type UtilizationView = {
  provider: string;
  vehicle: string | VehicleView;
  startAt: string;
  endAt: string;
  distance: number;
  fuelConsumed: number;
  durations: { driving: number; idling: number };
  raw?: RawEntry[];
};

/** One vehicle-day of utilization (contract 2.6): kilometres, litres, milliseconds. */
export function presentUtilization(
  row: ReadRow<UtilizationRow>,
  options: { raw?: boolean; vehicles?: ReadonlyMap<string, ReadRow<VehicleRow>> } = {},
): UtilizationView {
  return {
    provider: row.provider,
    vehicle: reference(row.vehicleId, options.vehicles, (vehicle) => presentVehicle(vehicle)),
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    distance: round2(row.distance),
    fuelConsumed: round2(row.fuelConsumed),
    durations: { driving: Math.round(row.drivingMs), idling: Math.round(row.idlingMs) },
    ...presentRaw(options.raw, row.raw),
  };
}
