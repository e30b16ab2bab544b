import { asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  type AgreementRow,
  agreements,
  type ConnectionRow,
  connections,
  syncJobIssues,
  syncJobs,
} from "../../db/schema";
import { tolerantSelection } from "../../db/tolerant-rows";
import { decodedOrThrow } from "../../lib/bad-rows";
import { syncJobRows } from "../syncs/read";
import { connectionRows } from "./rows";

/** Agreements decoded row by row (db/tolerant-rows.ts), so one of bad JSON is found and reported by id. */
const agreementRows = tolerantSelection<AgreementRow>(getTableColumns(agreements));

/**
 * The connection as it is now, its agreements, the latest sync job and its issue ids, for
 * GET /connections/current and GET /connections/{id}: indexed
 * reads, the control database's and the connection's shard's side by side (one round trip of
 * each, at the same time). An agreement or sync job whose stored JSON does not parse is
 * reported and thrown (UnpresentableRowError): the connection cannot be answered whole.
 */
export async function getConnectionDetails(
  databases: { control: Database; data: Database },
  connection: ConnectionRow,
) {
  const { control, data } = databases;
  const latest = data
    .select({ id: syncJobs.id })
    .from(syncJobs)
    .where(eq(syncJobs.connectionId, connection.id))
    .orderBy(desc(syncJobs.id))
    .limit(1);
  const [[agreementResults, currentRows], [lastSyncRows, issueRows]] = await Promise.all([
    control.batch([
      control
        .select(agreementRows.fields)
        .from(agreements)
        .where(eq(agreements.connectionId, connection.id))
        .orderBy(asc(agreements.id))
        .limit(100),
      // The connection as it is now: the caller's may be remembered from a moment ago (token-cache.ts).
      control.select(connectionRows.fields).from(connections).where(eq(connections.id, connection.id)).limit(1),
    ]),
    data.batch([
      data
        .select(syncJobRows.fields)
        .from(syncJobs)
        .where(eq(syncJobs.connectionId, connection.id))
        .orderBy(desc(syncJobs.id))
        .limit(1),
      data
        .select({ issueId: syncJobIssues.issueId })
        .from(syncJobIssues)
        .where(eq(syncJobIssues.syncJobId, sql`(${latest})`))
        .orderBy(asc(syncJobIssues.issueId)),
    ]),
  ]);
  const [lastSync] = lastSyncRows;
  const [current] = currentRows;
  return {
    connection: current ? decodedOrThrow("connections", connectionRows.decode(current)) : connection,
    agreements: agreementResults.map((row) => decodedOrThrow("agreements", agreementRows.decode(row))),
    lastSync: lastSync ? decodedOrThrow("sync_jobs", syncJobRows.decode(lastSync)) : null,
    lastSyncIssueIds: issueRows.map((row) => row.issueId),
  };
}
