/**
 * The fake Motive API's time-series routes (providers-families.md 2.1, 2.2 and the fidelity
 * checklist of section 5), serving the canonical series of ../series.ts as of the time of the
 * request (nothing later: a provider has not recorded the future yet):
 * - `GET /v3/vehicle_locations`: the live snapshot of the vehicles with a Vehicle Gateway
 *   (every canonical vehicle has a tracker), paged, `vehicles[].vehicle.current_location`;
 *   `vehicle_id` and `vehicle_status` filter it;
 * - `GET /v3/vehicle_locations/{vehicle_id}?start_date&end_date`: one vehicle's points of those
 *   UTC days (inclusive), in one un-paginated `vehicle_locations[].vehicle_location` array; a
 *   range over 3 months is a 400, an unknown vehicle a 404. The server caps these at 10
 *   simultaneous requests per account (429 beyond);
 * - `GET /v1/driving_periods?start_date&end_date`: the trips that started on those UTC days,
 *   paged; a range over 30 days is a 400 ("Date range cannot be greater than 30 days", as
 *   integrators see it). The real status codes of both range errors were not captured.
 */
import { devicesAt, driversAt, vehiclesAt } from "../fleet.ts";
import { json } from "../http-server.ts";
import { latestOf, statsBetween, tripsBetween, tripsOfDay } from "../series.ts";
import { motiveIds } from "./ids.ts";
import { type PointReadings, renderCurrentVehicle, renderDrivingPeriod, renderLocationPoint } from "./render-series.ts";
import { type Context, DAY_MS, dateRange, dayStart, error, type Json, nextDay, page } from "./respond.ts";

/** A location history path (v1's one-day history included): what the concurrency cap counts. */
export const LOCATION_HISTORY_PATH = /^\/v\d\/vehicle_locations\/\d+$/;
export const MAX_CONCURRENT_HISTORY_REQUESTS = 10;
const MAX_HISTORY_MONTHS = 3;
const MAX_DRIVING_PERIOD_DAYS = 30;

function fleetOf(context: Context) {
  const fleet = context.account.fleet;
  const drivers = new Map(driversAt(fleet).map((driver) => [driver.id, driver]));
  const trackers = new Map(
    devicesAt(fleet)
      .filter((device) => device.type === "tracker")
      .map((device) => [device.vehicleId, device]),
  );
  return { fleet, vehicles: vehiclesAt(fleet), drivers, trackers };
}

/** `GET /v3/vehicle_locations`. */
export function liveLocations(context: Context): Response {
  const { url, now, metric } = context;
  const { fleet, vehicles, drivers, trackers } = fleetOf(context);
  const vehicleId = url.searchParams.get("vehicle_id");
  const status = url.searchParams.get("vehicle_status");
  const all = vehicles
    .filter((vehicle) => trackers.has(vehicle.id))
    .filter((vehicle) => vehicleId === null || String(motiveIds.vehicle(vehicle.id)) === vehicleId)
    .filter((vehicle) => status === null || (vehicle.active ? "active" : "deactivated") === status)
    .map((vehicle) => {
      const latest = latestOf(fleet, vehicle.id, now);
      const startsTrip = tripsOfDay(fleet, vehicle.id, Math.floor(now / DAY_MS)).some(
        (trip) => trip.startedAt === latest.time,
      );
      const type = latest.engineState === "off" ? "engine_stop" : startsTrip ? "engine_start" : "vehicle_moving";
      return renderCurrentVehicle(vehicle, latest, {
        type,
        driver: latest.driverId ? drivers.get(latest.driverId) : undefined,
        tracker: trackers.get(vehicle.id),
        metric,
      });
    });
  return page(url, "vehicles", "vehicle", all);
}

/** `GET /v3/vehicle_locations/{vehicle_id}`. */
export function locationHistory(context: Context, motiveVehicleId: number): Response {
  const range = dateRange(context.url);
  if (range instanceof Response) return range;
  const limit = new Date(dayStart(range.from));
  limit.setUTCMonth(limit.getUTCMonth() + MAX_HISTORY_MONTHS);
  if (dayStart(range.to) > limit.getTime()) return error(400, "Date range cannot be greater than 3 months");
  const { fleet, vehicles, drivers, trackers } = fleetOf(context);
  const vehicle = vehicles.find((candidate) => motiveIds.vehicle(candidate.id) === motiveVehicleId);
  if (!vehicle) return error(404, "Vehicle not found");

  const from = dayStart(range.from);
  const to = Math.min(dayStart(nextDay(range.to)), context.now + 1);
  const readings = new Map<number, PointReadings>();
  for (const stat of statsBetween(fleet, vehicle.id, from, to)) {
    readings.set(stat.time, { ...readings.get(stat.time), [stat.type]: stat.value });
  }
  const points: Json[] = [];
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < to; day++) {
    for (const trip of tripsOfDay(fleet, vehicle.id, day)) {
      const driver = trip.driverId ? drivers.get(trip.driverId) : undefined;
      trip.points.forEach((point, index) => {
        if (point.time < from || point.time >= to) return;
        const type = index === 0 ? "engine_start" : index === trip.points.length - 1 ? "engine_stop" : "vehicle_moving";
        points.push(
          renderLocationPoint({
            vehicleId: vehicle.id,
            point,
            type,
            driver,
            tracker: trackers.get(vehicle.id),
            readings: readings.get(point.time) ?? {},
            metric: context.metric,
          }),
        );
      });
    }
  }
  return json({ vehicle_locations: points.map((point) => ({ vehicle_location: point })) });
}

/** `GET /v1/driving_periods`. */
export function drivingPeriods(context: Context): Response {
  const range = dateRange(context.url);
  if (range instanceof Response) return range;
  if ((dayStart(range.to) - dayStart(range.from)) / DAY_MS > MAX_DRIVING_PERIOD_DAYS) {
    return error(400, "Date range cannot be greater than 30 days");
  }
  const { fleet, vehicles, drivers } = fleetOf(context);
  const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const trips = tripsBetween(
    fleet,
    vehicles.map((vehicle) => vehicle.id),
    dayStart(range.from),
    Math.min(dayStart(nextDay(range.to)), context.now + 1),
  ).sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id));
  const all = trips.map((trip) =>
    renderDrivingPeriod(trip, {
      vehicle: byId.get(trip.vehicleId)!,
      driver: trip.driverId ? drivers.get(trip.driverId) : undefined,
      metric: context.metric,
      now: context.now,
    }),
  );
  return page(context.url, "driving_periods", "driving_period", all);
}
