/**
 * Geotab trailers and fault codes → the normalized model, on payloads in MyGeotab's own shapes
 * (providers-families.md §3.6–3.7): a Trailer with and without its current TrailerAttachment,
 * a trailer's location from its tractor's DeviceStatusInfo, and FaultData rows with their
 * Diagnostic and FailureMode: J1939 (SPN, FMI, source address), OBD-II (letter from the
 * controller, hex code), GO-device faults left out, `faultStates` before `faultState`, system ids
 * as bare strings or references; and payloads that must be refused.
 */
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
import { obdCodeOf } from "../../src/providers/geotab/fault-codes";

const normalize = geotabAdapter.normalize.bind(geotabAdapter);

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

const trailer = {
  id: "b9",
  name: "  53' Reefer 1042 ",
  comment: "Thermo King unit",
  groups: [{ id: "GroupCompanyId" }, { id: "b27" }, { id: "b27" }],
  version: "00000000000004d2",
};
const attachment = {
  id: "b1F2",
  trailer: { id: "b9" },
  device: { id: "b20" },
  activeFrom: "2025-11-03T13:55:00.000Z",
  activeTo: "2050-01-01T00:00:00.000Z",
  version: "00000000000012ab",
};

describe("trailers (Trailer + current TrailerAttachment)", () => {
  it("maps a hitched trailer: its tractor's device is its vehicle; system groups left out", () => {
    expect(normalize("trailers", { trailer, trailerAttachment: attachment })).toEqual({
      sourceId: "b9",
      status: "active",
      name: "53' Reefer 1042",
      groupSourceIds: ["b27"],
      vehicleSourceId: "b20",
    });
  });

  it("maps a parked trailer without a vehicle, and one with only an id", () => {
    expect(normalize("trailers", { trailer })).not.toHaveProperty("vehicleSourceId");
    expect(normalize("trailers", { trailer: { id: "b10" } })).toEqual({
      sourceId: "b10",
      status: "active",
      groupSourceIds: [],
    });
  });

  it("refuses a trailer without an id, or with another trailer's attachment", () => {
    expectMalformed("trailers", { trailer: { name: "No id" } });
    expectMalformed("trailers", { trailer, trailerAttachment: { ...attachment, trailer: { id: "b10" } } });
    expectMalformed("trailers", { trailer, trailerAttachment: { ...attachment, device: undefined } });
  });
});

const statusInfo = {
  device: { id: "b20" },
  driver: "UnknownDriverId",
  dateTime: "2025-11-03T14:21:07.000Z",
  latitude: 43.4521,
  longitude: -80.4936,
  speed: 88.4,
  bearing: 271,
  isDriving: true,
  isDeviceCommunicating: true,
  currentStateDuration: "00:26:07",
  groups: [{ id: "b27" }],
};

describe("latest trailer locations (the tractor's DeviceStatusInfo)", () => {
  it("is where the tractor is: position, bearing, km/h", () => {
    expect(
      normalize("latestTrailerLocations", { trailerAttachment: attachment, deviceStatusInfo: statusInfo }),
    ).toEqual({
      trailerSourceId: "b9",
      locatedAt: "2025-11-03T14:21:07.000Z",
      location: { latitude: 43.4521, longitude: -80.4936 },
      heading: 271,
      speed: 88.4,
    });
  });

  it("leaves out an unknown bearing (-1), and refuses another device's state", () => {
    const location = normalize("latestTrailerLocations", {
      trailerAttachment: attachment,
      deviceStatusInfo: { ...statusInfo, bearing: -1, speed: 0 },
    });
    expect(location).not.toHaveProperty("heading");
    expect(location.speed).toBe(0);
    expectMalformed("latestTrailerLocations", {
      trailerAttachment: attachment,
      deviceStatusInfo: { ...statusInfo, device: { id: "b21" } },
    });
  });
});

