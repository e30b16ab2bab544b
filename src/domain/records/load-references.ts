import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  type ConnectionRow,
  connections,
  type DeviceRow,
  type DriverRow,
  devices,
  drivers,
  type GroupRow,
  groups,
  type VehicleRow,
  vehicles,
} from "../../db/schema";
import type { Tenant } from "../context";
import { inList } from "./conditions";
import { type ReadRow, readColumns } from "./read-columns";

/**
 * Loaders of the records a page references, for `expand`: each is ONE query for the whole
 * page (an IN list), never one per row, and each stays inside the caller's connection or
 * tenant, so a reference can never reach another customer's data.
 */

const distinct = (ids: Iterable<string | null | undefined>) => [
  ...new Set([...ids].filter((id): id is string => typeof id === "string")),
];

const byId = <Row extends { id: string }>(rows: Row[]) => new Map(rows.map((row) => [row.id, row]));

export async function loadGroups(
  db: Database,
  connectionId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ReadRow<GroupRow>>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  return byId(
    await db
      .select(readColumns(groups, false))
      .from(groups)
      .where(and(eq(groups.connectionId, connectionId), inList(groups.id, wanted))),
  );
}

export async function loadDevices(
  db: Database,
  connectionId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ReadRow<DeviceRow>>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  return byId(
    await db
      .select(readColumns(devices, false))
      .from(devices)
      .where(and(eq(devices.connectionId, connectionId), inList(devices.id, wanted))),
  );
}

export async function loadVehicles(
  db: Database,
  connectionId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ReadRow<VehicleRow>>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  return byId(
    await db
      .select(readColumns(vehicles, false))
      .from(vehicles)
      .where(and(eq(vehicles.connectionId, connectionId), inList(vehicles.id, wanted))),
  );
}

export async function loadDrivers(
  db: Database,
  connectionId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ReadRow<DriverRow>>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  return byId(
    await db
      .select(readColumns(drivers, false))
      .from(drivers)
      .where(and(eq(drivers.connectionId, connectionId), inList(drivers.id, wanted))),
  );
}

export async function loadConnections(
  db: Database,
  tenant: Tenant,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ConnectionRow>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  return byId(
    await db
      .select()
      .from(connections)
      .where(
        and(
          eq(connections.applicationId, tenant.applicationId),
          eq(connections.environment, tenant.environment),
          inList(connections.id, wanted),
        ),
      ),
  );
}
