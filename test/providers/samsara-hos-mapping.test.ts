/**
 * Samsara's hours-of-service payloads → the normalized model, on payloads in Samsara's real
 * shapes (providers-families.md 1.3: logs grouped by driver, the tiny vehicle's capital-E
 * `ExternalIds`, daily durations in ms and distances in metres, days in the driver's offset):
 * every status, the ids derived from what Samsara does say, metres → km (2 decimals), remarks,
 * co-drivers, a status under way, and malformed payloads refused.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { normalizeSamsara, samsaraAdapter } from "../../src/providers/samsara/adapter";
import { mapHosDailyLog } from "../../src/providers/samsara/models/hos-daily-logs";
import { logItemsOf, mapHosLog } from "../../src/providers/samsara/models/hos-logs";

const malformed = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("malformed");
    return;
  }
  throw new Error("expected a malformed payload to be refused");
};

const DRIVER = { id: "88668", name: "Susan Bob" };
const VEHICLE = { id: "281474978683353", name: "Truck 104", ExternalIds: { "samsara.vin": "1FUJGLDR7CLBP8834" } };

/** One entry of a driver's `hosLogs`. */
const ON_DUTY = {
  hosStatusType: "onDuty",
  logStartTime: "2025-11-03T13:40:00Z",
  logEndTime: "2025-11-03T14:02:00Z",
  vehicle: VEHICLE,
  codrivers: [
    { id: "90112", name: "Ann Lee" },
    { id: "90113", name: "Raj Patel" },
  ],
  logRecordedLocation: { latitude: 30.2672, longitude: -97.7431 },
  remark: "Pre-trip",
};

/** A page of `GET /fleet/hos/logs`: two drivers' groups. */
const PAGE_DATA = [
  {
    driver: DRIVER,
    hosLogs: [
      ON_DUTY,
      {
        hosStatusType: "driving",
        logStartTime: "2025-11-03T14:02:00Z",
        logEndTime: "2025-11-03T16:49:00Z",
        vehicle: VEHICLE,
      },
    ],
  },
  {
    driver: { id: "90112", name: "Ann Lee" },
    hosLogs: [{ hosStatusType: "offDuty", logStartTime: "2025-11-03T02:00:00Z" }],
  },
];

const DAILY_LOG = {
  driver: { id: "88668", name: "Susan Bob", timezone: "America/Chicago" },
  startTime: "2025-11-03T00:00:00-06:00",
  endTime: "2025-11-04T00:00:00-06:00",
  dutyStatusDurations: {
    activeDurationMs: 39_600_000,
    driveDurationMs: 30_060_000,
    onDutyDurationMs: 7_920_000,
    offDutyDurationMs: 44_400_000,
    sleeperBerthDurationMs: 0,
    personalConveyanceDurationMs: 1_200_000,
    yardMoveDurationMs: 1_620_000,
    waitingTimeDurationMs: 1_200_000,
  },
  pendingDutyStatusDurations: { activeDurationMs: 39_600_000, driveDurationMs: 30_060_000 },
  distanceTraveled: {
    driveDistanceMeters: 812_345.12,
    personalConveyanceDistanceMeters: 4_321.5,
    yardMoveDistanceMeters: 402.5,
  },
  logMetaData: { isCertified: true, certifiedAtTime: "2025-11-04T06:10:00Z", trailerNames: ["53-0112"] },
};

