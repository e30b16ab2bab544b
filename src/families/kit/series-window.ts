import { z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { ApiError, badRequest } from "../../http/errors";
import { DateTimeSchema } from "../../http/schemas/common";
import { CursorQuerySchema } from "../../http/schemas/pagination";
import { vehicles } from "../vehicles/table";

const DAY_MS = 86_400_000;
/** The longest window one request of a time series may ask for. */
export const MAX_SERIES_WINDOW_DAYS = 366;
/** The window when the request names none: the last day. */
export const DEFAULT_SERIES_WINDOW_MS = DAY_MS;
export const DEFAULT_SERIES_PAGE_SIZE = 500;
export const MAX_SERIES_PAGE_SIZE = 1000;

/** The query of a vehicle's time series: a window [startAt, endAt), paging, raw payloads. */
export const seriesWindowQuery = {
  cursor: CursorQuerySchema,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SERIES_PAGE_SIZE)
    .default(DEFAULT_SERIES_PAGE_SIZE)
    .openapi({
      type: "integer",
      description: `Maximum number of points in the page: default ${DEFAULT_SERIES_PAGE_SIZE}, maximum ${MAX_SERIES_PAGE_SIZE}.`,
      example: DEFAULT_SERIES_PAGE_SIZE,
    }),
  startAt: DateTimeSchema.optional().openapi({
    description: "Start of the window, inclusive. Default: a day before `endAt`.",
    example: "2026-01-06T00:00:00.000Z",
  }),
  endAt: DateTimeSchema.optional().openapi({
    description: `End of the window, exclusive. Default: now. A window is at most ${MAX_SERIES_WINDOW_DAYS} days.`,
    example: "2026-01-07T00:00:00.000Z",
  }),
};

/** A refinement of a series query: the window is ordered and at most the documented maximum. */
export function checkSeriesWindow(query: { startAt?: string; endAt?: string }, context: z.RefinementCtx): void {
  const start = query.startAt === undefined ? undefined : Date.parse(query.startAt);
  const end = query.endAt === undefined ? undefined : Date.parse(query.endAt);
  if (start !== undefined && end !== undefined && end <= start) {
    context.addIssue({ code: "custom", message: "endAt must be after startAt.", path: ["endAt"] });
  }
  if (start !== undefined && end !== undefined && end - start > MAX_SERIES_WINDOW_DAYS * DAY_MS) {
    context.addIssue({
      code: "custom",
      message: `The window is longer than ${MAX_SERIES_WINDOW_DAYS} days; page through shorter windows.`,
      path: ["startAt"],
    });
  }
}

/**
 * The window a request reads. Defaults are resolved on the first page and carried by the
 * cursor, so the pages of one listing read one window even as "now" moves on.
 */
export function resolveWindow(
  query: { startAt?: string; endAt?: string },
  now: number,
): { start: number; end: number } {
  const end = query.endAt === undefined ? now : Date.parse(query.endAt);
  const start = query.startAt === undefined ? end - DEFAULT_SERIES_WINDOW_MS : Date.parse(query.startAt);
  if (end - start > MAX_SERIES_WINDOW_DAYS * DAY_MS) {
    throw badRequest(
      `The window from startAt to endAt (default: now) is longer than ${MAX_SERIES_WINDOW_DAYS} days.`,
      "{requestQuery}.startAt",
      "Page through shorter windows, or give endAt too.",
    );
  }
  return { start, end };
}

/** 404 unless the vehicle is one of the connection's (any visibility: its history stays readable). */
export async function requireVehicle(db: Database, connectionId: string, vehicleId: string): Promise<void> {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.connectionId, connectionId), eq(vehicles.id, vehicleId)))
    .limit(1);
  if (!row) throw new ApiError("not_found", "No vehicle with this id in this connection.");
}
