import type { FaultCodeStatus, NormalizedFaultCode } from "../../model/assets";
import {
  type GeotabDiagnostic,
  type GeotabFailureMode,
  type GeotabFaultData,
  referenceId,
  type SystemReference,
} from "./asset-payloads";

/**
 * What a MyGeotab fault reading means (providers-families.md §3.6, §4.4): which trouble code a
 * Diagnostic (and FailureMode) is, and the state a FaultData row reports. Only vehicle trouble
 * codes are read: J1939 (SPN + FMI) and OBD-II (P/B/C/U codes); GO-device faults
 * (`SourceGeotabGoId`: the device's own health, such as "device unplugged") and other sources
 * (proprietary, J1708, legacy) are left out.
 */

const J1939_SOURCES = new Set(["SourceJ1939Id"]);
/** `SourceObdSaId`: OBD faults with a source address; the code is read the same way (Geotab's own API adapter). */
const OBD_SOURCES = new Set(["SourceObdId", "SourceObdSaId"]);

/** The OBD-II system letter of a Diagnostic's controller (WWH-OBD controllers likewise). */
const OBD_LETTER: Readonly<Record<string, string>> = {
  ControllerObdPowertrainId: "P",
  ControllerObdWwhPowertrainId: "P",
  ControllerObdBodyId: "B",
  ControllerObdWwhBodyId: "B",
  ControllerObdChassisId: "C",
  ControllerObdWwhChassisId: "C",
  ControllerObdNetworkingId: "U",
  ControllerObdWwhNetworkingId: "U",
};

/** The highest J1939 FMI; FailureMode codes above it are Geotab's own, not FMIs. */
const MAX_FMI = 31;

/** Which kind of fault a Diagnostic is: a vehicle trouble code of a protocol, or something else. */
export function protocolOf(diagnostic: Pick<GeotabDiagnostic, "source">): "j1939" | "obdii" | undefined {
  const source = referenceId(diagnostic.source) ?? "";
  if (J1939_SOURCES.has(source)) return "j1939";
  if (OBD_SOURCES.has(source)) return "obdii";
  return undefined;
}

/**
 * The OBD-II code of an ObdFault Diagnostic: its controller's letter and its `code` as four
 * hex digits (369 on the powertrain controller is P0171). Undefined when the controller is
 * not one of the OBD systems, or the code does not fit.
 */
export function obdCodeOf(diagnostic: Pick<GeotabDiagnostic, "code" | "controller">): string | undefined {
  const letter = OBD_LETTER[referenceId(diagnostic.controller ?? undefined) ?? ""];
  const code = diagnostic.code;
  if (letter === undefined || code === undefined || code === null || code > 0xffff) return undefined;
  return `${letter}${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * The trouble code a Diagnostic and FailureMode are, with their names as descriptions;
 * undefined when it is not a vehicle trouble code (or one that cannot be read: a J1939
 * diagnostic without its SPN, an OBD one without its letter).
 */
export function faultCodeOf(
  diagnostic: GeotabDiagnostic,
  failureMode: GeotabFailureMode | undefined,
): NormalizedFaultCode | undefined {
  const description = diagnostic.name?.trim() || undefined;
  const protocol = protocolOf(diagnostic);
  if (protocol === "obdii") {
    const code = obdCodeOf(diagnostic);
    return code === undefined ? undefined : { protocol, code, ...(description ? { description } : {}) };
  }
  if (protocol !== "j1939" || diagnostic.code === undefined || diagnostic.code === null) return undefined;
  const spn = diagnostic.code;
  const fmi = failureMode?.code;
  const isFmi = fmi !== undefined && fmi !== null && fmi >= 0 && fmi <= MAX_FMI;
  const fmiDescription = isFmi ? failureMode?.name?.trim() || undefined : undefined;
  return {
    protocol,
    code: String(spn),
    ...(description ? { description } : {}),
    j1939: {
      spn,
      ...(isFmi ? { fmi } : {}),
      ...(fmiDescription ? { fmiDescription } : {}),
      ...(description ? { spnDescription: description } : {}),
    },
  };
}

/** The id of a FaultData's FailureMode to look up; none for `NoFailureModeId` (no FMI). */
export function failureModeIdOf(reference: SystemReference | null | undefined): string | undefined {
  const id = referenceId(reference ?? undefined);
  return id === undefined || id === "NoFailureModeId" ? undefined : id;
}

/** Geotab's fault states → ours: None is a fault reported without a state, still on. */
const STATUS_OF: Readonly<Record<string, FaultCodeStatus>> = {
  Active: "open",
  Pending: "pending",
  Inactive: "closed",
  Cleared: "closed",
  None: "open",
};

/** A state as Geotab writes it (`Active`, or the system id `FaultStatusActiveId`) → ours. */
function statusOfState(state: string | null | undefined): FaultCodeStatus | undefined {
  if (!state) return undefined;
  const name = state.replace(/^FaultStatus/, "").replace(/Id$/, "");
  return Object.hasOwn(STATUS_OF, name) ? STATUS_OF[name] : undefined;
}

/**
 * The state a FaultData row reports: `faultStates.effectiveStatus` (the newer field), else
 * `faultState`; a row with neither (or a state Geotab added since) reports the fault on.
 */
export function faultStatusOf(row: Pick<GeotabFaultData, "faultState" | "faultStates">): FaultCodeStatus {
  return statusOfState(row.faultStates?.effectiveStatus) ?? statusOfState(row.faultState) ?? "open";
}
