/**
 * Isolation across shards: a connection's token reads its own shard only, and there only its
 * own rows, whatever another shard holds; an application's lists that merge every shard
 * (issues, usage) never carry another application's rows.
 */
import { describe, expect, it } from "vitest";
import { vehicles } from "../../src/families/vehicles/table";
import { newId } from "../../src/lib/ids";
import { createTestApplication, insertConnection, insertUsage, shardDb } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { insertIssue, insertVehicle, ownerOf } from "../helpers/records-factories";

describe("isolation between shards", () => {
  it("a token reads only its connection's rows on its own shard", async () => {
    const app = await createTestApplication();
    const onA = await insertConnection(app, "sandbox", { shard: "a" });
    const onB = await insertConnection(app, "sandbox", { shard: "b" });
    const mine = await insertVehicle(ownerOf(app, onA));
    const theirs = await insertVehicle(ownerOf(app, onB));
    // A row naming the connection on the other shard (what an unfinished move could leave there).
    const stray = { ...mine, id: newId("vehicle"), sourceId: `stray-${mine.sourceId}` };
    await shardDb("b").insert(vehicles).values(stray);

    const key = app.keys.sandbox.secret;
    const listA = await call("GET", `${BASE.sandbox}/vehicles`, { key, token: onA.token });
    expect(listA.body.results.map((vehicle: { id: string }) => vehicle.id)).toEqual([mine.id]);
    const listB = await call("GET", `${BASE.sandbox}/vehicles`, { key, token: onB.token });
    expect(listB.body.results.map((vehicle: { id: string }) => vehicle.id)).toEqual([theirs.id]);
    for (const id of [theirs.id, stray.id]) {
      expect((await call("GET", `${BASE.sandbox}/vehicles/${id}`, { key, token: onA.token })).status).toBe(404);
    }
    expect((await call("GET", `${BASE.sandbox}/vehicles/${mine.id}`, { key, token: onB.token })).status).toBe(404);
  });

  it("merged lists carry the application's rows from every shard, and no other application's", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const ownA = await insertConnection(app, "sandbox", { shard: "a" });
    const ownB = await insertConnection(app, "sandbox", { shard: "b" });
    const foreign = await insertConnection(other, "sandbox", { shard: "a" });
    const issues = [await insertIssue(ownerOf(app, ownA)), await insertIssue(ownerOf(app, ownB))];
    await insertIssue(ownerOf(other, foreign));
    await insertUsage(app, "sandbox", "2026-02", ownA.id, 2);
    await insertUsage(app, "sandbox", "2026-02", ownB.id, 3);
    await insertUsage(other, "sandbox", "2026-02", foreign.id, 4);

    const key = app.keys.sandbox.secret;
    const listed = await call("GET", `${BASE.sandbox}/issues?limit=1`, { key });
    const ids = [listed.body.results[0].id];
    const next = await call("GET", `${BASE.sandbox}/issues?limit=1&cursor=${listed.body.next}`, { key });
    ids.push(next.body.results[0].id);
    expect(next.body.next ?? null).toBeNull();
    expect(ids).toEqual(issues.map((issue) => issue.id).sort());

    const usage = await call("GET", `${BASE.sandbox}/usage?month=2026-02`, { key });
    expect(new Set(usage.body.results.map((row: { connection: string }) => row.connection))).toEqual(
      new Set([ownA.id, ownB.id]),
    );
    expect(usage.body.results).toHaveLength(5);
  });
});
