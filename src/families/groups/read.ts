import { syncedReads } from "../kit/reads";
import { presentGroup } from "./present";
import { GroupSchema } from "./schema";
import { groups } from "./table";

/** How groups are read and presented: `expand=parent` loads the parent groups. */
export const groupReads = syncedReads({
  table: groups,
  schema: GroupSchema,
  expand: { parent: { table: groups, ids: (row) => [row.parentId] } },
  present: presentGroup,
});
