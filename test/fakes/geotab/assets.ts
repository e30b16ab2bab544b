/**
 * The Geotab fake's trailers and engine faults over one account's canonical fleet
 * (../trailers.ts, ../faults.ts), in MyGeotab's shapes (providers-families.md §3.6–3.7):
 * - `Trailer`: id, name, comment, groups, version (Geotab keeps no VIN, plate or make);
 * - `TrailerAttachment`: a hitched trailer attached to its vehicle's Device since the later of
 *   their creations, `activeTo` MaxDate; a parked trailer has a past attachment (two days, to
 *   the first vehicle) that a search of the current ones must not return. Searched by
 *   `activeFrom` (attachments still active then), `activeTo`, `trailerSearch.id`, `deviceSearch.id`;
 * - `FaultData`: one row per change of a canonical fault (J1939 opened Active, cleared
 *   Inactive; OBD-II opened Pending, confirmed Active, cleared Cleared), `faultState` and
 *   `faultStates.effectiveStatus` (`FaultStatusActiveId`), lamps as booleans, `count`, the J1939
 *   `sourceAddress`, a Diagnostic per SPN or OBD code, a FailureMode per FMI (`"NoFailureModeId"`
 *   for OBD), and GO-device faults (device unplugged) the adapter must leave out. Searched by
 *   `fromDate`/`toDate` (inclusive), `deviceSearch.id`, `diagnosticSearch.id`;
 * - `Diagnostic` and `FailureMode`, searched by `id`: SuspectParameter diagnostics (`code` = SPN,
 *   source `"SourceJ1939Id"`), ObdFault ones (`code` = the DTC's number, the letter in the OBD
 *   controller), the GO fault's stock one; system ids as bare strings.
 */
import type { FakeAccount } from "../accounts.ts";
import { type CanonicalFault, faultChangesBetween, J1939_FAULTS, OBD_FAULTS } from "../faults.ts";
import { hash, vehiclesAt } from "../fleet.ts";
import { trailersAt } from "../trailers.ts";
import { type Json, MAX_DATE, versionToken } from "./render.ts";
import { dateParam } from "./series-search.ts";

type Params = Record<string, any>;

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const GO_FAULT = "DiagnosticDeviceHasBeenUnpluggedId";

/** The Get types served here, or undefined for another type. */
export function assetRecords(account: FakeAccount, typeName: unknown, search: Params): Json[] | undefined {
  switch (typeName) {
    case "Trailer":
      return trailers(account).filter((trailer) => search.id === undefined || trailer.id === search.id);
    case "TrailerAttachment":
      return trailerAttachments(account, search);
    case "FaultData":
      return faultData(account, search);
    case "Diagnostic":
      return DIAGNOSTICS.filter((diagnostic) => search.id === undefined || diagnostic.id === search.id);
    case "FailureMode":
      return FAILURE_MODES.filter((mode) => search.id === undefined || mode.id === search.id);
    default:
      return undefined;
  }
}

function trailers(account: FakeAccount): Json[] {
  return trailersAt(account.fleet).map((trailer) => ({
    id: trailer.id,
    name: trailer.name,
    comment: "",
    groups: trailer.groupIds.map((id) => ({ id })),
    version: versionToken(Math.floor(Date.parse(trailer.updatedAt) / 1000)),
  }));
}

function allAttachments(account: FakeAccount): Json[] {
  const createdAt = new Map(vehiclesAt(account.fleet).map((vehicle) => [vehicle.id, Date.parse(vehicle.createdAt)]));
  return trailersAt(account.fleet).map((trailer) => {
    const created = Date.parse(trailer.createdAt);
    if (!trailer.vehicleId) {
      return attachment(`ta-${trailer.id}-past`, trailer.id, "veh-1", created, iso(created + 2 * DAY_MS));
    }
    const since = Math.max(created, createdAt.get(trailer.vehicleId) ?? created);
    return attachment(`ta-${trailer.id}`, trailer.id, trailer.vehicleId, since, MAX_DATE);
  });
}

function attachment(id: string, trailerId: string, deviceId: string, from: number, activeTo: string): Json {
  return {
    id,
    trailer: { id: trailerId },
    device: { id: deviceId },
    activeFrom: iso(from),
    activeTo,
    version: versionToken(Math.floor(from / 1000)),
  };
}

function trailerAttachments(account: FakeAccount, search: Params): Json[] {
  const activeFrom = search.activeFrom === undefined ? undefined : dateParam(search.activeFrom, "activeFrom");
  const activeTo = search.activeTo === undefined ? undefined : dateParam(search.activeTo, "activeTo");
  const time = (value: unknown) => Date.parse(String(value));
  const idOf = (reference: unknown) => (reference as Json).id;
  return allAttachments(account).filter(
    (item) =>
      (activeFrom === undefined || time(item.activeTo) >= activeFrom) &&
      (activeTo === undefined || time(item.activeFrom) <= activeTo) &&
      (search.trailerSearch?.id === undefined || idOf(item.trailer) === search.trailerSearch.id) &&
      (search.deviceSearch?.id === undefined || idOf(item.device) === search.deviceSearch.id),
  );
}

// Diagnostics and failure modes: ids look generated, as a database's own are.
const spnDiagnosticId = (spn: number) => `aSpn${spn}`;
const obdDiagnosticId = (code: string) => `aObd${code}`;
const failureModeId = (fmi: number) => `aFmi${fmi}`;
const OBD_CONTROLLERS: Record<string, string> = {
  P: "ControllerObdPowertrainId",
  B: "ControllerObdBodyId",
  C: "ControllerObdChassisId",
  U: "ControllerObdNetworkingId",
};
/** Engine #1 (address 0) and the exhaust emission controller (61), the canonical faults' sources. */
const J1939_CONTROLLERS: Record<number, string> = {
  0: "ControllerJ1939EngineNo1Id",
  61: "ControllerExhaustEmissionControllerId",
};

