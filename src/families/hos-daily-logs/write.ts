import type { SQL } from "drizzle-orm";
import { recordId } from "../../lib/record-ids";
import { round2 } from "../../lib/units";
import type { HosDistances, NormalizedHosDailyLog } from "../../model/normalized";
import { driverVisible } from "../kit/visibility";
import { type Item, jsonOrNull, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = ["driver_id", "date", "distances", "status_durations"];

/**
 * Writes a page of drivers' days. Their ids take the day's midnight (UTC) as their time part, so
 * the id order (the list's keyset) is the date order. A day read again (today's, as it goes on;
 * a day the driver edited) updates its sums. Days of hidden (or deleted) drivers are not ingested.
 */
export async function writeHosDailyLogs(context: WriteContext, items: Item<NormalizedHosDailyLog>[]): Promise<SQL[]> {
  if (!items.length) return [];
  const { connection } = context;
  const target = {
    table: "hos_daily_logs",
    kind: "hosDailyLog",
    columns: COLUMNS,
    idTime: (day: NormalizedHosDailyLog) => Date.parse(`${day.date}T00:00:00.000Z`),
    storedWhen: driverVisible(connection.id),
  } as const;
  return writeRecords(context, target, items, async (day) => [
    await recordId(connection, "driver", day.driverSourceId),
    day.date,
    jsonOrNull(day.distances && roundedDistances(day.distances)),
    JSON.stringify(day.statusDurations),
  ]);
}

function roundedDistances(distances: HosDistances): HosDistances {
  return {
    total: round2(distances.total),
    driving: round2(distances.driving),
    personalConveyance: round2(distances.personalConveyance),
    yardMove: round2(distances.yardMove),
  };
}
