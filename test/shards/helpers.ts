import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { connectionMoves } from "../../src/db/schema";
import { shardD1 } from "../../src/db/shards";
import { MOVED_TABLES } from "../../src/domain/shards/moves/tables";
import { newId } from "../../src/lib/ids";
import { connectionSync } from "../../src/sync/client";
import type { ConnectionSync } from "../../src/sync/connection-sync";
import type { MoveMessage } from "../../src/sync/messages";
import type { SyncState } from "../../src/sync/state";
import { createSandboxConnection, createTestApplication, db, SHARDS } from "../helpers/factories";
import { admin, BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";

/** Rows of the connection on shard `name`, per moved table (only non-empty tables listed). */
export async function rowsOn(name: string, connectionId: string): Promise<Record<string, number>> {
  const d1 = shardD1(env, name);
  const results = await d1.batch<{ n: number }>(
    MOVED_TABLES.map((table) =>
      d1.prepare(`SELECT count(*) AS n FROM ${table.name} WHERE connection_id = ?`).bind(connectionId),
    ),
  );
  const counts: Record<string, number> = {};
  MOVED_TABLES.forEach((table, index) => {
    const n = results[index]?.results[0]?.n ?? 0;
    if (n > 0) counts[table.name] = n;
  });
  return counts;
}

/** The other shard than `name` (the tests' configuration has two). */
export const otherShard = (name: string) => SHARDS.find((shard) => shard !== name) as string;

/** The connection as the operator sees it. */
export async function operatorView(connectionId: string) {
  const found = await admin("GET", `/connections/${connectionId}`);
  if (found.status !== 200) throw new Error(`GET /admin/v1/connections: ${found.status} ${JSON.stringify(found.body)}`);
  return found.body as {
    shard: string;
    move: null | { status: string; rowsCopied: number; rowsTotal: number; startedAt: string | null };
  };
}

/** Every id of a list, page by page (`limit` a page), as a client walks it. */
export async function walk(key: string, token: string, path: string, limit: number, from?: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined = from;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const url = `${BASE.sandbox}${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    let page = await call("GET", url, { key, token });
    // A reader as fast as this one meets the connection's limit (100 a second): it waits as told.
    while (page.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, page.body.retryAfter * 1000));
      page = await call("GET", url, { key, token });
    }
    if (page.status !== 200) throw new Error(`GET ${path}: ${page.status} ${JSON.stringify(page.body)}`);
    ids.push(
      ...page.body.results.map(
        (row: { id?: string; vehicle?: string; date?: string }) => row.id ?? `${row.vehicle}/${row.date}`,
      ),
    );
    cursor = page.body.next ?? undefined;
  } while (cursor);
  return ids;
}

/** A synced connection whose move is `copying`, its first unit not queued: nothing is copied until the test says. */
export async function connectionInCopy() {
  const app = await createTestApplication();
  const key = app.keys.sandbox.secret;
  const connection = await createSandboxConnection(app, { syncMode: "manual" });
  const token = connection.token as string;
  await waitForSync(key, token, await lastSyncId(key, token));
  const source = (await operatorView(connection.id)).shard;
  const target = otherShard(source);
  const now = new Date();
  const moveId = newId("move");
  await db()
    .insert(connectionMoves)
    .values({
      id: moveId,
      connectionId: connection.id,
      source,
      target,
      status: "copying",
      cursor: { table: 0, after: null },
      requestedAt: now,
      startedAt: now,
      updatedAt: now,
    });
  const stub = connectionSync(env, connection.id);
  await runInDurableObject(stub, (_instance: ConnectionSync, state: DurableObjectState) => {
    const stored = JSON.parse(
      state.storage.sql.exec<{ value: string }>("SELECT value FROM sync_state WHERE key = 'state'").one().value,
    ) as SyncState;
    stored.move = { moveId, source, target, copying: true };
    state.storage.sql.exec("UPDATE sync_state SET value = ? WHERE key = 'state'", JSON.stringify(stored));
  });
  await evictDurableObject(stub);
  const copy = () =>
    env.SYNC_QUEUE.send({ type: "shard.move", moveId, connectionId: connection.id } satisfies MoveMessage);
  return { app, key, token, connection, source, target, copy };
}

export async function moveEnded(connectionId: string) {
  for (let round = 0; round < 200; round++) {
    const view = await operatorView(connectionId);
    if (!view.move) return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the move did not end");
}
