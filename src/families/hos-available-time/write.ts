import { type SQL, sql } from "drizzle-orm";
import { upsertJsonRows } from "../../db/json-rows";
import { recordId } from "../../lib/record-ids";
import type { NormalizedHosClock } from "../../model/normalized";
import { type Item, rawEntry, type WriteContext } from "../kit/write";

const COLUMNS = [
  "connection_id",
  "driver_id",
  "provider",
  "current_status",
  "drive_ms",
  "shift_ms",
  "cycle_ms",
  "break_ms",
  "read_at",
  "raw",
];
const REPLACED = COLUMNS.filter((column) => column !== "connection_id" && column !== "driver_id");

/**
 * Stores a page of the provider's clocks: one row per driver, replaced by the newer read (the
 * context's `now` is when the refresh began, so a slower, older refresh cannot overwrite it).
 */
export async function writeHosClocks(
  context: Pick<WriteContext, "connection" | "now" | "schema">,
  items: Item<NormalizedHosClock>[],
): Promise<SQL[]> {
  if (!items.length) return [];
  const { connection, now } = context;
  const rows = await Promise.all(
    items.map(async ({ normalized: clock, payload }) => [
      connection.id,
      await recordId(connection, "driver", clock.driverSourceId),
      connection.provider,
      clock.currentStatus ?? null,
      clock.drive,
      clock.shift,
      clock.cycle,
      clock.break,
      now,
      rawEntry(context, payload),
    ]),
  );
  const replaced = REPLACED.map((column) => sql.raw(`${column} = excluded.${column}`));
  return upsertJsonRows({
    table: "hos_clocks",
    columns: COLUMNS,
    rows,
    conflict: ["connection_id", "driver_id"],
    update: sql`${sql.join(replaced, sql`, `)} WHERE excluded.read_at >= hos_clocks.read_at`,
  });
}

/** After a whole read: the drivers it no longer returned (deleted, or no longer logging) lose their clocks. */
export function removeUnreadClocks(connectionId: string, readAt: number): SQL {
  return sql`DELETE FROM hos_clocks WHERE connection_id = ${connectionId} AND read_at < ${readAt}`;
}
