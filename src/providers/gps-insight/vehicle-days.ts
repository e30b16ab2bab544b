import type { SyncModel } from "../../model/normalized";
import { requireWindow, type TimeWindow } from "../kit/windows";
import type { ProviderPage, ReadRequest } from "../types";
import { GpsInsightClient as Client, type GpsInsightClient, PROVIDER } from "./client";
import { decodeCursor, encodeCursor } from "./cursor";
import { dayOf, wallClockOf } from "./local-time";
import { accountOffset, idsAfter, vehicleIds } from "./vehicle-ids";

/** Two hours: more than a daylight-saving shift. */
const EDGE_MS = 2 * 3_600_000;

/** One vehicle's account-local day of the sync's window. */
export type VehicleDay = {
  vehicleId: string;
  /** Days since the epoch, account-local. */
  day: number;
  /** The account's UTC offset, minutes (local = UTC + offset). */
  offset: number;
  window: TimeWindow;
};

/** A series GPS Insight serves per vehicle and per day (`vehicle/history`, `vehicle/tripdetail`). */
export type VehicleDaySeries = {
  model: Extract<SyncModel, "vehicleLocations" | "trips">;
  schema: string;
  /**
   * The day's payloads in the window that belong to this day by their own local time (so
   * adjacent days never both hand one on, whatever the offset).
   */
  read(client: GpsInsightClient, day: VehicleDay): Promise<unknown[]>;
};

/**
 * One page of a per-vehicle series: one vehicle's account-local day of the window. Vehicles go
 * in id order, each from the window's first local day to its last; the cursor holds the vehicle,
 * the day and the account's UTC offset (learnt once, on the first page, from a latest point:
 * GPS Insight's date parameters are account-local).
 */
export async function readVehicleDays(request: ReadRequest, series: VehicleDaySeries): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, series.model, request.window);
  const client = Client.of(request);
  const ids = await vehicleIds(client, request.connection.id);
  const cursor = decodeCursor(request.cursor, series.model, "day");
  const offset = cursor?.o ?? (ids.length > 0 ? await accountOffset(client, ids) : 0);
  // The offset learnt now may be an hour off in another daylight-saving period: the days reach
  // two hours past the window's ends, so no local day the window touches is left out.
  const firstDay = dayOf(wallClockOf(window.start.getTime(), offset) - EDGE_MS);
  const lastDay = dayOf(wallClockOf(window.end.getTime() - 1, offset) + EDGE_MS);
  const vehicleId = cursor?.v ?? ids[0];
  if (vehicleId === undefined || window.end <= window.start) return { items: [], schema: series.schema };
  const day = cursor?.d ?? firstDay;
  // A vehicle gone from the list since the cursor was written has nothing more to read.
  const items =
    ids.includes(vehicleId) && day >= firstDay && day <= lastDay
      ? await series.read(client, { vehicleId, day, offset, window })
      : [];
  const nextVehicle = idsAfter(ids, vehicleId)[0];
  const next =
    day < lastDay
      ? { v: vehicleId, d: day + 1 }
      : nextVehicle !== undefined
        ? { v: nextVehicle, d: firstDay }
        : undefined;
  return {
    items,
    schema: series.schema,
    ...(next ? { nextCursor: encodeCursor(series.model, { k: "day", ...next, o: offset }) } : {}),
  };
}

/** Whether a UTC instant is in the window. */
export const inWindow = (utcMs: number, { window }: VehicleDay) =>
  utcMs >= window.start.getTime() && utcMs < window.end.getTime();
