/**
 * The MCP tools of a connection's groups, devices and trailers: list_* and get_* answer what
 * GET /groups, /devices, /trailers and their /{id} routes answer (same query schemas, same
 * bodies), with a line per record as text.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { DeviceIdParamsSchema, GetDeviceQuerySchema, ListDevicesQuerySchema } from "../../families/devices/schema";
import { GetGroupQuerySchema, GroupIdParamsSchema, ListGroupsQuerySchema } from "../../families/groups/schema";
import { GetTrailerQuerySchema, ListTrailersQuerySchema, TrailerIdParamsSchema } from "../../families/trailers/schema";
import type { McpSession } from "../session";
import { pageSummary, registerApiTool } from "./kit";

/** A reference as the answer has it: an id, or the record itself with `expand`. */
type Reference = string | { id: string } | undefined;
const idOf = (reference: Reference) => (typeof reference === "object" ? reference.id : reference);

type Metadata = { metadata?: { visibility?: string } };
const visibilityNote = ({ metadata }: Metadata) =>
  metadata?.visibility && metadata.visibility !== "visible" ? ` (${metadata.visibility})` : "";

type GroupView = Metadata & { id: string; name?: string; parent?: Reference };
const describeGroup = (group: GroupView) =>
  `${group.id}: ${group.name ?? "(no name)"}${group.parent ? `, in ${idOf(group.parent)}` : ""}${visibilityNote(group)}`;

type DeviceView = Metadata & { id: string; type?: string; serialNumber?: string; vehicle?: Reference };
const describeDevice = (device: DeviceView) =>
  `${device.id}: ${device.type ?? "device"}${device.serialNumber ? ` ${device.serialNumber}` : ""}${
    device.vehicle ? `, in ${idOf(device.vehicle)}` : ", in no vehicle"
  }${visibilityNote(device)}`;

type TrailerView = Metadata & { id: string; name?: string; vin?: string; status?: string; vehicle?: Reference };
const describeTrailer = (trailer: TrailerView) =>
  `${trailer.id}: ${trailer.name ?? "(no name)"}${trailer.vin ? `, VIN ${trailer.vin}` : ""}, ${
    trailer.status ?? "status unknown"
  }${trailer.vehicle ? `, hitched to ${idOf(trailer.vehicle)}` : ""}${visibilityNote(trailer)}`;

const lines = <T>(body: unknown, noun: string, describe: (record: T) => string) =>
  [pageSummary(body, noun), ...(body as { results: T[] }).results.map(describe)].join("\n");

/** What every list's description says of its common query. */
const LIST_QUERY =
  "`deleted` adds those the provider deleted; `modifiedAfter`/`modifiedBefore` (ISO UTC) bound when they last changed; `raw` adds the provider's payloads. Paged: pass the previous answer's `next` as `cursor`.";

/** Groups of a connection (GET /groups, GET /groups/{id}). */
export function registerGroupTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "list_groups",
    title: "List groups",
    description: `The connection's groups of vehicles and drivers (tags, regions, fleets at the provider: id, name, description, parent), in a stable order; \`expand=parent\` turns the parent id into the group. ${LIST_QUERY}`,
    scope: "connection",
    input: ListGroupsQuerySchema,
    request: (args) => ({ method: "GET", path: "/groups", query: args }),
    summary: (body) => lines(body, "groups", describeGroup),
  });
  registerApiTool(server, session, {
    name: "get_group",
    title: "Get a group",
    description:
      "One group of the connection by id (`group_…`), deleted ones included; `expand=parent` turns the parent id into the group.",
    scope: "connection",
    input: GroupIdParamsSchema.extend(GetGroupQuerySchema.shape),
    request: ({ id, ...query }) => ({ method: "GET", path: `/groups/${id}`, query }),
    summary: (body) => describeGroup(body as GroupView),
  });
}

/** Telematics devices and trailers of a connection (GET /devices, /trailers and their /{id} routes). */
export function registerAssetTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "list_devices",
    title: "List devices",
    description: `The connection's telematics devices (trackers and cameras: id, type, serial number, the vehicle they are installed in, lastConnectedAt ISO UTC), in a stable order; \`expand=vehicle\` turns the vehicle id into the vehicle. ${LIST_QUERY}`,
    scope: "connection",
    input: ListDevicesQuerySchema,
    request: (args) => ({ method: "GET", path: "/devices", query: args }),
    summary: (body) => lines(body, "devices", describeDevice),
  });
  registerApiTool(server, session, {
    name: "get_device",
    title: "Get a device",
    description:
      "One telematics device of the connection by id (`dvc_…`), deleted ones included; `expand=vehicle` turns the vehicle id into the vehicle.",
    scope: "connection",
    input: DeviceIdParamsSchema.extend(GetDeviceQuerySchema.shape),
    request: ({ id, ...query }) => ({ method: "GET", path: `/devices/${id}`, query }),
    summary: (body) => describeDevice(body as DeviceView),
  });
  registerApiTool(server, session, {
    name: "list_trailers",
    title: "List trailers",
    description: `The connection's trailers (id, name, VIN, serial number, make, model, year, plate, groups, the vehicle they are hitched to where the provider says), in a stable order; a trailer hitched to a vehicle the connection's filters hide is left out. \`expand=groups\` turns group ids into objects. ${LIST_QUERY}`,
    scope: "connection",
    input: ListTrailersQuerySchema,
    request: (args) => ({ method: "GET", path: "/trailers", query: args }),
    summary: (body) => lines(body, "trailers", describeTrailer),
  });
  registerApiTool(server, session, {
    name: "get_trailer",
    title: "Get a trailer",
    description:
      "One trailer of the connection by id (`trl_…`), whatever its visibility (deleted, or hitched to a hidden vehicle); `expand=groups` turns group ids into objects.",
    scope: "connection",
    input: TrailerIdParamsSchema.extend(GetTrailerQuerySchema.shape),
    request: ({ id, ...query }) => ({ method: "GET", path: `/trailers/${id}`, query }),
    summary: (body) => describeTrailer(body as TrailerView),
  });
}
