/**
 * normalize of the Motive adapter's hours-of-service models, field by field, on payloads in
 * Motive's real shapes (`GET /v1/logs`, providers-families.md 2.3 and the KeepTruckin logs
 * reference it cites; invented values in the real field names): a log split into its duty-status
 * changes, every event type, an ongoing change, notes, the log's vehicles, seconds → ms, miles
 * and km; which changes a window keeps; payloads that do not validate are rejected as malformed.
 */
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { KM_PER_MILE } from "../../src/providers/kit/units";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import { dutyEventsIn, dutyEventsOfLog } from "../../src/providers/motive/models/hos-logs";
import { round2 } from "../../src/providers/motive/values";

const normalize = motiveAdapter.normalize.bind(motiveAdapter);

function caught(run: () => unknown): ProviderError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

const expectMalformed = (model: SyncModel, payload: unknown) =>
  expect(caught(() => normalize(model, payload)).kind, JSON.stringify(payload)).toBe("malformed");

const event = (id: number, type: string, start: string, end: string | null, notes: string | null = null) => ({
  event: { id, type, notes, location: "Mobile, AL", start_time: start, end_time: end },
});

/** A log as `GET /v1/logs` lists it (`logs[].log`): the reference's fields, invented values. */
const LOG = {
  id: 4711,
  date: "2025-11-03",
  total_miles: 300,
  metric_units: false,
  driver_signed_at: "2025-11-04T00:05:21Z",
  driver_signature_url: null,
  time_zone: "Central Time (US & Canada)",
  cycle: "70_8",
  driver_first_name: "Ana",
  driver_last_name: "Ruiz",
  carrier_name: "Lone Star Freight",
  notes: null,
  exception_24_hour_restart: false,
  exception_8_hour_break: false,
  exception_wait_time: false,
  exception_short_haul: false,
  short_haul: false,
  eld_mode: "logs",
  co_driver_full_names: ["Luis Ortega"],
  odometers: {},
  trailer_numbers: "17",
  vehicle_numbers: "T-104",
  off_duty_duration: 43_200,
  on_duty_duration: 7_200,
  sleeper_duration: 9_000,
  driving_duration: 21_600,
  waiting_duration: 1_800,
  driver: {
    id: 77210,
    first_name: "Ana",
    last_name: "Ruiz",
    username: "aruiz",
    email: null,
    driver_company_id: "D-17",
    status: "active",
    role: "driver",
  },
  vehicles: [
    {
      vehicle: {
        id: 4012,
        number: "T-104",
        year: "2020",
        make: "Kenworth",
        model: "T680",
        vin: null,
        metric_units: false,
      },
    },
  ],
  remarks: [{ remark: { id: 1, time: "2025-11-03T23:59:59Z", notes: null, location: null } }],
  cycle_restarts: [],
  shipping_docs: "123ABC",
  form_and_manner_errors: [],
  hos_violations: [],
  events: [
    event(221, "off_duty", "2025-11-02T22:00:00Z", "2025-11-03T06:00:00Z"),
    event(222, "on_duty", "2025-11-03T06:00:00Z", "2025-11-03T06:15:00Z", "Pre-trip inspection"),
    event(223, "driving", "2025-11-03T06:15:00Z", "2025-11-03T09:00:00Z"),
    event(224, "yard_move", "2025-11-03T09:00:00Z", "2025-11-03T09:10:00Z"),
    event(225, "waiting", "2025-11-03T09:10:00Z", "2025-11-03T09:40:00Z", "   "),
    event(226, "personal_conveyance", "2025-11-03T09:40:00Z", "2025-11-03T10:00:00Z"),
    event(227, "sleeper", "2025-11-03T10:00:00Z", "2025-11-03T10:30:00Z"),
    event(228, "driving", "2025-11-03T12:30:00+02:00", null, "Back to the yard"),
  ],
};

