/**
 * The deletion of a connection whose data is being moved: the sweep cancels the move, waits one
 * run for a unit of it that may still be writing, then removes the connection's rows from both
 * shards, and the move's worker does nothing more.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDeletionSweep } from "../../src/cron/deletion-sweep";
import { vehicles } from "../../src/families/vehicles/table";
import { connectionRow, endGracePeriod, requestDeletion, rowsOfConnection } from "../deletion/helpers";
import { shardDb } from "../helpers/factories";
import { admin } from "../helpers/http";
import { connectionInCopy, rowsOn } from "./helpers";

describe("deleting a connection during a move", () => {
  it("cancels the move and removes the connection's rows from both shards", async () => {
    const { app, token, connection, source, target, copy } = await connectionInCopy();
    // What the copy had written on the target so far: some of the connection's vehicles.
    const copied = await shardDb(source)
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id))
      .limit(3);
    await shardDb(target).insert(vehicles).values(copied);
    expect((await rowsOn(target, connection.id)).vehicles).toBe(3);

    await requestDeletion(app, token);
    await endGracePeriod(connection.id);
    const first = await runDeletionSweep(env);
    expect(first.unfinished).toContain(connection.id);
    expect((await admin("GET", `/connections/${connection.id}`)).body.move).toBeNull();

    await copy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await runDeletionSweep(env);
    expect(second.deleted).toContain(connection.id);
    expect((await connectionRow(connection.id))?.status).toBe("deleted");
    for (const shard of [source, target]) {
      const left = await rowsOn(shard, connection.id);
      const { usage_records: _kept, ...rest } = left;
      expect(rest, shard).toEqual({});
    }
    const everything = await rowsOfConnection(connection.id);
    expect(Object.keys(everything).filter((table) => table !== "usage_records")).toEqual([]);
  });
});
