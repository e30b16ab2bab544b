import { sql } from "drizzle-orm";
import { groups } from "../groups/table";
import { syncedReads } from "../kit/reads";
import { vehicles } from "../vehicles/table";
import { presentTrailer } from "./present";
import { TrailerSchema } from "./schema";
import { trailers } from "./table";

/**
 * A trailer hitched to a vehicle the connection's filters hide is hidden with it (the filters
 * apply to trailers where the provider links them to vehicles); one hitched to none is listed.
 */
export const hitchedVehicleNotHidden = sql`(${trailers.vehicleId} IS NULL OR NOT EXISTS (
  SELECT 1 FROM ${vehicles} WHERE ${vehicles.connectionId} = ${trailers.connectionId}
    AND ${vehicles.id} = ${trailers.vehicleId} AND ${vehicles.visibility} LIKE 'hidden%'))`;

/** How trailers are read and presented: `expand=groups` loads their groups. */
export const trailerReads = syncedReads({
  table: trailers,
  schema: TrailerSchema,
  where: () => [hitchedVehicleNotHidden],
  expand: { groups: { table: groups, ids: (row) => row.groupIds } },
  present: presentTrailer,
});
