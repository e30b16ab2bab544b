/**
 * The state a valid request of the auth matrix needs to succeed: records for `{id}` path
 * parameters, and for the sync routes a connection whose sync is in the right state (none
 * running for POST /syncs, a failed job to retry, a running one to cancel).
 */
import type { Environment } from "../../src/db/schema";
import { insertSyncJob, type TestApplication } from "./factories";
import { BASE, call } from "./http";
import type { Operation } from "./openapi-operations";
import { seedPathIds } from "./records-factories";
import { waitForSync } from "./sync";

type MatrixConnection = Parameters<typeof seedPathIds>[1] & { token?: string };

export async function prepareFor(
  operation: Operation,
  app: TestApplication,
  connection: MatrixConnection,
  token: string,
  environment: Environment = "sandbox",
): Promise<Record<string, string>> {
  const pathIds = operation.path.includes("{") ? await seedPathIds(app, connection, environment) : {};
  if (!operation.path.startsWith("/syncs")) return pathIds;
  const key = app.keys[environment].secret;
  const base = BASE[environment];
  // Let the first sync (started on creation) finish, so that no sync is running.
  const current = await call("GET", `${base}/connections/current`, { key, token });
  const running = current.body?.lastSync;
  if (running && running.status !== "completed" && running.status !== "failed") {
    await waitForSync(key, token, running.id, { base });
  }
  if (operation.path === "/syncs/{id}/retry") {
    const failed = await insertSyncJob(app, connection.id, { status: "failed", failureReason: "test", environment });
    return { ...pathIds, sync_: failed.id };
  }
  if (operation.path === "/syncs/{id}") {
    const job = await insertSyncJob(app, connection.id, { environment });
    return { ...pathIds, sync_: job.id };
  }
  if (operation.path === "/syncs/{id}/cancel") {
    // Ten years of history: still running when the cancel comes, which stops it.
    const started = await call("POST", `${base}/syncs`, { key, token, body: { days: 3650 } });
    if (started.status !== 201) throw new Error(`could not start a sync: ${JSON.stringify(started.body)}`);
    return { ...pathIds, sync_: started.body.id };
  }
  return pathIds;
}