describe("Motive hours of service: duty-status logs", () => {
  const [offDuty, onDuty, driving, yardMove, waiting, conveyance, sleeper, ongoing] = dutyEventsOfLog(LOG).map(
    (payload) => normalize("hosLogs", payload),
  );

  it("splits a log into its changes, each carrying the log's driver and vehicles", () => {
    const payloads = dutyEventsOfLog(LOG);
    expect(payloads).toHaveLength(LOG.events.length);
    expect(payloads[0]).toEqual({
      log_id: 4711,
      log_date: "2025-11-03",
      driver: LOG.driver,
      vehicles: LOG.vehicles,
      event: LOG.events[0]!.event,
    });
  });

  it("maps every event type to its duty status", () => {
    expect(
      [offDuty, onDuty, driving, yardMove, waiting, conveyance, sleeper, ongoing].map((log) => log!.status),
    ).toEqual([
      "off_duty",
      "on_duty",
      "driving",
      "yard_move",
      "waiting_time",
      "personal_conveyance",
      "sleeper_bed",
      "driving",
    ]);
  });

  it("keeps the event's id, driver, vehicle, notes and times; the place name is not a location", () => {
    expect(onDuty).toEqual({
      sourceId: "222",
      status: "on_duty",
      driverSourceId: "77210",
      vehicleSourceId: "4012",
      remarks: [{ notes: "Pre-trip inspection" }],
      startedAt: "2025-11-03T06:00:00.000Z",
      endedAt: "2025-11-03T06:15:00.000Z",
    });
    // Blank notes are no remark.
    expect(waiting!.remarks).toBeUndefined();
  });

  it("leaves the end out while the status lasts, and reads offsets as UTC instants", () => {
    expect(ongoing).toEqual({
      sourceId: "228",
      status: "driving",
      driverSourceId: "77210",
      vehicleSourceId: "4012",
      remarks: [{ notes: "Back to the yard" }],
      startedAt: "2025-11-03T10:30:00.000Z",
    });
  });

  it("names a vehicle only when the log has exactly one", () => {
    const [payload] = dutyEventsOfLog({
      ...LOG,
      vehicles: [{ vehicle: { id: 4012 } }, { vehicle: { id: 4013 } }],
    });
    expect(normalize("hosLogs", payload).vehicleSourceId).toBeUndefined();
    const [alone] = dutyEventsOfLog({ ...LOG, vehicles: [] });
    expect(normalize("hosLogs", alone).vehicleSourceId).toBeUndefined();
    const { vehicles: _vehicles, ...withoutVehicles } = LOG;
    const [none] = dutyEventsOfLog(withoutVehicles);
    expect(normalize("hosLogs", none)).toMatchObject({ sourceId: "221", driverSourceId: "77210" });
  });

  it("rejects event types that are no duty status, and payloads that do not validate, as malformed", () => {
    const [base] = dutyEventsOfLog(LOG) as [{ driver: unknown; vehicles: unknown; event: Record<string, unknown> }];
    const withEvent = (patch: Record<string, unknown>) => ({ ...base, event: { ...base.event, ...patch } });
    expect(caught(() => normalize("hosLogs", withEvent({ type: "certification" }))).message).toMatch(/certification/);
    expectMalformed("hosLogs", withEvent({ type: "constructor" }));
    expectMalformed("hosLogs", withEvent({ id: "221" }));
    expectMalformed("hosLogs", withEvent({ start_time: "yesterday" }));
    expectMalformed("hosLogs", withEvent({ end_time: 1_762_000_000 }));
    expectMalformed("hosLogs", { ...base, driver: null });
    expectMalformed("hosLogs", { ...base, event: undefined });
    // A log whose events cannot be read is passed on whole, for normalize to reject.
    const unreadable = { ...LOG, events: "none" };
    expect(dutyEventsOfLog(unreadable)).toEqual([unreadable]);
    expectMalformed("hosLogs", unreadable);
  });
});

