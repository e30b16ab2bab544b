/**
 * The sandbox's trouble codes through the adapter: read by window like a provider's fault log,
 * one payload per occurrence as it stands at the window's end, deterministic from the account,
 * and mapped to the normalized fault observations.
 */
import { describe, expect, it } from "vitest";
import type { NormalizedFaultBatch } from "../../src/model/normalized";
import { sandboxAdapter } from "../../src/providers/sandbox/adapter";
import { FMI_TEXT, J1939_DTCS, OBD_DTCS } from "../../src/providers/sandbox/dtc-table";
import { CREATED_AT, DAY, HOUR, type Payloads, providerError, readAll, utcWindow } from "./sandbox-helpers";

type Fault = Payloads["faultCodeEvents"];

const WEEK = utcWindow("2026-01-03T00:00:00.000Z", "2026-01-10T00:00:00.000Z");
const sandbox = { revision: 11 };

const read = async (
  window: { start: Date; end: Date },
  options: { sandbox?: Record<string, unknown>; sourceId?: string } = {},
) => (await readAll("faultCodeEvents", { sandbox, window, pageSize: 500, ...options })).items;

const days = (window: { start: Date; end: Date }) =>
  Array.from({ length: (window.end.getTime() - window.start.getTime()) / DAY }, (_, i) => ({
    start: new Date(window.start.getTime() + i * DAY),
    end: new Date(window.start.getTime() + (i + 1) * DAY),
  }));

describe("windowed reads", () => {
  it("list each occurrence that overlaps the window once, as it stands at the window's end", async () => {
    const faults = await read(WEEK);
    expect(faults.length).toBeGreaterThan(5);
    expect(new Set(faults.map((fault) => fault.id)).size).toBe(faults.length);
    const [start, end] = [WEEK.start.getTime(), WEEK.end.getTime()];
    for (const fault of faults) {
      const [detected, since] = [Date.parse(fault.detectedAt), Date.parse(fault.stateSince)];
      expect(detected).toBeLessThan(end);
      expect(since).toBeGreaterThanOrEqual(detected);
      expect(since).toBeLessThan(end);
      // A cleared occurrence cleared within the window; one still set may have been detected long before.
      if (fault.state === "cleared") expect(since).toBeGreaterThanOrEqual(start);
      expect(fault.checkEngineLight && fault.state !== "active").toBe(false);
    }
  });

  it("agree with the day-by-day reads: each change of state is reported by the day that holds it", async () => {
    const week = await read(WEEK);
    const daily = await Promise.all(days(WEEK).map((day) => read(day)));
    // The occurrences of the week are those of its days.
    expect(new Set(daily.flat().map((fault) => fault.id))).toEqual(new Set(week.map((fault) => fault.id)));
    for (const fault of week) {
      // The week's last word on an occurrence is the last day's that lists it.
      const last = daily.findLast((faults) => faults.some((other) => other.id === fault.id))!;
      expect(last.find((other) => other.id === fault.id)).toEqual(fault);
      // The day its state began reports that state, when that day is in the week.
      const since = Date.parse(fault.stateSince);
      const index = Math.floor((since - WEEK.start.getTime()) / DAY);
      if (index >= 0) {
        expect(daily[index]!.find((other) => other.id === fault.id)).toMatchObject({
          state: fault.state,
          stateSince: fault.stateSince,
        });
      }
    }
  });

  it("show nothing detected after the fleet's clock, and later revisions only move states on", async () => {
    const window = utcWindow("2026-01-08T00:00:00.000Z", "2026-01-12T00:00:00.000Z");
    const early = await read(window, { sandbox: { revision: 11 } });
    const late = await read(window, { sandbox: { revision: 60 } });
    const clock = CREATED_AT.getTime() + 11 * HOUR;
    for (const fault of early) expect(Date.parse(fault.stateSince)).toBeLessThanOrEqual(clock);
    const later = new Map(late.map((fault) => [fault.id, fault]));
    const order = { pending: 0, active: 1, cleared: 2 };
    // Vehicles deleted since revision 11 are no longer listed; the others' occurrences are the same ones.
    const kept = early.filter((fault) => later.has(fault.id));
    expect(kept.length).toBeGreaterThan(0);
    for (const fault of kept) {
      const after = later.get(fault.id)!;
      expect(after.detectedAt).toBe(fault.detectedAt);
      expect(order[after.state]).toBeGreaterThanOrEqual(order[fault.state]);
      expect(Date.parse(after.stateSince)).toBeGreaterThanOrEqual(Date.parse(fault.stateSince));
    }
  });
});

