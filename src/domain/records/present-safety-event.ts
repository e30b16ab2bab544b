import type { DriverRow, SafetyEventRow, VehicleRow } from "../../db/schema";
import type { CameraReference, Location, RawEntry, SafetyEventType } from "../../model/normalized";
import {
  isoOrUndefined,
  type MetadataView,
  optional,
  presentMetadata,
  presentRaw,
  reference,
  round2,
} from "./present-common";
import { type DriverView, presentDriver } from "./present-driver";
import { presentVehicle, type VehicleView } from "./present-vehicle";
import type { ReadRow } from "./read-columns";

type Stats = NonNullable<SafetyEventRow["stats"]>;

export type SafetyEventView = {
  id: string;
  sourceId: string;
  provider: string;
  type: SafetyEventType;
  driver?: string | DriverView;
  vehicle?: string | VehicleView;
  startLocation?: Location;
  endLocation?: Location;
  startedAt: string;
  endedAt?: string;
  stats?: Stats;
  cameraMedia: { frontFacing?: CameraReference; rearFacing?: CameraReference };
  metadata: MetadataView;
  raw?: RawEntry[];
};

/** Measurements rounded to 2 decimals; coordinates are kept as synced (2 decimals of a degree would be a kilometre off). */
function presentStats(stats: Stats): Stats {
  return Object.fromEntries(
    Object.entries(stats)
      .filter(([, value]) => typeof value === "number")
      .map(([key, value]) => [key, round2(value as number)]),
  );
}

function presentCamera(reference: CameraReference | undefined) {
  return reference === undefined ? undefined : { sourceId: reference.sourceId, available: reference.available };
}

/** A safety event (wire-compat.md "Other resource shapes"); `drivers`/`vehicles` loaded expand those references. */
export function presentSafetyEvent(
  row: ReadRow<SafetyEventRow>,
  options: {
    raw?: boolean;
    drivers?: ReadonlyMap<string, ReadRow<DriverRow>>;
    vehicles?: ReadonlyMap<string, ReadRow<VehicleRow>>;
  } = {},
): SafetyEventView {
  return {
    id: row.id,
    sourceId: row.sourceId,
    provider: row.provider,
    type: row.type,
    ...optional(
      "driver",
      row.driverId === null ? undefined : reference(row.driverId, options.drivers, (driver) => presentDriver(driver)),
    ),
    ...optional(
      "vehicle",
      row.vehicleId === null
        ? undefined
        : reference(row.vehicleId, options.vehicles, (vehicle) => presentVehicle(vehicle)),
    ),
    ...optional("startLocation", row.startLocation),
    ...optional("endLocation", row.endLocation),
    startedAt: row.startedAt.toISOString(),
    ...optional("endedAt", isoOrUndefined(row.endedAt)),
    ...optional("stats", row.stats === null ? undefined : presentStats(row.stats)),
    cameraMedia: {
      ...optional("frontFacing", presentCamera(row.cameraMedia.frontFacing)),
      ...optional("rearFacing", presentCamera(row.cameraMedia.rearFacing)),
    },
    metadata: presentMetadata(row),
    ...presentRaw(options.raw, row.raw),
  };
}
