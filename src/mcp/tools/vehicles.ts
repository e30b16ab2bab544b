import type { McpServer } from "@modelcontextprotocol/server";
import { GetVehicleQuerySchema, ListVehiclesQuerySchema, VehicleIdParamsSchema } from "../../families/vehicles/schema";
import type { McpSession } from "../session";
import { pageSummary, registerApiTool } from "./kit";

type VehicleView = { id: string; name?: string; vin?: string; status?: string };

const describeVehicle = (vehicle: VehicleView) =>
  `${vehicle.id}: ${vehicle.name ?? "(no name)"}${vehicle.vin ? `, VIN ${vehicle.vin}` : ""}, ${vehicle.status ?? "status unknown"}`;

/** Vehicles of a connection (GET /vehicles, GET /vehicles/{id}). */
export function registerVehicleTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "list_vehicles",
    title: "List vehicles",
    description:
      "The connection's vehicles (id, name, VIN, make, model, year, status, groups…). Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListVehiclesQuerySchema,
    request: (args) => ({ method: "GET", path: "/vehicles", query: args }),
    summary: (body) =>
      [pageSummary(body, "vehicles"), ...(body as { results: VehicleView[] }).results.map(describeVehicle)].join("\n"),
  });
  registerApiTool(server, session, {
    name: "get_vehicle",
    title: "Get a vehicle",
    description: "One vehicle of the connection by id.",
    scope: "connection",
    input: VehicleIdParamsSchema.extend(GetVehicleQuerySchema.shape),
    request: ({ id, ...query }) => ({ method: "GET", path: `/vehicles/${id}`, query }),
    summary: (body) => describeVehicle(body as VehicleView),
  });
}
