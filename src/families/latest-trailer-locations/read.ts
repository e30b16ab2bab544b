import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { afterKey } from "../../db/keyset";
import { type KeyPage, type ReadRow, readColumns } from "../kit/read";
import type { Reads } from "../kit/reads";
import { hitchedVehicleNotHidden } from "../trailers/read";
import { trailers } from "../trailers/table";
import { presentLatestTrailerLocation } from "./present";
import { LatestTrailerLocationSchema } from "./schema";
import { type LatestTrailerLocationRow, latestTrailerLocations } from "./table";

/**
 * One page of the latest locations of the connection's listed trailers (visible, and not
 * hitched to a hidden vehicle), in trailer id order, `limit + 1` rows.
 */
async function listLatestTrailerLocations(
  db: Database,
  connectionId: string,
  page: KeyPage,
): Promise<ReadRow<LatestTrailerLocationRow>[]> {
  return await db
    .select(readColumns(latestTrailerLocations, page.raw))
    .from(latestTrailerLocations)
    .where(
      and(
        eq(latestTrailerLocations.connectionId, connectionId),
        sql`exists (select 1 from ${trailers} where ${trailers.id} = ${latestTrailerLocations.trailerId} and ${trailers.connectionId} = ${latestTrailerLocations.connectionId} and ${trailers.visibility} = 'visible' and ${hitchedVehicleNotHidden})`,
        page.after === undefined
          ? undefined
          : afterKey([latestTrailerLocations.trailerId], [String(page.after[0])], "asc"),
      ),
    )
    .orderBy(asc(latestTrailerLocations.trailerId))
    .limit(page.limit + 1);
}

const expand = { trailer: { table: trailers, ids: (row: ReadRow<LatestTrailerLocationRow>) => [row.trailerId] } };

export const latestTrailerLocationReads: Reads<
  ReadRow<LatestTrailerLocationRow>,
  Record<string, never>,
  typeof expand,
  typeof LatestTrailerLocationSchema
> = {
  table: "latest_trailer_locations",
  schema: LatestTrailerLocationSchema,
  list: async (db, connectionId, _filters, page) =>
    (await listLatestTrailerLocations(db, connectionId, page)).map((row) => ({ ok: true, row })),
  keyOf: (row) => [row.trailerId],
  expand,
  present: presentLatestTrailerLocation,
};
