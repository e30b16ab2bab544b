import type { NormalizedIftaDistance } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE } from "../../kit/units";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { pad } from "../ids";
import { type SandboxIftaDay, sandboxIftaDay } from "../ifta-payloads";
import { sandboxListing, windowListing } from "../listing";
import { PROVIDER } from "../payloads";
import { jurisdictionKmOfDay } from "../simulation/jurisdiction-distances";
import { splitWhole } from "../simulation/split";
import { dayString } from "../time";

/** Miles are reported to 3 decimals (about 1.6 m), as trips are. */
const MILE_DECIMALS = 1000;

/**
 * `GET /ifta/daily`: each vehicle's miles per jurisdiction for every UTC day that overlaps the
 * window, up to the fleet's clock (today's as far as it has gone, as utilization reports it).
 */
export const sandboxIftaSummaries: ProviderModel<"iftaSummaries"> = {
  pace: NOT_PACED,
  read: sandboxListing("iftaSummaries", (fleet, window) =>
    windowListing("sandbox.ifta.daily", fleet, requireWindow(PROVIDER, "iftaSummaries", window), (vehicle, day) =>
      iftaDayPayloads(fleet, vehicle, day, fleet.asOf),
    ),
  ),
  normalize: mapIftaDay,
};

/**
 * A vehicle's rows of one UTC day up to `until`, one per jurisdiction it drove in (none on a
 * day without driving). The day's miles, to 3 decimals, are shared out whole among them in
 * proportion to their km, so they add up to the day's miles exactly.
 */
export function iftaDayPayloads(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  until: number,
): SandboxIftaDay[] {
  const parts = jurisdictionKmOfDay(fleet, vehicle, day, until);
  const date = dayString(day);
  const drivenKm = parts.reduce((sum, part) => sum + part.km, 0);
  const shares = splitWhole(
    Math.round((drivenKm / KM_PER_MILE) * MILE_DECIMALS),
    parts.map((part) => part.km),
  );
  return parts.flatMap((part, i) =>
    shares[i] === 0
      ? []
      : [
          {
            id: `sbx-ifta-${pad(vehicle.record.index)}-${date}-${part.jurisdiction ?? "none"}`,
            vehicleId: vehicle.id,
            date,
            jurisdiction: part.jurisdiction,
            miles: shares[i]! / MILE_DECIMALS,
          },
        ],
  );
}

/** Miles → km; the period is the payload's day. */
export function mapIftaDay(payload: unknown): NormalizedIftaDistance {
  const day = parsePayload(PROVIDER, sandboxIftaDay, payload, "IFTA day");
  return {
    sourceId: day.id,
    vehicleSourceId: day.vehicleId,
    period: day.date,
    jurisdiction: day.jurisdiction,
    distance: day.miles * KM_PER_MILE,
  };
}
