/**
 * GET /vehicles/{id}/locations and GET /vehicles/{id}/stats/historical over points written
 * into the connection's shard by the series store: the wire shapes (ids, units, metadata,
 * raw), windows and their bounds, keyset paging that holds its window across pages, stat type
 * selection, and the errors: unknown vehicle, bad or too long windows, unknown types.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runBatch } from "../../../src/db/raw";
import { shardD1 } from "../../../src/db/shards";
import { newId } from "../../../src/lib/ids";
import type { LocationSample } from "../../../src/timeseries/location-codec";
import { LOCATION_SERIES, locationCodec, statCodec } from "../../../src/timeseries/series-codecs";
import type { StatSample } from "../../../src/timeseries/stat-codec";
import { mergeSeries, type SeriesWrite } from "../../../src/timeseries/store";
import { expectBadRequest, expectError, idRegex, walkPages } from "../../helpers/api-assertions";
import { shardOf } from "../../helpers/factories";
import { createRecordsContext, insertDriver, insertVehicle } from "../../helpers/records-factories";

const START = Date.UTC(2026, 0, 5, 9);
const iso = (ms: number) => new Date(ms).toISOString();

async function store<S extends { t: number; modifiedAt: number }>(
  connectionId: string,
  codec: typeof locationCodec | typeof statCodec,
  writes: SeriesWrite<S>[],
) {
  const d1 = shardD1(env, await shardOf(connectionId));
  await runBatch(d1, await mergeSeries(d1, connectionId, () => codec as never, writes));
}

const withPoints = <S extends { t: number; modifiedAt: number }>(vehicleId: string, series: string, samples: S[]) => ({
  vehicleId,
  series,
  points: samples.map((sample) => ({
    sample,
    raw: { t: sample.t, schema: "test.series", extractedAt: sample.modifiedAt, data: { at: sample.t } },
  })),
});

async function vehicleWithDay() {
  const context = await createRecordsContext();
  const vehicle = await insertVehicle(context.owner);
  const driver = await insertDriver(context.owner);
  const samples: LocationSample[] = Array.from({ length: 250 }, (_, index) => ({
    t: START + index * 30_000,
    lat: 39.7392 + index / 1e4,
    lng: -104.9903,
    heading: 12.345,
    speed: 88.456,
    driver: driver.id,
    address: "Denver, CO",
    modifiedAt: START + 3_600_000,
  }));
  await store(context.connection.id, locationCodec, [withPoints(vehicle.id, LOCATION_SERIES, samples)]);
  return { context, vehicle, driver, samples };
}

describe("GET /vehicles/{id}/locations", () => {
  it("answers breadcrumbs in the wire shape, oldest first, with stable time-ordered ids", async () => {
    const { context, vehicle, driver } = await vehicleWithDay();
    const window = `startAt=${iso(START)}&endAt=${iso(START + 3_600_000)}`;
    const result = await context.get(`/vehicles/${vehicle.id}/locations?${window}&limit=3`);
    expect(result.status).toBe(200);
    expect(result.body.results[0]).toEqual({
      id: expect.stringMatching(idRegex("vcl_loc_")),
      provider: "sandbox",
      vehicle: vehicle.id,
      driver: driver.id,
      locatedAt: iso(START),
      location: { latitude: 39.7392, longitude: -104.9903 },
      address: { formatted: "Denver, CO" },
      heading: 12.35,
      speed: 88.46,
      metadata: { modifiedAt: iso(START + 3_600_000) },
    });
    const ids = result.body.results.map((point: { id: string }) => point.id);
    expect([...ids].sort()).toEqual(ids);
    const again = await context.get(`/vehicles/${vehicle.id}/locations?${window}&limit=3`);
    expect(again.body.results.map((point: { id: string }) => point.id)).toEqual(ids);
    const raw = await context.get(`/vehicles/${vehicle.id}/locations?${window}&limit=1&raw=true`);
    expect(raw.body.results[0].raw).toEqual([
      { provider: "sandbox", schema: "test.series", extractedAt: iso(START + 3_600_000), data: { at: START } },
    ]);
  });

  it("pages the window by key: every point once, the window kept from the first page", async () => {
    const { context, vehicle, samples } = await vehicleWithDay();
    const window = `startAt=${iso(START + 30_000)}&endAt=${iso(START + 200 * 30_000)}`;
    const { all } = await walkPages<{ locatedAt: string }>(
      (cursor) =>
        context.get(
          `/vehicles/${vehicle.id}/locations?${window}&limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        ),
      { pageSize: 40 },
    );
    expect(all.map((point) => point.locatedAt)).toEqual(samples.slice(1, 200).map((sample) => iso(sample.t)));
    // A cursor belongs to its query: another window, or another vehicle, refuses it.
    const first = await context.get(`/vehicles/${vehicle.id}/locations?${window}&limit=40`);
    expectBadRequest(
      await context.get(
        `/vehicles/${vehicle.id}/locations?startAt=${iso(START)}&limit=40&cursor=${encodeURIComponent(first.body.next)}`,
      ),
    );
  });

  it("refuses unknown vehicles, reversed windows and windows over 366 days", async () => {
    const { context, vehicle } = await vehicleWithDay();
    expectError(await context.get(`/vehicles/${newId("vehicle")}/locations`), 404, "not_found");
    expectBadRequest(
      await context.get(`/vehicles/${vehicle.id}/locations?startAt=${iso(START)}&endAt=${iso(START - 1)}`),
    );
    expectBadRequest(
      await context.get(
        `/vehicles/${vehicle.id}/locations?startAt=${iso(START - 367 * 86_400_000)}&endAt=${iso(START)}`,
      ),
    );
    // startAt alone, far back: the window to now is over the maximum too.
    expectBadRequest(await context.get(`/vehicles/${vehicle.id}/locations?startAt=2020-01-01T00:00:00.000Z`));
    expectBadRequest(await context.get(`/vehicles/${vehicle.id}/locations?limit=1001`));
    // The default window is the last day: this vehicle's points are older.
    const recent = await context.get(`/vehicles/${vehicle.id}/locations`);
    expect(recent.status).toBe(200);
    expect(recent.body.results).toEqual([]);
  });
});

describe("GET /vehicles/{id}/stats/historical", () => {
  async function vehicleWithStats() {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner, { name: "Truck 7" });
    const stat = (t: number, value: number | string): StatSample => ({ t, value, modifiedAt: START });
    const odometer = Array.from({ length: 12 }, (_, index) => stat(START + index * 300_000, 1000.123 + index));
    const engine = [stat(START, "on"), stat(START + 1_800_000, "idle"), stat(START + 3_300_000, "off")];
    await store(context.connection.id, statCodec, [
      withPoints(vehicle.id, "odometer", odometer),
      withPoints(vehicle.id, "engine_state", engine),
      withPoints(vehicle.id, "battery_voltage", [stat(START + 60_000, 13.94)]),
    ]);
    return { context, vehicle };
  }

  it("answers readings of the chosen types, each with its one value field, in time then type order", async () => {
    const { context, vehicle } = await vehicleWithStats();
    const window = `startAt=${iso(START)}&endAt=${iso(START + 3_600_000)}`;
    const result = await context.get(`/vehicles/${vehicle.id}/stats/historical?${window}&types=engine_state,odometer`);
    expect(result.status).toBe(200);
    expect(result.body.results).toHaveLength(15);
    expect(result.body.results.slice(0, 2)).toEqual([
      {
        id: expect.stringMatching(idRegex("vcl_st_")),
        type: "engine_state",
        timestamp: iso(START),
        vehicle: vehicle.id,
        state: "on",
        metadata: { modifiedAt: iso(START) },
      },
      {
        id: expect.stringMatching(idRegex("vcl_st_")),
        type: "odometer",
        timestamp: iso(START),
        vehicle: vehicle.id,
        odometer: 1000.12,
        metadata: { modifiedAt: iso(START) },
      },
    ]);
    const all = await context.get(`/vehicles/${vehicle.id}/stats/historical?${window}&expand=vehicle`);
    expect(all.body.results).toHaveLength(16);
    expect(all.body.results[0].vehicle).toMatchObject({ id: vehicle.id, name: "Truck 7" });
    expect(all.body.results.find((log: { type: string }) => log.type === "battery_voltage")).toMatchObject({
      voltage: 13.94,
    });
    const { all: walked } = await walkPages<{ id: string }>(
      (cursor) =>
        context.get(
          `/vehicles/${vehicle.id}/stats/historical?${window}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        ),
      { pageSize: 4 },
    );
    expect(walked.map((log) => log.id)).toEqual(all.body.results.map((log: { id: string }) => log.id));
  });

  it("refuses unknown types and vehicles", async () => {
    const { context, vehicle } = await vehicleWithStats();
    expectBadRequest(await context.get(`/vehicles/${vehicle.id}/stats/historical?types=odometer,tyre_pressure`));
    expectError(await context.get(`/vehicles/${newId("vehicle")}/stats/historical`), 404, "not_found");
  });
});