describe("the fleet's codes", () => {
  it("are the same for the same account and differ for another", async () => {
    expect(await read(WEEK)).toEqual(await read(WEEK));
    expect(await read(WEEK, { sourceId: "sbx-other-fleet" })).not.toEqual(await read(WEEK));
  });

  it("come from the embedded tables, J1939 with SPN/FMI texts and source addresses, OBD-II pending before active", async () => {
    const window = utcWindow("2025-11-01T00:00:00.000Z", "2026-01-10T00:00:00.000Z");
    const faults = (await readAll("faultCodeEvents", { sandbox, window, pageSize: 500 })).items;
    const byProtocol = (protocol: Fault["protocol"]) => faults.filter((fault) => fault.protocol === protocol);
    expect(byProtocol("J1939").length).toBeGreaterThan(0);
    expect(byProtocol("OBD2").length).toBeGreaterThan(0);
    for (const fault of faults) {
      if (fault.protocol === "J1939") {
        const entry = J1939_DTCS.find((dtc) => dtc.spn === fault.spn && dtc.fmi === fault.fmi)!;
        expect(entry).toMatchObject({ spnName: fault.spnName, sourceAddress: fault.sourceAddress });
        expect(fault.fmiText).toBe(FMI_TEXT[fault.fmi]);
        expect(fault.state).not.toBe("pending");
      } else {
        expect(OBD_DTCS.find((dtc) => dtc.code === fault.dtc)?.description).toBe(fault.description);
      }
    }
    // An OBD-II occurrence read as of its detection was pending then, its lamp off.
    const obd = byProtocol("OBD2")[0]!;
    const detected = Date.parse(obd.detectedAt);
    const atDetection = await read({ start: new Date(detected - HOUR), end: new Date(detected + 1000) });
    expect(atDetection.find((fault) => fault.id === obd.id)).toMatchObject({
      state: "pending",
      checkEngineLight: false,
    });
  });
});

describe("mapping", () => {
  const normalize = (payload: unknown) => sandboxAdapter.normalize("faultCodeEvents", payload);
  const common = {
    id: "sbx-flt-000007-20260105",
    vehicleId: "sbx-veh-000007",
    state: "active",
    stateSince: "2026-01-05T14:21:07.000Z",
    detectedAt: "2026-01-05T13:02:44.000Z",
    location: { lat: 39.72, lng: -104.98 },
    checkEngineLight: true,
  };

  it("maps a J1939 occurrence to an observation with its SPN, FMI and source address", () => {
    const payload = {
      ...common,
      protocol: "J1939",
      description: "Aftertreatment 1 SCR Conversion Efficiency",
      spn: 4364,
      fmi: 18,
      spnName: "Aftertreatment 1 SCR Conversion Efficiency",
      fmiText: "Data valid but below normal operating range - moderately severe level",
      sourceAddress: 61,
      sourceName: "Exhaust Emission Controller",
      occurrences: 2,
    };
    expect(normalize(payload)).toEqual<NormalizedFaultBatch>({
      vehicleSourceId: "sbx-veh-000007",
      observations: [
        {
          protocol: "j1939",
          code: "4364",
          description: "Aftertreatment 1 SCR Conversion Efficiency",
          j1939: {
            spn: 4364,
            fmi: 18,
            fmiDescription: "Data valid but below normal operating range - moderately severe level",
            spnDescription: "Aftertreatment 1 SCR Conversion Efficiency",
            occurrenceCount: 2,
            sourceAddress: 61,
          },
          status: "open",
          observedAt: "2026-01-05T14:21:07.000Z",
          firstObservedAt: "2026-01-05T13:02:44.000Z",
          milStatus: "on",
          occurrenceSourceId: "sbx-flt-000007-20260105",
        },
      ],
    });
  });

  it("maps OBD-II occurrences, pending and cleared, with the lamp off", () => {
    const obd = {
      ...common,
      protocol: "OBD2",
      dtc: "P0420",
      description: "Catalyst System Efficiency Below Threshold (Bank 1)",
    };
    for (const [state, status] of [
      ["pending", "pending"],
      ["cleared", "closed"],
    ] as const) {
      expect(normalize({ ...obd, state, checkEngineLight: false }).observations).toEqual([
        {
          protocol: "obdii",
          code: "P0420",
          description: "Catalyst System Efficiency Below Threshold (Bank 1)",
          status,
          observedAt: "2026-01-05T14:21:07.000Z",
          firstObservedAt: "2026-01-05T13:02:44.000Z",
          milStatus: "off",
          occurrenceSourceId: "sbx-flt-000007-20260105",
        },
      ]);
    }
  });

  it("rejects payloads that are not the sandbox's fault shape", async () => {
    await providerError(
      Promise.resolve().then(() => normalize({ ...common, protocol: "OBD2", dtc: "X123" })),
      "malformed",
    );
    await providerError(
      Promise.resolve().then(() => normalize({ ...common, protocol: "CAN" })),
      "malformed",
    );
  });
});
