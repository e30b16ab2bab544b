import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute } from "../kit/routes";
import { latestLocationReads } from "./read";
import { LatestVehicleLocationSchema, ListLatestLocationsQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "latestVehicleLocations.list",
  tags: ["Vehicles"],
  method: "get",
  path: "/vehicles/locations",
  summary: "List the latest vehicle locations",
  description:
    "Where each visible vehicle is now, with its speed, heading, odometer, fuel level and engine state (vehicles without a known location are left out), in vehicle id order. **Freshness:** for a connection whose `syncMode` is `automatic`, the answer is at most 60 seconds behind the provider: a snapshot younger than 30 seconds is served as stored, an older one is refreshed first, once for all the requests of the connection that arrive meanwhile (they wait for that one refresh), and the refresh's provider requests are paced to the provider's limits whatever the API load. If the provider cannot be reached the last stored snapshot is served. For a `manual` connection, the snapshot of its last sync.",
  request: { query: ListLatestLocationsQuerySchema },
  responses: {
    200: {
      description: "A page of latest locations.",
      content: { "application/json": { schema: pageSchema(LatestVehicleLocationSchema, "LatestVehicleLocationPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listLatestLocationsRoute = listRoute(
  route,
  latestLocationReads,
  (query: z.output<typeof ListLatestLocationsQuerySchema>) => ({
    vehicleIds: query.vehicleIds,
    driverIds: query.driverIds,
  }),
  { beforeRead: (c, hooks) => hooks.freshenLatestLocations(c) },
);
