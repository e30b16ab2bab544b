/** A sandbox connection synced end to end (the real queue consumer and Durable Object), and a reader of its lists. */
import { expect } from "vitest";
import { walkPages } from "../helpers/api-assertions";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";

/**
 * A connection of `fleetSize` vehicles backfilled `days` days (the time series on: trips are read
 * with them), its first sync completed; `all(path)` walks a list to its end (`limit` when the
 * route takes one).
 */
export async function syncedSandbox(options: { days: number; fleetSize: number; limit?: number }) {
  const app = await createTestApplication({ timeSeries: true });
  const key = app.keys.sandbox.secret;
  const connection = await createSandboxConnection(app, {
    syncMode: "manual",
    backfill: { days: options.days },
    options: { sandbox: { fleetSize: options.fleetSize } },
  });
  const token = connection.token;
  const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 120_000 });
  expect(job.status).toBe("completed");
  const limit = options.limit === undefined ? "" : `limit=${options.limit}`;
  const all = async <T>(path: string) =>
    (
      await walkPages<T>(
        (cursor) => {
          const query = [limit, cursor ? `cursor=${encodeURIComponent(cursor)}` : ""].filter(Boolean).join("&");
          return call("GET", `${BASE.sandbox}${path}${query ? `${path.includes("?") ? "&" : "?"}${query}` : ""}`, {
            key,
            token,
          });
        },
        { maxPages: 50, ...(options.limit === undefined ? {} : { pageSize: options.limit }) },
      )
    ).all;
  return { job, all };
}
