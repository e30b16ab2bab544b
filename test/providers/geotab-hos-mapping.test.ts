/**
 * Geotab's hours of service → the normalized model, on DutyStatusLogs in MyGeotab's own field
 * names and nesting (providers-families.md §3.3; invented values): every duty status code, each
 * log's end computed from the driver's next duty-status log (none for the one under way), the
 * intermediate logs, ELD events, edits that are not Active and unassigned driving left out, and
 * days built from the logs (a status clipped to each UTC day it spans, distances from the
 * odometers); and the payloads that must be refused.
 */
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
import { timelineOf } from "../../src/providers/geotab/duty-status-logs";
import { logsOfDay } from "../../src/providers/geotab/models/hos-daily-logs";
import { hosLogPayloads } from "../../src/providers/geotab/models/hos-logs";

const normalize = geotabAdapter.normalize.bind(geotabAdapter);
const DAY = 86_400_000;
const HOUR = 3_600_000;

function expectMalformed(model: SyncModel, payload: unknown) {
  try {
    normalize(model, payload);
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("malformed");
    return;
  }
  throw new Error(`${model}: ${JSON.stringify(payload)} was accepted`);
}

/** A DutyStatusLog as Get answers it (with includeLocations and includeCompliance). */
function log(id: string, dateTime: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    version: "0000000000a4c1f2",
    dateTime,
    driver: { id: "b3A" },
    device: { id: "b20" },
    coDrivers: [],
    status,
    state: "Active",
    origin: status === "D" ? "Automatic" : "Manual",
    eventType: 1,
    eventCode: 3,
    eventRecordStatus: 1,
    sequence: "000000000000c68a",
    isIgnored: false,
    isHidden: false,
    isTransitioning: false,
    malfunction: "None",
    annotations: [],
    location: { location: { x: -97.7431, y: 30.2672 } },
    odometer: 640_220_114,
    engineHours: 33_556_800,
    ...extra,
  };
}

describe("what the adapter declares", () => {
  it("serves HOS logs and daily logs, paced with MyGeotab's other calls", () => {
    for (const model of ["hosLogs", "hosDailyLogs"] as const) {
      expect(geotabAdapter.supportedModels[model], model).toBe("supported");
      expect(geotabAdapter.paceBucket[model], model).toBe("calls");
    }
  });
});

