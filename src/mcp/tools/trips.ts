/**
 * What vehicles did: trips and daily utilization (GET /trips, GET /vehicles/utilization), with
 * the routes' own filters (a vehicle's trips in a window: `vehicleIds` and the start/end bounds).
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { ListTripsQuerySchema } from "../../families/trips/schema";
import { ListUtilizationQuerySchema } from "../../families/vehicle-utilization/schema";
import type { McpSession } from "../session";
import { pageSummary, registerApiTool } from "./kit";

type Ref = string | { id: string };
type TripView = { id: string; vehicle: Ref; startedAt: string; endedAt: string; distance?: number; duration: number };
type UtilizationView = {
  vehicle: Ref;
  startAt: string;
  distance: number;
  fuelConsumed: number;
  durations: { driving: number; idling: number };
};

const idOf = (ref: Ref) => (typeof ref === "object" ? ref.id : ref);
const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

const describeTrip = (trip: TripView) =>
  `- ${trip.id}: vehicle ${idOf(trip.vehicle)}, ${trip.startedAt} → ${trip.endedAt}, ${minutes(trip.duration)}${trip.distance === undefined ? "" : `, ${trip.distance} km`}`;

const describeDay = (day: UtilizationView) =>
  `- ${idOf(day.vehicle)} on ${day.startAt.slice(0, 10)}: ${day.distance} km, ${day.fuelConsumed} L, driving ${minutes(day.durations.driving)}, idling ${minutes(day.durations.idling)}`;

/** Trips and utilization of a connection's vehicles. */
export function registerTripTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "list_trips",
    title: "List trips",
    description:
      "The connection's trips, oldest start first: vehicle, driver, start and end (ISO UTC) and locations (WGS 84 degrees), distance (km), duration (ms). Filters: `vehicleIds`/`driverIds` (comma-separated, at most 50), `startedAfter`/`startedBefore` and `endedAfter`/`endedBefore` (ISO UTC; after inclusive, before exclusive). Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListTripsQuerySchema,
    request: (args) => ({ method: "GET", path: "/trips", query: args }),
    summary: (body) =>
      [pageSummary(body, "trips"), ...(body as { results: TripView[] }).results.map(describeTrip)].join("\n"),
  });
  registerApiTool(server, session, {
    name: "vehicle_utilization",
    title: "Vehicle utilization",
    description:
      "Daily distance (km), fuel used (litres), and driving and idling time (ms) per vehicle, for the days `startDate`..`endDate` (YYYY-MM-DD, inclusive). With `vehicleIds` the days come vehicle by vehicle, each in date order; without, day by day across the fleet. Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListUtilizationQuerySchema,
    request: (args) => ({ method: "GET", path: "/vehicles/utilization", query: args }),
    summary: (body) =>
      [pageSummary(body, "vehicle-days"), ...(body as { results: UtilizationView[] }).results.map(describeDay)].join(
        "\n",
      ),
  });
}
