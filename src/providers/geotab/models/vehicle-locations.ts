import type { NormalizedLocationBatch } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { type DeviceSeries, dateTimeOf, readDeviceSeries, storedRecordsIn } from "../device-series";
import { geotabClient } from "../login";
import { geotabLogRecord } from "../payloads";

/**
 * Breadcrumbs are LogRecords, read device by device over the window (device-series.ts), in
 * MyGeotab's one pace for calls (providers.md 3.3). Each payload is one LogRecord: one point.
 */
export const geotabVehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: "calls",
  read: (request) => readDeviceSeries(geotabClient(request), request, LOG_RECORDS),
  normalize: mapBreadcrumb,
};

const LOG_RECORDS: DeviceSeries = {
  model: "vehicleLocations",
  schema: "geotab.LogRecord",
  typeName: "LogRecord",
  calls: (id, fromDate, toDate, resultsLimit) => [
    {
      method: "Get",
      params: { typeName: "LogRecord", search: { deviceSearch: { id }, fromDate, toDate }, resultsLimit },
    },
  ],
  callLimit: (limit) => limit,
  timeOf: dateTimeOf,
  payloads: storedRecordsIn,
};

/**
 * One LogRecord as a batch of one point: its position and speed (km/h already). A LogRecord
 * has no heading, driver or address. An "invalid speed" (Geotab logs one when the GPS has
 * none; the reference gives no value, so anything negative or not finite) leaves the speed out.
 */
export function mapBreadcrumb(payload: unknown): NormalizedLocationBatch {
  const record = parsePayload(PROVIDER, geotabLogRecord, payload, "LogRecord");
  const speed = record.speed;
  return {
    vehicleSourceId: record.device.id,
    points: [
      {
        locatedAt: new Date(record.dateTime).toISOString(),
        location: { latitude: record.latitude, longitude: record.longitude },
        ...(speed !== undefined && Number.isFinite(speed) && speed >= 0 ? { speed: round2(speed) } : {}),
        ...(record.id !== undefined ? { sourceId: record.id } : {}),
      },
    ],
  };
}
