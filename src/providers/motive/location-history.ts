import { z } from "@hono/zod-openapi";
import { ProviderError } from "../errors";
import { requireWindow, windowDays } from "../kit/windows";
import type { ProviderPage, ReadRequest } from "../types";
import { MOTIVE_METRIC_UNITS, MotiveClient, MotiveForbiddenError, PROVIDER } from "./client";
import {
  decodeMotiveHistoryCursor,
  encodeMotiveHistoryCursor,
  HISTORY_LISTING_PER_PAGE,
  type MotiveHistoryCursor,
} from "./history-cursor";
import { missingPermissions } from "./listing";

/** The raw entries' `schema`: the endpoint the points came from. */
export const HISTORY_SCHEMA = "/v3/vehicle_locations/{vehicle_id}";

/**
 * Days of one vehicle's history one request asks for: Motive answers a range (up to 3 months)
 * in one un-paginated array, so a week keeps an answer to a week of one vehicle's points
 * while asking each vehicle a few times per window, not once a day.
 */
export const HISTORY_SPAN_DAYS = 7;

/**
 * Provider requests one page of the walk makes at most: enough to make a page worth the
 * engine's round trip, few enough that a page stays a short piece of work.
 */
export const MAX_HISTORY_REQUESTS_PER_PAGE = 10;

/** One point as read: Motive's point, beside its vehicle and the unit system asked for. */
export type HistoryItem = { vehicle_id: number; metric_units: boolean; vehicle_location: unknown };

const VEHICLES = { list: "vehicles", item: "vehicle" };
const withId = z.object({ id: z.number().int().nonnegative() });
/** The history answer: one un-paginated wrapped array (providers-families.md 2.1). */
const historyAnswer = z.object({ vehicle_locations: z.array(z.object({ vehicle_location: z.unknown() })) });

/**
 * Reads the window's location points of every vehicle, for the models built on them
 * (breadcrumbs, stat logs). Motive has no fleet-wide history: `GET /v3/vehicle_locations/{id}`
 * answers one vehicle's points of whole days (`start_date`, `end_date`: UTC days, inclusive, as
 * observed in production), un-paginated. So the walk lists the vehicles (`/v1/vehicles`) and
 * asks each vehicle's history HISTORY_SPAN_DAYS at a time, which bounds an answer to a week of
 * one vehicle's points; points outside the exact window are left out. A page ends after
 * `pageSize` points, MAX_HISTORY_REQUESTS_PER_PAGE requests, or with the listed vehicles
 * (history-cursor.ts; its `day` is the first day of a span).
 *
 * A page makes several requests, so a transient failure after the first keeps what was read:
 * the page ends there, its cursor at the request that failed, which the next page makes first
 * (and which, failing again, fails that page for the engine to retry with its backoff).
 *
 * Each item is one point, Motive's object untouched beside the vehicle it belongs to and the
 * unit system asked for (validated by the models as `motiveVehicleLocation`); `keep` says which
 * points the model uses.
 */
