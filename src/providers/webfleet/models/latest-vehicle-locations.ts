import type { EngineState, NormalizedLatestLocation } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { ACTIONS } from "../pace";
import { type ObjectRow, objectRow } from "../payloads";
import { isoOf, locationOf, textOf } from "../values";
import { readObjects } from "./vehicles";

/**
 * Latest locations are the position part of the same `showObjectReportExtern` rows (its pace):
 * the objects that have reported a position at all.
 */
export const webfleetLatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: ACTIONS.objects,
  read: (request) => readObjects(request, hasPosition),
  normalize: mapLatestLocation,
};

function hasPosition(payload: unknown): boolean {
  const row = objectRow.safeParse(payload);
  return (
    !row.success ||
    (typeof row.data.pos_time === "string" && locationOf(row.data.latitude_mdeg, row.data.longitude_mdeg) !== undefined)
  );
}

/**
 * Micro-degrees to degrees, km/h as sent, the odometer in 100 m steps to km [UNVERIFIED unit],
 * the engine from `ignition` and `standstill`. The row names its driver by number only
 * (`driver`), not by the uid drivers are keyed by, so no driver is set.
 */
export function mapLatestLocation(payload: unknown): NormalizedLatestLocation {
  const row = parsePayload(PROVIDER, objectRow, payload, ACTIONS.objects);
  const location = locationOf(row.latitude_mdeg, row.longitude_mdeg);
  if (!location) throw new ProviderError("malformed", `Webfleet: object ${row.objectuid} has no position.`);
  const address = textOf(row.postext);
  const engineState = engineOf(row);
  return {
    vehicleSourceId: row.objectuid,
    locatedAt: isoOf(row.pos_time, `pos_time of object ${row.objectuid}`),
    location,
    ...(address !== undefined ? { address } : {}),
    ...(row.course != null && row.course >= 0 ? { heading: row.course % 360 } : {}),
    ...(row.speed != null && row.speed >= 0 ? { speed: round2(row.speed) } : {}),
    ...(row.odometer != null && row.odometer >= 0 ? { odometer: round2(row.odometer / 10) } : {}),
    ...(engineState !== undefined ? { engineState } : {}),
  };
}

function engineOf(row: ObjectRow): EngineState | undefined {
  if (row.ignition == null) return undefined;
  if (row.ignition === 0) return "off";
  return row.standstill === 1 ? "idle" : "on";
}
