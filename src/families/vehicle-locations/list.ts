import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { seriesRandomPart } from "../../timeseries/point-ids";
import { LOCATION_SERIES, locationCodec } from "../../timeseries/series-codecs";
import type { FamilyRoute } from "../kit/routes";
import { seriesPage } from "../kit/series-page";
import { MAX_SERIES_WINDOW_DAYS } from "../kit/series-window";
import { VehicleIdParamsSchema } from "../vehicles/schema";
import { presentVehicleLocation } from "./present";
import { ListVehicleLocationsQuerySchema, VehicleLocationSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "vehicleLocations.list",
  tags: ["Vehicles"],
  method: "get",
  path: "/vehicles/{id}/locations",
  summary: "List a vehicle's breadcrumbs",
  description: `The vehicle's positions in [startAt, endAt) (default: the last day; at most ${MAX_SERIES_WINDOW_DAYS} days), oldest first, as often as the provider records them (GET /providers → \`VehicleLocation.sampleRate\`). Pages are keyset pages: page 1,000 costs what page 1 does. History older than the application's hot window (90 days by default) is read from object storage, one object per vehicle-day, transparently and in order. Speeds in km/h, headings in degrees. Large answers: send \`Accept-Encoding: gzip\`.`,
  request: { params: VehicleIdParamsSchema, query: ListVehicleLocationsQuerySchema },
  responses: {
    200: {
      description: "A page of breadcrumbs.",
      content: { "application/json": { schema: pageSchema(VehicleLocationSchema, "VehicleLocationPage") } },
    },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export const listVehicleLocationsRoute: FamilyRoute = {
  tag: "Vehicles",
  register: (app, middleware) =>
    app.openapi({ ...route, middleware: [...middleware] }, async (c) => {
      const { id } = c.req.valid("param");
      const query = c.req.valid("query");
      const { connection } = c.var;
      const { points, next } = await seriesPage(c, {
        operationId: route.operationId,
        vehicleId: id,
        series: [LOCATION_SERIES],
        codec: locationCodec,
        query,
      });
      const idRandom = await seriesRandomPart(id, LOCATION_SERIES);
      const results = points.map((point) =>
        presentVehicleLocation(point, { provider: connection.provider, vehicleId: id, idRandom, raw: query.raw }),
      );
      return c.json({ results, ...(next ? { next } : {}) }, 200);
    }),
};
