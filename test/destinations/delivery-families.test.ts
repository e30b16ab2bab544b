/**
 * Deliveries of the families that are not id-keyed records (issue 22): latest vehicle and trailer
 * locations, vehicle-days, IFTA summaries, breadcrumbs and stat logs land in S3 exactly as the API
 * answers them, every one once, read back with the AWS SDK client; breadcrumb parts hold ten times
 * a record part's count, and a stream carries each with an idempotency id that names its version.
 */
import { describe, expect, it } from "vitest";
import { listEvery } from "../helpers/api-assertions";
import {
  createBucket,
  createStream,
  getObjectBytes,
  getObjectText,
  gunzipNdjson,
  readAllRecords,
  uniqueName,
} from "../helpers/aws";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { kinesisDestinationBody, s3DestinationBody, syncedConnection, waitForDelivery } from "./delivery-helpers";

type Manifest = { parts: { key: string; model: string; records: number }[] };
type Caller = { key: string; token: string };

const MODELS = [
  "LatestVehicleLocation",
  "LatestTrailerLocation",
  "VehicleUtilization",
  "IFTASummary",
  "VehicleLocation",
  "VehicleStatLog",
] as const;

const month = (time: number) => new Date(time).toISOString().slice(0, 7);
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

/** What the API answers for each model over everything the connection holds: the lists, and the series of every vehicle. */
async function answered(caller: Caller): Promise<Record<(typeof MODELS)[number], unknown[]>> {
  const now = Date.now();
  const since = now - 5 * 86_400_000;
  const vehicles = await listEvery<{ id: string }>(caller, "/vehicles");
  const window = `startAt=${new Date(since).toISOString()}&endAt=${new Date(now + 3_600_000).toISOString()}`;
  const series = async (path: string) =>
    (
      await Promise.all(vehicles.map((vehicle) => listEvery(caller, `/vehicles/${vehicle.id}/${path}?${window}`)))
    ).flat();
  return {
    LatestVehicleLocation: await listEvery(caller, "/vehicles/locations"),
    LatestTrailerLocation: await listEvery(caller, "/trailers/locations"),
    VehicleUtilization: await listEvery(caller, `/vehicles/utilization?startDate=${day(since)}&endDate=${day(now)}`),
    IFTASummary: await listEvery(
      caller,
      `/ifta/summary?startMonth=${month(since)}&endMonth=${month(now)}&groupBy=vehicle,jurisdiction,month`,
    ),
    VehicleLocation: await series("locations"),
    VehicleStatLog: await series("stats/historical"),
  };
}

/** A list in one order whatever the order it came in. */
const canonical = (items: readonly unknown[]) => items.map((item) => JSON.stringify(item)).sort();

describe("deliveries of locations, vehicle-days, summaries and series", () => {
  it("land every record the API answers once, in parts sized to their records", async () => {
    const app = await createTestApplication({ timeSeries: true });
    const key = app.keys.sandbox.secret;
    // A small fleet over a day: a few thousand points, and parts of 7 records (70 points) in tests.
    const { id: connectionId, caller } = await syncedConnection(app, 1, { options: { sandbox: { fleetSize: 3 } } });
    const bucket = uniqueName("families");
    await createBucket(bucket);
    const created = await call("POST", `${BASE.sandbox}/destinations`, {
      key,
      body: s3DestinationBody(bucket, "all", { models: MODELS, connectionIds: [connectionId] }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const backfill = await waitForDelivery(key, created.body.id);
    expect(backfill.status, backfill.failureReason).toBe("completed");

    const manifest = JSON.parse(await getObjectText(bucket, `all/manifests/${backfill.id}.json`)) as Manifest;
    const delivered = new Map<string, unknown[]>();
    for (const part of manifest.parts) {
      const lines = await gunzipNdjson(await getObjectBytes(bucket, part.key));
      expect(lines).toHaveLength(part.records);
      const scale = part.model === "VehicleLocation" || part.model === "VehicleStatLog" ? 10 : 1;
      expect(part.records, part.key).toBeLessThanOrEqual(7 * scale);
      delivered.set(part.model, [...(delivered.get(part.model) ?? []), ...lines]);
    }
    const api = await answered(caller);
    for (const model of MODELS) {
      expect(api[model].length, model).toBeGreaterThan(0);
      expect(canonical(delivered.get(model) ?? []), model).toEqual(canonical(api[model]));
    }
    // Many parts of breadcrumbs: the series are read across pages of the modification index.
    expect(manifest.parts.filter((part) => part.model === "VehicleLocation").length).toBeGreaterThan(3);

    // Nothing changed: the next delivery carries nothing.
    const again = await call("POST", `${BASE.sandbox}/destinations/${created.body.id}/deliveries`, { key, body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    const second = await waitForDelivery(key, created.body.id, again.body.id);
    expect(second).toMatchObject({ status: "completed", records: 0 });
  });

  it("streams records without an id of their own with an idempotency id of their content: the same in any delivery", async () => {
    const app = await createTestApplication({ timeSeries: true });
    const key = app.keys.sandbox.secret;
    const { id: connectionId } = await syncedConnection(app, 1, { options: { sandbox: { fleetSize: 2 } } });
    const models = ["LatestVehicleLocation", "VehicleUtilization", "IFTASummary"];
    const idsOf = async () => {
      const stream = uniqueName("versions");
      await createStream(stream, 1);
      const created = await call("POST", `${BASE.sandbox}/destinations`, {
        key,
        body: kinesisDestinationBody(stream, models, { connectionIds: [connectionId] }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const delivery = await waitForDelivery(key, created.body.id);
      expect(delivery.status, delivery.failureReason).toBe("completed");
      const records = (await readAllRecords(stream)).map(
        (record) => record.data as { idempotencyId: string; model: string },
      );
      expect(new Set(records.map((record) => record.model))).toEqual(new Set(models));
      return records.map((record) => record.idempotencyId);
    };
    const first = await idsOf();
    for (const id of first) expect(id).toMatch(/^(LatestVehicleLocation|VehicleUtilization|IFTASummary):[0-9a-f]{64}$/);
    expect(new Set(first).size).toBe(first.length);
    // A second destination of the same unchanged records: the same versions, so the same ids.
    expect([...(await idsOf())].sort()).toEqual([...first].sort());
  });
});
