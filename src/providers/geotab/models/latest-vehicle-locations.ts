import type { EngineState, NormalizedLatestLocation } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { type GeotabClient, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import { diagnosticOf, type StatDiagnostic } from "../diagnostics";
import { geotabClient } from "../login";
import { compare, limitOf, listOf, MAX_RESULTS, unreadableIssue } from "../paging";
import { type GeotabStatusData, geotabLatestLocation } from "../payloads";
import { driverIdOf, isBeforeMinDate } from "../values";

/**
 * The live snapshot: each device's DeviceStatusInfo (position, speed, bearing, driving or not)
 * with its current odometer, fuel level, ignition and engine hours, which DeviceStatusInfo does
 * not carry: StatusData asked for one instant, now (`fromDate` = `toDate`), answers each
 * diagnostic's value then, as Geotab's own samples read a current odometer. In MyGeotab's one
 * pace for calls (providers.md 3.3).
 */
export const geotabLatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: "calls",
  read: (request) => readLatestLocations(geotabClient(request), request),
  normalize: mapLatestLocation,
};

const ODOMETER = diagnosticOf("odometer");
const FUEL_LEVEL = diagnosticOf("fuel_level");
const IGNITION = diagnosticOf("engine_state");
const ENGINE_HOURS = diagnosticOf("engine_runtime");
const SNAPSHOT_DIAGNOSTICS = [ODOMETER, FUEL_LEVEL, IGNITION, ENGINE_HOURS];

/** Devices per page, so that one ExecuteMultiCall of their current StatusData stays a few hundred calls. */
const MAX_DEVICES_PER_PAGE = 100;

/**
 * The fleet's DeviceStatusInfo in device id order (the cursor holds the last device done), a
 * slice a page, and the slice's current StatusData in one ExecuteMultiCall. A device that has
 * never reported (its dateTime is Geotab's MinDate) has no location and is left out.
 */
async function readLatestLocations(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const after = decodeCursor(request.cursor, "latestVehicleLocations", "after")?.id;
  const infos = await client.get("DeviceStatusInfo", {
    search: { excludeExceptionEvents: true },
    resultsLimit: MAX_RESULTS,
  });
  let unreadable = 0;
  const located: { id: string; info: unknown }[] = [];
  for (const info of infos) {
    const { device, dateTime } = (info ?? {}) as { device?: { id?: unknown }; dateTime?: unknown };
    if (typeof device?.id !== "string" || device.id === "") unreadable++;
    else if (typeof dateTime !== "string" || !isBeforeMinDate(dateTime)) located.push({ id: device.id, info });
  }
  const rest = located
    .sort((a, b) => compare(a.id, b.id))
    .filter(({ id }) => after === undefined || compare(id, after) > 0);
  const chunk = rest.slice(0, Math.min(limitOf(request.pageSize), MAX_DEVICES_PER_PAGE));
  const now = new Date().toISOString();
  const results = await client.multiCall(
    chunk.flatMap(({ id }) =>
      SNAPSHOT_DIAGNOSTICS.map((diagnostic) => ({
        method: "Get",
        params: {
          typeName: "StatusData",
          search: { deviceSearch: { id }, diagnosticSearch: { id: diagnostic.id }, fromDate: now, toDate: now },
          resultsLimit: 1,
        },
      })),
    ),
  );
  const size = SNAPSHOT_DIAGNOSTICS.length;
  const items = chunk.map(({ info }, index) => ({
    deviceStatusInfo: info,
    statusData: results.slice(index * size, (index + 1) * size).flatMap((result) => listOf(result, "StatusData")),
  }));
  const last = chunk.at(-1);
  return {
    items,
    schema: "geotab.DeviceStatusInfo+StatusData",
    ...(rest.length > chunk.length && last !== undefined
      ? { nextCursor: encodeCursor("latestVehicleLocations", { k: "after", id: last.id }) }
      : {}),
    ...(unreadable > 0 && after === undefined ? { issues: [unreadableIssue(unreadable, "DeviceStatusInfo")] } : {}),
  };
}

/**
 * A DeviceStatusInfo and its current StatusData: `dateTime` (the latest of its GPS, status
 * and fault data) is when it was located; `bearing` -1 is no heading; speed in km/h. The engine
 * is off with the ignition off, idle with it on while stopped (isDriving false, or speed 0:
 * Geotab has no idle diagnostic), on otherwise; without an ignition reading, on while driving.
 */
export function mapLatestLocation(payload: unknown): NormalizedLatestLocation {
  const { deviceStatusInfo: info, statusData } = parsePayload(
    PROVIDER,
    geotabLatestLocation,
    payload,
    "DeviceStatusInfo",
  );
  const deviceId = info.device.id;
  if (statusData.some((reading) => reading.device.id !== deviceId)) {
    throw new ProviderError("malformed", "Geotab: a live state mixes two devices.");
  }
  const heading = headingOf(info.bearing);
  const speed = info.speed !== undefined && info.speed >= 0 ? round2(info.speed) : undefined;
  const odometer = currentValue(statusData, ODOMETER);
  const fuel = currentValue(statusData, FUEL_LEVEL);
  const runtime = currentValue(statusData, ENGINE_HOURS);
  const engineState = engineStateOf(currentValue(statusData, IGNITION), info.isDriving, speed);
  const driver = driverIdOf(info.driver);
  return {
    vehicleSourceId: deviceId,
    ...(driver !== undefined ? { driverSourceId: driver } : {}),
    locatedAt: new Date(info.dateTime).toISOString(),
    location: { latitude: info.latitude, longitude: info.longitude },
    ...(heading !== undefined ? { heading } : {}),
    ...(speed !== undefined ? { speed } : {}),
    ...(typeof odometer === "number" ? { odometer } : {}),
    ...(typeof fuel === "number" ? { fuel: { primaryPercentage: fuel } } : {}),
    ...(engineState !== undefined ? { engineState } : {}),
    ...(typeof runtime === "number" ? { engineRuntime: runtime } : {}),
  };
}

function engineStateOf(
  ignition: unknown,
  isDriving: boolean | undefined,
  speed: number | undefined,
): EngineState | undefined {
  if (ignition === "off") return "off";
  if (ignition === "on") return isDriving === false || speed === 0 ? "idle" : "on";
  return isDriving ? "on" : undefined;
}

/** Whole degrees 0–359; -1 is Geotab's unknown bearing. */
export function headingOf(bearing: number | undefined): number | undefined {
  if (bearing === undefined || bearing === -1) return undefined;
  if (bearing < 0 || bearing >= 360) throw new ProviderError("malformed", `Geotab: ${bearing} is not a bearing.`);
  return bearing;
}

/** The latest reading of a diagnostic among the StatusData, in the stat's unit. */
function currentValue(
  statusData: readonly GeotabStatusData[],
  diagnostic: StatDiagnostic,
): number | EngineState | undefined {
  const latest = statusData
    .filter((reading) => reading.diagnostic.id === diagnostic.id)
    .reduce<GeotabStatusData | undefined>(
      (best, reading) => (!best || Date.parse(reading.dateTime) >= Date.parse(best.dateTime) ? reading : best),
      undefined,
    );
  if (latest === undefined) return undefined;
  const value = diagnostic.value(latest.data);
  if (value === undefined)
    throw new ProviderError("malformed", `Geotab: ${latest.data} is not a reading of ${diagnostic.id}.`);
  return value;
}
