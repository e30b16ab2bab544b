import { and, asc, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { inList } from "../../db/in-list";
import { afterKey } from "../../db/keyset";
import { type KeyPage, type ReadRow, readColumns } from "../kit/read";
import type { Reads } from "../kit/reads";
import { vehicles } from "../vehicles/table";
import { presentUtilization } from "./present";
import { UtilizationSchema } from "./schema";
import { type UtilizationRow, vehicleUtilization } from "./table";

export type UtilizationFilters = {
  /** First day, inclusive (YYYY-MM-DD). */
  startDate?: string;
  /** Last day, inclusive (YYYY-MM-DD). */
  endDate?: string;
  modifiedAfter?: Date;
  modifiedBefore?: Date;
  /** Only these vehicles (distinct ids). */
  vehicleIds?: readonly string[];
};

/**
 * The order of a utilization page. With a vehicle filter the page walks
 * `utilization_vehicle_date_unique` (connection, vehicle, date): a few vehicles, long
 * history. Without one it walks `utilization_date_idx` (connection, date, vehicle): the whole
 * fleet over a window. Either way the keyset is the index's own column order, so a deep page
 * costs what the first does.
 */
export type UtilizationOrder = "vehicle_date" | "date_vehicle";

export const utilizationOrderFor = (filters: UtilizationFilters): UtilizationOrder =>
  filters.vehicleIds === undefined ? "date_vehicle" : "vehicle_date";

/** The keyset of a row in the given order: what the cursor carries. */
export const utilizationKey = (
  row: Pick<UtilizationRow, "vehicleId" | "date">,
  order: UtilizationOrder,
): [string, string] => (order === "vehicle_date" ? [row.vehicleId, row.date] : [row.date, row.vehicleId]);

export type UtilizationPage = { limit: number; after?: readonly [string, string]; raw?: boolean };

/**
 * One page of a connection's vehicle-days, `limit + 1` rows. Days of a vehicle that is not
 * currently visible (hidden by the connection's filters, or deleted) are left out.
 */
export async function listUtilization(
  db: Database,
  connectionId: string,
  filters: UtilizationFilters,
  page: UtilizationPage,
): Promise<ReadRow<UtilizationRow>[]> {
  return await utilizationQuery(db, connectionId, filters, page);
}

/** The statement of listUtilization, unexecuted (its plan is checked by the tests). */
export function utilizationQuery(
  db: Database,
  connectionId: string,
  filters: UtilizationFilters,
  page: UtilizationPage,
) {
  const order = utilizationOrderFor(filters);
  const columns =
    order === "vehicle_date"
      ? [vehicleUtilization.vehicleId, vehicleUtilization.date]
      : [vehicleUtilization.date, vehicleUtilization.vehicleId];
  // Vehicles the cursor has passed are dropped from the IN list, so a later page does not
  // probe (and filter out) their days again: each page seeks straight to where it resumes.
  const after = page.after;
  const vehicleIds =
    filters.vehicleIds === undefined || after === undefined
      ? filters.vehicleIds
      : filters.vehicleIds.filter((id) => id >= after[0]);
  const conditions: (SQL | undefined)[] = [
    eq(vehicleUtilization.connectionId, connectionId),
    vehicleIds === undefined ? undefined : inList(vehicleUtilization.vehicleId, vehicleIds),
    filters.startDate === undefined ? undefined : gte(vehicleUtilization.date, filters.startDate),
    filters.endDate === undefined ? undefined : lte(vehicleUtilization.date, filters.endDate),
    filters.modifiedAfter === undefined ? undefined : gte(vehicleUtilization.modifiedAt, filters.modifiedAfter),
    filters.modifiedBefore === undefined ? undefined : lt(vehicleUtilization.modifiedAt, filters.modifiedBefore),
    // A correlated indexed probe of the vehicle, so the utilization index keeps driving the scan and its order.
    sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${vehicleUtilization.vehicleId} and ${vehicles.connectionId} = ${vehicleUtilization.connectionId} and ${vehicles.visibility} = 'visible')`,
    after === undefined ? undefined : afterKey(columns, after, "asc"),
  ];
  return db
    .select(readColumns(vehicleUtilization, page.raw ?? false))
    .from(vehicleUtilization)
    .where(and(...conditions))
    .orderBy(...columns.map((column) => asc(column)))
    .limit(page.limit + 1);
}

const keyPair = (page: KeyPage): UtilizationPage["after"] =>
  page.after === undefined ? undefined : [String(page.after[0]), String(page.after[1])];

const expand = { vehicle: { table: vehicles, ids: (row: ReadRow<UtilizationRow>) => [row.vehicleId] } };

/**
 * How vehicle-days are read and presented: keyed by (vehicle, date) in the order the filters
 * choose. Rows are decoded by drizzle, a page at once, as they always were.
 */
export const utilizationReads: Reads<
  ReadRow<UtilizationRow>,
  UtilizationFilters,
  typeof expand,
  typeof UtilizationSchema
> = {
  table: "vehicle_utilization",
  schema: UtilizationSchema,
  list: async (db, connectionId, filters, page) =>
    (await listUtilization(db, connectionId, filters, { limit: page.limit, after: keyPair(page), raw: page.raw })).map(
      (row) => ({ ok: true, row }),
    ),
  keyOf: (row, filters) => utilizationKey(row, utilizationOrderFor(filters)),
  order: utilizationOrderFor,
  expand,
  present: presentUtilization,
};
