/**
 * Samsara's trailers, trailer locations and fault codes → the normalized model, on payloads in
 * Samsara's real shapes (providers-families.md 1.6, 1.7): the trailers listing (serial, plate,
 * tags), the trailer stats snapshot (mph → km/h; a trailer without `gps` skipped), and the
 * `faultCodes` points of the stats history: J1939 codes, OBD-II confirmed (open) and pending
 * codes, permanent and OEM codes left out, an empty point an active set with nothing in it.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { normalizeSamsara, samsaraAdapter } from "../../src/providers/samsara/adapter";
import { mapFaultHistory } from "../../src/providers/samsara/models/fault-code-events";
import { hasPosition, mapTrailerSnapshot } from "../../src/providers/samsara/models/latest-trailer-locations";
import { mapTrailer } from "../../src/providers/samsara/models/trailers";

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

/** The reference's example trailer (providers-families.md 1.7). */
const TRAILER = {
  id: "494123",
  name: "Trailer 53-0112",
  licensePlate: "8XYZ123",
  trailerSerialNumber: "1JJV532D8KL123456",
  enabledForMobile: true,
  tags: [{ id: "3914", name: "West Region" }],
  installedGateway: { model: "AG26", serial: "GAGX-123-ABC" },
  externalIds: { tms: "T-0112" },
};

describe("the trailers listing → trailers", () => {
  it("maps the serial number, the plate (no state), the tags as groups; active, no vehicle", () => {
    expect(mapTrailer(TRAILER)).toEqual({
      sourceId: "494123",
      status: "active",
      name: "Trailer 53-0112",
      serialNumber: "1JJV532D8KL123456",
      licensePlate: { number: "8XYZ123" },
      groupSourceIds: ["3914"],
    });
    expect(normalizeSamsara("trailers", TRAILER)).toEqual(mapTrailer(TRAILER));
  });

  it("leaves out blank fields and repeated tags; a trailer without tags is in no group", () => {
    const bare = { id: "494124", name: "", licensePlate: "", trailerSerialNumber: null, notes: "" };
    expect(mapTrailer(bare)).toEqual({ sourceId: "494124", status: "active", groupSourceIds: [] });
    const tags = [
      { id: "1", name: "A" },
      { id: "1", name: "A" },
      { id: "2", name: "B", parentTagId: "1" },
    ];
    expect(mapTrailer({ ...TRAILER, tags }).groupSourceIds).toEqual(["1", "2"]);
  });

  it("refuses a trailer without an id", () => {
    malformed(() => mapTrailer({ ...TRAILER, id: "" }));
    malformed(() => mapTrailer({ name: "no id" }));
  });
});

const GPS = {
  time: "2025-11-03T15:04:05Z",
  latitude: 41.8781,
  longitude: -87.6298,
  headingDegrees: 271.5,
  speedMilesPerHour: 55,
  reverseGeo: { formattedLocation: "I-90, Chicago, IL" },
};

describe("the trailer stats snapshot → latest trailer locations", () => {
  it("maps the gps reading: mph → km/h (2 decimals), heading, the address", () => {
    const trailer = { id: "494123", name: "Trailer 53-0112", gps: GPS };
    expect(mapTrailerSnapshot(trailer)).toEqual({
      trailerSourceId: "494123",
      locatedAt: "2025-11-03T15:04:05.000Z",
      location: { latitude: 41.8781, longitude: -87.6298 },
      address: "I-90, Chicago, IL",
      heading: 271.5,
      speed: 88.51,
    });
    expect(normalizeSamsara("latestTrailerLocations", trailer)).toEqual(mapTrailerSnapshot(trailer));
  });

  it("a parked trailer: speed 0, no address, no heading when Samsara sends none", () => {
    const gps = { time: "2025-11-03T00:00:00Z", latitude: 34.05, longitude: -118.25, speedMilesPerHour: 0 };
    expect(mapTrailerSnapshot({ id: "t", gps })).toEqual({
      trailerSourceId: "t",
      locatedAt: "2025-11-03T00:00:00.000Z",
      location: { latitude: 34.05, longitude: -118.25 },
      speed: 0,
    });
  });

  it("skips a trailer without gps (read), and refuses one that reaches normalize", () => {
    expect(hasPosition({ id: "494123", name: "No gateway" })).toBe(false);
    expect(hasPosition({ id: "494123", gps: null })).toBe(false);
    expect(hasPosition({ id: "494123", gps: GPS })).toBe(true);
    // Anything unreadable is kept, for normalize to refuse.
    expect(hasPosition("not a trailer")).toBe(true);
    malformed(() => mapTrailerSnapshot({ id: "494123", name: "No gateway" }));
    malformed(() => mapTrailerSnapshot({ id: "494123", gps: { ...GPS, latitude: 123 } }));
    malformed(() => mapTrailerSnapshot({ id: "494123", gps: { ...GPS, time: "yesterday" } }));
  });
});