/** A J1939 fault reading as MyGeotab sends it (reference §3.6), with its Diagnostic and FailureMode. */
const j1939Row = {
  id: "b1",
  dateTime: "2025-11-03T09:31:22.054Z",
  device: { id: "b1C" },
  diagnostic: { id: "aiDN8IHDf7EGdVvd5LDg3gg" },
  failureMode: { id: "aQ9sZ0fmi16" },
  controller: { id: "ControllerJ1939EngineNo1Id" },
  count: 2,
  faultState: "Active",
  faultStates: { effectiveStatus: "FaultStatusActiveId" },
  malfunctionLamp: true,
  amberWarningLamp: true,
  redStopLamp: false,
  protectWarningLamp: false,
  faultLampState: "Warning",
  sourceAddress: 0,
};
const spnDiagnostic = {
  id: "aiDN8IHDf7EGdVvd5LDg3gg",
  name: "Aftertreatment 1 Diesel Exhaust Fluid Tank Level",
  code: 1761,
  diagnosticType: "SuspectParameter",
  source: "SourceJ1939Id",
  controller: "ControllerNoneId",
  unitOfMeasure: "UnitOfMeasureNoneId",
  faultResetMode: "Automatic",
  version: "0000000000000001",
};
const fmi16 = {
  id: "aQ9sZ0fmi16",
  code: 16,
  name: "Data valid but above normal operating range - moderately severe level",
  source: "SourceJ1939Id",
};

/** An OBD-II fault reading: no FMI ("NoFailureModeId"), the controller as a bare system id. */
function obdFault(code: number, controller: unknown, name: string, row: Record<string, unknown> = {}) {
  return {
    faultData: {
      id: "b2",
      dateTime: "2025-11-04T16:02:11.000Z",
      device: { id: "b3A" },
      diagnostic: { id: "aObdX" },
      failureMode: "NoFailureModeId",
      controller: "ControllerNoneId",
      count: 1,
      faultState: "Pending",
      malfunctionLamp: false,
      ...row,
    },
    diagnostic: { id: "aObdX", name, code, diagnosticType: "ObdFault", source: "SourceObdId", controller },
  };
}

