import { getTableColumns } from "drizzle-orm";
import { type DestinationRow, destinations } from "../../db/schema";
import { tolerantSelection } from "../../db/tolerant-rows";

/** Destination rows decoded one by one (db/tolerant-rows.ts): one row whose JSON does not parse never fails a list. */
export const destinationRows = tolerantSelection<DestinationRow>(getTableColumns(destinations));
