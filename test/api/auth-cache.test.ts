/**
 * The consistency model of authentication (README: Consistency): an isolate answers reads from
 * the keys and connection tokens it found lately, for at most AUTH_CACHE_SECONDS (5 s by
 * default). A change made through this isolate takes effect in it at once; one made elsewhere
 * (here: written to the database directly, as another isolate would) within the bound. What a
 * client reads of its own writes is never stale: a PATCH followed by a GET shows the PATCH.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newApp } from "../../src/app";
import { authCacheMs } from "../../src/config";
import { apiKeys, connections } from "../../src/db/schema";
import { createTestApplication, db, insertConnection } from "../helpers/factories";
import { admin, BASE, backgroundContext, call } from "../helpers/http";
import { faultyEnv } from "../helpers/io-faults";

const vehicles = (key: string, token: string) => call("GET", `${BASE.sandbox}/vehicles`, { key, token });
const pastTheBound = () => new Promise((resolve) => setTimeout(resolve, authCacheMs(env) + 100));

describe("remembered keys and tokens", () => {
  it("a key revoked through this isolate fails at once; one revoked elsewhere within the bound", async () => {
    const app = await createTestApplication();
    const connection = await insertConnection(app, "sandbox");
    const key = app.keys.sandbox.secret;
    expect((await vehicles(key, connection.token)).status).toBe(200);
    const revoked = await admin("DELETE", `/applications/${app.id}/keys/${app.keyIds["sandbox.secret"]}`);
    expect(revoked.status).toBeLessThan(300);
    expect((await vehicles(key, connection.token)).status).toBe(401);

    const other = await createTestApplication();
    const otherConnection = await insertConnection(other, "sandbox");
    const otherKey = other.keys.sandbox.secret;
    expect((await vehicles(otherKey, otherConnection.token)).status).toBe(200);
    await db().update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, other.keyIds["sandbox.secret"]!));
    await pastTheBound();
    expect((await vehicles(otherKey, otherConnection.token)).status).toBe(401);
  });

  it("a token rotated through this isolate fails at once; a connection deleted elsewhere stops within the bound", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const rotating = await insertConnection(app, "sandbox");
    expect((await vehicles(key, rotating.token)).status).toBe(200);
    const rotated = await call("POST", `${BASE.sandbox}/connections/current/rotate-token`, {
      key,
      token: rotating.token,
    });
    expect(rotated.status).toBe(200);
    expect((await vehicles(key, rotating.token)).status).toBe(403);
    expect((await vehicles(key, rotated.body.token)).status).toBe(200);

    const deleted = await insertConnection(app, "sandbox");
    expect((await vehicles(key, deleted.token)).status).toBe(200);
    await db().update(connections).set({ status: "deleted" }).where(eq(connections.id, deleted.id));
    await pastTheBound();
    expect((await vehicles(key, deleted.token)).status).toBe(410);
  });

  it("GET /connections/current shows the connection as it is now, whatever a read remembered", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const connection = await insertConnection(app, "sandbox", { externalId: "before" });
    expect((await vehicles(key, connection.token)).status).toBe(200);
    // Changed by another isolate: this one remembers the connection as it was.
    await db().update(connections).set({ externalId: "after" }).where(eq(connections.id, connection.id));
    const current = await call("GET", `${BASE.sandbox}/connections/current`, { key, token: connection.token });
    expect(current.body.externalId).toBe("after");
    // And through this isolate: the PATCH is what the next GET shows.
    const patched = await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token: connection.token,
      body: { externalId: "patched" },
    });
    expect(patched.status).toBe(200);
    const again = await call("GET", `${BASE.sandbox}/connections/current`, { key, token: connection.token });
    expect(again.body.externalId).toBe("patched");
  });

  it("a PATCH from a remembered connection makes one trip, and one changed elsewhere meanwhile applies to it as it is now", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const connection = await insertConnection(app, "sandbox");
    const service = newApp();
    const recorded = faultyEnv(env);
    const request = (method: string, path: string, body?: unknown) =>
      service.request(
        `${BASE.sandbox}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${key}`,
            "connection-token": connection.token,
            "content-type": "application/json",
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        recorded.env,
        backgroundContext(),
      );
    expect((await request("GET", "/vehicles")).status).toBe(200);
    // The key and the connection are remembered: the change with its events is the only trip.
    const before = recorded.steps.length;
    const tagged = await request("PATCH", "/connections/current", { tags: ["one"] });
    expect(tagged.status).toBe(200);
    expect(recorded.steps.slice(before)).toEqual(["DB.batch"]);
    // The isolate remembers the connection as it wrote it: the next PATCH is one trip too.
    const next = recorded.steps.length;
    expect((await request("PATCH", "/connections/current", { tags: ["two"] })).status).toBe(200);
    expect(recorded.steps.slice(next)).toEqual(["DB.batch"]);

    // Another isolate changes the vehicle filters; this one still remembers the connection before.
    const vehicleFilter = { excludeIds: ["vcl_01ARZ3NDEKTSV4RRFFQ69G5FAV"] };
    await db()
      .update(connections)
      .set({ filters: { vehicles: vehicleFilter }, updatedAt: new Date(Date.now() + 1) })
      .where(eq(connections.id, connection.id));
    const driverFilter = { excludeIds: ["drv_01ARZ3NDEKTSV4RRFFQ69G5FAV"] };
    const patched = await request("PATCH", "/connections/current", { filters: { drivers: driverFilter } });
    expect(patched.status).toBe(200);
    // Merged with the filters as they are now, not as remembered (which had none).
    const [stored] = await db().select().from(connections).where(eq(connections.id, connection.id));
    expect(stored?.filters).toEqual({ vehicles: vehicleFilter, drivers: driverFilter });
    expect(stored?.tags).toEqual(["two"]);
  });
});
