import { McpServer } from "@modelcontextprotocol/server";
import { registerResources } from "./resources";
import type { McpSession } from "./session";
import { registerConnectionTools } from "./tools/connections";
import { registerDriverTools } from "./tools/drivers";
import { registerAssetTools, registerGroupTools } from "./tools/fleet-assets";
import { registerHosTools } from "./tools/hos";
import { registerIftaTools } from "./tools/ifta";
import { registerLocationTools } from "./tools/locations";
import { registerSafetyTools } from "./tools/safety";
import { registerSyncTools } from "./tools/syncs";
import { registerTripTools } from "./tools/trips";
import { registerVehicleTools } from "./tools/vehicles";

/** The server's name and version, as `initialize` tells clients. */
const SERVER_INFO = { name: "telematics-api", version: "0.1.0" };

/** What clients read first (`initialize`): how to use the tools together. */
const INSTRUCTIONS = [
  "Fleet data of the application's connections (one per customer account at a telematics provider), normalized across providers.",
  "Start with list_connections; the other tools read one connection's data and take its `connectionId` (unless a Connection-Token header pins one).",
  "Lists are paged: an answer with `next` has more; call the same tool with `cursor` set to it. Distances are km, speeds km/h, durations ms, times ISO 8601 UTC.",
].join(" ");

/** The tool groups, in the order clients list them; each registers only what the session's caller may use. */
const TOOL_GROUPS = [
  registerConnectionTools,
  registerVehicleTools,
  registerDriverTools,
  registerGroupTools,
  registerAssetTools,
  registerLocationTools,
  registerTripTools,
  registerHosTools,
  registerIftaTools,
  registerSafetyTools,
  registerSyncTools,
];

/** A server for one MCP request (the handler is stateless: a server per request, the session its caller). */
export function buildMcpServer(session: McpSession): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  for (const register of TOOL_GROUPS) register(server, session);
  registerResources(server, session);
  return server;
}
