/**
 * A page's write leaves out the records of hidden (or unknown) vehicles and drivers and counts
 * backfill units with no read before it: the conditions are in the write statements themselves
 * (families/safety-events/write.ts, families/vehicle-utilization/write.ts). Run here through the
 * writers and one real D1 batch, as the sync runs them.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectionD1, connectionDatabase } from "../../src/db/databases";
import { runBatch } from "../../src/db/raw";
import { type ConnectionRow, usageRecords } from "../../src/db/schema";
import type { WriteContext } from "../../src/families/kit/write";
import { safetyEvents } from "../../src/families/safety-events/table";
import { writeSafetyEvents } from "../../src/families/safety-events/write";
import { vehicleUtilization } from "../../src/families/vehicle-utilization/table";
import { writeUtilization } from "../../src/families/vehicle-utilization/write";
import { recordId } from "../../src/lib/record-ids";
import type { NormalizedSafetyEvent, NormalizedUtilizationDay } from "../../src/model/normalized";
import { createTestApplication, dataDb, insertConnection } from "../helpers/factories";
import { insertDriver, insertVehicle, ownerOf } from "../helpers/records-factories";

async function connectionWithFleet() {
  const app = await createTestApplication();
  const { row } = await insertConnection(app, "sandbox", { createdAt: new Date("2026-03-01T00:00:00.000Z") });
  const owner = ownerOf(app, row);
  const vehicle = async (sourceId: string, visibility: "visible" | "hidden_by_exclude_list") =>
    insertVehicle(owner, { id: await recordId(row, "vehicle", sourceId), sourceId, visibility });
  const driver = async (sourceId: string, visibility: "visible" | "hidden_by_status") =>
    insertDriver(owner, { id: await recordId(row, "driver", sourceId), sourceId, visibility });
  await Promise.all([
    vehicle("v-shown", "visible"),
    vehicle("v-hidden", "hidden_by_exclude_list"),
    driver("d-shown", "visible"),
    driver("d-hidden", "hidden_by_status"),
  ]);
  return row;
}

function contextOf(connection: ConnectionRow, schema: string): WriteContext {
  return {
    db: connectionDatabase(env, connection),
    d1: connectionD1(env, connection),
    env,
    connection,
    syncId: "sync_test",
    now: Date.now(),
    schema,
  };
}

const event = (sourceId: string, refs: Partial<NormalizedSafetyEvent>): NormalizedSafetyEvent => ({
  sourceId,
  type: "harsh_brake",
  startedAt: "2026-02-10T12:00:00.000Z",
  cameraMedia: {},
  ...refs,
});

const day = (vehicleSourceId: string, date: string): NormalizedUtilizationDay => ({
  vehicleSourceId,
  date,
  startAt: `${date}T08:00:00.000Z`,
  endAt: `${date}T17:00:00.000Z`,
  distance: 100,
  fuelConsumed: 10,
  durations: { driving: 3_600_000, idling: 60_000 },
});

const items = <T>(records: T[]) => records.map((normalized) => ({ normalized, payload: { normalized } }));

describe("a page's write and the connection's hidden records", () => {
  it("stores no safety event of a hidden vehicle or a hidden driver, and the others whatever they name", async () => {
    const connection = await connectionWithFleet();
    const page = [
      event("shown-both", { vehicleSourceId: "v-shown", driverSourceId: "d-shown" }),
      event("hidden-vehicle", { vehicleSourceId: "v-hidden", driverSourceId: "d-shown" }),
      event("hidden-driver", { vehicleSourceId: "v-shown", driverSourceId: "d-hidden" }),
      event("unknown-vehicle", { vehicleSourceId: "v-not-synced-yet" }),
      event("no-references", {}),
    ];
    const context = contextOf(connection, "safety_events");
    await runBatch(context.d1, await writeSafetyEvents(context, items(page)));
    const stored = await (await dataDb(connection.id))
      .select({ sourceId: safetyEvents.sourceId })
      .from(safetyEvents)
      .where(eq(safetyEvents.connectionId, connection.id));
    expect(stored.map((row) => row.sourceId).sort()).toEqual(["no-references", "shown-both", "unknown-vehicle"]);
  });

  it("stores the days of visible vehicles only, and bills each day of history once, however often it is written", async () => {
    const connection = await connectionWithFleet();
    // Two days before the connection's creation (history: billed), one after (not billed).
    const page = [
      day("v-shown", "2026-02-01"),
      day("v-shown", "2026-02-02"),
      day("v-shown", "2026-03-05"),
      day("v-hidden", "2026-02-01"),
      day("v-unknown", "2026-02-01"),
    ];
    const context = contextOf(connection, "vehicle_utilization");
    for (let write = 0; write < 2; write++) {
      await runBatch(context.d1, await writeUtilization({ ...context, now: Date.now() }, items(page)));
    }
    const database = await dataDb(connection.id);
    const days = await database
      .select({ vehicleId: vehicleUtilization.vehicleId, date: vehicleUtilization.date })
      .from(vehicleUtilization)
      .where(eq(vehicleUtilization.connectionId, connection.id));
    const shown = await recordId(connection, "vehicle", "v-shown");
    expect(days.map((row) => `${row.vehicleId === shown ? "shown" : row.vehicleId} ${row.date}`).sort()).toEqual([
      "shown 2026-02-01",
      "shown 2026-02-02",
      "shown 2026-03-05",
    ]);
    const usage = await database
      .select({ vehicleId: usageRecords.vehicleId, units: usageRecords.backfillUnitCount })
      .from(usageRecords)
      .where(eq(usageRecords.connectionId, connection.id));
    expect(usage).toEqual([{ vehicleId: shown, units: 2 }]);
  });
});
