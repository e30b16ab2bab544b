/**
 * Fault observations become fault code events (families/fault-code-events): observations
 * without a provider occurrence id join the fault's open occurrence until it closes, an active
 * set (Samsara's stat points) closes what it lacks, the provider's own occurrences (Motive) are
 * stored as it has them, a page read again changes nothing, and a hidden vehicle's faults are
 * not stored. Run through the writer and one real D1 batch per page, as the sync runs them.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectionD1, connectionDatabase } from "../../src/db/databases";
import { runBatch } from "../../src/db/raw";
import type { ConnectionRow } from "../../src/db/schema";
import { faultCodeEvents } from "../../src/families/fault-code-events/table";
import { writeFaultCodeEvents } from "../../src/families/fault-code-events/write";
import { recordId } from "../../src/lib/record-ids";
import type { NormalizedFaultBatch, NormalizedFaultObservation } from "../../src/model/normalized";
import { createTestApplication, dataDb, insertConnection } from "../helpers/factories";
import { insertVehicle, ownerOf } from "../helpers/records-factories";

async function connectionWithVehicles() {
  const app = await createTestApplication();
  const { row } = await insertConnection(app, "sandbox");
  const owner = ownerOf(app, row);
  for (const [sourceId, visibility] of [
    ["v-1", "visible"],
    ["v-2", "visible"],
    ["v-hidden", "hidden_by_exclude_list"],
  ] as const) {
    await insertVehicle(owner, { id: await recordId(row, "vehicle", sourceId), sourceId, visibility });
  }
  return row;
}

let clock = Date.parse("2026-05-01T00:00:00.000Z");

/** Writes one page as the sync does: the writer's statements in one batch. */
async function writePage(connection: ConnectionRow, batches: NormalizedFaultBatch[]) {
  clock += 60_000;
  const context = {
    db: connectionDatabase(env, connection),
    d1: connectionD1(env, connection),
    env,
    connection,
    syncId: "sync_test",
    now: clock,
    schema: "faults",
  };
  await runBatch(
    context.d1,
    await writeFaultCodeEvents(
      context,
      batches.map((normalized) => ({ normalized, payload: normalized })),
    ),
  );
}

async function eventsOf(connection: ConnectionRow) {
  const rows = await (await dataDb(connection.id))
    .select()
    .from(faultCodeEvents)
    .where(eq(faultCodeEvents.connectionId, connection.id));
  return rows
    .map((row) => ({
      code: row.code,
      status: row.status,
      first: row.firstObservedAt.toISOString().slice(11, 16),
      last: row.observedAt.toISOString().slice(11, 16),
      modifiedAt: row.modifiedAt.getTime(),
    }))
    .sort((a, b) => a.first.localeCompare(b.first) || a.code.localeCompare(b.code));
}

const spn3251 = (status: NormalizedFaultObservation["status"], time: string): NormalizedFaultObservation => ({
  protocol: "j1939",
  code: "3251",
  description: "Aftertreatment 1 Diesel Particulate Filter Differential Pressure",
  j1939: { spn: 3251, fmi: 0, sourceAddress: 0 },
  status,
  observedAt: `2026-04-30T${time}:00.000Z`,
  milStatus: "on",
});
const p0171 = (status: NormalizedFaultObservation["status"], time: string): NormalizedFaultObservation => ({
  protocol: "obdii",
  code: "P0171",
  description: "System Too Lean (Bank 1)",
  status,
  observedAt: `2026-04-30T${time}:00.000Z`,
});
const at = (time: string) => `2026-04-30T${time}:00.000Z`;

describe("fault observations → fault code events", () => {
  it("joins observations of a fault into one occurrence, pending to open to closed, then starts another", async () => {
    const connection = await connectionWithVehicles();
    await writePage(connection, [
      { vehicleSourceId: "v-1", observations: [p0171("pending", "08:00"), p0171("open", "08:10")] },
    ]);
    await writePage(connection, [{ vehicleSourceId: "v-1", observations: [p0171("closed", "11:00")] }]);
    await writePage(connection, [{ vehicleSourceId: "v-1", observations: [p0171("open", "14:00")] }]);
    expect((await eventsOf(connection)).map(({ modifiedAt, ...event }) => event)).toEqual([
      { code: "P0171", status: "closed", first: "08:00", last: "11:00" },
      { code: "P0171", status: "open", first: "14:00", last: "14:00" },
    ]);
  });

  it("closes at an active set the faults it no longer lists, across pages", async () => {
    const connection = await connectionWithVehicles();
    await writePage(connection, [
      {
        vehicleSourceId: "v-2",
        observations: [spn3251("open", "09:00"), p0171("open", "09:00"), spn3251("open", "09:30")],
        activeSets: [at("09:00"), at("09:30")],
      },
    ]);
    expect((await eventsOf(connection)).map((event) => [event.code, event.status, event.last])).toEqual([
      ["3251", "open", "09:30"],
      ["P0171", "closed", "09:30"],
    ]);
    // The next window's first point lists nothing: the last fault cleared between the windows.
    await writePage(connection, [{ vehicleSourceId: "v-2", observations: [], activeSets: [at("10:15")] }]);
    expect((await eventsOf(connection)).map((event) => [event.code, event.status, event.last])).toEqual([
      ["3251", "closed", "10:15"],
      ["P0171", "closed", "09:30"],
    ]);
  });

  it("changes nothing when a page is written again", async () => {
    const connection = await connectionWithVehicles();
    const page: NormalizedFaultBatch[] = [
      {
        vehicleSourceId: "v-1",
        observations: [p0171("pending", "08:00"), p0171("open", "08:10"), p0171("closed", "09:00")],
      },
    ];
    await writePage(connection, page);
    const first = await eventsOf(connection);
    await writePage(connection, page);
    expect(await eventsOf(connection)).toEqual(first);
    expect(first).toHaveLength(1);
  });

  it("stores the provider's own occurrences as it has them", async () => {
    const connection = await connectionWithVehicles();
    const occurrence = (status: "open" | "closed", last: string): NormalizedFaultObservation => ({
      ...p0171(status, last),
      occurrenceSourceId: "48401",
      firstObservedAt: at("07:45"),
    });
    await writePage(connection, [{ vehicleSourceId: "v-1", observations: [occurrence("open", "08:30")] }]);
    await writePage(connection, [{ vehicleSourceId: "v-1", observations: [occurrence("closed", "10:00")] }]);
    expect((await eventsOf(connection)).map(({ modifiedAt, ...event }) => event)).toEqual([
      { code: "P0171", status: "closed", first: "07:45", last: "10:00" },
    ]);
  });

  it("leaves out the faults of a vehicle the connection's filters hide", async () => {
    const connection = await connectionWithVehicles();
    await writePage(connection, [
      { vehicleSourceId: "v-hidden", observations: [spn3251("open", "09:00")] },
      { vehicleSourceId: "v-1", observations: [spn3251("open", "09:00")] },
    ]);
    expect(await eventsOf(connection)).toHaveLength(1);
  });
});
