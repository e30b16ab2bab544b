/**
 * The simulated fleet's trouble codes, checked over random fleets, vehicles and days: a code is
 * detected while the vehicle drives, confirmed (OBD-II) and cleared during later drives, comes
 * from the embedded table of real codes that fit the vehicle, and is the same code every time
 * it is computed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FMI_TEXT, J1939_DTCS, OBD_DTCS, obdDtcsFor, SOURCE_NAMES } from "../../src/providers/sandbox/dtc-table";
import type { VehicleProfile } from "../../src/providers/sandbox/fleet-vehicles";
import { dayPlan } from "../../src/providers/sandbox/simulation/day-plan";
import {
  FAULT_LOOK_BACK_DAYS,
  faultOpenedOn,
  faultProtocolOf,
  faultStateAt,
  faultsUnderWayAt,
  type SimFault,
} from "../../src/providers/sandbox/simulation/fault-codes";
import { DAY_MS, dayOf } from "../../src/providers/sandbox/time";
import { CREATED_AT, FLEET_SIZE, fleetOf, PROPERTY_SEED, vehicleDays } from "./vehicle-days";

const runs = (numRuns: number) => ({ seed: PROPERTY_SEED, numRuns });
const SHOP_HOUR_MS = 16 * 3_600_000;

/** Vehicle-days on which a code was first detected. */
const faultDays = vehicleDays
  .map((vehicleDay) => ({
    ...vehicleDay,
    fault: faultOpenedOn(vehicleDay.fleet.seed, vehicleDay.vehicle, vehicleDay.day),
  }))
  .filter((vehicleDay): vehicleDay is typeof vehicleDay & { fault: SimFault } => vehicleDay.fault !== undefined);

/** Whether `t` falls within one of the vehicle's trips (its day's plan). */
function whileDriving(seed: number, vehicle: VehicleProfile, t: number): boolean {
  const plan = dayPlan(seed, vehicle, dayOf(t));
  return plan?.trips.some((trip) => trip.start <= t && t <= trip.end) ?? false;
}

/** A shop clears a code the drives did not at 16:00 UTC. */
const atTheShop = (t: number) => t % DAY_MS === SHOP_HOUR_MS;

describe("an occurrence's life", () => {
  it("opens while the vehicle drives, and is confirmed and cleared during later drives", () => {
    fc.assert(
      fc.property(faultDays, ({ fleet, vehicle, day, fault }) => {
        expect(dayOf(fault.openedAt)).toBe(day);
        expect(fault.openedAt).toBeGreaterThanOrEqual(vehicle.createdAt);
        expect(whileDriving(fleet.seed, vehicle, fault.openedAt)).toBe(true);
        if (fault.confirmedAt !== undefined && fault.confirmedAt !== fault.openedAt) {
          expect(fault.confirmedAt).toBeGreaterThan(fault.openedAt);
          expect(whileDriving(fleet.seed, vehicle, fault.confirmedAt)).toBe(true);
        }
        expect(fault.closedAt).toBeGreaterThan(fault.confirmedAt ?? fault.openedAt);
        expect(whileDriving(fleet.seed, vehicle, fault.closedAt) || atTheShop(fault.closedAt)).toBe(true);
        expect(fault.closedAt - fault.openedAt).toBeLessThan(FAULT_LOOK_BACK_DAYS * DAY_MS);
        for (const t of [fault.openedAt, fault.confirmedAt ?? 0, fault.closedAt]) expect(t % 1000).toBe(0);
        expect(fault.id).toMatch(/^sbx-flt-\d{6}-\d{8}$/);
      }),
      runs(60),
    );
  });

  it("passes an OBD-II code through pending before open; a J1939 code is open at once", () => {
    fc.assert(
      fc.property(faultDays, ({ fault }) => {
        const first = faultStateAt(fault, fault.openedAt)!;
        expect(faultStateAt(fault, fault.openedAt - 1)).toBeUndefined();
        expect(faultStateAt(fault, fault.closedAt)).toEqual({ status: "closed", since: fault.closedAt });
        if (fault.dtc.protocol === "j1939") {
          expect(first).toEqual({ status: "open", since: fault.openedAt });
          return;
        }
        expect(first).toEqual({ status: "pending", since: fault.openedAt });
        if (fault.confirmedAt !== undefined) {
          expect(faultStateAt(fault, fault.confirmedAt - 1)!.status).toBe("pending");
          expect(faultStateAt(fault, fault.confirmedAt)).toEqual({ status: "open", since: fault.confirmedAt });
        }
      }),
      runs(60),
    );
  });

  it("is computed the same every time, and differs between fleets", () => {
    fc.assert(
      fc.property(faultDays, ({ fleet, vehicle, day, fault }) => {
        expect(faultOpenedOn(fleet.seed, vehicle, day)).toEqual(fault);
        const other = fleetOf(1000);
        const elsewhere = other.vehicleByIndex(vehicle.record.index);
        if (elsewhere) expect(faultOpenedOn(other.seed, elsewhere, day)).not.toEqual(fault);
      }),
      runs(20),
    );
  });
});

