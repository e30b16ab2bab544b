import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { agreements, type ConnectionRow, syncJobs } from "../../db/schema";

/** Agreements and the latest sync job of a connection, for GET /connections/current: two indexed reads in one round trip. */
export async function getConnectionDetails(db: Database, connection: ConnectionRow) {
  const [agreementRows, lastSyncRows] = await db.batch([
    db
      .select()
      .from(agreements)
      .where(eq(agreements.connectionId, connection.id))
      .orderBy(asc(agreements.id))
      .limit(100),
    db.select().from(syncJobs).where(eq(syncJobs.connectionId, connection.id)).orderBy(desc(syncJobs.id)).limit(1),
  ]);
  return { agreements: agreementRows, lastSync: lastSyncRows[0] ?? null };
}
