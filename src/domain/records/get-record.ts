import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DriverRow, drivers, type SafetyEventRow, safetyEvents, type VehicleRow, vehicles } from "../../db/schema";
import { decodedOrThrow } from "../../lib/bad-rows";
import { type ReadRow, readRows } from "./read-columns";

/**
 * One record of the caller's connection by id, whatever its visibility (a hidden or deleted
 * record stays readable by id). A record of another connection is simply not found. A record
 * whose stored JSON does not parse is reported and thrown (UnpresentableRowError: a 500).
 */
export async function getVehicle(
  db: Database,
  connectionId: string,
  id: string,
  options: { raw?: boolean } = {},
): Promise<ReadRow<VehicleRow> | undefined> {
  const { fields, decode } = readRows(vehicles, options.raw ?? false);
  const [row] = await db
    .select(fields)
    .from(vehicles)
    .where(and(eq(vehicles.connectionId, connectionId), eq(vehicles.id, id)))
    .limit(1);
  return row && decodedOrThrow("vehicles", decode(row));
}

export async function getDriver(
  db: Database,
  connectionId: string,
  id: string,
  options: { raw?: boolean } = {},
): Promise<ReadRow<DriverRow> | undefined> {
  const { fields, decode } = readRows(drivers, options.raw ?? false);
  const [row] = await db
    .select(fields)
    .from(drivers)
    .where(and(eq(drivers.connectionId, connectionId), eq(drivers.id, id)))
    .limit(1);
  return row && decodedOrThrow("drivers", decode(row));
}

export async function getSafetyEvent(
  db: Database,
  connectionId: string,
  id: string,
  options: { raw?: boolean } = {},
): Promise<ReadRow<SafetyEventRow> | undefined> {
  const { fields, decode } = readRows(safetyEvents, options.raw ?? false);
  const [row] = await db
    .select(fields)
    .from(safetyEvents)
    .where(and(eq(safetyEvents.connectionId, connectionId), eq(safetyEvents.id, id)))
    .limit(1);
  return row && decodedOrThrow("safety_events", decode(row));
}
