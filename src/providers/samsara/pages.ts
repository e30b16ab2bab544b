import type { SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";
import type { ProviderPage, ReadRequest } from "../types";
import { nextAfter, SamsaraClient, SamsaraForbiddenError, samsaraCredentials } from "./client";
import { decodeSamsaraCursor, encodeSamsaraCursor, malformedCursor, type SamsaraCursor } from "./cursor";
import { isCameraModel } from "./mapping";
import { samsaraListEnvelope, samsaraVehicleReportsEnvelope } from "./payloads";
import { safetyEventType } from "./safety";

/** `limit` of the entity lists (vehicles, drivers, tags): default and maximum 512. */
export const SAMSARA_LIST_LIMIT = 512;

/** The raw entries' `schema`: the Samsara endpoint each model's payloads come from. */
export const SAMSARA_SCHEMAS: Readonly<Record<SyncModel, string>> = {
  groups: "samsara.tags",
  vehicles: "samsara.fleet.vehicles",
  drivers: "samsara.fleet.drivers",
  devices: "samsara.gateways",
  vehicleUtilization: "samsara.fleet.reports.vehicles.fuel-energy",
  safetyEvents: "samsara.safety-events.stream",
};

const DAY_MS = 86_400_000;

/**
 * Reads one page of a model: one Samsara request, its records untouched (utilization rows
 * and camera accessories wrapped with what they do not say themselves), and the adapter's
 * cursor of the next page. A 403 (a scope the token lacks) ends the listing with a
 * `missing_permissions` issue instead of failing the sync.
 */
export async function readSamsaraPage(model: SyncModel, request: ReadRequest): Promise<ProviderPage> {
  if (!Object.hasOwn(readers, model))
    throw new ProviderError("not_supported", `Samsara: no listing of ${String(model)}.`);
  const client = new SamsaraClient(samsaraCredentials(request.credentials), request.context);
  const cursor = request.cursor === undefined ? undefined : decodeSamsaraCursor(request.cursor, model);
  const schema = SAMSARA_SCHEMAS[model];
  try {
    const page = await readers[model](client, { ...request, cursor }, model);
    return { schema, ...page };
  } catch (error) {
    if (!(error instanceof SamsaraForbiddenError)) throw error;
    return { items: [], schema, issues: [{ code: "missing_permissions", message: error.message }] };
  }
}

type Input = Omit<ReadRequest, "cursor"> & { cursor: SamsaraCursor | undefined };
type Reader = (client: SamsaraClient, input: Input, model: SyncModel) => Promise<Omit<ProviderPage, "schema">>;

const readers: Record<SyncModel, Reader> = {
  groups: (client, input, model) => readList(client, "/tags", input, model),
  vehicles: (client, input, model) => readList(client, "/fleet/vehicles", input, model),
  drivers: readDrivers,
  devices: readDevices,
  vehicleUtilization: readUtilization,
  safetyEvents: readSafetyEvents,
};

/** A plain cursor-paged list with a `limit`. */
async function readList(client: SamsaraClient, path: string, input: Input, model: SyncModel) {
  const body = await client.get(
    path,
    { limit: listLimit(input.pageSize), after: input.cursor?.after },
    samsaraListEnvelope,
  );
  const after = nextAfter(body.pagination);
  return { items: body.data, ...next(after && { model, after }) };
}

/** Active drivers, then deactivated ones: Samsara lists only active drivers unless asked. */
async function readDrivers(client: SamsaraClient, input: Input, model: SyncModel) {
  const status = input.cursor?.status ?? "active";
  const body = await client.get(
    "/fleet/drivers",
    { driverActivationStatus: status, limit: listLimit(input.pageSize), after: input.cursor?.after },
    samsaraListEnvelope,
  );
  const after = nextAfter(body.pagination);
  const following: SamsaraCursor | undefined = after
    ? { model, status, after }
    : status === "active"
      ? { model, status: "deactivated" }
      : undefined;
  return { items: body.data, ...next(following) };
}

/**
 * Gateways, each followed by its dash cams (camera accessories, wrapped with the gateway's
 * serial and asset). Accessories of other kinds are not devices of the normalized model: they
 * are counted in an `unknown_device_type` issue.
 */
async function readDevices(client: SamsaraClient, input: Input, model: SyncModel) {
  const body = await client.get("/gateways", { after: input.cursor?.after }, samsaraListEnvelope);
  const { items, unknownModels } = deviceItems(body.data);
  const after = nextAfter(body.pagination);
  return {
    items,
    ...next(after && { model, after }),
    ...(unknownModels.length
      ? {
          issues: [
            {
              code: "unknown_device_type" as const,
              message: `Samsara lists ${unknownModels.length} accessory device(s) that are neither gateways nor dash cams (models ${[...new Set(unknownModels)].join(", ")}); they were not imported.`,
            },
          ],
        }
      : {}),
  };
}

/** The devices listing's items of a page of gateways; the models of accessories left out. */
export function deviceItems(gateways: readonly unknown[]): { items: unknown[]; unknownModels: string[] } {
  const items: unknown[] = [];
  const unknownModels: string[] = [];
  for (const gateway of gateways) {
    items.push(gateway);
    if (typeof gateway !== "object" || gateway === null) continue;
    const { serial, asset, accessoryDevices } = gateway as Record<string, unknown>;
    if (!Array.isArray(accessoryDevices)) continue;
    for (const accessory of accessoryDevices) {
      const model = (accessory as { model?: unknown } | null)?.model;
      if (typeof model === "string" && isCameraModel(model)) {
        items.push({ accessory, gateway: { serial, ...(asset === undefined ? {} : { asset }) } });
      } else {
        unknownModels.push(typeof model === "string" && model ? model : "unknown");
      }
    }
  }
  return { items, unknownModels };
}

/**
 * The fuel-energy report one UTC day at a time (it aggregates over its dates, both inclusive):
 * every day of the window, each paged on its own. Rows are wrapped with their day.
 */
async function readUtilization(client: SamsaraClient, input: Input, model: SyncModel) {
  const days = windowDays(model, input.window);
  if (days.length === 0) return { items: [] };
  const date = input.cursor?.date ?? days[0]!;
  const index = days.indexOf(date);
  if (index < 0) throw malformedCursor();
  const day = `${date}T00:00:00Z`;
  const body = await client.get(
    "/fleet/reports/vehicles/fuel-energy",
    { startDate: day, endDate: day, after: input.cursor?.after },
    samsaraVehicleReportsEnvelope,
  );
  const after = nextAfter(body.pagination);
  const nextDay = days[index + 1];
  const following: SamsaraCursor | undefined = after
    ? { model, date, after }
    : nextDay
      ? { model, date: nextDay }
      : undefined;
  return { items: body.data.vehicleReports.map((vehicleReport) => ({ date, vehicleReport })), ...next(following) };
}

/**
 * v2 safety events created in the window (`queryByTimeField=createdAtTime`: an event is created
 * moments after it happens, and never again, so consecutive windows read each event once).
 * Events whose behaviour labels have no normalized type are left out.
 */
async function readSafetyEvents(client: SamsaraClient, input: Input, model: SyncModel) {
  const window = requireWindow(model, input.window);
  const body = await client.get(
    "/safety-events/stream",
    {
      startTime: window.start.toISOString(),
      endTime: window.end.toISOString(),
      queryByTimeField: "createdAtTime",
      includeAsset: "true",
      includeDriver: "true",
      after: input.cursor?.after,
    },
    samsaraListEnvelope,
  );
  const after = nextAfter(body.pagination);
  return { items: body.data.filter(hasKnownType), ...next(after && { model, after }) };
}

/** False only for an event whose labels are all readable and none has a normalized type. */
export function hasKnownType(event: unknown): boolean {
  const labels = (event as { behaviorLabels?: unknown } | null)?.behaviorLabels;
  if (!Array.isArray(labels) || !labels.every((label) => typeof label?.label === "string")) return true;
  return safetyEventType(labels) !== undefined;
}

/** The UTC days (YYYY-MM-DD) overlapping the window [start, end). */
export function windowDays(model: SyncModel, window: ReadRequest["window"]): string[] {
  const { start, end } = requireWindow(model, window);
  const days: string[] = [];
  for (let day = Math.floor(start.getTime() / DAY_MS) * DAY_MS; day < end.getTime(); day += DAY_MS) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

function requireWindow(model: SyncModel, window: ReadRequest["window"]) {
  if (!window) throw new ProviderError("malformed", `Samsara: ${model} are read by time window; none was given.`);
  return window;
}

function listLimit(pageSize: number): number {
  return Number.isFinite(pageSize) && pageSize >= 1
    ? Math.min(Math.floor(pageSize), SAMSARA_LIST_LIMIT)
    : SAMSARA_LIST_LIMIT;
}

function next(cursor: SamsaraCursor | undefined | "" | false): { nextCursor?: string } {
  return cursor ? { nextCursor: encodeSamsaraCursor(cursor) } : {};
}
