import { and, eq } from "drizzle-orm";
import type { Tenant } from "../../context";
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
import { decodedById } from "../../lib/bad-rows";
import { connectionRows } from "../connections/rows";
import { inList } from "./conditions";
import { type ReadRow, readRows } from "./read-columns";

/**
 * Loaders of the records a page references, for `expand`: each is ONE query for the whole
 * page (an IN list), never one per row, and each stays inside the caller's connection or
 * tenant, so a reference can never reach another customer's data. A referenced record whose
 * stored JSON does not parse is reported and left out: the reference to it stays an id.
 */

const distinct = (ids: Iterable<string | null | undefined>) => [
  ...new Set([...ids].filter((id): id is string => typeof id === "string")),
];

export async function loadGroups(
  db: Database,
  connectionId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ReadRow<GroupRow>>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  const { fields, decode } = readRows(groups, false);
  return decodedById(
    "groups",
    (
      await db
        .select(fields)
        .from(groups)
        .where(and(eq(groups.connectionId, connectionId), inList(groups.id, wanted)))
    ).map(decode),
  );
}

export async function loadDevices(
  db: Database,
  connectionId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ReadRow<DeviceRow>>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  const { fields, decode } = readRows(devices, false);
  return decodedById(
    "devices",
    (
      await db
        .select(fields)
        .from(devices)
        .where(and(eq(devices.connectionId, connectionId), inList(devices.id, wanted)))
    ).map(decode),
  );
}

export async function loadVehicles(
  db: Database,
  connectionId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ReadRow<VehicleRow>>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  const { fields, decode } = readRows(vehicles, false);
  return decodedById(
    "vehicles",
    (
      await db
        .select(fields)
        .from(vehicles)
        .where(and(eq(vehicles.connectionId, connectionId), inList(vehicles.id, wanted)))
    ).map(decode),
  );
}

export async function loadDrivers(
  db: Database,
  connectionId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ReadRow<DriverRow>>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  const { fields, decode } = readRows(drivers, false);
  return decodedById(
    "drivers",
    (
      await db
        .select(fields)
        .from(drivers)
        .where(and(eq(drivers.connectionId, connectionId), inList(drivers.id, wanted)))
    ).map(decode),
  );
}

export async function loadConnections(
  db: Database,
  tenant: Tenant,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ConnectionRow>> {
  const wanted = distinct(ids);
  if (wanted.length === 0) return new Map();
  return decodedById(
    "connections",
    (
      await db
        .select(connectionRows.fields)
        .from(connections)
        .where(
          and(
            eq(connections.applicationId, tenant.applicationId),
            eq(connections.environment, tenant.environment),
            inList(connections.id, wanted),
          ),
        )
    ).map(connectionRows.decode),
  );
}