describe("a DutyStatusLog as a HOS log", () => {
  it("maps every duty status code, its end from the driver's next log, location, remarks and co-drivers", () => {
    const codes = { OFF: "off_duty", SB: "sleeper_bed", D: "driving", ON: "on_duty" } as const;
    const more = { PC: "personal_conveyance", YM: "yard_move", WT: "waiting_time" } as const;
    for (const [code, status] of Object.entries({ ...codes, ...more })) {
      const mapped = normalize("hosLogs", {
        dutyStatusLog: log("a2Jf9pQ0bE0q1l3bT1v0YwA", "2025-11-03T14:02:00.000Z", code),
        nextDutyStatusLog: log("a7Kq2", "2025-11-03T16:31:15.250Z", "ON"),
      });
      expect(mapped, code).toEqual({
        sourceId: "a2Jf9pQ0bE0q1l3bT1v0YwA",
        status,
        driverSourceId: "b3A",
        vehicleSourceId: "b20",
        location: { latitude: 30.2672, longitude: -97.7431 },
        startedAt: "2025-11-03T14:02:00.000Z",
        endedAt: "2025-11-03T16:31:15.250Z",
      });
    }
    const annotated = normalize("hosLogs", {
      dutyStatusLog: log("a1", "2025-11-03T14:02:00.000Z", "ON", {
        // The older LogRecord form of the location; team drivers, one of them the unknown driver.
        location: { latitude: 30.2511, longitude: -97.7502 },
        coDrivers: [{ id: "b3B" }, "UnknownDriverId", { id: "b3A" }],
        annotations: [
          { id: "aN1", comment: "Pre-trip inspection", dateTime: "2025-11-03T14:03:10.000Z", driver: { id: "b3A" } },
          { id: "aN2", comment: "  ", dateTime: "2025-11-03T14:04:00.000Z" },
        ],
        device: "NoDeviceId",
      }),
    });
    expect(annotated).toEqual({
      sourceId: "a1",
      status: "on_duty",
      driverSourceId: "b3A",
      codriverSourceIds: ["b3B"],
      location: { latitude: 30.2511, longitude: -97.7502 },
      remarks: [{ sourceId: "aN1", submittedAt: "2025-11-03T14:03:10.000Z", notes: "Pre-trip inspection" }],
      startedAt: "2025-11-03T14:02:00.000Z",
    });
  });

  it("ends each of a driver's logs where the next starts; the last, under way, has no end", () => {
    const answer = [
      // The boundary log (before fromDate), then the range's logs, among them what is no duty status.
      log("a0", "2025-11-02T22:10:00.000Z", "OFF"),
      log("a1", "2025-11-03T06:45:00.000Z", "ON"),
      log("a2", "2025-11-03T07:00:00.000Z", "D"),
      log("i1", "2025-11-03T08:00:00.000Z", "INT_D", { eventType: 2, eventCode: 1 }),
      log("e1", "2025-11-03T08:30:00.000Z", "Certify", { eventType: 4 }),
      log("r1", "2025-11-03T09:00:00.000Z", "OFF", { state: "Requested", origin: "OtherUser" }),
      log("x1", "2025-11-03T09:15:00.000Z", "ON", { state: "Inactive" }),
      log("u1", "2025-11-03T09:20:00.000Z", "D", { driver: "UnknownDriverId", origin: "Unassigned" }),
      log("a3", "2025-11-03T09:30:00.000Z", "ON"),
      // Edited in place: the same id again, at a higher version, wins.
      log("a3", "2025-11-03T09:31:00.000Z", "ON", { version: "0000000000a4c1f9" }),
      log("a4", "2025-11-03T10:00:00.000Z", "SB"),
    ];
    const timeline = timelineOf(answer, "b3A");
    expect(timeline.logs.map((entry) => entry.id)).toEqual(["a0", "a1", "a2", "a3", "a4"]);
    expect(timeline.wholeUntil).toBe(Number.POSITIVE_INFINITY);
    const windowStart = Date.parse("2025-11-03T00:00:00.000Z");
    const payloads = hosLogPayloads(timeline.logs, { windowStart, from: windowStart, until: windowStart + DAY });
    const logs = payloads.map((payload) => normalize("hosLogs", payload));
    expect(logs.map(({ sourceId, status, startedAt, endedAt }) => [sourceId, status, startedAt, endedAt])).toEqual([
      ["a0", "off_duty", "2025-11-02T22:10:00.000Z", "2025-11-03T06:45:00.000Z"],
      ["a1", "on_duty", "2025-11-03T06:45:00.000Z", "2025-11-03T07:00:00.000Z"],
      ["a2", "driving", "2025-11-03T07:00:00.000Z", "2025-11-03T09:31:00.000Z"],
      ["a3", "on_duty", "2025-11-03T09:31:00.000Z", "2025-11-03T10:00:00.000Z"],
      ["a4", "sleeper_bed", "2025-11-03T10:00:00.000Z", undefined],
    ]);
    // On a driver's later page (an answer cut at 09:31), the logs before it were listed already.
    const later = hosLogPayloads(timeline.logs, {
      windowStart,
      from: Date.parse("2025-11-03T09:31:00.000Z"),
      until: windowStart + DAY,
    });
    expect(later.map((payload) => payload.dutyStatusLog.id)).toEqual(["a3", "a4"]);
    // The boundary log is not listed when its status ended as the window began.
    const atStart = hosLogPayloads(timeline.logs, {
      windowStart: Date.parse("2025-11-03T06:45:00.000Z"),
      from: Date.parse("2025-11-03T06:45:00.000Z"),
      until: Date.parse("2025-11-03T09:31:00.000Z"),
    });
    expect(atStart.map((payload) => payload.dutyStatusLog.id)).toEqual(["a1", "a2"]);
  });

  it("refuses what is no driver's active duty status, an end that is not the driver's next log, and malformed logs", () => {
    const start = "2025-11-03T14:02:00.000Z";
    for (const status of ["INT_D", "INT_PC", "Login", "Certify", "EnginePowerup", "Exemption16H", "Work"]) {
      expectMalformed("hosLogs", { dutyStatusLog: log("a1", start, status) });
    }
    expectMalformed("hosLogs", { dutyStatusLog: log("a1", start, "D", { state: "Inactive" }) });
    expectMalformed("hosLogs", { dutyStatusLog: log("a1", start, "D", { driver: "UnknownDriverId" }) });
    expectMalformed("hosLogs", { dutyStatusLog: log("a1", start, "D", { driver: { id: "UnknownDriverId" } }) });
    expectMalformed("hosLogs", {
      dutyStatusLog: log("a1", start, "D"),
      nextDutyStatusLog: log("a2", "2025-11-03T14:00:00.000Z", "ON"),
    });
    expectMalformed("hosLogs", {
      dutyStatusLog: log("a1", start, "D"),
      nextDutyStatusLog: log("a2", "2025-11-03T15:00:00.000Z", "ON", { driver: { id: "b3B" } }),
    });
    expectMalformed("hosLogs", { dutyStatusLog: log("a1", "yesterday", "D") });
    expectMalformed("hosLogs", { dutyStatusLog: { ...log("a1", start, "D"), id: undefined } });
    expectMalformed("hosLogs", { dutyStatusLog: log("a1", start, "D", { location: { location: { x: -97 } } }) });
    expectMalformed("hosLogs", log("a1", start, "D"));
  });
});

