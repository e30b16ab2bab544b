import type { NormalizedStatBatch } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { type DeviceSeries, dateTimeOf, readDeviceSeries, storedRecordsIn } from "../device-series";
import { STAT_DIAGNOSTICS, statDiagnostic } from "../diagnostics";
import { geotabClient } from "../login";
import { geotabStatusData } from "../payloads";

/**
 * Stat histories are the StatusData of the diagnostics of diagnostics.ts, read device by device
 * over the window (one `Get` per diagnostic, in one ExecuteMultiCall: the search by device,
 * diagnostic and dates is the one Geotab serves efficiently), in MyGeotab's one pace for calls
 * (providers.md 3.3). Each payload is one StatusData: one reading.
 */
export const geotabVehicleStatLogs: ProviderModel<"vehicleStatLogs"> = {
  pace: "calls",
  read: (request) => readDeviceSeries(geotabClient(request), request, STATUS_DATA),
  normalize: mapStatReading,
};

const STATUS_DATA: DeviceSeries = {
  model: "vehicleStatLogs",
  schema: "geotab.StatusData",
  typeName: "StatusData",
  calls: (id, fromDate, toDate, resultsLimit) =>
    STAT_DIAGNOSTICS.map((diagnostic) => ({
      method: "Get",
      params: {
        typeName: "StatusData",
        search: { deviceSearch: { id }, diagnosticSearch: { id: diagnostic.id }, fromDate, toDate },
        resultsLimit,
      },
    })),
  // A page's worth of readings across the diagnostics.
  callLimit: (limit) => Math.max(1, Math.ceil(limit / STAT_DIAGNOSTICS.length)),
  timeOf: dateTimeOf,
  payloads: storedRecordsIn,
};

/** One StatusData reading as a batch of one point, in the stat's unit (diagnostics.ts). */
export function mapStatReading(payload: unknown): NormalizedStatBatch {
  const reading = parsePayload(PROVIDER, geotabStatusData, payload, "StatusData");
  const diagnostic = statDiagnostic(reading.diagnostic.id);
  if (!diagnostic) throw new ProviderError("malformed", `Geotab: ${reading.diagnostic.id} is not a stat diagnostic.`);
  const value = diagnostic.value(reading.data);
  if (value === undefined) {
    throw new ProviderError("malformed", `Geotab: ${reading.data} is not a reading of ${reading.diagnostic.id}.`);
  }
  return {
    vehicleSourceId: reading.device.id,
    points: [{ type: diagnostic.type, timestamp: new Date(reading.dateTime).toISOString(), value }],
  };
}
