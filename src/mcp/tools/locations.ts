/**
 * Where vehicles and trailers are now, and where a vehicle went (GET /vehicles/locations,
 * GET /trailers/locations, GET /vehicles/{id}/locations, GET /vehicles/{id}/stats/historical).
 * The latest-location tools add `near`, the one filter the routes lack (near.ts): it is applied to
 * one page of the route's answer, so an answer stays one API page and its `next` still continues.
 */
import { z } from "@hono/zod-openapi";
import type { McpServer } from "@modelcontextprotocol/server";
import { ListLatestLocationsQuerySchema } from "../../families/latest-locations/schema";
import { ListLatestTrailerLocationsQuerySchema } from "../../families/latest-trailer-locations/schema";
import { ListVehicleLocationsQuerySchema } from "../../families/vehicle-locations/schema";
import { ListVehicleStatLogsQuerySchema } from "../../families/vehicle-stat-logs/schema";
import { STAT_FIELDS } from "../../families/vehicle-stat-logs/stat-fields";
import { VehicleIdParamsSchema } from "../../families/vehicles/schema";
import { MAX_PAGE_SIZE } from "../../http/schemas/pagination";
import { checkNear, MAX_NEAR_RADIUS_KM, type Near, type Position, withinRadius } from "../near";
import type { McpSession } from "../session";
import { pageSummary, registerApiTool } from "./kit";

/** The `near` argument: typed here, its ranges checked by checkNear so a bad value is the contract's bad_request. */
const NearArgument = z
  .object({
    latitude: z.number().describe("WGS 84 degrees, -90 to 90."),
    longitude: z.number().describe("WGS 84 degrees, -180 to 180."),
    radiusKm: z.number().describe(`km, more than 0 and at most ${MAX_NEAR_RADIUS_KM}.`),
  })
  .optional()
  .describe(
    "Keeps only what is within radiusKm of the point, nearest first, each with `distanceKm`. Applied to one page of the route's answer (the largest page the route gives): continue with `next` to check the following ones.",
  );

type Page<T> = { results: T[]; next?: string };
type Located = { location?: Position; locatedAt?: string; speed?: number; heading?: number; distanceKm?: number };
type Ref = string | { id: string; name?: string };

/** Each stat type's value field and unit, as the route documents them. */
const STAT_UNITS = Object.entries(STAT_FIELDS)
  .map(([type, { field, unit }]) => `${type} → ${field} (${unit})`)
  .join("; ");

const idOf = (ref: Ref | undefined) => (typeof ref === "object" ? ref.id : ref);

/** The request of a latest-location route: with `near`, its whole largest page, so the filter sees the most it can. */
function latestRequest<Q extends { near?: Near; limit?: number }>(path: string, args: Q) {
  const { near, ...query } = args;
  if (near) checkNear(near);
  return { method: "GET" as const, path, query: near ? { ...query, limit: MAX_PAGE_SIZE } : query };
}

/** The route's page with only what is near, plus what the summary needs: how many the page held. */
function refineNear(body: unknown, near: Near | undefined) {
  if (!near) return body;
  const page = body as Page<Located>;
  return {
    results: withinRadius(page.results, near),
    ...(page.next ? { next: page.next } : {}),
    near: { ...near, checked: page.results.length },
  };
}

/** One line per item: what, where, when, how fast, and how far when `near` was given. */
function describeLocated(item: Located, what: string): string {
  const where = item.location ? `(${item.location.latitude}, ${item.location.longitude})` : "(no position)";
  const distance = item.distanceKm === undefined ? "" : `${item.distanceKm} km away, `;
  const speed = item.speed === undefined ? "" : `, ${item.speed} km/h`;
  return `- ${what}: ${distance}at ${where} at ${item.locatedAt}${speed}`;
}

