import { getTableColumns } from "drizzle-orm";
import { type ConnectionRow, connections } from "../../db/schema";
import { tolerantSelection } from "../../db/tolerant-rows";

/**
 * Every column of a connection, decoded row by row (db/tolerant-rows.ts): a connection whose
 * stored JSON does not parse is found and reported instead of failing a whole list.
 */
export const connectionRows = tolerantSelection<ConnectionRow>(getTableColumns(connections));
