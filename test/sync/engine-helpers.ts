/** Set-up shared by the sync engine's tests (engine.test.ts, engine-faults.test.ts). */
import { and, eq, isNull } from "drizzle-orm";
import type { drivers } from "../../src/families/drivers/table";
import type { vehicles } from "../../src/families/vehicles/table";
import { createSandboxConnection, createTestApplication, dataDb } from "../helpers/factories";

/** A manual sandbox connection of a new application, with the application's sandbox key and the connection's token. */
export async function setup(body: Record<string, unknown> = {}) {
  const app = await createTestApplication();
  const connection = await createSandboxConnection(app, { syncMode: "manual", ...body });
  const key = app.keys.sandbox.secret;
  return { app, connection, key, token: connection.token as string };
}

/** Source ids of the connection's live (not deleted) vehicles or drivers, sorted. */
export async function storedSourceIds(table: typeof vehicles | typeof drivers, connectionId: string) {
  const rows = await (await dataDb(connectionId))
    .select({ sourceId: table.sourceId })
    .from(table)
    .where(and(eq(table.connectionId, connectionId), isNull(table.deletedAt)));
  return rows.map((row) => row.sourceId).sort();
}
