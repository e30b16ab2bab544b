import { echo } from "./echo";
import { getVehicle, getVehicleFaults, listRoute } from "./fleet-routes";
import { jsonResponse } from "./responses";
import type { Route } from "./router";
import { vehicleReport } from "./vehicle-report";

/** One path segment: an id, without slashes. */
const ID = "([^/]+)";

/** The sandbox API (docs/sandbox-passthrough.md), first match wins. */
export const SANDBOX_API: readonly Route[] = [
  { pattern: /^\/$/, methods: ["GET"], handle: () => jsonResponse(200, API_INDEX) },
  { pattern: /^\/fleet\/vehicles$/, methods: ["GET"], handle: listRoute("vehicles") },
  { pattern: new RegExp(`^/fleet/vehicles/${ID}$`), methods: ["GET"], handle: getVehicle },
  { pattern: new RegExp(`^/fleet/vehicles/${ID}/faults$`), methods: ["GET"], handle: getVehicleFaults },
  { pattern: /^\/fleet\/drivers$/, methods: ["GET"], handle: listRoute("drivers") },
  { pattern: /^\/fleet\/trailers$/, methods: ["GET"], handle: listRoute("trailers") },
  { pattern: new RegExp(`^/reports/vehicles/${ID}\\.pdf$`), methods: ["GET"], handle: vehicleReport },
  { pattern: /^\/echo$/, handle: echo },
];

/** `GET /`: what the API serves, for an application finding its way. */
const API_INDEX = {
  name: "Sandbox API",
  documentation: "docs/sandbox-passthrough.md",
  endpoints: [
    "GET /fleet/vehicles",
    "GET /fleet/vehicles/{id}",
    "GET /fleet/vehicles/{id}/faults",
    "GET /fleet/drivers",
    "GET /fleet/trailers",
    "GET /reports/vehicles/{id}.pdf",
    "GET|POST|PUT|PATCH|DELETE /echo",
  ],
};
