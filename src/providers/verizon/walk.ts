import { z } from "@hono/zod-openapi";
import type { SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";
import { cursorCodec } from "../kit/cursor";
import { DAY_MS, requireWindow, utcDayStart, windowDays } from "../kit/windows";
import type { ProviderPage, ReadRequest } from "../types";
import { PROVIDER, VerizonClient, VerizonForbiddenError } from "./client";
import { vehicleNumbers } from "./listing";

/**
 * Requests of one vehicle-day one page makes at most: enough to make a page worth the engine's
 * round trip, few enough that a page stays a short piece of work.
 */
export const MAX_DAY_REQUESTS_PER_PAGE = 10;

/** Where a walk resumes: the vehicle (by number) and the UTC day (YYYY-MM-DD) to read next. */
type WalkCursor = { v: string; d: string };

const codec = cursorCodec<WalkCursor>({
  provider: PROVIDER,
  write: (cursor) => cursor,
  read: z.object({ v: z.string().min(1).max(200), d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
});

/** One vehicle-day to read: the vehicle, and the day's part inside the window ([from, to)). */
export type VehicleDay = { vehicleNumber: string; day: string; from: number; to: number };

/**
 * Reads a windowed model vehicle by vehicle, one UTC day at a time: Verizon has no fleet-wide
 * history, and answers a vehicle's points or segments without paging (segments a 24 h window
 * per call). The vehicles are listed (sorted by number; the list is reused for a minute,
 * listing.ts) and the walk resumes at the cursor's vehicle and day, so a vehicle added or removed
 * between pages is read or skipped without losing the others. A page ends after `pageSize` items, MAX_DAY_REQUESTS_PER_PAGE
 * requests, or with the last vehicle's last day.
 *
 * A transient failure after some progress keeps what was read: the page ends there, its cursor
 * at the vehicle-day that failed, which the next page reads first (and which, failing again,
 * fails that page for the engine to retry). A 403 (the app may not read this API product)
 * ends the walk with a `missing_permissions` issue; a 404 skips the vehicle-day (skipRemovedVehicle).
 */
export function walkVehicleDays(
  model: SyncModel,
  schema: string,
  readDay: (client: VerizonClient, day: VehicleDay) => Promise<unknown[]>,
  /** `window`: one request per vehicle for the whole window (an endpoint without dates), as its first day. */
  span: "day" | "window" = "day",
): (request: ReadRequest) => Promise<ProviderPage> {
  return async (request) => {
    const window = requireWindow(PROVIDER, model, request.window);
    const days = span === "day" ? windowDays(window) : windowDays(window).slice(0, 1);
    const client = VerizonClient.of(request.context, request.credentials);
    const numbers = days.length === 0 ? [] : await vehicleNumbers(client, request.connection.id);
    const start = request.cursor === undefined ? undefined : codec.decode(request.cursor, (c) => days.includes(c.d));
    let position = positionOf(numbers, days, start);
    const items: unknown[] = [];
    let requests = 0;
    const page = (): ProviderPage => ({
      items,
      schema,
      ...(position ? { nextCursor: codec.encode({ v: numbers[position.vehicle]!, d: days[position.day]! }) } : {}),
    });
    try {
      while (position && requests < MAX_DAY_REQUESTS_PER_PAGE && items.length < Math.max(1, request.pageSize)) {
        const day = days[position.day]!;
        const dayStart = utcDayStart(day);
        requests++;
        items.push(
          ...(await readDay(client, {
            vehicleNumber: numbers[position.vehicle]!,
            day,
            from: Math.max(dayStart, window.start.getTime()),
            to: span === "day" ? Math.min(dayStart + DAY_MS, window.end.getTime()) : window.end.getTime(),
          }).catch(skipRemovedVehicle)),
        );
        position = after(position, numbers.length, days.length);
      }
    } catch (error) {
      if (error instanceof VerizonForbiddenError) {
        return { items, schema, issues: [{ code: "missing_permissions", message: error.message }] };
      }
      if (error instanceof ProviderError && error.transient && (requests > 1 || items.length > 0)) return page();
      throw error;
    }
    return page();
  };
}

type Position = { vehicle: number; day: number };

/** The first vehicle-day to read: the cursor's, or the first day of the first vehicle at or after its number. */
function positionOf(numbers: string[], days: string[], cursor: WalkCursor | undefined): Position | undefined {
  if (numbers.length === 0 || days.length === 0) return undefined;
  if (!cursor) return { vehicle: 0, day: 0 };
  const vehicle = numbers.findIndex((number) => number >= cursor.v);
  if (vehicle < 0) return undefined;
  return { vehicle, day: numbers[vehicle] === cursor.v ? days.indexOf(cursor.d) : 0 };
}

function after(position: Position, vehicles: number, days: number): Position | undefined {
  if (position.day + 1 < days) return { ...position, day: position.day + 1 };
  return position.vehicle + 1 < vehicles ? { vehicle: position.vehicle + 1, day: 0 } : undefined;
}

/**
 * A 404 on a vehicle's path: most often the vehicle was removed since it was listed, which has
 * nothing left to read (Verizon also answers 404 for an API product the app may not use [OBS];
 * that 404 then leaves every vehicle empty, while its 403 is reported as an issue).
 */
function skipRemovedVehicle(error: unknown): unknown[] {
  if (error instanceof VerizonForbiddenError && error.status === 404) return [];
  throw error;
}