describe("the codes", () => {
  it("are real codes of the table that fit the vehicle: J1939 for heavy diesels, OBD-II for the others", () => {
    fc.assert(
      fc.property(faultDays, ({ vehicle, fault }) => {
        const { dtc } = fault;
        expect(dtc.protocol).toBe(faultProtocolOf(vehicle));
        if (dtc.protocol === "j1939") {
          expect(["heavy", "medium"]).toContain(vehicle.spec.vehicleClass);
          expect(J1939_DTCS).toContain(dtc.entry);
          expect(FMI_TEXT[dtc.entry.fmi]).toBeDefined();
          expect(SOURCE_NAMES[dtc.entry.sourceAddress]).toBeDefined();
          expect(dtc.occurrences).toBeGreaterThanOrEqual(1);
        } else {
          expect(obdDtcsFor(vehicle.spec.fuel)).toContain(dtc.entry);
          expect(dtc.entry.code).toMatch(/^[PCBU][0-9A-F]{4}$/);
        }
      }),
      runs(60),
    );
  });

  it("keeps engine codes off electric vehicles and battery codes off engine-only ones", () => {
    const electric = obdDtcsFor("electric").map((dtc) => dtc.system);
    expect(new Set(electric)).toEqual(new Set(["ev", "any"]));
    expect(obdDtcsFor("gasoline").some((dtc) => dtc.system === "ev")).toBe(false);
    expect(obdDtcsFor("propane").some((dtc) => dtc.system === "evap")).toBe(false);
    expect(obdDtcsFor("diesel").some((dtc) => dtc.system === "spark")).toBe(false);
    // 20–30 real codes of each protocol, each listed once.
    for (const table of [J1939_DTCS.map((dtc) => `${dtc.spn}/${dtc.fmi}`), OBD_DTCS.map((dtc) => dtc.code)]) {
      expect(table.length).toBeGreaterThanOrEqual(20);
      expect(table.length).toBeLessThanOrEqual(35);
      expect(new Set(table).size).toBe(table.length);
    }
  });
});

describe("over a fleet's weeks", () => {
  const fleet = fleetOf(42);

  it("set a code on about one working day in ten, most clearing within a week and a few staying for weeks", () => {
    // Every vehicle of one fleet over the 8 weeks before the connection.
    const lastDay = dayOf(CREATED_AT.getTime()) - 1;
    const faults = Array.from({ length: FLEET_SIZE }, (_, index) => fleet.vehicleByIndex(index)!).flatMap((vehicle) =>
      Array.from({ length: 56 }, (_, back) => faultOpenedOn(fleet.seed, vehicle, lastDay - back) ?? []).flat(),
    );
    expect(faults.length).toBeGreaterThan(FLEET_SIZE * 2);
    expect(faults.length).toBeLessThan(FLEET_SIZE * 8);
    const days = faults.map((fault) => (fault.closedAt - fault.openedAt) / DAY_MS);
    expect(days.filter((d) => d <= 7).length / days.length).toBeGreaterThan(0.7);
    expect(days.filter((d) => d >= 14).length).toBeGreaterThan(0);
    expect(days.filter((d) => d >= 14).length / days.length).toBeLessThan(0.25);
    // Both protocols, and pending OBD-II codes that were never confirmed.
    expect(new Set(faults.map((fault) => fault.dtc.protocol))).toEqual(new Set(["j1939", "obdii"]));
    expect(faults.some((fault) => fault.dtc.protocol === "obdii" && fault.confirmedAt === undefined)).toBe(true);
  });

  it("finds, looking back from any instant, exactly the occurrences still set then", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: FLEET_SIZE - 1 }),
        fc.integer({ min: 0, max: 80 * DAY_MS }),
        (index, before) => {
          const vehicle = fleet.vehicleByIndex(index)!;
          const at = CREATED_AT.getTime() - before;
          // Every day a code still set at `at` can have been detected on, without the look-back's shortcut.
          const expected: SimFault[] = [];
          for (let day = dayOf(at) - FAULT_LOOK_BACK_DAYS; day <= dayOf(at); day++) {
            const fault = faultOpenedOn(fleet.seed, vehicle, day);
            if (fault && fault.openedAt < at && fault.closedAt >= at) expected.push(fault);
          }
          expect(faultsUnderWayAt(fleet.seed, vehicle, at)).toEqual(expected);
        },
      ),
      runs(30),
    );
  });
});