const DIAGNOSTICS: Json[] = [
  ...J1939_FAULTS.map(([spn, , name]) => ({
    id: spnDiagnosticId(spn),
    name,
    code: spn,
    diagnosticType: "SuspectParameter",
    source: "SourceJ1939Id",
    controller: "ControllerNoneId",
    unitOfMeasure: "UnitOfMeasureNoneId",
    faultResetMode: "Automatic",
    isReadOnly: true,
    version: versionToken(spn),
  })),
  ...OBD_FAULTS.map(([code, name]) => ({
    id: obdDiagnosticId(code),
    name,
    code: Number.parseInt(code.slice(1), 16),
    diagnosticType: "ObdFault",
    source: "SourceObdId",
    controller: OBD_CONTROLLERS[code[0]!],
    unitOfMeasure: "UnitOfMeasureNoneId",
    faultResetMode: "Automatic",
    isReadOnly: true,
    version: versionToken(Number.parseInt(code.slice(1), 16)),
  })),
  {
    id: GO_FAULT,
    name: "Device has been unplugged",
    code: 136,
    diagnosticType: "GoFault",
    source: "SourceGeotabGoId",
    controller: "ControllerGoDeviceId",
    unitOfMeasure: "UnitOfMeasureNoneId",
    faultResetMode: "Automatic",
    isReadOnly: true,
    version: versionToken(136),
  },
];

const FAILURE_MODES: Json[] = [
  ...new Map(
    J1939_FAULTS.map(([, fmi, , name]) => [
      fmi,
      { id: failureModeId(fmi), name, code: fmi, source: "SourceJ1939Id" } as Json,
    ]),
  ).values(),
];

/** The canonical status of a change as Geotab's state: J1939 faults go inactive, OBD ones are cleared. */
function stateOf(fault: CanonicalFault, status: "pending" | "open" | "closed"): string {
  if (status === "pending") return "Pending";
  if (status === "open") return "Active";
  return fault.protocol === "j1939" ? "Inactive" : "Cleared";
}

function faultRow(fault: CanonicalFault, at: number, status: "pending" | "open" | "closed"): Json {
  const state = stateOf(fault, status);
  const j1939 = fault.j1939;
  return {
    id: `b${fault.id}-${at.toString(36)}`,
    dateTime: iso(at),
    device: { id: fault.vehicleId },
    diagnostic: { id: j1939 ? spnDiagnosticId(j1939.spn) : obdDiagnosticId(fault.code) },
    failureMode: j1939 ? { id: failureModeId(j1939.fmi) } : "NoFailureModeId",
    controller: { id: j1939 ? J1939_CONTROLLERS[j1939.sourceAddress] : OBD_CONTROLLERS[fault.code[0]!] },
    count: fault.occurrenceCount,
    faultState: state,
    faultStates: { effectiveStatus: `FaultStatus${state}Id` },
    malfunctionLamp: fault.milOn,
    amberWarningLamp: j1939 !== undefined && status !== "closed",
    redStopLamp: false,
    protectWarningLamp: false,
    faultLampState: j1939 && status !== "closed" ? (fault.milOn ? "Malfunction" : "Warning") : "None",
    ...(j1939 ? { sourceAddress: j1939.sourceAddress } : {}),
    dismissUser: "NoUserId",
    version: versionToken(Math.floor(at / 1000)),
  };
}

/** GO-device faults in [from, to] (by `now`): the device unplugged, on about one vehicle-day in four. */
function goFaultRows(account: FakeAccount, from: number, to: number, now: number): Json[] {
  const rows: Json[] = [];
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS <= to; day++) {
    for (const vehicle of vehiclesAt(account.fleet)) {
      const h = hash(account.fleet.seed, "go-fault", vehicle.id, day);
      const at = day * DAY_MS + (5 * 3600 + (h % 3600)) * 1000;
      if (h % 4 !== 0 || at < from || at > to || at > now) continue;
      rows.push({
        id: `bgo-${vehicle.id}-${day}`,
        dateTime: iso(at),
        device: { id: vehicle.id },
        diagnostic: { id: GO_FAULT },
        failureMode: "NoFailureModeId",
        controller: "ControllerNoneId",
        count: 1,
        faultState: "None",
        faultStates: { effectiveStatus: "FaultStatusNoneId" },
        malfunctionLamp: false,
        amberWarningLamp: false,
        redStopLamp: false,
        protectWarningLamp: false,
        faultLampState: "None",
        dismissUser: "NoUserId",
        version: versionToken(Math.floor(at / 1000)),
      });
    }
  }
  return rows;
}

function faultData(account: FakeAccount, search: Params): Json[] {
  const from = dateParam(search.fromDate, "fromDate");
  const to = dateParam(search.toDate, "toDate");
  if (to < from) return [];
  const now = Date.now();
  const deviceOf = (row: Json) => String((row.device as Json).id);
  const time = (row: Json) => Date.parse(String(row.dateTime));
  return [
    ...faultChangesBetween(account.fleet, from, to + 1, now).map(({ fault, at, status }) =>
      faultRow(fault, at, status),
    ),
    ...goFaultRows(account, from, to, now),
  ]
    .filter((row) => search.deviceSearch?.id === undefined || deviceOf(row) === search.deviceSearch.id)
    .filter(
      (row) => search.diagnosticSearch?.id === undefined || (row.diagnostic as Json).id === search.diagnosticSearch.id,
    )
    .sort((a, b) => time(a) - time(b) || (deviceOf(a) < deviceOf(b) ? -1 : deviceOf(a) > deviceOf(b) ? 1 : 0));
}
