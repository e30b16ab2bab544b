import type { SandboxFaultCode, SandboxFaultState } from "./asset-payloads";
import { FMI_TEXT, SOURCE_NAMES } from "./dtc-table";
import type { SandboxFleet } from "./fleet";
import type { VehicleProfile } from "./fleet-vehicles";
import {
  type FaultStatus,
  faultOpenedOn,
  faultStateAt,
  faultsUnderWayAt,
  type SimFault,
} from "./simulation/fault-codes";
import { dayOf, iso } from "./time";

const STATE_NAMES: Readonly<Record<FaultStatus, SandboxFaultState>> = {
  pending: "pending",
  open: "active",
  closed: "cleared",
};

/**
 * A vehicle's trouble-code occurrences that overlap [from, to) and exist by the fleet's clock,
 * listed on the day of a window they belong to: on the day each was detected, or for those
 * detected before `from` and still set then, on the window's first day. Each is shown as it
 * stands at the window's end (or at the fleet's clock, when that is earlier), so a window that
 * holds a change of state reports it.
 */
export function faultCodePayloadsOfDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  window: { from: number; to: number },
): SandboxFaultCode[] {
  const { from, to } = window;
  const asOf = Math.min(to - 1, fleet.vehicleUntil(vehicle));
  const faults = day === dayOf(from) ? faultsUnderWayAt(fleet.seed, vehicle, from) : [];
  const detected = faultOpenedOn(fleet.seed, vehicle, day);
  if (detected && detected.openedAt >= from && detected.openedAt < to) faults.push(detected);
  return faults.flatMap((fault) => {
    const state = faultStateAt(fault, asOf);
    return state ? [faultPayload(fault, state.status, state.since)] : [];
  });
}

/** The occurrences of one vehicle over [from, to), day by day (the passthrough API's per-vehicle read). */
export function faultCodePayloadsBetween(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  from: number,
  to: number,
): SandboxFaultCode[] {
  const payloads: SandboxFaultCode[] = [];
  const last = dayOf(Math.min(to, fleet.vehicleUntil(vehicle) + 1) - 1);
  for (let day = dayOf(from); day <= last; day++) {
    payloads.push(...faultCodePayloadsOfDay(fleet, vehicle, day, { from, to }));
  }
  return payloads;
}

function faultPayload(fault: SimFault, status: FaultStatus, since: number): SandboxFaultCode {
  const common = {
    id: fault.id,
    vehicleId: fault.vehicleId,
    state: STATE_NAMES[status],
    stateSince: iso(since),
    detectedAt: iso(fault.openedAt),
    location: fault.location,
    // The lamp is lit while a code that lights it is confirmed, never while pending or cleared.
    checkEngineLight: status === "open" && fault.dtc.entry.mil,
  };
  const { dtc } = fault;
  if (dtc.protocol === "obdii") {
    return { ...common, protocol: "OBD2", dtc: dtc.entry.code, description: dtc.entry.description };
  }
  const { spn, fmi, spnName, sourceAddress } = dtc.entry;
  const sourceName = SOURCE_NAMES[sourceAddress];
  return {
    ...common,
    protocol: "J1939",
    description: spnName,
    spn,
    fmi,
    spnName,
    fmiText: FMI_TEXT[fmi]!,
    sourceAddress,
    ...(sourceName ? { sourceName } : {}),
    occurrences: dtc.occurrences,
  };
}
