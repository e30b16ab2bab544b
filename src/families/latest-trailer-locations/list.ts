import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute } from "../kit/routes";
import { latestTrailerLocationReads } from "./read";
import { LatestTrailerLocationSchema, ListLatestTrailerLocationsQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "latestTrailerLocations.list",
  tags: ["Trailers"],
  method: "get",
  path: "/trailers/locations",
  summary: "List the latest trailer locations",
  description:
    "Where each listed trailer is now (trailers without a known location are left out), in trailer id order. A trailer is located by its own tracker (Samsara, Motive asset gateways) or, where the provider has none, by the vehicle it is hitched to (Geotab). **Freshness:** as for the latest vehicle locations: for an `automatic` connection at most 60 seconds behind the provider, one refresh per connection for all the requests that arrive meanwhile, paced to the provider's limits; the last stored snapshot when the provider cannot be reached; for a `manual` connection, the snapshot of its last sync.",
  request: { query: ListLatestTrailerLocationsQuerySchema },
  responses: {
    200: {
      description: "A page of latest trailer locations.",
      content: {
        "application/json": { schema: pageSchema(LatestTrailerLocationSchema, "LatestTrailerLocationPage") },
      },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listLatestTrailerLocationsRoute = listRoute(route, latestTrailerLocationReads, () => ({}), {
  beforeRead: (c, hooks) => hooks.freshenLatestTrailerLocations(c),
});
