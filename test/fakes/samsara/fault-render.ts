/**
 * The canonical faults (../faults.ts) as Samsara's `faultCodes` stat renders them
 * (providers-families.md 1.6): no status and no first or last seen, but a point each time the
 * set of a vehicle's active codes changes (a code comes on, an OBD-II code is confirmed, a code
 * clears), listing every code active then: J1939 codes (SPN/FMI, `txId` the source address)
 * for the diesel vehicles, OBD-II confirmed and pending codes of the engine controller for the
 * others. When the last code clears, the point lists none. Pure functions with no Node imports,
 * so the workerd tests can import them.
 */
import { type CanonicalFault, faultOfDay, faultStatusAt } from "../faults.ts";
import type { CanonicalVehicle, FleetOptions } from "../fleet.ts";
import { rfc3339 } from "./render.ts";

const DAY_MS = 86_400_000;
const samsaraTime = (ms: number) => rfc3339(new Date(ms).toISOString());
/** The OBD-II engine controller's response id (0x7E8), which Samsara gives as `txId`. */
const OBD_ENGINE_TX_ID = 0x7e8;
const SOURCE_ADDRESS_NAMES: Readonly<Record<number, string>> = { 0: "Engine #1", 61: "Exhaust Emission Controller" };

/**
 * The faults active on a vehicle at an instant: those of its day and the day before (the span
 * `faultsBetween` looks back) that had come on and not cleared by then.
 */
function activeAt(faults: readonly CanonicalFault[], at: number): CanonicalFault[] {
  const day = Math.floor(at / DAY_MS);
  return faults.filter(
    (fault) =>
      Math.floor(fault.openedAt / DAY_MS) >= day - 1 && fault.openedAt <= at && faultStatusAt(fault, at) !== "closed",
  );
}

/** A vehicle's `faultCodes` points in [from, to] (both ends included, as the fake reads `endTime`) up to now. */
export function faultPointsOf(
  fleet: FleetOptions,
  vehicle: CanonicalVehicle,
  from: number,
  to: number,
  now: number,
): { time: number; reading: unknown }[] {
  const until = Math.min(to, now);
  const faults: CanonicalFault[] = [];
  for (let day = Math.floor(from / DAY_MS) - 1; day * DAY_MS <= until; day++) {
    const fault = faultOfDay(fleet, vehicle.id, vehicle.fuelType, day, now);
    if (fault) faults.push(fault);
  }
  const changes = faults.flatMap((fault) => [fault.openedAt, fault.confirmedAt, fault.closedAt ?? Number.NaN]);
  const times = [...new Set(changes.filter((at) => at >= from && at <= until))].sort((a, b) => a - b);
  return times.map((time) => ({ time, reading: faultPointOf(vehicle, activeAt(faults, time), time) }));
}

/**
 * One point: the vehicle's active codes at `time` in its protocol's section (an empty list when
 * none). A controller reports a code once, however many canonical faults of it are active (one
 * that stays open and the same code coming on again): a J1939 code (SPN, FMI, source) as its
 * oldest fault, an OBD-II code confirmed when one of its faults is, else pending.
 */
export function faultPointOf(vehicle: CanonicalVehicle, active: readonly CanonicalFault[], time: number) {
  if (vehicle.fuelType === "diesel") {
    return {
      time: samsaraTime(time),
      canBusType: "J1939",
      j1939: {
        checkEngineLights: {
          emissionsIsOn: active.some((fault) => fault.milOn),
          protectIsOn: false,
          stopIsOn: false,
          warningIsOn: active.length > 0,
        },
        diagnosticTroubleCodes: onceEach(
          active,
          (fault) => `${fault.code}|${fault.j1939?.fmi}|${fault.j1939?.sourceAddress}`,
        ).map(j1939CodeOf),
      },
    };
  }
  const confirmed = onceEach(
    active.filter((fault) => faultStatusAt(fault, time) === "open"),
    (fault) => fault.code,
  );
  const pending = onceEach(
    active.filter((fault) => faultStatusAt(fault, time) === "pending" && !confirmed.some((c) => c.code === fault.code)),
    (fault) => fault.code,
  );
  const lampOn = active.some((fault) => fault.milOn);
  return {
    time: samsaraTime(time),
    obdii: {
      checkEngineLightIsOn: lampOn,
      diagnosticTroubleCodes:
        active.length === 0
          ? []
          : [
              {
                txId: OBD_ENGINE_TX_ID,
                milStatus: lampOn,
                ...(vehicle.fuelType === "gasoline" ? { ignitionType: "spark" } : {}),
                confirmedDtcs: confirmed.map(obdCodeOf),
                pendingDtcs: pending.map(obdCodeOf),
                // A code that lit the lamp is also permanent while it is active (cleared only by the ECU).
                permanentDtcs: confirmed.filter((fault) => fault.milOn).map(obdCodeOf),
              },
            ],
    },
  };
}

/** The first of the faults of each key, in order. */
function onceEach(faults: readonly CanonicalFault[], key: (fault: CanonicalFault) => string): CanonicalFault[] {
  const seen = new Set<string>();
  return faults.filter((fault) => {
    if (seen.has(key(fault))) return false;
    seen.add(key(fault));
    return true;
  });
}

function j1939CodeOf(fault: CanonicalFault) {
  const j1939 = fault.j1939!;
  return {
    spnId: j1939.spn,
    fmiId: j1939.fmi,
    occurrenceCount: fault.occurrenceCount,
    milStatus: fault.milOn ? 1 : 0,
    txId: j1939.sourceAddress,
    sourceAddressName: SOURCE_ADDRESS_NAMES[j1939.sourceAddress] ?? `Source ${j1939.sourceAddress}`,
    spnDescription: j1939.spnDescription,
    fmiDescription: j1939.fmiDescription,
  };
}

/** An OBD-II code with its SAE number (`dtcId`): the letter in the top two bits, then the four hex digits. */
export function obdCodeOf(fault: CanonicalFault) {
  const letter = "PCBU".indexOf(fault.code[0]!);
  return {
    dtcId: (letter << 14) | Number.parseInt(fault.code.slice(1), 16),
    dtcShortCode: fault.code,
    dtcDescription: fault.description,
  };
}