describe("fault codes (FaultData + Diagnostic + FailureMode)", () => {
  it("maps a J1939 reading: SPN from the Diagnostic, FMI from the FailureMode, count, source address, MIL", () => {
    expect(
      normalize("faultCodeEvents", { faultData: j1939Row, diagnostic: spnDiagnostic, failureMode: fmi16 }),
    ).toEqual({
      vehicleSourceId: "b1C",
      observations: [
        {
          protocol: "j1939",
          code: "1761",
          description: "Aftertreatment 1 Diesel Exhaust Fluid Tank Level",
          j1939: {
            spn: 1761,
            fmi: 16,
            fmiDescription: "Data valid but above normal operating range - moderately severe level",
            spnDescription: "Aftertreatment 1 Diesel Exhaust Fluid Tank Level",
            occurrenceCount: 2,
            sourceAddress: 0,
          },
          status: "open",
          observedAt: "2025-11-03T09:31:22.054Z",
          milStatus: "on",
        },
      ],
    });
  });

  it("reads a J1939 reading without an FMI (NoFailureModeId, or a failure mode that is not one)", () => {
    const bare = normalize("faultCodeEvents", {
      faultData: { ...j1939Row, failureMode: "NoFailureModeId", sourceAddress: null, count: null },
      diagnostic: spnDiagnostic,
    }).observations[0]!;
    expect(bare.j1939).toEqual({ spn: 1761, spnDescription: "Aftertreatment 1 Diesel Exhaust Fluid Tank Level" });
    const notFmi = normalize("faultCodeEvents", {
      faultData: j1939Row,
      diagnostic: spnDiagnostic,
      failureMode: { ...fmi16, code: 4011, name: "Proprietary" },
    }).observations[0]!;
    expect(notFmi.j1939).not.toHaveProperty("fmi");
    expect(notFmi.j1939).not.toHaveProperty("fmiDescription");
  });

  it("maps OBD-II readings: the letter from the Diagnostic's controller, the code as four hex digits", () => {
    const cases: [number, unknown, string][] = [
      [369, "ControllerObdPowertrainId", "P0171"],
      [0x1318, { id: "ControllerObdBodyId" }, "B1318"],
      [0x35, "ControllerObdChassisId", "C0035"],
      [256, "ControllerObdNetworkingId", "U0100"],
      [0x2a3f, "ControllerObdWwhPowertrainId", "P2A3F"],
    ];
    for (const [number, controller, code] of cases) {
      const batch = normalize("faultCodeEvents", obdFault(number, controller, `Fault ${code}`));
      expect(batch, code).toEqual({
        vehicleSourceId: "b3A",
        observations: [
          {
            protocol: "obdii",
            code,
            description: `Fault ${code}`,
            status: "pending",
            observedAt: "2025-11-04T16:02:11.000Z",
            milStatus: "off",
          },
        ],
      });
    }
    expect(obdCodeOf({ code: 369, controller: "ControllerNoneId" })).toBeUndefined();
    expect(obdCodeOf({ code: 0x10000, controller: "ControllerObdPowertrainId" })).toBeUndefined();
  });

  it("leaves GO-device faults out (the device's health, not a vehicle trouble code)", () => {
    const batch = normalize("faultCodeEvents", {
      faultData: {
        id: "b3",
        dateTime: "2025-11-05T05:12:40.000Z",
        device: { id: "b1C" },
        diagnostic: { id: "DiagnosticDeviceHasBeenUnpluggedId" },
        failureMode: "NoFailureModeId",
        controller: "ControllerNoneId",
        count: 1,
        faultState: "None",
        malfunctionLamp: false,
      },
      diagnostic: {
        id: "DiagnosticDeviceHasBeenUnpluggedId",
        name: "Device has been unplugged",
        code: 136,
        diagnosticType: "GoFault",
        source: "SourceGeotabGoId",
        controller: "ControllerGoDeviceId",
      },
    });
    expect(batch).toEqual({ vehicleSourceId: "b1C", observations: [] });
  });

  it("reads the state from faultStates.effectiveStatus first, else faultState; None and no state are open", () => {
    const statusOf = (row: Record<string, unknown>) =>
      normalize("faultCodeEvents", {
        faultData: { ...j1939Row, faultState: undefined, faultStates: undefined, ...row },
        diagnostic: spnDiagnostic,
        failureMode: fmi16,
      }).observations[0]!.status;
    expect(statusOf({ faultState: "Active", faultStates: { effectiveStatus: "FaultStatusInactiveId" } })).toBe(
      "closed",
    );
    expect(statusOf({ faultState: "Active", faultStates: { effectiveStatus: "Pending" } })).toBe("pending");
    expect(statusOf({ faultState: "Cleared" })).toBe("closed");
    expect(statusOf({ faultState: "Inactive", faultStates: null })).toBe("closed");
    expect(statusOf({ faultState: "Inactive", faultStates: ["FaultStatusActiveId"] })).toBe("closed");
    expect(statusOf({ faultState: "Pending", faultStates: { effectiveStatus: "FaultStatusSomethingNewId" } })).toBe(
      "pending",
    );
    expect(statusOf({ faultState: "None" })).toBe("open");
    expect(statusOf({})).toBe("open");
  });

  it("refuses readings with another Diagnostic or FailureMode, or a trouble code it cannot read", () => {
    const payload = { faultData: j1939Row, diagnostic: spnDiagnostic, failureMode: fmi16 };
    expectMalformed("faultCodeEvents", { ...payload, diagnostic: { ...spnDiagnostic, id: "aOther" } });
    expectMalformed("faultCodeEvents", { ...payload, failureMode: { ...fmi16, id: "aOther" } });
    expectMalformed("faultCodeEvents", { faultData: j1939Row, diagnostic: spnDiagnostic });
    expectMalformed("faultCodeEvents", {
      ...payload,
      faultData: { ...j1939Row, failureMode: "NoFailureModeId" },
    });
    expectMalformed("faultCodeEvents", { ...payload, diagnostic: { ...spnDiagnostic, code: null } });
    expectMalformed("faultCodeEvents", obdFault(369, { id: "b8C" }, "Unknown controller"));
    expectMalformed("faultCodeEvents", { ...payload, faultData: { ...j1939Row, dateTime: "yesterday" } });
    expectMalformed("faultCodeEvents", { ...payload, faultData: { ...j1939Row, sourceAddress: 300 } });
  });
});
