/**
 * The MCP tools of where vehicles are and went (src/mcp/tools/locations.ts, trips.ts) with the
 * official SDK's clients of both generations, on one synced sandbox connection with time series:
 * each tool answers what its REST route answers for the same question, and `near` keeps exactly
 * the vehicles within its radius (checked with a great-circle distance written here, not near.ts's).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncedConnection } from "../destinations/delivery-helpers";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { connectMcp, SDK_GENERATIONS, type TestClient } from "./clients";

type Position = { latitude: number; longitude: number };
type LatestLocation = { vehicle: string; location: Position; distanceKm?: number };

/** The spherical law of cosines: another formula than near.ts's haversine, the same sphere up to 0.01 %. */
function greatCircleKm(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const cos =
    Math.sin(a.latitude * rad) * Math.sin(b.latitude * rad) +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.cos((b.longitude - a.longitude) * rad);
  return 6371 * Math.acos(Math.min(1, Math.max(-1, cos)));
}

const DAY_MS = 86_400_000;
let shared: { connectionId: string; caller: { key: string; token: string }; key: string };
// An explicit window, so the tool's request and the REST request read the same points.
const endAt = new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS).toISOString();
const startAt = new Date(Date.parse(endAt) - 3 * DAY_MS).toISOString();

beforeAll(async () => {
  const app = await createTestApplication({ timeSeries: true });
  const { id, caller } = await syncedConnection(app, 1, { options: { sandbox: { fleetSize: 4 } } });
  shared = { connectionId: id, caller, key: app.keys.sandbox.secret };
}, 120_000);

