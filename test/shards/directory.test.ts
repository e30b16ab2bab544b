/**
 * The shard directory and the placement rule: GET /admin/v1/shards, closing and opening a shard
 * (PATCH), where new connections go, and what a closed shard still does. Its own storage
 * (OWN_STORAGE): the shards are global.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chooseShard } from "../../src/domain/shards/placement";
import { createSandboxConnection, createTestApplication, SHARDS } from "../helpers/factories";
import { admin, BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { operatorView, rowsOn } from "./helpers";

type Shard = { name: string; status: string; connections: number; rows: Record<string, number>; bytes: number };
const listShards = async () => (await admin("GET", "/shards")).body.results as Shard[];

describe("the placement rule", () => {
  it("takes the open shard with the fewest bytes, then the fewest connections, then the first name", () => {
    expect(
      chooseShard([
        { name: "a", bytes: 900, connections: 1 },
        { name: "b", bytes: 100, connections: 9 },
      ]),
    ).toBe("b");
    expect(
      chooseShard([
        { name: "a", bytes: 100, connections: 3 },
        { name: "b", bytes: 100, connections: 2 },
      ]),
    ).toBe("b");
    expect(
      chooseShard([
        { name: "b", bytes: 100, connections: 2 },
        { name: "a", bytes: 100, connections: 2 },
      ]),
    ).toBe("a");
    expect(() => chooseShard([])).toThrow(/No data shard is open/);
  });
});

describe("the shard directory", () => {
  it("lists every bound shard, open, with its connections, rows per table and bytes", async () => {
    const shards = await listShards();
    expect(shards.map((shard) => shard.name)).toEqual(SHARDS);
    for (const shard of shards) {
      expect(shard.status).toBe("open");
      expect(shard.bytes).toBeGreaterThan(0);
      expect(Object.keys(shard.rows)).toEqual(expect.arrayContaining(["vehicles", "sync_jobs", "usage_records"]));
    }
  });

  it("places new connections on the emptier shard, and a closed shard takes none while its own keep working", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const first = await createSandboxConnection(app, { syncMode: "manual", options: { sandbox: { fleetSize: 40 } } });
    await waitForSync(key, first.token, await lastSyncId(key, first.token));
    const full = (await operatorView(first.id)).shard;
    const [empty] = SHARDS.filter((name) => name !== full);
    // The first connection's fleet made its shard the larger one: the next goes to the other.
    const sizes = Object.fromEntries((await listShards()).map((shard) => [shard.name, shard.bytes]));
    expect(sizes[full]!).toBeGreaterThan(sizes[empty!]!);
    const second = await createSandboxConnection(app, { syncMode: "manual" });
    expect((await operatorView(second.id)).shard).toBe(empty);

    // Closing the emptier shard sends new connections to the other one.
    const closed = await admin("PATCH", `/shards/${empty}`, { status: "closed" });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ name: empty, status: "closed", connections: 1 });
    try {
      const third = await createSandboxConnection(app, { syncMode: "manual" });
      expect((await operatorView(third.id)).shard).toBe(full);
      // The last open shard stays open, and a move to a closed shard is refused.
      expect((await admin("PATCH", `/shards/${full}`, { status: "closed" })).status).toBe(409);
      expect((await admin("POST", `/connections/${first.id}/move`, { shard: empty })).status).toBe(409);
      // The closed shard's connection keeps working: reads, and a sync that writes there.
      const token = second.token as string;
      await waitForSync(key, token, await lastSyncId(key, token));
      expect((await call("GET", `${BASE.sandbox}/vehicles`, { key, token })).status).toBe(200);
      const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 1 } });
      expect((await waitForSync(key, token, sync.body.id)).job.status).toBe("completed");
      expect((await rowsOn(empty!, second.id)).sync_jobs).toBe(2);
    } finally {
      expect((await admin("PATCH", `/shards/${empty}`, { status: "open" })).status).toBe(200);
    }
    const reopened = await createSandboxConnection(app, { syncMode: "manual" });
    expect((await operatorView(reopened.id)).shard).toBe(empty);
  });

  it("answers 404 for a shard not bound, and 400 for a status it does not know", async () => {
    expect((await admin("PATCH", "/shards/zz", { status: "closed" })).status).toBe(404);
    expect((await admin("PATCH", `/shards/${SHARDS[0]}`, { status: "full" })).status).toBe(400);
    expect((await admin("PATCH", "/shards/NOT-A-NAME", { status: "open" })).status).toBe(400);
    expect(env.DATA_A).toBeDefined();
  });
});

describe("a move's request", () => {
  it("is refused for an unknown connection, an unknown shard, its own shard, and while another is under way", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { syncMode: "manual" });
    const own = (await operatorView(connection.id)).shard;
    expect((await admin("POST", "/connections/conn_01J00000000000000000000000/move", { shard: own })).status).toBe(404);
    const unknown = await admin("POST", `/connections/${connection.id}/move`, { shard: "zz" });
    expect(unknown.status).toBe(400);
    expect((await admin("POST", `/connections/${connection.id}/move`, { shard: own })).status).toBe(409);
    expect((await admin("POST", `/connections/${connection.id}/move`, {})).status).toBe(400);
    expect((await operatorView(connection.id)).move).toBeNull();
  });
});