describe("a driver's UTC day from DutyStatusLogs", () => {
  const readAt = "2025-11-05T12:00:00.000Z";
  const odometer = (km: number) => Math.round(km * 1000);
  // A rest from the evening of the 2nd, two days' work, a personal-conveyance drive and a yard move.
  const answer = [
    log("a0", "2025-11-02T20:00:00.000Z", "OFF", { odometer: odometer(1000) }),
    log("a1", "2025-11-03T06:45:00.000Z", "ON", { odometer: odometer(1000) }),
    log("i1", "2025-11-03T07:30:00.000Z", "INT_D", { odometer: odometer(1040) }),
    log("a2", "2025-11-03T07:00:00.000Z", "D", { odometer: odometer(1000) }),
    log("a3", "2025-11-03T11:00:00.000Z", "ON", { odometer: odometer(1320.5) }),
    log("a4", "2025-11-03T11:30:00.000Z", "YM", { odometer: odometer(1320.5) }),
    log("a5", "2025-11-03T11:45:00.000Z", "ON", { odometer: odometer(1321.7) }),
    log("a6", "2025-11-03T12:00:00.000Z", "SB", { odometer: odometer(1321.7) }),
    // A drive across midnight: 100 km, 1 h before and 1 h after it.
    log("a7", "2025-11-03T23:00:00.000Z", "D", { odometer: odometer(1321.7) }),
    log("a8", "2025-11-04T01:00:00.000Z", "OFF", { odometer: odometer(1421.7) }),
    log("a9", "2025-11-04T20:00:00.000Z", "PC", { odometer: odometer(1421.7) }),
    log("a10", "2025-11-04T20:30:00.000Z", "OFF", { odometer: odometer(1436.7) }),
    log("a11", "2025-11-05T08:00:00.000Z", "D", { odometer: odometer(1436.7) }),
  ];
  const timeline = timelineOf(answer, "b3A");
  const dayOf = (date: string) =>
    normalize("hosDailyLogs", {
      driver: { id: "b3A" },
      date,
      readAt,
      dutyStatusLogs: logsOfDay(timeline.logs, Date.parse(`${date}T00:00:00.000Z`), Date.parse(readAt)),
    });
  const total = (durations: Record<string, number>) => Object.values(durations).reduce((sum, ms) => sum + ms, 0);

  it("clips each status to the day, 24 hours in all, a status crossing midnight split between the two days", () => {
    const third = dayOf("2025-11-03");
    expect(third).toEqual({
      sourceId: "b3A:2025-11-03",
      driverSourceId: "b3A",
      date: "2025-11-03",
      distances: { total: 371.7, driving: 370.5, personalConveyance: 0, yardMove: 1.2 },
      statusDurations: {
        offDuty: 6.75 * HOUR,
        onDuty: 1 * HOUR,
        driving: 4 * HOUR + 1 * HOUR,
        yardMove: 0.25 * HOUR,
        sleeperBed: 11 * HOUR,
        personalConveyance: 0,
        waiting: 0,
      },
    });
    expect(total(third.statusDurations)).toBe(DAY);
    const fourth = dayOf("2025-11-04");
    expect(fourth.statusDurations).toEqual({
      offDuty: 19 * HOUR + 3.5 * HOUR,
      onDuty: 0,
      driving: 1 * HOUR,
      yardMove: 0,
      sleeperBed: 0,
      personalConveyance: 0.5 * HOUR,
      waiting: 0,
    });
    expect(total(fourth.statusDurations)).toBe(DAY);
    expect(fourth.distances).toEqual({ total: 65, driving: 50, personalConveyance: 15, yardMove: 0 });
  });

  it("counts the status under way up to the read, and its distance once it has ended", () => {
    const today = dayOf("2025-11-05");
    expect(today.statusDurations).toMatchObject({ offDuty: 8 * HOUR, driving: 4 * HOUR });
    expect(total(today.statusDurations)).toBe(12 * HOUR);
    expect(today.distances).toEqual({ total: 0, driving: 0, personalConveyance: 0, yardMove: 0 });
    // A day the driver has no status in yet (before their first log) is no day.
    expect(logsOfDay(timeline.logs, Date.parse("2025-11-01T00:00:00.000Z"), Date.parse(readAt))).toEqual([]);
  });

  it("leaves the distances out when a drive's odometers are missing or of two vehicles", () => {
    const withoutOdometer = answer.map((entry) => (entry.id === "a3" ? { ...entry, odometer: undefined } : entry));
    const otherVehicle = answer.map((entry) => (entry.id === "a3" ? { ...entry, device: { id: "b21" } } : entry));
    for (const logs of [withoutOdometer, otherVehicle]) {
      const day = normalize("hosDailyLogs", {
        driver: { id: "b3A" },
        date: "2025-11-03",
        readAt,
        dutyStatusLogs: logsOfDay(
          timelineOf(logs, "b3A").logs,
          Date.parse("2025-11-03T00:00:00.000Z"),
          Date.parse(readAt),
        ),
      });
      expect(day.distances).toBeUndefined();
      expect(total(day.statusDurations)).toBe(DAY);
    }
  });

  it("skips the intermediate and event logs a day's payload holds, and refuses another driver's log or a malformed day", () => {
    const day = {
      driver: { id: "b3A" },
      date: "2025-11-03",
      readAt,
      dutyStatusLogs: [
        log("a0", "2025-11-02T20:00:00.000Z", "OFF"),
        log("i1", "2025-11-03T02:00:00.000Z", "INT_D"),
        log("e1", "2025-11-03T03:00:00.000Z", "Login"),
        log("r1", "2025-11-03T04:00:00.000Z", "ON", { state: "Rejected" }),
        log("a1", "2025-11-03T06:00:00.000Z", "ON"),
        log("a2", "2025-11-04T06:00:00.000Z", "D"),
      ],
    };
    expect(normalize("hosDailyLogs", day).statusDurations).toMatchObject({ offDuty: 6 * HOUR, onDuty: 18 * HOUR });
    const foreign = log("b1", "2025-11-03T05:00:00.000Z", "ON", { driver: "UnknownDriverId" });
    expectMalformed("hosDailyLogs", { ...day, dutyStatusLogs: [...day.dutyStatusLogs, foreign] });
    expectMalformed("hosDailyLogs", { ...day, date: "03/11/2025" });
    expectMalformed("hosDailyLogs", { ...day, readAt: undefined });
    expectMalformed("hosDailyLogs", { ...day, driver: "b3A" });
    expectMalformed("hosDailyLogs", {
      ...day,
      dutyStatusLogs: [{ ...log("a1", "2025-11-03T06:00:00.000Z", "ON"), status: 3 }],
    });
  });
});
