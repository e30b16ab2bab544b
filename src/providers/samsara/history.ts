import type { TimeWindow } from "../kit/windows";
import { nextAfter, type SamsaraClient } from "./client";
import { samsaraListEnvelope } from "./payloads";

/**
 * One page of `GET /fleet/vehicles/stats/history` (providers-families.md 1.1, 1.5): the vehicles
 * of the page with their readings of `types` in the window [start, end), and Samsara's cursor of
 * the next page. No `limit` (Samsara sizes its pages), and a page may be empty or short while
 * `hasNextPage` is true: `nextAfter` keeps paging on the cursor alone.
 *
 * The history may answer readings outside the window (its guide's example lists some from the
 * day before `startTime`): they are dropped here, so that each window reads only its own. A
 * vehicle left with no reading is dropped too; anything that is not a vehicle object is kept as
 * it came, for `normalize` to refuse as malformed.
 */
export async function readStatsHistory(
  client: SamsaraClient,
  window: TimeWindow,
  types: readonly string[],
  after: string | undefined,
): Promise<{ items: unknown[]; after?: string }> {
  const body = await client.get(
    "/fleet/vehicles/stats/history",
    { startTime: window.start.toISOString(), endTime: window.end.toISOString(), types: types.join(","), after },
    samsaraListEnvelope,
  );
  const items = body.data.flatMap((vehicle) => {
    const kept = readingsInWindow(vehicle, types, window);
    return kept === undefined ? [] : [kept];
  });
  const next = nextAfter(body.pagination);
  return { items, ...(next ? { after: next } : {}) };
}

/** The vehicle with only its readings in the window; undefined when none is left. */
function readingsInWindow(vehicle: unknown, types: readonly string[], window: TimeWindow): unknown {
  if (typeof vehicle !== "object" || vehicle === null || Array.isArray(vehicle)) return vehicle;
  const record = vehicle as Record<string, unknown>;
  const kept: Record<string, unknown> = { ...record };
  let readings = 0;
  for (const type of types) {
    const series = record[type];
    if (series === undefined || series === null) continue;
    if (!Array.isArray(series)) return vehicle;
    const inWindow = series.filter((point) => !isOutside(point, window));
    kept[type] = inWindow;
    readings += inWindow.length;
  }
  return readings > 0 ? kept : undefined;
}

/** Whether a reading's time is readable and outside [start, end) (an unreadable one is kept, to be refused). */
function isOutside(point: unknown, window: TimeWindow): boolean {
  const time = (point as { time?: unknown } | null)?.time;
  const ms = typeof time === "string" ? Date.parse(time) : Number.NaN;
  if (Number.isNaN(ms)) return false;
  return ms < window.start.getTime() || ms >= window.end.getTime();
}
