/**
 * GET /hos/logs over logs written directly into the connection's shard: the wire shape (status,
 * driver, vehicle, co-drivers, location, remarks, EntityMetadata), start order, every filter of
 * data-families.md with its bounds, expand in any combination and order, raw, keyset paging, and
 * no logs of another connection.
 */
import { describe, expect, it } from "vitest";
import { expectBadRequest, idRegex, walkPages } from "../../helpers/api-assertions";
import {
  addConnection,
  createRecordsContext,
  insertDriver,
  insertHosLog,
  insertVehicle,
  rawEntry,
} from "../../helpers/records-factories";

const at = (iso: string) => new Date(iso);
const startsOf = (result: { body: { results: { startedAt: string }[] } }) =>
  result.body.results.map((log) => log.startedAt);

describe("GET /hos/logs", () => {
  it("answers the wire shape: status, driver, vehicle, co-drivers, location, remarks and EntityMetadata", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner, { name: "Truck 104" });
    const [driver, codriver] = [await insertDriver(context.owner), await insertDriver(context.owner)];
    const log = await insertHosLog(context.owner, driver, {
      sourceId: "log-1",
      status: "on_duty",
      vehicleId: vehicle.id,
      codriverIds: [codriver.id],
      location: { latitude: 30.2672, longitude: -97.7431 },
      remarks: [{ notes: "Pre-trip", submittedAt: "2026-01-05T13:40:00.000Z" }],
      startedAt: at("2026-01-05T13:40:00.000Z"),
      endedAt: at("2026-01-05T14:02:00.000Z"),
      addedAt: at("2026-01-05T15:00:00.000Z"),
      modifiedAt: at("2026-01-05T16:00:00.000Z"),
      raw: rawEntry("hos_logs", { id: "l-1" }),
    });
    // Still under way: no end, no remarks, no vehicle.
    const ongoing = await insertHosLog(context.owner, driver, {
      status: "off_duty",
      startedAt: at("2026-01-05T14:02:00.000Z"),
      endedAt: null,
      addedAt: at("2026-01-05T15:00:00.000Z"),
      modifiedAt: at("2026-01-05T15:00:00.000Z"),
    });
    const result = await context.get("/hos/logs");
    expect(result.status).toBe(200);
    expect(result.body.results).toEqual([
      {
        id: log.id,
        status: "on_duty",
        sourceId: "log-1",
        provider: "sandbox",
        driver: driver.id,
        vehicle: vehicle.id,
        codrivers: [codriver.id],
        location: { latitude: 30.2672, longitude: -97.7431 },
        remarks: [{ notes: "Pre-trip", submittedAt: "2026-01-05T13:40:00.000Z" }],
        startedAt: "2026-01-05T13:40:00.000Z",
        endedAt: "2026-01-05T14:02:00.000Z",
        metadata: { addedAt: "2026-01-05T15:00:00.000Z", modifiedAt: "2026-01-05T16:00:00.000Z" },
      },
      {
        id: ongoing.id,
        status: "off_duty",
        sourceId: ongoing.sourceId,
        provider: "sandbox",
        driver: driver.id,
        remarks: [],
        startedAt: "2026-01-05T14:02:00.000Z",
        metadata: { addedAt: "2026-01-05T15:00:00.000Z", modifiedAt: "2026-01-05T15:00:00.000Z" },
      },
    ]);
    expect(log.id).toMatch(idRegex("hos_log_"));
    const raw = await context.get("/hos/logs?raw=true");
    expect(raw.body.results[0].raw).toEqual([rawEntry("hos_logs", { id: "l-1" })]);
  });

  it("lists logs in start order and filters by start and modification time", async () => {
    const context = await createRecordsContext();
    const driver = await insertDriver(context.owner);
    const starts = ["2026-01-07T10:00:00.000Z", "2026-01-05T09:00:00.000Z", "2026-01-06T23:50:00.000Z"];
    for (const start of starts) {
      await insertHosLog(context.owner, driver, { startedAt: at(start), modifiedAt: at("2026-01-10T00:00:00.000Z") });
    }
    await insertHosLog(context.owner, driver, {
      startedAt: at("2026-01-04T22:00:00.000Z"),
      modifiedAt: at("2026-02-01T00:00:00.000Z"),
    });
    expect(startsOf(await context.get("/hos/logs"))).toEqual([
      "2026-01-04T22:00:00.000Z",
      "2026-01-05T09:00:00.000Z",
      "2026-01-06T23:50:00.000Z",
      "2026-01-07T10:00:00.000Z",
    ]);
    const window = await context.get(
      "/hos/logs?startedAfter=2026-01-05T09:00:00.000Z&startedBefore=2026-01-07T10:00:00.000Z",
    );
    expect(startsOf(window)).toEqual(["2026-01-05T09:00:00.000Z", "2026-01-06T23:50:00.000Z"]);
    expect(startsOf(await context.get("/hos/logs?modifiedAfter=2026-01-31T00:00:00.000Z"))).toEqual([
      "2026-01-04T22:00:00.000Z",
    ]);
    expect(startsOf(await context.get("/hos/logs?modifiedBefore=2026-01-31T00:00:00.000Z"))).toHaveLength(3);
  });

  it("filters by drivers, at most 50, and expands driver, vehicle and co-drivers in any combination and order", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner, { name: "Truck 7" });
    const [driver, codriver, other] = [
      await insertDriver(context.owner, { firstName: "Ada" }),
      await insertDriver(context.owner, { firstName: "Grace" }),
      await insertDriver(context.owner),
    ];
    const mine = await insertHosLog(context.owner, driver, { vehicleId: vehicle.id, codriverIds: [codriver.id] });
    await insertHosLog(context.owner, other);
    const byDriver = await context.get(`/hos/logs?driverIds=${driver.id}`);
    expect(byDriver.body.results.map((log: { id: string }) => log.id)).toEqual([mine.id]);
    for (const expand of ["codrivers,vehicle,driver", "vehicle,codrivers,driver", "driver,vehicle,codrivers"]) {
      const [expanded] = (await context.get(`/hos/logs?driverIds=${driver.id}&expand=${expand}`)).body.results;
      expect(expanded.driver).toMatchObject({ id: driver.id, firstName: "Ada" });
      expect(expanded.vehicle).toMatchObject({ id: vehicle.id, name: "Truck 7" });
      expect(expanded.codrivers).toEqual([expect.objectContaining({ id: codriver.id, firstName: "Grace" })]);
    }
    const [onlyDriver] = (await context.get(`/hos/logs?driverIds=${driver.id}&expand=driver`)).body.results;
    expect(onlyDriver).toMatchObject({ driver: { id: driver.id }, vehicle: vehicle.id, codrivers: [codriver.id] });
    const tooMany = Array.from(
      { length: 51 },
      (_, index) => `drv_01HZX5G1Q4V2M8T6W9K3R7N${String(index).padStart(3, "0")}`,
    );
    expectBadRequest(await context.get(`/hos/logs?driverIds=${tooMany.join(",")}`));
    expectBadRequest(await context.get("/hos/logs?startedAfter=yesterday"));
    expectBadRequest(await context.get("/hos/logs?expand=driver,driver"));
    expectBadRequest(await context.get("/hos/logs?expand=trailer"));
  });

  it("pages by key through many logs, and never shows another connection's", async () => {
    const context = await createRecordsContext();
    const driver = await insertDriver(context.owner);
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    for (let index = 0; index < 23; index++) {
      await insertHosLog(context.owner, driver, { startedAt: new Date(base + index * 3_600_000 * 5) });
    }
    const other = await addConnection(context);
    await insertHosLog(other.owner, await insertDriver(other.owner));
    const { all, pages } = await walkPages<{ startedAt: string }>(
      (cursor) => context.get(`/hos/logs?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
      { pageSize: 5 },
    );
    expect(pages).toHaveLength(5);
    expect(all.map((log) => log.startedAt)).toEqual(
      Array.from({ length: 23 }, (_, index) => new Date(base + index * 3_600_000 * 5).toISOString()),
    );
  });
});
