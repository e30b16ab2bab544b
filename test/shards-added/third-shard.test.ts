/**
 * Adding a shard (README: Shards): a deployment whose wrangler.toml gained a third data shard
 * binding (DATA_C here, test/workers-project.ts) and whose migrations were applied to it. The
 * shard is open at once, takes the next connections (it has the fewest bytes), serves their reads
 * and syncs, and takes a connection moved to it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shardNames } from "../../src/db/shards";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { admin, BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { moveEnded, operatorView, rowsOn } from "../shards/helpers";

describe("a shard added by a deploy", () => {
  it("is open at once, takes new connections, serves them, and takes a moved one", async () => {
    expect(shardNames(env)).toEqual(["a", "b", "c"]);
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    // Data on the two first shards (the rule fills the emptiest first: a, then b).
    const first = await createSandboxConnection(app, { syncMode: "manual" });
    await waitForSync(key, first.token, await lastSyncId(key, first.token));
    const second = await createSandboxConnection(app, { syncMode: "manual" });
    await waitForSync(key, second.token, await lastSyncId(key, second.token));
    expect([(await operatorView(first.id)).shard, (await operatorView(second.id)).shard].sort()).toEqual(["a", "b"]);

    const listed = (await admin("GET", "/shards")).body.results as {
      name: string;
      status: string;
      connections: number;
    }[];
    expect(listed.map((shard) => [shard.name, shard.status, shard.connections])).toEqual([
      ["a", "open", 1],
      ["b", "open", 1],
      ["c", "open", 0],
    ]);

    const third = await createSandboxConnection(app, { syncMode: "manual" });
    const token = third.token as string;
    expect((await operatorView(third.id)).shard).toBe("c");
    await waitForSync(key, token, await lastSyncId(key, token));
    const vehicles = await call("GET", `${BASE.sandbox}/vehicles`, { key, token });
    expect(vehicles.body.results.length).toBeGreaterThan(0);
    expect((await rowsOn("c", third.id)).vehicles).toBe(vehicles.body.results.length);

    const moved = await admin("POST", `/connections/${first.id}/move`, { shard: "c" });
    expect(moved.status).toBe(202);
    expect(await moveEnded(first.id)).toMatchObject({ shard: "c" });
    const after = await call("GET", `${BASE.sandbox}/vehicles`, { key, token: first.token });
    expect(after.body.results.length).toBeGreaterThan(0);
  });
});
