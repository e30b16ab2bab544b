import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookEvents } from "../../src/db/schema";
import { expectError } from "../helpers/error-contract";
import {
  createSandboxConnection,
  createTestApplication,
  db,
  mintTestPublicToken,
  type TestApplication,
} from "../helpers/factories";
import { BASE, call } from "../helpers/http";

let app: TestApplication;
beforeAll(async () => {
  app = await createTestApplication();
});

const rotate = (token: string) =>
  call("POST", `${BASE.sandbox}/connections/current/rotate-token`, { key: app.keys.sandbox.secret, token });
const current = (token: string) =>
  call("GET", `${BASE.sandbox}/connections/current`, { key: app.keys.sandbox.secret, token });

describe("POST /connections/current/rotate-token", () => {
  it("answers a new token that works; the old one stops at once", async () => {
    const connection = await createSandboxConnection(app);
    const { publicToken } = await mintTestPublicToken(connection, app);
    const rotated = await rotate(connection.token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).toBe(connection.id);
    expect(rotated.body.token).toMatch(/^con_tkn_\S+$/);
    expect(rotated.body.token).not.toBe(connection.token);
    expect(Date.parse(rotated.body.tokenRotatedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect((await current(rotated.body.token)).status).toBe(200);
    expectError(await current(connection.token), "forbidden");
    // A public token minted before the rotation exchanges into the current token.
    const exchanged = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.sandbox.secret,
      body: { publicToken },
    });
    expect(exchanged.body.token).toBe(rotated.body.token);
  });

  it("is announced by connection.updated, without the token", async () => {
    const connection = await createSandboxConnection(app);
    const rotated = await rotate(connection.token);
    const events = await db()
      .select({ payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.connectionId, connection.id), eq(webhookEvents.type, "connection.updated")));
    const announced = events
      .map((event) => JSON.parse(event.payload))
      .filter((e) => e.detail.change === "token_rotated");
    expect(announced).toHaveLength(1);
    expect(announced[0].detail.connection.id).toBe(connection.id);
    expect(JSON.stringify(announced)).not.toContain(rotated.body.token);
    expect(JSON.stringify(announced)).not.toContain(connection.token);
  });

  it("of two concurrent rotations exactly one wins", async () => {
    const connection = await createSandboxConnection(app);
    const results = await Promise.all([rotate(connection.token), rotate(connection.token)]);
    const won = results.filter((result) => result.status === 200);
    expect(won).toHaveLength(1);
    const lost = results.find((result) => result.status !== 200);
    expect(["conflict", "forbidden"]).toContain(lost?.body.code);
    expect((await current(won[0]?.body.token)).status).toBe(200);
  });

  it("is refused for a deleted connection", async () => {
    const connection = await createSandboxConnection(app);
    const { connections } = await import("../../src/db/schema");
    await db().update(connections).set({ status: "deleted" }).where(eq(connections.id, connection.id));
    expectError(await rotate(connection.token), "connection_deleted");
  });
});
