import { groups } from "../groups/table";
import { syncedReads } from "../kit/reads";
import { presentDriver } from "./present";
import { DriverSchema } from "./schema";
import { drivers } from "./table";

/** How drivers are read and presented: `expand=groups` loads their groups. */
export const driverReads = syncedReads({
  table: drivers,
  schema: DriverSchema,
  expand: { groups: { table: groups, ids: (row) => row.groupIds } },
  present: presentDriver,
});