export function readLocationHistory(
  model: "vehicleLocations" | "vehicleStatLogs",
  keep: (item: HistoryItem) => boolean = () => true,
): (request: ReadRequest) => Promise<ProviderPage> {
  return async (request) => {
    const window = requireWindow(PROVIDER, model, request.window);
    const days = windowDays(window);
    if (days.length === 0) return { items: [], schema: HISTORY_SCHEMA };
    const spans = days.filter((_, index) => index % HISTORY_SPAN_DAYS === 0);
    const client = MotiveClient.of(request.context, request.credentials);
    const start = window.start.getTime();
    const end = window.end.getTime();
    const items: HistoryItem[] = [];
    let cursor: MotiveHistoryCursor | undefined =
      request.cursor === undefined ? { page: 1 } : decodeMotiveHistoryCursor(request.cursor, spans);
    let requests = 0;
    const pageSoFar = (): ProviderPage => ({
      items,
      schema: HISTORY_SCHEMA,
      ...(cursor ? { nextCursor: encodeMotiveHistoryCursor(cursor) } : {}),
    });
    try {
      if (!("vehicles" in cursor)) {
        requests++;
        cursor = await listVehicles(client, cursor.page, days[0]!);
      }
      while (cursor && "vehicles" in cursor && requests < MAX_HISTORY_REQUESTS_PER_PAGE) {
        if (items.length >= Math.max(1, request.pageSize)) break;
        const vehicleId = cursor.vehicles[0]!;
        requests++;
        const spanStart = days.indexOf(cursor.day);
        // A vehicle removed since it was listed (404) has no history to read.
        const body = await client.getOrNull(`/v3/vehicle_locations/${vehicleId}`, {
          start_date: cursor.day,
          end_date: days[Math.min(days.length, spanStart + HISTORY_SPAN_DAYS) - 1],
        });
        for (const point of pointsOf(body, vehicleId)) {
          const item: HistoryItem = {
            vehicle_id: vehicleId,
            metric_units: MOTIVE_METRIC_UNITS,
            vehicle_location: point,
          };
          const at = locatedAt(point);
          // A point without a readable time is kept: normalize rejects it and the sync reports it.
          if ((at === undefined || (at >= start && at < end)) && keep(item)) items.push(item);
        }
        cursor = after(cursor, spans);
      }
    } catch (error) {
      if (error instanceof MotiveForbiddenError) {
        return {
          items,
          schema: HISTORY_SCHEMA,
          issues: [missingPermissions(`${error.message} Vehicle location history was not read.`)],
        };
      }
      const progressed = requests > 1 || items.length > 0;
      if (progressed && error instanceof ProviderError && error.transient) return pageSoFar();
      throw error;
    }
    return pageSoFar();
  };
}

/** A page of the vehicles listing, as the cursor that reads their histories from the window's first day. */
async function listVehicles(
  client: MotiveClient,
  page: number,
  firstDay: string,
): Promise<MotiveHistoryCursor | undefined> {
  const listing = await client.list("/v1/vehicles", VEHICLES, {}, { no: page, perPage: HISTORY_LISTING_PER_PAGE });
  const vehicles = listing.items.map((vehicle) => {
    const parsed = withId.safeParse(vehicle);
    if (!parsed.success)
      throw new ProviderError("malformed", `${PROVIDER}: /v1/vehicles listed a vehicle without an id.`);
    return parsed.data.id;
  });
  if (vehicles.length === 0) return listing.hasMore ? { page: page + 1 } : undefined;
  return { page, day: firstDay, vehicles, more: listing.hasMore };
}

/** Where the walk goes after a vehicle's span: its next span, the next vehicle, the next listing page, or the end. */
function after(cursor: Extract<MotiveHistoryCursor, { vehicles: unknown }>, spans: readonly string[]) {
  const nextSpan = spans[spans.indexOf(cursor.day) + 1];
  if (nextSpan !== undefined) return { ...cursor, day: nextSpan };
  if (cursor.vehicles.length > 1) return { ...cursor, day: spans[0]!, vehicles: cursor.vehicles.slice(1) };
  return cursor.more ? { page: cursor.page + 1 } : undefined;
}

/** The points of a history answer, Motive's inner objects untouched; none for a vehicle that is gone. */
function pointsOf(body: unknown, vehicleId: number): unknown[] {
  if (body === null) return [];
  const parsed = historyAnswer.safeParse(body);
  if (!parsed.success) {
    throw new ProviderError(
      "malformed",
      `${PROVIDER}: the location history of vehicle ${vehicleId} is not a \`vehicle_locations\` list.`,
    );
  }
  return parsed.data.vehicle_locations.map((element) => element.vehicle_location);
}

function locatedAt(point: unknown): number | undefined {
  const at = (point as { located_at?: unknown } | null)?.located_at;
  const ms = typeof at === "string" ? Date.parse(at) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
}
