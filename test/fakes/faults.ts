/**
 * The canonical fleet's diagnostic trouble codes, which every fake provider serves in its own
 * shape. About one vehicle-day in three a fault comes on while the vehicle drives: diesel
 * vehicles report J1939 faults (SPN/FMI), the others OBD-II codes, which are `pending` for their
 * first ten minutes. Each clears one to five hours after it came on (one that has not yet is open).
 * Deterministic from (seed, vehicle, day).
 */

import { type FleetOptions, hash, vehiclesAt } from "./fleet.ts";

const DAY_MS = 86_400_000;
export const OBD_PENDING_MS = 10 * 60_000;

export type CanonicalFault = {
  id: string;
  vehicleId: string;
  protocol: "j1939" | "obdii";
  /** The SPN as text for J1939 faults, the OBD-II code ("P0171") for the others. */
  code: string;
  description: string;
  j1939?: { spn: number; fmi: number; spnDescription: string; fmiDescription: string; sourceAddress: number };
  occurrenceCount: number;
  milOn: boolean;
  openedAt: number;
  /** OBD-II faults are pending until then (a pending DTC is not confirmed yet). */
  confirmedAt: number;
  /** When it cleared; absent while it stays open. */
  closedAt?: number;
};

export const J1939_FAULTS = [
  [
    3251,
    0,
    "Aftertreatment 1 Diesel Particulate Filter Differential Pressure",
    "Data valid but above normal operating range - most severe level",
    0,
  ],
  [110, 0, "Engine Coolant Temperature", "Data valid but above normal operating range - most severe level", 0],
  [100, 1, "Engine Oil Pressure", "Data valid but below normal operating range - most severe level", 0],
  [
    4364,
    18,
    "Aftertreatment 1 SCR Conversion Efficiency",
    "Data valid but below normal operating range - moderately severe level",
    61,
  ],
  [
    1761,
    17,
    "Aftertreatment 1 Diesel Exhaust Fluid Tank Level",
    "Data valid but below normal operating range - least severe level",
    61,
  ],
  [168, 4, "Battery Potential / Power Input 1", "Voltage below normal, or shorted to low source", 0],
] as const;

export const OBD_FAULTS = [
  ["P0171", "System Too Lean (Bank 1)"],
  ["P0300", "Random/Multiple Cylinder Misfire Detected"],
  ["P0420", "Catalyst System Efficiency Below Threshold (Bank 1)"],
  ["P0442", "Evaporative Emission Control System Leak Detected (Small Leak)"],
  ["P0128", "Coolant Thermostat (Coolant Temperature Below Thermostat Regulating Temperature)"],
  ["U0100", "Lost Communication With ECM/PCM A"],
] as const;

/** The fault of one vehicle-day, if it has one; `closedAt` only when it has cleared by `now`. */
export function faultOfDay(
  options: FleetOptions,
  vehicleId: string,
  fuelType: string,
  day: number,
  now: number,
): CanonicalFault | undefined {
  const h = hash(options.seed, "fault", vehicleId, day);
  if (h % 3 !== 1) return undefined;
  const openedAt = day * DAY_MS + (7 * 3600 + (h % 14_400)) * 1000;
  if (openedAt > now) return undefined;
  const closesAt = openedAt + (1 + (h % 5)) * 3_600_000;
  const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
  const base = {
    id: `flt-${vehicleId}-${date}`,
    vehicleId,
    openedAt,
    occurrenceCount: 1 + (h % 4),
    milOn: h % 2 === 0,
  };
  const closed = closesAt <= now ? { closedAt: closesAt } : {};
  if (fuelType === "diesel") {
    const [spn, fmi, spnDescription, fmiDescription, sourceAddress] = J1939_FAULTS[h % J1939_FAULTS.length]!;
    return {
      ...base,
      protocol: "j1939",
      code: String(spn),
      description: spnDescription,
      j1939: { spn, fmi, spnDescription, fmiDescription, sourceAddress },
      confirmedAt: openedAt,
      ...closed,
    };
  }
  const [code, description] = OBD_FAULTS[h % OBD_FAULTS.length]!;
  return { ...base, protocol: "obdii", code, description, confirmedAt: openedAt + OBD_PENDING_MS, ...closed };
}

/** The status of a fault at an instant it had opened by. */
export function faultStatusAt(fault: CanonicalFault, at: number): "pending" | "open" | "closed" {
  if (fault.closedAt !== undefined && at >= fault.closedAt) return "closed";
  return at < fault.confirmedAt ? "pending" : "open";
}

/**
 * The faults of the fleet whose life [openedAt, closedAt or now] meets [from, to), as they are
 * at `now`, in opening order.
 */
export function faultsBetween(options: FleetOptions, from: number, to: number, now: number): CanonicalFault[] {
  const faults: CanonicalFault[] = [];
  // A fault lasts at most five hours, so one opened the day before may reach into the span.
  for (let day = Math.floor(from / DAY_MS) - 1; day * DAY_MS < Math.min(to, now + 1); day++) {
    for (const vehicle of vehiclesAt(options)) {
      const fault = faultOfDay(options, vehicle.id, vehicle.fuelType, day, now);
      if (!fault || fault.openedAt >= to || (fault.closedAt ?? now) < from) continue;
      faults.push(fault);
    }
  }
  return faults.sort((a, b) => a.openedAt - b.openedAt || a.vehicleId.localeCompare(b.vehicleId));
}

/**
 * Each change of a fault within [from, to): when it opened (pending for OBD-II, open for
 * J1939), was confirmed (OBD-II) and cleared: what a provider that logs observations reports.
 */
export function faultChangesBetween(
  options: FleetOptions,
  from: number,
  to: number,
  now: number,
): { fault: CanonicalFault; at: number; status: "pending" | "open" | "closed" }[] {
  return faultsBetween(options, from, to, now)
    .flatMap((fault) => {
      const changes = [{ fault, at: fault.openedAt, status: faultStatusAt(fault, fault.openedAt) }];
      if (fault.confirmedAt > fault.openedAt) changes.push({ fault, at: fault.confirmedAt, status: "open" as const });
      if (fault.closedAt !== undefined) changes.push({ fault, at: fault.closedAt, status: "closed" as const });
      return changes;
    })
    .filter((change) => change.at >= from && change.at < to && change.at <= now)
    .sort((a, b) => a.at - b.at || a.fault.vehicleId.localeCompare(b.fault.vehicleId));
}