describe("Samsara HOS logs → duty-status logs", () => {
  it("splits a page's driver groups into one payload per log, each carrying its driver", () => {
    const items = PAGE_DATA.flatMap(logItemsOf);
    expect(items).toEqual([
      { driver: DRIVER, hosLog: ON_DUTY },
      { driver: DRIVER, hosLog: PAGE_DATA[0]!.hosLogs[1] },
      { driver: { id: "90112", name: "Ann Lee" }, hosLog: PAGE_DATA[1]!.hosLogs[0] },
    ]);
    expect(logItemsOf({ driver: DRIVER, hosLogs: [] })).toEqual([]);
    // A group that is not one is passed on whole, to be refused by normalize.
    expect(logItemsOf({ driver: DRIVER })).toEqual([{ driver: DRIVER }]);
    malformed(() => mapHosLog({ driver: DRIVER }));
  });

  it("maps a log: the status, vehicle, co-drivers, location, remark and times; the driver and start as its id", () => {
    expect(normalizeSamsara("hosLogs", { driver: DRIVER, hosLog: ON_DUTY })).toEqual({
      sourceId: "88668:2025-11-03T13:40:00.000Z",
      status: "on_duty",
      driverSourceId: "88668",
      vehicleSourceId: "281474978683353",
      codriverSourceIds: ["90112", "90113"],
      location: { latitude: 30.2672, longitude: -97.7431 },
      remarks: [{ notes: "Pre-trip" }],
      startedAt: "2025-11-03T13:40:00.000Z",
      endedAt: "2025-11-03T14:02:00.000Z",
    });
  });

  it("maps every Samsara status (there is no waiting-time one)", () => {
    const statuses = {
      offDuty: "off_duty",
      sleeperBed: "sleeper_bed",
      driving: "driving",
      onDuty: "on_duty",
      yardMove: "yard_move",
      personalConveyance: "personal_conveyance",
    };
    for (const [hosStatusType, status] of Object.entries(statuses)) {
      expect(mapHosLog({ driver: DRIVER, hosLog: { ...ON_DUTY, hosStatusType } }).status).toBe(status);
    }
    malformed(() => mapHosLog({ driver: DRIVER, hosLog: { ...ON_DUTY, hosStatusType: "waitingTime" } }));
  });

  it("leaves out what Samsara does not send, and keeps a status under way open", () => {
    const ongoing = { hosStatusType: "offDuty", logStartTime: "2025-11-03T16:49:00-06:00" };
    expect(mapHosLog({ driver: DRIVER, hosLog: ongoing })).toEqual({
      sourceId: "88668:2025-11-03T22:49:00.000Z",
      status: "off_duty",
      driverSourceId: "88668",
      startedAt: "2025-11-03T22:49:00.000Z",
    });
    const blank = { ...ongoing, logEndTime: "", remark: " ", codrivers: [], vehicle: { id: "", name: "" } };
    expect(mapHosLog({ driver: DRIVER, hosLog: blank })).toEqual(mapHosLog({ driver: DRIVER, hosLog: ongoing }));
    const noVehicle = { ...ongoing, vehicle: null };
    expect(mapHosLog({ driver: DRIVER, hosLog: noVehicle })).toEqual(mapHosLog({ driver: DRIVER, hosLog: ongoing }));
  });

  it("gives a log the same id when it is read again, ended", () => {
    const open = mapHosLog({ driver: DRIVER, hosLog: { ...ON_DUTY, logEndTime: undefined } });
    const ended = mapHosLog({ driver: DRIVER, hosLog: ON_DUTY });
    expect(open.endedAt).toBeUndefined();
    expect(ended.sourceId).toBe(open.sourceId);
  });

  it("refuses malformed logs", () => {
    malformed(() => mapHosLog(ON_DUTY));
    malformed(() => mapHosLog({ driver: { name: "No Id" }, hosLog: ON_DUTY }));
    malformed(() => mapHosLog({ driver: DRIVER, hosLog: { ...ON_DUTY, logStartTime: "yesterday" } }));
    malformed(() => mapHosLog({ driver: DRIVER, hosLog: { ...ON_DUTY, logStartTime: undefined } }));
    malformed(() => mapHosLog({ driver: DRIVER, hosLog: { ...ON_DUTY, logEndTime: "soon" } }));
    malformed(() =>
      mapHosLog({ driver: DRIVER, hosLog: { ...ON_DUTY, logRecordedLocation: { latitude: 91, longitude: 0 } } }),
    );
    malformed(() => mapHosLog(null));
  });
});

describe("Samsara daily logs → HOS daily logs", () => {
  it("keeps ms, converts metres to km (2 decimals), and dates the day in the driver's own offset", () => {
    expect(normalizeSamsara("hosDailyLogs", DAILY_LOG)).toEqual({
      sourceId: "88668:2025-11-03",
      driverSourceId: "88668",
      date: "2025-11-03",
      distances: { total: 817.07, driving: 812.35, personalConveyance: 4.32, yardMove: 0.4 },
      statusDurations: {
        onDuty: 7_920_000,
        offDuty: 44_400_000,
        driving: 30_060_000,
        waiting: 1_200_000,
        sleeperBed: 0,
        personalConveyance: 1_200_000,
        yardMove: 1_620_000,
      },
    });
  });

  it("takes the date as written, not as UTC: a Sydney day starting at midnight stays its day", () => {
    const sydney = { ...DAILY_LOG, startTime: "2025-11-03T00:00:00+11:00", endTime: "2025-11-04T00:00:00+11:00" };
    expect(mapHosDailyLog(sydney)).toMatchObject({ date: "2025-11-03", sourceId: "88668:2025-11-03" });
  });

  it("reads absent durations as 0 and a day without distances as having none", () => {
    const { distanceTraveled: _distances, ...withoutDistances } = DAILY_LOG;
    const sparse = { ...withoutDistances, dutyStatusDurations: { offDutyDurationMs: 86_400_000 } };
    expect(mapHosDailyLog(sparse)).toEqual({
      sourceId: "88668:2025-11-03",
      driverSourceId: "88668",
      date: "2025-11-03",
      statusDurations: {
        onDuty: 0,
        offDuty: 86_400_000,
        driving: 0,
        waiting: 0,
        sleeperBed: 0,
        personalConveyance: 0,
        yardMove: 0,
      },
    });
  });

  it("refuses malformed days", () => {
    malformed(() => mapHosDailyLog({ ...DAILY_LOG, driver: { name: "No Id" } }));
    malformed(() => mapHosDailyLog({ ...DAILY_LOG, startTime: "2025-11-03" }));
    malformed(() => mapHosDailyLog({ ...DAILY_LOG, startTime: "not a time" }));
    malformed(() => mapHosDailyLog({ ...DAILY_LOG, dutyStatusDurations: undefined }));
    malformed(() => mapHosDailyLog({ ...DAILY_LOG, dutyStatusDurations: { driveDurationMs: "8h" } }));
    malformed(() => mapHosDailyLog({ ...DAILY_LOG, distanceTraveled: { driveDistanceMeters: -5 } }));
  });
});

describe("the adapter's hours of service", () => {
  it("serves both, each in its endpoint's own 5-a-second bucket", () => {
    expect(samsaraAdapter.supportedModels.hosLogs).toBe("supported");
    expect(samsaraAdapter.supportedModels.hosDailyLogs).toBe("supported");
    expect(samsaraAdapter.paceBucket).toMatchObject({ hosLogs: "hosLogs", hosDailyLogs: "hosDailyLogs" });
    expect(samsaraAdapter.requestPace.hosLogs).toEqual({ requests: 5, perSeconds: 1 });
    expect(samsaraAdapter.requestPace.hosDailyLogs).toEqual({ requests: 5, perSeconds: 1 });
  });
});