/** A J1939 point as the reference shows it (providers-families.md 1.6), with a second controller's code. */
const J1939_POINT = {
  time: "2025-11-03T15:10:00Z",
  canBusType: "J1939",
  j1939: {
    checkEngineLights: { emissionsIsOn: true, protectIsOn: false, stopIsOn: false, warningIsOn: true },
    diagnosticTroubleCodes: [
      {
        spnId: 3251,
        fmiId: 0,
        occurrenceCount: 3,
        milStatus: 1,
        txId: 0,
        sourceAddressName: "Engine #1",
        spnDescription: "Aftertreatment 1 DPF Differential Pressure",
        fmiDescription: "Data valid but above normal operating range",
      },
      {
        spnId: 4364,
        fmiId: 18,
        occurrenceCount: 1,
        milStatus: 0,
        txId: 61,
        spnDescription: "Aftertreatment 1 SCR Conversion Efficiency",
        fmiDescription: "Data valid but below normal operating range - moderately severe level",
        vendorSpecificFields: { dtcDescription: "SCR efficiency low", repairInstructionsUrl: "https://example.com" },
      },
    ],
  },
  oem: { diagnosticTroubleCodes: [{ codeIdentifier: "E-4411", codeDescription: "Body module", codeSeverity: "low" }] },
};

/** An OBD-II point: P0420 confirmed (and so permanent), P0171 pending, U0100 confirmed at a second controller. */
const OBD_POINT = {
  time: "2025-11-03T16:20:00Z",
  obdii: {
    checkEngineLightIsOn: true,
    diagnosticTroubleCodes: [
      {
        txId: 2024,
        milStatus: true,
        ignitionType: "spark",
        confirmedDtcs: [
          { dtcId: 1056, dtcShortCode: "P0420", dtcDescription: "Catalyst System Efficiency Below Threshold (Bank 1)" },
        ],
        pendingDtcs: [{ dtcId: 369, dtcShortCode: "P0171", dtcDescription: "System Too Lean (Bank 1)" }],
        permanentDtcs: [
          { dtcId: 1056, dtcShortCode: "P0420", dtcDescription: "Catalyst System Efficiency Below Threshold (Bank 1)" },
          { dtcId: 768, dtcShortCode: "P0300", dtcDescription: "Random/Multiple Cylinder Misfire Detected" },
        ],
        monitorStatus: { catalyst: "R", misfire: "R", notReadyCount: 0 },
      },
      {
        txId: 2025,
        milStatus: false,
        confirmedDtcs: [{ dtcId: 49408, dtcShortCode: "U0100", dtcDescription: "Lost Communication With ECM/PCM A" }],
        // The same code pending at this controller and confirmed at the other: confirmed wins.
        pendingDtcs: [{ dtcId: 1056, dtcShortCode: "P0420", dtcDescription: "Catalyst System Efficiency" }],
      },
    ],
  },
};

const vehicle = (faultCodes: unknown[]) => ({
  id: "281474978683353",
  name: "Truck 104",
  externalIds: { "samsara.vin": "1FUJGLDR7CLBP8834" },
  faultCodes,
});

