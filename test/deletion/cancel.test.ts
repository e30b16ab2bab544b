/**
 * POST /connections/{id}/cancel-deletion: a connection within its grace period returns to
 * `archived` (and a later sweep leaves it); other states answer conflict, connection_deleted
 * or not_found in the contract's error shape.
 */
import { describe, expect, it } from "vitest";
import { expectError } from "../helpers/error-contract";
import { createTestApplication, insertConnection } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { createRecordsContext } from "../helpers/records-factories";
import {
  connectionRow,
  endGracePeriod,
  requestDeletion,
  rowsOfConnection,
  seedEveryTable,
  triggerSweep,
} from "./helpers";

const cancel = (key: string, id: string) => call("POST", `${BASE.sandbox}/connections/${id}/cancel-deletion`, { key });

describe("POST /connections/{id}/cancel-deletion", () => {
  it("returns a connection within its grace period to archived; a later sweep leaves it", async () => {
    const context = await createRecordsContext();
    await seedEveryTable(context.app, context.connection.id);
    await requestDeletion(context.app, context.connection.token);
    const before = await rowsOfConnection(context.connection.id);

    const result = await cancel(context.app.keys.sandbox.secret, context.connection.id);

    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({
      id: context.connection.id,
      status: "archived",
      token: context.connection.token,
    });
    const row = await connectionRow(context.connection.id);
    expect(row?.status).toBe("archived");
    expect(row?.deletionDueAt).toBeNull();

    // Even with the former due time long past, the sweep does not touch it.
    await endGracePeriod(context.connection.id);
    await triggerSweep();
    expect((await connectionRow(context.connection.id))?.status).toBe("archived");
    expect(await rowsOfConnection(context.connection.id)).toEqual(before);
    const current = await context.get("/connections/current");
    expect(current.status).toBe(200);
    expect(current.body.status).toBe("archived");
  });

  it("after the deletion: 410 connection_deleted", async () => {
    const context = await createRecordsContext();
    await requestDeletion(context.app, context.connection.token);
    await endGracePeriod(context.connection.id);
    await triggerSweep();
    expect((await connectionRow(context.connection.id))?.status).toBe("deleted");

    expectError(await cancel(context.app.keys.sandbox.secret, context.connection.id), "connection_deleted");
    expect((await connectionRow(context.connection.id))?.status).toBe("deleted");
  });

  it("while deleting: 410 connection_deleted", async () => {
    const app = await createTestApplication();
    const deleting = await insertConnection(app, "sandbox", { status: "deleting", deletionDueAt: new Date() });
    expectError(await cancel(app.keys.sandbox.secret, deleting.id), "connection_deleted");
  });

  it("a connection that is not pending deletion: 409 conflict", async () => {
    const context = await createRecordsContext();
    expectError(await cancel(context.app.keys.sandbox.secret, context.connection.id), "conflict");
    expect((await connectionRow(context.connection.id))?.status).toBe("connected");
  });

  it("an unknown id, or another application's connection: 404 not_found", async () => {
    const context = await createRecordsContext();
    await requestDeletion(context.app, context.connection.token);
    const other = await createTestApplication();
    expectError(await cancel(other.keys.sandbox.secret, context.connection.id), "not_found");
    expectError(await cancel(context.app.keys.sandbox.secret, "conn_01HZX5G1Q4V2M8T6W9K3R7N0PB"), "not_found");
    // The production key of the same application does not reach the sandbox connection either.
    const production = await call("POST", `${BASE.production}/connections/${context.connection.id}/cancel-deletion`, {
      key: context.app.keys.production.secret,
    });
    expectError(production, "not_found");
    expect((await connectionRow(context.connection.id))?.status).toBe("pending_deletion");
  });
});