/** The summary of a latest-location answer; with `near`, how many of the page were within the radius. */
function latestSummary(body: unknown, near: Near | undefined, noun: string, what: (item: Located) => string) {
  const page = body as Page<Located> & { near?: { checked: number } };
  const lines = page.results.map((item) => describeLocated(item, what(item)));
  if (!near) return [pageSummary(body, noun), ...lines].join("\n");
  const head = `${page.results.length} of the page's ${page.near?.checked ?? 0} ${noun} are within ${near.radiusKm} km of (${near.latitude}, ${near.longitude}).`;
  const more = page.next
    ? `More ${noun} follow beyond this page: call again with the same arguments and cursor "${page.next}" to check them.`
    : `That was the last page: no other ${noun} are within the radius.`;
  return [head, more, ...lines].join("\n");
}

/** The latest locations and a vehicle's history. */
export function registerLocationTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "latest_vehicle_locations",
    title: "Latest vehicle locations",
    description:
      "Where each vehicle is now: position (WGS 84 degrees), time (ISO UTC), speed (km/h), heading (degrees), odometer (km), fuel (%), engine state; in vehicle id order. `near` keeps the vehicles within a radius of a point, nearest first with `distanceKm` (km). Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListLatestLocationsQuerySchema.extend({ near: NearArgument }),
    request: (args) => latestRequest("/vehicles/locations", args),
    refine: (body, args) => refineNear(body, args.near),
    summary: (body, args) =>
      latestSummary(body, args.near, "vehicles", (item) => idOf((item as { vehicle?: Ref }).vehicle) ?? "?"),
  });
  registerApiTool(server, session, {
    name: "latest_trailer_locations",
    title: "Latest trailer locations",
    description:
      "Where each trailer is now: position (WGS 84 degrees), time (ISO UTC), speed (km/h), heading (degrees); in trailer id order. `near` keeps the trailers within a radius of a point, nearest first with `distanceKm` (km). Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListLatestTrailerLocationsQuerySchema.extend({ near: NearArgument }),
    request: (args) => latestRequest("/trailers/locations", args),
    refine: (body, args) => refineNear(body, args.near),
    summary: (body, args) =>
      latestSummary(body, args.near, "trailers", (item) => idOf((item as { trailer?: Ref }).trailer) ?? "?"),
  });
  registerApiTool(server, session, {
    name: "vehicle_breadcrumbs",
    title: "Vehicle breadcrumbs",
    description:
      "A vehicle's positions in the window [startAt, endAt) (ISO UTC; default: the last day; at most 366 days), oldest first: position (WGS 84 degrees), speed (km/h), heading (degrees). Paged (up to 1,000 points a page): pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListVehicleLocationsQuerySchema.extend(VehicleIdParamsSchema.shape),
    request: ({ id, ...query }) => ({ method: "GET", path: `/vehicles/${id}/locations`, query }),
    summary: (body) => [pageSummary(body, "breadcrumbs"), spanOf(body as Page<{ locatedAt: string }>)].join("\n"),
  });
  registerApiTool(server, session, {
    name: "vehicle_stats",
    title: "Vehicle stat readings",
    description: `A vehicle's stat readings in the window [startAt, endAt) (ISO UTC; default: the last day; at most 366 days), oldest first. \`types\` (comma-separated; default all) chooses them; each reading carries one value field: ${STAT_UNITS}. Paged: pass the previous answer's \`next\` as \`cursor\`.`,
    scope: "connection",
    input: ListVehicleStatLogsQuerySchema.extend(VehicleIdParamsSchema.shape),
    request: ({ id, ...query }) => ({ method: "GET", path: `/vehicles/${id}/stats/historical`, query }),
    summary: (body) =>
      [pageSummary(body, "readings"), spanOf(body as Page<{ timestamp: string }>, "timestamp")].join("\n"),
  });
}

/** When a page's first and last points were: the part of the window it covers. */
function spanOf<T extends Record<string, unknown>>(page: Page<T>, field: keyof T = "locatedAt"): string {
  const first = page.results[0]?.[field];
  const last = page.results.at(-1)?.[field];
  return first === undefined ? "No points in the window." : `From ${String(first)} to ${String(last)}.`;
}
