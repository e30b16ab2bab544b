/**
 * The MCP tools of a connection's drivers: list_drivers and get_driver answer what GET /drivers and
 * GET /drivers/{id} answer (same query schema, same body), with a line per driver as text.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { DriverIdParamsSchema, GetDriverQuerySchema, ListDriversQuerySchema } from "../../families/drivers/schema";
import type { McpSession } from "../session";
import { pageSummary, registerApiTool } from "./kit";

type DriverView = {
  id: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  status?: string;
  metadata?: { visibility?: string };
};

const describeDriver = (driver: DriverView) => {
  const name = [driver.firstName, driver.lastName].filter(Boolean).join(" ") || driver.username || "(no name)";
  const visibility = driver.metadata?.visibility && driver.metadata.visibility !== "visible";
  return `${driver.id}: ${name}, ${driver.status ?? "status unknown"}${visibility ? ` (${driver.metadata?.visibility})` : ""}`;
};

/** Drivers of a connection (GET /drivers, GET /drivers/{id}). */
export function registerDriverTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "list_drivers",
    title: "List drivers",
    description:
      "The connection's drivers (id, name, email, phone, username, license, status, groups; createdAt/updatedAt ISO UTC), in a stable order. `hidden`/`deleted` add drivers the connection's filters hide or the provider deleted; `expand=groups` turns group ids into objects; `modifiedAfter`/`modifiedBefore` (ISO UTC) bound when they last changed. Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListDriversQuerySchema,
    request: (args) => ({ method: "GET", path: "/drivers", query: args }),
    summary: (body) =>
      [pageSummary(body, "drivers"), ...(body as { results: DriverView[] }).results.map(describeDriver)].join("\n"),
  });
  registerApiTool(server, session, {
    name: "get_driver",
    title: "Get a driver",
    description:
      "One driver of the connection by id (`drv_…`), hidden and deleted ones included; `expand=groups` turns group ids into objects.",
    scope: "connection",
    input: DriverIdParamsSchema.extend(GetDriverQuerySchema.shape),
    request: ({ id, ...query }) => ({ method: "GET", path: `/drivers/${id}`, query }),
    summary: (body) => describeDriver(body as DriverView),
  });
}
