/**
 * What the sandbox's vehicles do: daily utilization within a window (by UTC day, up to the
 * fleet's clock, growing today as revisions pass), safety events, and camera media whose
 * availability agrees with the events' listing.
 */
import { describe, expect, it } from "vitest";
import { SAFETY_EVENT_TYPES } from "../../src/model/normalized";
import { sandboxAdapter } from "../../src/providers/sandbox/adapter";
import { setSandboxRuntime } from "../../src/providers/sandbox/runtime";
import {
  byId,
  CREATED_AT,
  DAY,
  HOUR,
  type Payloads,
  providerError,
  readAll,
  request,
  utcWindow,
} from "./sandbox-helpers";

const days = (rows: readonly Payloads["vehicleUtilization"][]) => [...new Set(rows.map((row) => row.day))].sort();

describe("vehicle utilization", () => {
  it("has one row per listed vehicle and UTC day of the window", async () => {
    const sandbox = { revision: 0 };
    const vehicles = (await readAll("vehicles", { sandbox })).items;
    const rows = (
      await readAll("vehicleUtilization", {
        sandbox,
        window: utcWindow("2026-01-05T00:00:00Z", "2026-01-08T00:00:00Z"),
      })
    ).items;
    expect(days(rows)).toEqual(["2026-01-05", "2026-01-06", "2026-01-07"]);
    expect(rows).toHaveLength(vehicles.length * 3);
    const listed = new Set(vehicles.map((vehicle) => vehicle.id));
    for (const row of rows) expect(listed.has(row.vehicleId)).toBe(true);
  });

  it("includes every day the window overlaps, and no day after the fleet's clock", async () => {
    const partial = (
      await readAll("vehicleUtilization", {
        sandbox: { revision: 0 },
        window: utcWindow("2026-01-05T12:00:00Z", "2026-01-07T06:00:00Z"),
      })
    ).items;
    expect(days(partial)).toEqual(["2026-01-05", "2026-01-06", "2026-01-07"]);
    // Revision 0 is 2026-01-10T08:30Z: the future holds no utilization yet.
    const future = utcWindow("2026-01-09T00:00:00Z", "2026-02-01T00:00:00Z");
    expect(days((await readAll("vehicleUtilization", { sandbox: { revision: 0 }, window: future })).items)).toEqual([
      "2026-01-09",
      "2026-01-10",
    ]);
    expect(days((await readAll("vehicleUtilization", { sandbox: { revision: 30 }, window: future })).items)).toEqual([
      "2026-01-09",
      "2026-01-10",
      "2026-01-11",
    ]);
    // An empty or inverted window has no rows.
    const empty = await sandboxAdapter.readPage(
      "vehicleUtilization",
      request({ sandbox: { revision: 0 }, window: utcWindow("2026-01-07T00:00:00Z", "2026-01-07T00:00:00Z") }),
    );
    expect(empty.items).toEqual([]);
    expect(empty.nextCursor).toBeUndefined();
  });

  it("grows today's row as revisions pass, and keeps past days as they were", async () => {
    const window = utcWindow("2026-01-09T00:00:00Z", "2026-01-11T00:00:00Z");
    const at = async (revision: number) => {
      // A fleet large enough that a few of its vehicles work on a Saturday.
      const rows = (await readAll("vehicleUtilization", { sandbox: { revision, fleetSize: 120 }, window })).items;
      return {
        yesterday: new Map(rows.filter((row) => row.day === "2026-01-09").map((row) => [row.vehicleId, row])),
        today: new Map(rows.filter((row) => row.day === "2026-01-10").map((row) => [row.vehicleId, row])),
      };
    };
    // Revisions 0, 4, 8, 16 and 40 are 08:30, 12:30 and 16:30 of the 10th, then 00:30 of the 11th and later.
    const snapshots = [await at(0), await at(4), await at(8), await at(16), await at(40)];
    // Past days do not change (for the vehicles still listed: deleted ones drop out of listings).
    let compared = 0;
    for (const snapshot of snapshots.slice(1)) {
      for (const [vehicleId, row] of snapshot.yesterday) {
        if (!snapshots[0]!.yesterday.has(vehicleId)) continue;
        expect(row).toEqual(snapshots[0]!.yesterday.get(vehicleId));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(60);
    // Shifts start at 10:00 UTC at the earliest: nothing has moved by 08:30.
    for (const row of snapshots[0]!.today.values()) expect(row.distanceMiles).toBe(0);
    const grew = new Set<string>();
    for (let i = 1; i < snapshots.length; i++) {
      for (const [vehicleId, row] of snapshots[i]!.today) {
        const before = snapshots[i - 1]!.today.get(vehicleId);
        if (!before) continue;
        expect(row.distanceMiles).toBeGreaterThanOrEqual(before.distanceMiles);
        expect(row.drivingSeconds).toBeGreaterThanOrEqual(before.drivingSeconds);
        if (row.distanceMiles > before.distanceMiles) grew.add(vehicleId);
      }
    }
    // Every vehicle that worked that day (a Saturday: a few do) was seen driving between two snapshots.
    const worked = [...snapshots[4]!.today].filter(([, row]) => row.distanceMiles > 0).map(([vehicleId]) => vehicleId);
    expect(worked.length).toBeGreaterThan(5);
    expect(worked.filter((vehicleId) => snapshots[0]!.today.has(vehicleId)).every((id) => grew.has(id))).toBe(true);
    // Once the day is over, it no longer changes.
    for (const [vehicleId, row] of snapshots[4]!.today) {
      if (snapshots[3]!.today.has(vehicleId)) expect(row).toEqual(snapshots[3]!.today.get(vehicleId));
    }
  });

  it("starts an added vehicle's history at its addition", async () => {
    const sandbox = { revision: 72 };
    const vehicles = (await readAll("vehicles", { sandbox })).items;
    const added = vehicles.filter((vehicle) => Date.parse(vehicle.createdAt) > CREATED_AT.getTime());
    expect(added.length).toBeGreaterThan(0);
    const rows = (
      await readAll("vehicleUtilization", {
        sandbox,
        window: utcWindow("2026-01-01T00:00:00Z", "2026-01-14T00:00:00Z"),
      })
    ).items;
    for (const vehicle of added) {
      const own = rows.filter((row) => row.vehicleId === vehicle.id);
      expect(own[0]!.day).toBe(vehicle.createdAt.slice(0, 10));
      for (const row of own) if (row.firstMovementAt) expect(row.firstMovementAt >= vehicle.createdAt).toBe(true);
    }
  });

  it("reports plausible days in miles, gallons and seconds", async () => {
    const sandbox = { revision: 0, fleetSize: 100 };
    const vehicles = byId((await readAll("vehicles", { sandbox })).items);
    const rows = (
      await readAll("vehicleUtilization", {
        sandbox,
        window: utcWindow("2026-01-01T00:00:00Z", "2026-01-08T00:00:00Z"),
      })
    ).items;
    const driven = rows.filter((row) => row.distanceMiles > 0);
    expect(driven.length).toBeGreaterThan(rows.length / 2);
    expect(driven.length).toBeLessThan(rows.length);
    for (const row of driven) {
      const mph = row.distanceMiles / (row.drivingSeconds / 3600);
      expect(mph).toBeGreaterThan(15);
      expect(mph).toBeLessThan(65);
      expect(row.idlingSeconds).toBeLessThan(row.drivingSeconds);
      expect(row.firstMovementAt!.slice(0, 10)).toBe(row.day);
      expect(row.lastMovementAt!.slice(0, 10)).toBe(row.day);
      expect(row.firstMovementAt! < row.lastMovementAt!).toBe(true);
      const vehicle = vehicles.get(row.vehicleId)!;
      if (vehicle.fuel === "electric") expect(row.fuelGallons).toBe(0);
      else expect(row.fuelGallons).toBeGreaterThan(row.distanceMiles / (vehicle.economyMpg! * 1.2));
    }
    for (const row of rows.filter((candidate) => candidate.distanceMiles === 0)) {
      expect(row).toMatchObject({ drivingSeconds: 0, idlingSeconds: 0, firstMovementAt: null, lastMovementAt: null });
    }
  });

  it("converts to kilometres, litres and milliseconds when normalized", async () => {
    const rows = (
      await readAll("vehicleUtilization", {
        sandbox: { revision: 0 },
        window: utcWindow("2026-01-06T00:00:00Z", "2026-01-07T00:00:00Z"),
      })
    ).items;
    const row = rows.find((candidate) => candidate.fuelGallons > 0)!;
    const normalized = sandboxAdapter.normalize("vehicleUtilization", row);
    expect(normalized.distance).toBeCloseTo(row.distanceMiles * 1.609344, 2);
    expect(normalized.fuelConsumed).toBeCloseTo(row.fuelGallons * 3.78541, 2);
    expect(normalized.durations).toEqual({ driving: row.drivingSeconds * 1000, idling: row.idlingSeconds * 1000 });
    expect(normalized).toMatchObject({
      vehicleSourceId: row.vehicleId,
      date: row.day,
      startAt: row.firstMovementAt,
      endAt: row.lastMovementAt,
    });
    for (const value of [normalized.distance, normalized.fuelConsumed])
      expect(Math.round(value * 100) / 100).toBe(value);
  });
});

describe("safety events", () => {
  const FOUR_WEEKS = utcWindow("2025-12-13T00:00:00Z", "2026-01-10T00:00:00Z");

  it("happens a few times per vehicle per week, to listed vehicles and drivers, within the window", async () => {
    const sandbox = { revision: 0 };
    const vehicles = byId((await readAll("vehicles", { sandbox })).items);
    const drivers = byId((await readAll("drivers", { sandbox })).items);
    const devices = byId((await readAll("devices", { sandbox })).items);
    const events = (await readAll("safetyEvents", { sandbox, window: FOUR_WEEKS })).items;
    const perVehicleWeek = events.length / vehicles.size / 4;
    expect(perVehicleWeek).toBeGreaterThan(1);
    expect(perVehicleWeek).toBeLessThan(6);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    expect(events.filter((event) => event.driverId !== undefined).length).toBeGreaterThan(events.length / 2);
    for (const event of events) {
      expect(Date.parse(event.startedAt)).toBeGreaterThanOrEqual(FOUR_WEEKS.start.getTime());
      expect(Date.parse(event.startedAt)).toBeLessThan(FOUR_WEEKS.end.getTime());
      expect(event.endedAt >= event.startedAt).toBe(true);
      const vehicle = vehicles.get(event.vehicleId)!;
      expect(vehicle).toBeDefined();
      if (event.driverId !== undefined) expect(drivers.has(event.driverId)).toBe(true);
      // Camera media only where there is a dashcam; a rear view only from a dual-facing one.
      const dashcam = vehicle.deviceIds.map((id) => devices.get(id)!).find((device) => device.kind === "dashcam");
      expect(event.media.front !== undefined).toBe(dashcam !== undefined);
      expect(event.media.rear !== undefined).toBe(dashcam?.productName.includes("Dual") ?? false);
    }
  });

  it("covers every wire-compat type family, and keeps camera-only behaviours to vehicles with a camera", async () => {
    const sandbox = { revision: 0, fleetSize: 200 };
    const vehicles = byId((await readAll("vehicles", { sandbox })).items);
    const events = (await readAll("safetyEvents", { sandbox, window: FOUR_WEEKS })).items;
    const types = new Set(events.map((event) => sandboxAdapter.normalize("safetyEvents", event).type));
    for (const type of types) expect(SAFETY_EVENT_TYPES).toContain(type);
    expect(types.size).toBeGreaterThanOrEqual(15);
    for (const event of events.filter(
      (candidate) => candidate.behavior === "mobileUsage" || candidate.behavior === "drowsy",
    )) {
      expect(vehicles.get(event.vehicleId)!.deviceIds).toHaveLength(2);
    }
    const speeding = events.filter((event) => event.behavior === "overSpeed");
    expect(speeding.length).toBeGreaterThan(0);
    for (const event of speeding) expect(event.maxSpeedMph).toBeGreaterThan(event.speedLimitMph!);
    for (const event of events.filter((candidate) => candidate.behavior === "hardBraking"))
      expect(event.gForceX).toBeLessThan(-0.3);
  });

  it("splits cleanly across adjacent windows (no event lost or repeated at the boundary)", async () => {
    const sandbox = { revision: 0 };
    const whole = (await readAll("safetyEvents", { sandbox, window: FOUR_WEEKS })).items.map((event) => event.id);
    const middle = "2025-12-27T15:45:00Z";
    const first = (await readAll("safetyEvents", { sandbox, window: utcWindow("2025-12-13T00:00:00Z", middle) })).items;
    const second = (await readAll("safetyEvents", { sandbox, window: utcWindow(middle, "2026-01-10T00:00:00Z") }))
      .items;
    expect([...first, ...second].map((event) => event.id).sort()).toEqual([...whole].sort());
  });

  it("has no event after the fleet's clock", async () => {
    // 16:30 on a Saturday, when about a third of a 100-vehicle fleet is out and half its day's driving done.
    const events = (
      await readAll("safetyEvents", {
        sandbox: { revision: 8, fleetSize: 100 },
        window: utcWindow("2026-01-10T00:00:00Z", "2026-01-12T00:00:00Z"),
      })
    ).items;
    const asOf = CREATED_AT.getTime() + 8 * HOUR;
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(Date.parse(event.endedAt)).toBeLessThanOrEqual(asOf);
  });
});

describe("camera media", () => {
  const NOW = Date.parse("2026-01-12T09:00:00.000Z");
  const EXPIRES = NOW / 1000 + 3600;

  async function eventsWithCameras(sandbox: Record<string, unknown>) {
    const events = (
      await readAll("safetyEvents", { sandbox, window: utcWindow("2025-11-15T00:00:00Z", "2026-01-10T00:00:00Z") })
    ).items;
    return events.filter((event) => event.media.front !== undefined);
  }

  it("is video and image, image only, or still provisioning, as the listing's ready flags say", async () => {
    const sandbox = { revision: 0, fleetSize: 40 };
    const events = await eventsWithCameras(sandbox);
    expect(events.length).toBeGreaterThan(200);
    const counts = { video: 0, image_only: 0, pending: 0 };
    const restore = setSandboxRuntime({ now: () => NOW });
    try {
      for (const event of events) {
        const read = sandboxAdapter.readCameraMedia(request({ sandbox }), event.id);
        if (!event.media.front!.ready) {
          expect(event.media.rear?.ready ?? false).toBe(false);
          await providerError(read, "provisioning_pending");
          counts.pending++;
          continue;
        }
        const { media, schema, payload } = await read;
        expect(schema).toBe("sandbox.safety_events.media");
        expect(payload).toMatchObject({ eventId: event.id });
        expect(media.frontFacing?.sourceId).toBe(event.media.front!.id);
        expect(media.rearFacing?.sourceId).toBe(event.media.rear?.id);
        const base = `https://media.sandbox.example/sbx-test-fleet/${event.id}`;
        expect(media.frontFacing!.imageUrl).toBe(`${base}/front.jpg?expires=${EXPIRES}`);
        if (media.frontFacing!.videoUrl === undefined) {
          counts.image_only++;
        } else {
          counts.video++;
          expect(media.frontFacing!.videoUrl).toBe(`${base}/front.mp4?expires=${EXPIRES}`);
        }
        if (event.media.rear) {
          expect(media.rearFacing!.imageUrl).toBe(`${base}/rear.jpg?expires=${EXPIRES}`);
          expect(media.rearFacing!.videoUrl === undefined).toBe(media.frontFacing!.videoUrl === undefined);
        }
      }
    } finally {
      restore();
    }
    // About 1 in 10 pending and 1 in 5 image-only.
    expect(counts.pending / events.length).toBeGreaterThan(0.04);
    expect(counts.pending / events.length).toBeLessThan(0.18);
    expect(counts.image_only / events.length).toBeGreaterThan(0.1);
    expect(counts.image_only / events.length).toBeLessThan(0.3);
  });

  it("hands out fresh links on every read", async () => {
    const sandbox = { revision: 0 };
    const event = (await eventsWithCameras(sandbox)).find((candidate) => candidate.media.front!.ready)!;
    const at = async (now: number) => {
      const restore = setSandboxRuntime({ now: () => now });
      try {
        return (await sandboxAdapter.readCameraMedia(request({ sandbox }), event.id)).media.frontFacing!.imageUrl;
      } finally {
        restore();
      }
    };
    expect(await at(NOW)).toContain(`expires=${EXPIRES}`);
    expect(await at(NOW + DAY)).toContain(`expires=${EXPIRES + 86_400}`);
  });

  it("is empty for an event of a vehicle without a dashcam", async () => {
    const sandbox = { revision: 0 };
    const events = (
      await readAll("safetyEvents", { sandbox, window: utcWindow("2025-12-13T00:00:00Z", "2026-01-10T00:00:00Z") })
    ).items;
    const event = events.find((candidate) => candidate.media.front === undefined)!;
    expect((await sandboxAdapter.readCameraMedia(request({ sandbox }), event.id)).media).toEqual({});
  });

  it("stays readable after the event's vehicle was deleted (history stays)", async () => {
    const before = { revision: 0, fleetSize: 60 };
    const after = { revision: 48, fleetSize: 60 };
    const remaining = byId((await readAll("vehicles", { sandbox: after })).items);
    const event = (await eventsWithCameras(before)).find(
      (candidate) => !remaining.has(candidate.vehicleId) && candidate.media.front!.ready,
    );
    expect(event).toBeDefined();
    const { media } = await sandboxAdapter.readCameraMedia(request({ sandbox: after }), event!.id);
    expect(media.frontFacing?.sourceId).toBe(event!.media.front!.id);
  });

  it("rejects ids that are not events of this fleet as malformed", async () => {
    const sandbox = { revision: 0 };
    const events = (
      await readAll("safetyEvents", { sandbox, window: utcWindow("2026-01-05T00:00:00Z", "2026-01-08T00:00:00Z") })
    ).items;
    const real = events[0]!.id;
    const ids = [
      "",
      "evt_123",
      real.replace(/-\d$/, "-7"),
      real.replace(/-(\d{8})-/, "-20260230-"),
      real.replace(/-(\d{8})-/, "-20270101-"),
      real.replace(/-(\d{8})-/, "-20000101-"),
      real.replace(/^sbx-evt-\d+/, "sbx-evt-99999999"),
      real.replace(/^sbx-evt-/, "sbx-evt-0"),
      `${real} `,
    ];
    for (const id of ids) await providerError(sandboxAdapter.readCameraMedia(request({ sandbox }), id), "malformed");
  });
});
