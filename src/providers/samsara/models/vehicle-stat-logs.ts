import type { NormalizedStatBatch, NormalizedStatPoint } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { malformedCursor, type SamsaraCursor } from "../cursor";
import { readStatsHistory } from "../history";
import { next, samsaraPages } from "../listing";
import { samsaraVehicleStatHistory } from "../series-payloads";
import { ENGINE_STATES, NUMERIC_STAT_KEYS, NUMERIC_STATS, STAT_TYPE_GROUPS } from "../stat-types";
import { readTime } from "../values";

/**
 * Stat histories: `GET /fleet/vehicles/stats/history` over the window (providers-families.md
 * 1.5), one group of at most three stat types at a time (stat-types.ts), each group paged to its
 * end before the next; a vehicle's readings of a page in one payload. Paced per token, like
 * every stats endpoint (providers.md 1.3).
 */
export const samsaraVehicleStatLogs: ProviderModel<"vehicleStatLogs"> = {
  pace: "token",
  read: samsaraPages("vehicleStatLogs", "samsara.fleet.vehicles.stats.history", async (client, input) => {
    const window = requireWindow(PROVIDER, "vehicleStatLogs", input.window);
    const group = input.cursor?.group ?? 0;
    const types = STAT_TYPE_GROUPS[group];
    if (!types) throw malformedCursor();
    const page = await readStatsHistory(client, window, types, input.cursor?.after);
    const following: SamsaraCursor | undefined = page.after
      ? { model: "vehicleStatLogs", group, after: page.after }
      : group + 1 < STAT_TYPE_GROUPS.length
        ? { model: "vehicleStatLogs", group: group + 1 }
        : undefined;
    return { items: page.items, ...next(following) };
  }),
  normalize: mapStatHistory,
};

/**
 * A vehicle's stat readings → its stat points in our units (stat-types.ts), each with its own
 * reading as `raw` (as Samsara sent it). A fallback stat (GPS odometer, synthetic engine
 * seconds) counts only when the vehicle has no reading of the stat it stands in for.
 */
export function mapStatHistory(payload: unknown): NormalizedStatBatch {
  const vehicle = parsePayload(PROVIDER, samsaraVehicleStatHistory, payload, "stat history");
  const sent = payload as Record<string, unknown[] | undefined>;
  const points: NormalizedStatPoint[] = (vehicle.engineStates ?? []).map((point, index) => ({
    type: "engine_state",
    timestamp: readTime(point.time),
    value: ENGINE_STATES[point.value],
    raw: sent.engineStates?.[index],
  }));
  for (const key of NUMERIC_STAT_KEYS) {
    const stat = NUMERIC_STATS[key];
    if (stat.unless && (vehicle[stat.unless] ?? []).length > 0) continue;
    (vehicle[key] ?? []).forEach((point, index) => {
      points.push({
        type: stat.type,
        timestamp: readTime(point.time),
        value: stat.convert(point.value),
        raw: sent[key]?.[index],
      });
    });
  }
  points.sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  return { vehicleSourceId: vehicle.id, points };
}
