import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { VEHICLE_STAT_TYPES } from "../../model/normalized";
import { seriesRandomPart } from "../../timeseries/point-ids";
import { statCodec } from "../../timeseries/series-codecs";
import { loadRecords } from "../kit/read";
import type { FamilyRoute } from "../kit/routes";
import { seriesPage } from "../kit/series-page";
import { MAX_SERIES_WINDOW_DAYS } from "../kit/series-window";
import { presentExpandedVehicle } from "../vehicles/expanded";
import { VehicleIdParamsSchema } from "../vehicles/schema";
import { vehicles } from "../vehicles/table";
import { presentVehicleStatLog } from "./present";
import { ListVehicleStatLogsQuerySchema, VehicleStatLogSchema } from "./schema";
import { STAT_FIELDS } from "./stat-fields";

const units = VEHICLE_STAT_TYPES.map(
  (type) => `\`${type}\` → \`${STAT_FIELDS[type].field}\` (${STAT_FIELDS[type].unit})`,
);

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "vehicleStatLogs.list",
  tags: ["Vehicles"],
  method: "get",
  path: "/vehicles/{id}/stats/historical",
  summary: "List a vehicle's stat readings",
  description: `The vehicle's readings of the chosen stat types in [startAt, endAt) (default: the last day; at most ${MAX_SERIES_WINDOW_DAYS} days), oldest first; readings of one instant in the order of \`types\`. Each carries one value field chosen by its type: ${units.join("; ")}. Keyset pages: a deep page costs what the first does.`,
  request: { params: VehicleIdParamsSchema, query: ListVehicleStatLogsQuerySchema },
  responses: {
    200: {
      description: "A page of stat readings.",
      content: { "application/json": { schema: pageSchema(VehicleStatLogSchema, "VehicleStatLogPage") } },
    },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export const listVehicleStatLogsRoute: FamilyRoute = {
  tag: "Vehicles",
  register: (app, middleware) =>
    app.openapi({ ...route, middleware: [...middleware] }, async (c) => {
      const { id } = c.req.valid("param");
      const query = c.req.valid("query");
      const { connection } = c.var;
      const types = query.types ?? [...VEHICLE_STAT_TYPES];
      const { points, next } = await seriesPage(c, {
        operationId: route.operationId,
        vehicleId: id,
        series: types,
        codec: statCodec,
        query,
      });
      const idRandoms = new Map(
        await Promise.all(types.map(async (type) => [type as string, await seriesRandomPart(id, type)] as const)),
      );
      const expanded =
        query.expand === "vehicle" ? (await loadRecords(c.var.data, vehicles, connection.id, [id])).get(id) : undefined;
      const vehicle = expanded ? presentExpandedVehicle(expanded) : id;
      const results = points.map((point) =>
        presentVehicleStatLog(point, {
          provider: connection.provider,
          vehicle,
          idRandom: idRandoms.get(point.series) ?? "",
          raw: query.raw,
        }),
      );
      return c.json({ results, ...(next ? { next } : {}) }, 200);
    }),
};
