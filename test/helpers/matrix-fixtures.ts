/**
 * The state a valid request of the auth matrix needs to succeed: records for `{id}` path
 * parameters, and for the sync routes a connection whose sync is in the right state (none
 * running for POST /syncs, a failed job to retry, a running one to cancel).
 */
import { eq } from "drizzle-orm";
import { connections, type Environment } from "../../src/db/schema";
import { db, insertSyncJob, type TestApplication } from "./factories";
import { BASE, call } from "./http";
import type { Operation } from "./openapi-operations";
import { seedPathIds } from "./path-ids";
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
  // GET /connections/{id}: the application's own connection.
  if (operation.path === "/connections/{id}") return { ...pathIds, conn_: connection.id };
  if (operation.path === "/connections/{id}/cancel-deletion") {
    // A connection within its deletion grace period: the one the cancellation applies to.
    const key = app.keys[environment].secret;
    const deleted = await call("DELETE", `${BASE[environment]}/connections/current`, { key, token });
    if (deleted.status !== 202) throw new Error(`could not request a deletion: ${JSON.stringify(deleted.body)}`);
    return { ...pathIds, conn_: connection.id };
  }
  if (operation.path.startsWith("/webhooks/endpoints/{id}")) {
    // An endpoint of the application, for the routes that act on one.
    const created = await call("POST", `${BASE[environment]}/webhooks/endpoints`, {
      key: app.keys[environment].secret,
      body: { url: "https://example.com/webhooks/telematics", eventTypes: ["issue.reported"] },
    });
    if (created.status !== 201) throw new Error(`could not create a webhook endpoint: ${JSON.stringify(created.body)}`);
    return { ...pathIds, whe_: created.body.id };
  }
  if (operation.path === "/link/short/{id}") {
    // A live short link of the application, for the route that deletes one.
    const created = await call("POST", `${BASE[environment]}/link/short`, {
      key: app.keys[environment].secret,
      body: { name: "Matrix Trucking" },
    });
    if (created.status !== 201) throw new Error(`could not create a short link: ${JSON.stringify(created.body)}`);
    return { ...pathIds, slk_: created.body.id };
  }
  if (operation.path.startsWith("/destinations/{id}")) {
    // A destination of the application, for the routes that act on one.
    const created = await call("POST", `${BASE[environment]}/destinations`, {
      key: app.keys[environment].secret,
      body: { type: "r2", name: "Matrix landing", models: ["Vehicle"] },
    });
    if (created.status !== 201) throw new Error(`could not create a destination: ${JSON.stringify(created.body)}`);
    // Its backfill, ended: a delivery to name, and none under way to conflict with a new request.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const listed = await call("GET", `${BASE[environment]}/destinations/${created.body.id}/deliveries`, {
        key: app.keys[environment].secret,
      });
      const [delivery] = listed.body.results ?? [];
      if (delivery && (delivery.status === "completed" || delivery.status === "failed")) {
        return { ...pathIds, dst_: created.body.id, dlv_: delivery.id };
      }
      if (Date.now() > deadline)
        throw new Error(`the destination's backfill did not end: ${JSON.stringify(listed.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
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
    // The provider answers every request with "too many requests, come back in an hour": the
    // sync is still running when the cancel comes, however fast the machine syncs.
    await alwaysRateLimited(connection.id);
    const started = await call("POST", `${base}/syncs`, { key, token, body: {} });
    if (started.status !== 201) throw new Error(`could not start a sync: ${JSON.stringify(started.body)}`);
    return { ...pathIds, sync_: started.body.id };
  }
  return pathIds;
}

/** The sandbox connection's provider refuses every request as rate limited, with a Retry-After of an hour. */
async function alwaysRateLimited(connectionId: string): Promise<void> {
  const [row] = await db().select().from(connections).where(eq(connections.id, connectionId));
  if (!row) throw new Error(`no connection ${connectionId}`);
  const sandbox = (row.options as { sandbox?: Record<string, unknown> }).sandbox ?? {};
  const faults = { rateLimitRate: 1, retryAfterSeconds: 3600 };
  await db()
    .update(connections)
    .set({ options: { ...row.options, sandbox: { ...sandbox, faults } } })
    .where(eq(connections.id, connectionId));
}