const rest = async (path: string) => {
  const answer = await call("GET", `${BASE.sandbox}${path}`, shared.caller);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe.each(SDK_GENERATIONS)("location and trip tools with an SDK %s client", (generation) => {
  let client: TestClient;
  const tool = async (name: string, args: Record<string, unknown>) => {
    const answer = await client.callTool(name, { connectionId: shared.connectionId, ...args });
    expect(answer.isError, JSON.stringify(answer)).toBeFalsy();
    return answer;
  };

  beforeAll(async () => {
    client = await connectMcp(generation, { key: shared.key });
  });
  afterAll(() => client?.close());

  it("answers each tool as its REST route answers", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((listed) => listed.name)).toEqual(
      expect.arrayContaining([
        "latest_vehicle_locations",
        "latest_trailer_locations",
        "vehicle_breadcrumbs",
        "vehicle_stats",
        "list_trips",
        "vehicle_utilization",
      ]),
    );

    const latest = await tool("latest_vehicle_locations", { limit: 2 });
    expect(latest.structuredContent).toEqual(await rest("/vehicles/locations?limit=2"));
    expect(latest.structuredContent?.results).toHaveLength(2);
    expect(latest.content[0]?.text).toContain("2 vehicles on this page");

    const trailers = await tool("latest_trailer_locations", { expand: "trailer" });
    expect(trailers.structuredContent).toEqual(await rest("/trailers/locations?expand=trailer"));

    const vehicle = latest.structuredContent?.results[0].vehicle as string;
    const window = `startAt=${startAt}&endAt=${endAt}`;
    const crumbs = await tool("vehicle_breadcrumbs", { id: vehicle, startAt, endAt, limit: 20 });
    expect(crumbs.structuredContent).toEqual(await rest(`/vehicles/${vehicle}/locations?${window}&limit=20`));
    expect(crumbs.structuredContent?.results.length).toBeGreaterThan(0);
    expect(crumbs.content[0]?.text).toContain("breadcrumbs");

    const stats = await tool("vehicle_stats", { id: vehicle, startAt, endAt, types: "odometer,fuel_level", limit: 20 });
    expect(stats.structuredContent).toEqual(
      await rest(`/vehicles/${vehicle}/stats/historical?${window}&types=odometer,fuel_level&limit=20`),
    );
    expect(stats.structuredContent?.results.length).toBeGreaterThan(0);

    const trips = await tool("list_trips", { vehicleIds: vehicle, startedAfter: startAt, limit: 10 });
    expect(trips.structuredContent).toEqual(
      await rest(`/trips?vehicleIds=${vehicle}&startedAfter=${startAt}&limit=10`),
    );
    expect(trips.structuredContent?.results.length).toBeGreaterThan(0);

    const days = await tool("vehicle_utilization", { vehicleIds: vehicle, limit: 10 });
    expect(days.structuredContent).toEqual(await rest(`/vehicles/utilization?vehicleIds=${vehicle}&limit=10`));
    expect(days.structuredContent?.results.length).toBeGreaterThan(0);
  });

  it("keeps with `near` exactly the vehicles within the radius, nearest first", async () => {
    // The law of cosines agrees with a published distance (Dallas–Houston, about 362 km).
    expect(
      greatCircleKm({ latitude: 32.7767, longitude: -96.797 }, { latitude: 29.7604, longitude: -95.3698 }),
    ).toBeCloseTo(362, -1);

    const all = (await rest("/vehicles/locations?limit=500")) as { results: LatestLocation[] };
    const target = all.results[0] as LatestLocation;
    // A small radius, and radii 1 % short of and beyond the nearest vehicle elsewhere: that vehicle is
    // left out, then kept (the filter's edge, not only its far side).
    const distanceFromTarget = (item: LatestLocation) => greatCircleKm(target.location, item.location);
    const others = all.results.filter((item) => distanceFromTarget(item) > 1);
    expect(others.length).toBeGreaterThan(0);
    const nearestOther = Math.min(...others.map(distanceFromTarget));
    const edgeVehicle = others.find((item) => distanceFromTarget(item) === nearestOther)?.vehicle;
    for (const radiusKm of [25, nearestOther * 0.99, nearestOther * 1.01]) {
      const near = { ...target.location, radiusKm };
      const answer = await tool("latest_vehicle_locations", { near });
      const kept = answer.structuredContent?.results as LatestLocation[];

      expect(kept.find((item) => item.vehicle === target.vehicle)?.distanceKm).toBeLessThan(0.01);
      const expected = all.results.filter((item) => greatCircleKm(near, item.location) <= radiusKm);
      expect(kept.some((item) => item.vehicle === edgeVehicle)).toBe(radiusKm > nearestOther);
      expect(kept.map((item) => item.vehicle).sort()).toEqual(expected.map((item) => item.vehicle).sort());
      for (const item of kept) {
        const distance = item.distanceKm as number;
        expect(Math.abs(distance - greatCircleKm(near, item.location))).toBeLessThan(0.05);
        expect(Math.round(distance * 100) / 100).toBe(distance);
      }
      const distances = kept.map((item) => item.distanceKm as number);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(answer.content[0]?.text).toContain(
        `${kept.length} of the page's ${all.results.length} vehicles are within ${radiusKm} km`,
      );
    }

    const far = await tool("latest_vehicle_locations", { near: { latitude: -89, longitude: 0, radiusKm: 5 } });
    expect(far.structuredContent?.results).toEqual([]);
    expect(far.content[0]?.text).toContain(`0 of the page's ${all.results.length} vehicles`);
  });

  it("refuses an invalid `near` with the contract's bad_request", async () => {
    for (const [near, field] of [
      [{ latitude: 91, longitude: 0, radiusKm: 10 }, "latitude"],
      [{ latitude: 0, longitude: 200, radiusKm: 10 }, "longitude"],
      [{ latitude: 0, longitude: 0, radiusKm: -1 }, "radiusKm"],
      [{ latitude: 0, longitude: 0, radiusKm: 50_000 }, "radiusKm"],
    ] as const) {
      const answer = await client.callTool("latest_vehicle_locations", { connectionId: shared.connectionId, near });
      expect(answer.isError, JSON.stringify(answer)).toBe(true);
      expect(answer.structuredContent).toMatchObject({
        code: "bad_request",
        detail: [{ path: `{toolArguments}.near.${field}` }],
      });
    }
  });
});
