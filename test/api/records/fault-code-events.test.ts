/**
 * GET /fault-codes/events over events written straight into the connection's shard: the wire
 * shape of data-families.md "Fault codes" with its protocol blocks, the span and vehicle
 * filters, modifiedAfter, expand=vehicle, raw, and events of hidden vehicles left out.
 */
import { describe, expect, it } from "vitest";
import { detailAt, expectBadRequest, idRegex } from "../../helpers/api-assertions";
import { insertFaultCodeEvent } from "../../helpers/asset-factories";
import { addConnection, createRecordsContext, insertVehicle } from "../../helpers/records-factories";

const at = (iso: string) => new Date(iso);

describe("GET /fault-codes/events", () => {
  it("answers J1939 and OBD-II events with their protocol blocks", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner, { name: "Truck 104" });
    const j1939 = await insertFaultCodeEvent(context.owner, vehicle, {
      sourceId: "v-1|j1939:3251:0:0|2026-01-05T08:00:00.000Z",
      faultKey: "j1939:3251:0:0",
      protocol: "j1939",
      code: "3251",
      description: "Aftertreatment 1 Diesel Particulate Filter Differential Pressure",
      status: "closed",
      milStatus: "on",
      j1939: {
        spn: 3251,
        fmi: 0,
        fmiDescription: "Data valid but above normal operating range - most severe level",
        spnDescription: "Aftertreatment 1 Diesel Particulate Filter Differential Pressure",
        occurrenceCount: 3,
        sourceAddress: 0,
      },
    });
    const obd = await insertFaultCodeEvent(context.owner, vehicle, { sourceId: "48401", status: "pending" });
    const result = await context.get("/fault-codes/events");
    expect(result.status).toBe(200);
    const byId = new Map(result.body.results.map((event: { id: string }) => [event.id, event]));
    expect(j1939.id).toMatch(idRegex("fc_evt_"));
    expect(byId.get(j1939.id)).toEqual({
      id: j1939.id,
      sourceId: "v-1|j1939:3251:0:0|2026-01-05T08:00:00.000Z",
      provider: "sandbox",
      status: "closed",
      vehicle: vehicle.id,
      protocol: "j1939",
      code: "3251",
      description: "Aftertreatment 1 Diesel Particulate Filter Differential Pressure",
      observedAt: "2026-01-05T09:00:00.000Z",
      firstObservedAt: "2026-01-05T08:00:00.000Z",
      milStatus: "on",
      j1939: {
        spn: 3251,
        fmi: 0,
        fmiDescription: "Data valid but above normal operating range - most severe level",
        spnDescription: "Aftertreatment 1 Diesel Particulate Filter Differential Pressure",
        occurrenceCount: 3,
        sourceAddress: 0,
      },
      metadata: expect.objectContaining({ visibility: "visible" }),
    });
    expect(byId.get(obd.id)).toEqual(
      expect.objectContaining({
        status: "pending",
        protocol: "obdii",
        code: "P0171",
        obdii: { code: "P0171", description: "System Too Lean (Bank 1)" },
      }),
    );
    expect(byId.get(obd.id)).not.toHaveProperty("j1939");
    const expanded = await context.get("/fault-codes/events?expand=vehicle&raw=true");
    expect(expanded.body.results[0].vehicle).toEqual(expect.objectContaining({ id: vehicle.id, name: "Truck 104" }));
    expect(expanded.body.results[0].raw).toEqual([expect.objectContaining({ schema: "fleet/vehicles/stats/history" })]);
  });

  it("keeps the events whose occurrence meets [startAt, endAt), by vehicle and modification", async () => {
    const context = await createRecordsContext();
    const truck = await insertVehicle(context.owner);
    const van = await insertVehicle(context.owner);
    const early = await insertFaultCodeEvent(context.owner, truck, {
      firstObservedAt: at("2026-01-04T08:00:00.000Z"),
      observedAt: at("2026-01-04T12:00:00.000Z"),
      modifiedAt: at("2026-01-04T12:05:00.000Z"),
    });
    const spanning = await insertFaultCodeEvent(context.owner, truck, {
      firstObservedAt: at("2026-01-04T20:00:00.000Z"),
      observedAt: at("2026-01-05T03:00:00.000Z"),
      modifiedAt: at("2026-01-05T03:05:00.000Z"),
    });
    const vans = await insertFaultCodeEvent(context.owner, van, {
      firstObservedAt: at("2026-01-05T10:00:00.000Z"),
      observedAt: at("2026-01-05T11:00:00.000Z"),
      modifiedAt: at("2026-01-05T11:05:00.000Z"),
    });
    const ids = async (query: string) =>
      ((await context.get(`/fault-codes/events?${query}`)).body.results as { id: string }[])
        .map((event) => event.id)
        .sort();
    expect(await ids("startAt=2026-01-05T00:00:00.000Z")).toEqual([spanning.id, vans.id].sort());
    expect(await ids("endAt=2026-01-04T21:00:00.000Z")).toEqual([early.id, spanning.id].sort());
    expect(await ids(`vehicleIds=${truck.id}`)).toEqual([early.id, spanning.id].sort());
    expect(await ids("modifiedAfter=2026-01-05T04:00:00.000Z")).toEqual([vans.id]);
    detailAt(expectBadRequest(await context.get("/fault-codes/events?startAt=yesterday")), "{requestQuery}.startAt");
  });

  it("leaves out the events of hidden vehicles and of other connections", async () => {
    const context = await createRecordsContext();
    const hidden = await insertVehicle(context.owner, { visibility: "hidden_by_exclude_list" });
    const shown = await insertVehicle(context.owner);
    await insertFaultCodeEvent(context.owner, hidden, { visibility: "hidden_by_exclude_list" });
    const mine = await insertFaultCodeEvent(context.owner, shown);
    const other = await addConnection(context);
    await insertFaultCodeEvent(other.owner, await insertVehicle(other.owner));
    const result = await context.get("/fault-codes/events");
    expect(result.body.results.map((event: { id: string }) => event.id)).toEqual([mine.id]);
  });
});
