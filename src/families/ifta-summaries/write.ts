import type { SQL } from "drizzle-orm";
import { recordId } from "../../lib/record-ids";
import { round2 } from "../../lib/units";
import type { NormalizedIftaDistance } from "../../model/normalized";
import { vehicleVisible } from "../kit/visibility";
import { type Item, round2OrNull, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = ["vehicle_id", "period", "month", "jurisdiction", "distance", "fuel"];

/**
 * Writes a page of vehicles' distances per jurisdiction and period, keyed by the provider's
 * report (its source id): a period read again (today's, as it goes on) updates its distance in
 * place. Distances of hidden (or deleted) vehicles are not ingested.
 */
export async function writeIftaDistances(context: WriteContext, items: Item<NormalizedIftaDistance>[]): Promise<SQL[]> {
  if (!items.length) return [];
  const { connection } = context;
  const target = {
    table: "ifta_distances",
    kind: "iftaReport",
    columns: COLUMNS,
    storedWhen: vehicleVisible(connection.id),
  } as const;
  return writeRecords(context, target, items, async (report) => [
    await recordId(connection, "vehicle", report.vehicleSourceId),
    report.period,
    report.period.slice(0, 7),
    // An empty code is no code: the summary reads an unknown jurisdiction as NULL only.
    report.jurisdiction || null,
    round2(report.distance),
    round2OrNull(report.fuel),
  ]);
}
