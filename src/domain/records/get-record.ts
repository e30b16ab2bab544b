import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DriverRow, drivers, type SafetyEventRow, safetyEvents, type VehicleRow, vehicles } from "../../db/schema";
import { type ReadRow, readColumns } from "./read-columns";

/**
 * One record of the caller's connection by id, whatever its visibility (a hidden or deleted
 * record stays readable by id). A record of another connection is simply not found.
 */
export async function getVehicle(
  db: Database,
  connectionId: string,
  id: string,
  options: { raw?: boolean } = {},
): Promise<ReadRow<VehicleRow> | undefined> {
  const [row] = await db
    .select(readColumns(vehicles, options.raw ?? false))
    .from(vehicles)
    .where(and(eq(vehicles.connectionId, connectionId), eq(vehicles.id, id)))
    .limit(1);
  return row;
}

export async function getDriver(
  db: Database,
  connectionId: string,
  id: string,
  options: { raw?: boolean } = {},
): Promise<ReadRow<DriverRow> | undefined> {
  const [row] = await db
    .select(readColumns(drivers, options.raw ?? false))
    .from(drivers)
    .where(and(eq(drivers.connectionId, connectionId), eq(drivers.id, id)))
    .limit(1);
  return row;
}

export async function getSafetyEvent(
  db: Database,
  connectionId: string,
  id: string,
  options: { raw?: boolean } = {},
): Promise<ReadRow<SafetyEventRow> | undefined> {
  const [row] = await db
    .select(readColumns(safetyEvents, options.raw ?? false))
    .from(safetyEvents)
    .where(and(eq(safetyEvents.connectionId, connectionId), eq(safetyEvents.id, id)))
    .limit(1);
  return row;
}