describe("the faultCodes history → fault observations", () => {
  it("a J1939 point: one open observation per code, SPN as the code, txId as the source address; OEM codes left out", () => {
    const payload = vehicle([J1939_POINT]);
    const batch = mapFaultHistory(payload);
    expect(batch).toEqual({
      vehicleSourceId: "281474978683353",
      activeSets: ["2025-11-03T15:10:00.000Z"],
      observations: [
        {
          protocol: "j1939",
          code: "3251",
          description: "Aftertreatment 1 DPF Differential Pressure",
          j1939: {
            spn: 3251,
            fmi: 0,
            spnDescription: "Aftertreatment 1 DPF Differential Pressure",
            fmiDescription: "Data valid but above normal operating range",
            occurrenceCount: 3,
            sourceAddress: 0,
          },
          status: "open",
          observedAt: "2025-11-03T15:10:00.000Z",
          milStatus: "on",
          raw: J1939_POINT,
        },
        {
          protocol: "j1939",
          code: "4364",
          description: "Aftertreatment 1 SCR Conversion Efficiency",
          j1939: {
            spn: 4364,
            fmi: 18,
            spnDescription: "Aftertreatment 1 SCR Conversion Efficiency",
            fmiDescription: "Data valid but below normal operating range - moderately severe level",
            occurrenceCount: 1,
            sourceAddress: 61,
          },
          status: "open",
          observedAt: "2025-11-03T15:10:00.000Z",
          // The code's own lamp status (0), not the vehicle's emissions lamp.
          milStatus: "off",
          raw: J1939_POINT,
        },
      ],
    });
    // `raw` is the point as Samsara sent it, fields the adapter does not read included.
    expect(batch.observations[0]!.raw).toBe(payload.faultCodes[0]);
    expect(normalizeSamsara("faultCodeEvents", payload)).toEqual(batch);
  });

  it("a J1939 code without its own lamp status takes the emissions lamp; without either, no milStatus", () => {
    const dtc = { spnId: 110, fmiId: 0, txId: 0 };
    const lit = {
      time: "2025-11-03T15:10:00Z",
      j1939: { checkEngineLights: { emissionsIsOn: true }, diagnosticTroubleCodes: [dtc] },
    };
    expect(mapFaultHistory(vehicle([lit])).observations[0]).toMatchObject({ milStatus: "on" });
    const unknown = { time: "2025-11-03T15:10:00Z", j1939: { diagnosticTroubleCodes: [{ spnId: 110 }] } };
    const [observation] = mapFaultHistory(vehicle([unknown])).observations;
    expect(observation).toEqual({
      protocol: "j1939",
      code: "110",
      j1939: { spn: 110 },
      status: "open",
      observedAt: "2025-11-03T15:10:00.000Z",
      raw: unknown,
    });
  });

  it("an OBD-II point: confirmed codes open, pending ones pending, permanent ones not read, each code once", () => {
    const batch = mapFaultHistory(vehicle([OBD_POINT]));
    const at = "2025-11-03T16:20:00.000Z";
    expect(batch.activeSets).toEqual([at]);
    expect(batch.observations).toEqual([
      {
        protocol: "obdii",
        code: "P0420",
        description: "Catalyst System Efficiency Below Threshold (Bank 1)",
        status: "open",
        observedAt: at,
        milStatus: "on",
        raw: OBD_POINT,
      },
      {
        protocol: "obdii",
        code: "U0100",
        description: "Lost Communication With ECM/PCM A",
        status: "open",
        observedAt: at,
        // Its controller's lamp is off.
        milStatus: "off",
        raw: OBD_POINT,
      },
      {
        protocol: "obdii",
        code: "P0171",
        description: "System Too Lean (Bank 1)",
        status: "pending",
        observedAt: at,
        milStatus: "on",
        raw: OBD_POINT,
      },
    ]);
    // P0300 is only permanent (cleared, its monitor not passed again yet): not an active fault.
    expect(batch.observations.map((observation) => observation.code)).not.toContain("P0300");
  });

  it("a controller without a lamp status takes the point's check-engine light", () => {
    const point = {
      time: "2025-11-03T16:20:00Z",
      obdii: {
        checkEngineLightIsOn: false,
        diagnosticTroubleCodes: [{ txId: 2024, confirmedDtcs: [{ dtcShortCode: "P0442" }] }],
      },
    };
    expect(mapFaultHistory(vehicle([point])).observations).toEqual([
      {
        protocol: "obdii",
        code: "P0442",
        status: "open",
        observedAt: "2025-11-03T16:20:00.000Z",
        milStatus: "off",
        raw: point,
      },
    ]);
  });

  it("pending then confirmed then an empty point: every point's time is an active set, in time order", () => {
    const pending = {
      time: "2025-11-03T08:00:00Z",
      obdii: {
        checkEngineLightIsOn: false,
        diagnosticTroubleCodes: [
          { txId: 2024, milStatus: false, confirmedDtcs: [], pendingDtcs: [{ dtcShortCode: "P0128" }] },
        ],
      },
    };
    const confirmed = {
      time: "2025-11-03T08:10:00Z",
      obdii: {
        checkEngineLightIsOn: true,
        diagnosticTroubleCodes: [
          { txId: 2024, milStatus: true, confirmedDtcs: [{ dtcShortCode: "P0128" }], pendingDtcs: [] },
        ],
      },
    };
    const cleared = {
      time: "2025-11-03T11:10:00Z",
      obdii: { checkEngineLightIsOn: false, diagnosticTroubleCodes: [] },
    };
    // Samsara lists a vehicle's points in time order; the batch sorts them anyway.
    const batch = mapFaultHistory(vehicle([confirmed, pending, cleared]));
    expect(batch.activeSets).toEqual([
      "2025-11-03T08:00:00.000Z",
      "2025-11-03T08:10:00.000Z",
      "2025-11-03T11:10:00.000Z",
    ]);
    expect(
      batch.observations.map(({ code, status, observedAt, milStatus }) => ({ code, status, observedAt, milStatus })),
    ).toEqual([
      { code: "P0128", status: "pending", observedAt: "2025-11-03T08:00:00.000Z", milStatus: "off" },
      { code: "P0128", status: "open", observedAt: "2025-11-03T08:10:00.000Z", milStatus: "on" },
    ]);
  });

  it("a point with nothing active (or only OEM codes) is an active set without observations", () => {
    const empty = { time: "2025-11-03T12:00:00Z", canBusType: "J1939", j1939: { diagnosticTroubleCodes: [] } };
    const bare = { time: "2025-11-03T12:30:00Z" };
    const oemOnly = { time: "2025-11-03T13:00:00Z", oem: J1939_POINT.oem };
    expect(mapFaultHistory(vehicle([empty, bare, oemOnly]))).toEqual({
      vehicleSourceId: "281474978683353",
      observations: [],
      activeSets: ["2025-11-03T12:00:00.000Z", "2025-11-03T12:30:00.000Z", "2025-11-03T13:00:00.000Z"],
    });
  });

  it("refuses a vehicle without an id, points without a readable time, codes without an SPN or a short code", () => {
    malformed(() => mapFaultHistory({ faultCodes: [J1939_POINT] }));
    malformed(() => mapFaultHistory(vehicle([{ ...J1939_POINT, time: "soon" }])));
    malformed(() =>
      mapFaultHistory(vehicle([{ time: "2025-11-03T12:00:00Z", j1939: { diagnosticTroubleCodes: [{ fmiId: 1 }] } }])),
    );
    malformed(() =>
      mapFaultHistory(
        vehicle([
          {
            time: "2025-11-03T12:00:00Z",
            obdii: { diagnosticTroubleCodes: [{ confirmedDtcs: [{ dtcDescription: "?" }] }] },
          },
        ]),
      ),
    );
    malformed(() => mapFaultHistory({ id: "281474978683353", faultCodes: "none" }));
  });
});

describe("the adapter", () => {
  it("serves trailers, their locations, fault codes and passthrough, each in its pace bucket", () => {
    expect(samsaraAdapter.supportedModels).toMatchObject({
      trailers: "supported",
      latestTrailerLocations: "supported",
      faultCodeEvents: "supported",
    });
    expect(samsaraAdapter.paceBucket).toMatchObject({
      trailers: "trailers",
      latestTrailerLocations: "trailerStats",
      faultCodeEvents: "token",
    });
    expect(samsaraAdapter.requestPace.trailers).toEqual({ requests: 5, perSeconds: 1 });
    expect(samsaraAdapter.requestPace.trailerStats).toEqual({ requests: 25, perSeconds: 1 });
    expect(samsaraAdapter.models.passthrough?.pace).toBe("token");
  });
});
