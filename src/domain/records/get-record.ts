import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DriverRow, drivers, type SafetyEventRow, safetyEvents, type VehicleRow, vehicles } from "../../db/schema";

/**
 * One record of the caller's connection by id, whatever its visibility (a hidden or deleted
 * record stays readable by id). A record of another connection is simply not found.
 */
export async function getVehicle(db: Database, connectionId: string, id: string): Promise<VehicleRow | undefined> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.connectionId, connectionId), eq(vehicles.id, id)))
    .limit(1);
  return row;
}

export async function getDriver(db: Database, connectionId: string, id: string): Promise<DriverRow | undefined> {
  const [row] = await db
    .select()
    .from(drivers)
    .where(and(eq(drivers.connectionId, connectionId), eq(drivers.id, id)))
    .limit(1);
  return row;
}

export async function getSafetyEvent(
  db: Database,
  connectionId: string,
  id: string,
): Promise<SafetyEventRow | undefined> {
  const [row] = await db
    .select()
    .from(safetyEvents)
    .where(and(eq(safetyEvents.connectionId, connectionId), eq(safetyEvents.id, id)))
    .limit(1);
  return row;
}