describe("Motive hours of service: the changes a window keeps", () => {
  const window = { start: new Date("2025-11-03T00:00:00Z"), end: new Date("2025-11-04T00:00:00Z") };
  const day = (date: string, events: unknown[]) => ({ ...LOG, id: Number(date.replaceAll("-", "")), date, events });

  it("keeps the changes that overlap it, each once, and counts the types that are no duty status", () => {
    const logs = [
      day("2025-11-02", [
        event(101, "driving", "2025-11-02T15:00:00Z", "2025-11-02T18:00:00Z"),
        // Under way at midnight: in both days' logs.
        event(102, "off_duty", "2025-11-02T18:00:00Z", "2025-11-03T06:00:00Z"),
      ]),
      day("2025-11-03", [
        event(102, "off_duty", "2025-11-02T18:00:00Z", "2025-11-03T06:00:00Z"),
        event(103, "driving", "2025-11-03T06:00:00Z", "2025-11-03T23:00:00Z"),
        event(104, "login", "2025-11-03T05:59:00Z", "2025-11-03T05:59:00Z"),
        event(105, "off_duty", "2025-11-03T23:00:00Z", null),
      ]),
      day("2025-11-04", [event(105, "off_duty", "2025-11-03T23:00:00Z", null)]),
      { broken: true },
    ];
    const { items, unknownTypes } = dutyEventsIn(logs, window);
    const ids = items.map((item) => (item as { event?: { id: number } }).event?.id);
    expect(ids).toEqual([102, 103, 105, undefined]);
    expect([...unknownTypes]).toEqual([["login", 1]]);
  });
});

describe("Motive hours of service: daily logs", () => {
  it("converts seconds to ms and miles to km, with no yard-move or personal-conveyance split", () => {
    expect(normalize("hosDailyLogs", LOG)).toEqual({
      sourceId: "4711",
      driverSourceId: "77210",
      date: "2025-11-03",
      distances: {
        total: round2(300 * KM_PER_MILE),
        driving: round2(300 * KM_PER_MILE),
        personalConveyance: 0,
        yardMove: 0,
      },
      statusDurations: {
        onDuty: 7_200_000,
        offDuty: 43_200_000,
        driving: 21_600_000,
        waiting: 1_800_000,
        sleeperBed: 9_000_000,
        personalConveyance: 0,
        yardMove: 0,
      },
    });
    expect(round2(300 * KM_PER_MILE)).toBe(482.8);
  });

  it("reads km as they are when the log is in metric units, and the asked units without a flag", () => {
    expect(normalize("hosDailyLogs", { ...LOG, total_miles: 482.803, metric_units: true }).distances).toEqual({
      total: 482.8,
      driving: 482.8,
      personalConveyance: 0,
      yardMove: 0,
    });
    // The adapter asks for metric units (X-Metric-Units: true).
    expect(normalize("hosDailyLogs", { ...LOG, total_miles: 120.5, metric_units: null }).distances?.total).toBe(120.5);
    expect(normalize("hosDailyLogs", { ...LOG, total_miles: null }).distances).toBeUndefined();
    // Fractions of seconds are kept to the ms.
    expect(normalize("hosDailyLogs", { ...LOG, driving_duration: 39_600.25 }).statusDurations.driving).toBe(39_600_250);
  });

  it("rejects logs that do not validate as malformed", () => {
    expectMalformed("hosDailyLogs", { ...LOG, id: null });
    expectMalformed("hosDailyLogs", { ...LOG, date: "11/03/2025" });
    expectMalformed("hosDailyLogs", { ...LOG, driving_duration: -1 });
    expectMalformed("hosDailyLogs", { ...LOG, waiting_duration: undefined });
    expectMalformed("hosDailyLogs", { ...LOG, total_miles: "300" });
    expectMalformed("hosDailyLogs", { ...LOG, driver: undefined });
    expectMalformed("hosDailyLogs", "not a log");
  });
});
