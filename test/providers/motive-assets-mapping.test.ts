/**
 * normalize of the Motive adapter's trailer and fault-code models, field by field, on payloads in
 * Motive's real shapes (providers-families.md 2.6 and 2.7, their examples, and the fields its
 * reference pages list): assets as trailers, their current locations in either unit system, and
 * fault codes as one observation per occurrence (the reference's OBD-II sample, J1939 with its FMI
 * as text); payloads that do not validate are rejected as malformed. Also the fault-code pages'
 * paging, nested under `pagination` or at the top level.
 */
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { KM_PER_MILE } from "../../src/providers/kit/units";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import { faultCodesPage } from "../../src/providers/motive/models/fault-code-events";
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

/** The asset of providers-families.md 2.7. */
const ASSET = {
  id: 310022,
  name: "TRL-0112",
  status: "active",
  type: "dry_box",
  custom_type: null,
  vin: "1JJV532D8KL123456",
  license_plate_state: "TX",
  license_plate_number: "TRL1122",
  make: "Wabash",
  model: "DuraPlate",
};

describe("Motive assets → trailers", () => {
  it("maps the reference's asset: no year, groups or vehicle where Motive says none", () => {
    expect(normalize("trailers", ASSET)).toEqual({
      sourceId: "310022",
      status: "active",
      name: "TRL-0112",
      vin: "1JJV532D8KL123456",
      make: "Wabash",
      model: "DuraPlate",
      licensePlate: { state: "TX", number: "TRL1122" },
      groupSourceIds: [],
    });
  });

  it("reads the year from text, any other status as inactive, and groups and timestamps when sent", () => {
    const trailer = normalize("trailers", {
      ...ASSET,
      status: "deactivated",
      year: "2019",
      axle: 2,
      leased: false,
      asset_gateway: { id: 20001, identifier: "AG700001", active: true },
      group_ids: [501, 502],
      created_at: "2025-02-01T10:00:00Z",
      updated_at: "2025-03-01T10:00:00+02:00",
    });
    expect(trailer).toEqual(
      expect.objectContaining({
        status: "inactive",
        year: 2019,
        groupSourceIds: ["501", "502"],
        createdAt: "2025-02-01T10:00:00.000Z",
        updatedAt: "2025-03-01T08:00:00.000Z",
      }),
    );
    expect(normalize("trailers", { ...ASSET, status: "retired" }).status).toBe("inactive");
  });

  it("leaves out unknown and implausible values", () => {
    const trailer = normalize("trailers", {
      ...ASSET,
      name: "",
      vin: null,
      make: null,
      model: null,
      year: "n/a",
      license_plate_state: null,
      license_plate_number: null,
    });
    expect(trailer).toEqual({ sourceId: "310022", status: "active", groupSourceIds: [] });
    expect(normalize("trailers", { ...ASSET, year: 1850 })).not.toHaveProperty("year");
  });

  it("rejects assets without an id or a status", () => {
    expectMalformed("trailers", { ...ASSET, id: undefined });
    expectMalformed("trailers", { ...ASSET, id: "310022" });
    expectMalformed("trailers", { ...ASSET, status: undefined });
  });
});

/** An asset of `GET /v1/asset_locations` as the adapter reads it: beside the units it asked for. */
const located = (asset: Record<string, unknown>, point: Record<string, unknown>, asked = true) => ({
  metric_units: asked,
  asset: {
    id: 310022,
    name: "TRL-0112",
    type: "dry_box",
    make: "Wabash",
    model: "DuraPlate",
    year: "2019",
    status: "active",
    ...asset,
    current_location: {
      id: "4f0c2a11-3e0b-4a7d-8d1e-2b6b9a0c5e11",
      lat: 33.749,
      lon: -84.388,
      bearing: 98.9,
      speed: 80,
      description: "2.1 mi N of Atlanta, GA",
      located_at: "2025-11-03T15:21:45Z",
      ...point,
    },
  },
});

describe("Motive asset locations → latest trailer locations", () => {
  it("maps a metric asset's current location", () => {
    expect(normalize("latestTrailerLocations", located({ metric_units: true }, {}))).toEqual({
      trailerSourceId: "310022",
      locatedAt: "2025-11-03T15:21:45.000Z",
      location: { latitude: 33.749, longitude: -84.388 },
      address: "2.1 mi N of Atlanta, GA",
      heading: 98.9,
      speed: 80,
    });
  });

  it("converts mph when the asset is in imperial units, and otherwise uses the units asked for", () => {
    const imperial = normalize("latestTrailerLocations", located({ metric_units: false }, { speed: 30 }));
    expect(imperial.speed).toBe(round2(30 * KM_PER_MILE));
    expect(imperial.speed).toBe(48.28);
    expect(normalize("latestTrailerLocations", located({}, { speed: 30 }, true)).speed).toBe(30);
    expect(normalize("latestTrailerLocations", located({}, { speed: "30" }, false)).speed).toBe(48.28);
  });

  it("leaves out what the point does not say, and turns the bearing into a heading in [0, 360)", () => {
    const parked = normalize(
      "latestTrailerLocations",
      located({ metric_units: true }, { speed: null, bearing: null, description: "  ", id: 8812 }),
    );
    expect(parked).toEqual({
      trailerSourceId: "310022",
      locatedAt: "2025-11-03T15:21:45.000Z",
      location: { latitude: 33.749, longitude: -84.388 },
    });
    expect(normalize("latestTrailerLocations", located({}, { bearing: 370, speed: -1 }))).toEqual(
      expect.objectContaining({ heading: 10, speed: 0 }),
    );
  });

  it("rejects a location without coordinates or a time, and an asset never located", () => {
    expectMalformed("latestTrailerLocations", located({}, { lat: null }));
    expectMalformed("latestTrailerLocations", located({}, { lon: 200 }));
    expectMalformed("latestTrailerLocations", located({}, { located_at: null }));
    expectMalformed("latestTrailerLocations", { metric_units: true, asset: { id: 310022, current_location: null } });
    expectMalformed("latestTrailerLocations", located({ id: null }, {}));
  });
});

/** The fault code of providers-families.md 2.6 (an OBD-II code, closed). */
const FAULT_CODE = {
  id: 48401,
  code: "P203F",
  code_label: "P203F",
  code_description: "Reductant Level Too Low",
  source_address_label: "Engine",
  source_address: "0",
  source_address_name: null,
  status: "closed",
  type: "constant",
  fmi: null,
  fmi_description: null,
  occurrence_count: null,
  num_observations: 46,
  sum_num_observations: 175,
  is_sid: false,
  dtc_status: null,
  dtc_severity: null,
  network: "obdii",
  first_observed_at: "2025-11-03T15:46:56Z",
  last_observed_at: "2025-11-03T19:45:27Z",
  eld_device: { id: 921, identifier: "000090018812345", model: "lbb-3" },
  vehicle: { id: 4012, number: "T-104", vin: "1XKYD49X6LJ412345", metric_units: false },
};

/** A J1939 fault as Motive sends them: the SPN as the code, the FMI and source address as text. */
const J1939_FAULT = {
  ...FAULT_CODE,
  id: 48977,
  code: "4364",
  code_label: "4364",
  code_description: "Aftertreatment 1 SCR Conversion Efficiency",
  source_address_label: "Exhaust Emission Controller",
  source_address: "61",
  status: "open",
  type: "intermittent",
  fmi: "18",
  fmi_description: "Data valid but below normal operating range - moderately severe level",
  occurrence_count: 3,
  network: "j1939",
  first_observed_at: "2025-11-04T08:12:03Z",
  last_observed_at: "2025-11-04T09:30:00Z",
};

describe("Motive fault codes → fault observations", () => {
  it("maps the reference's OBD-II fault code as one closed observation of its own occurrence, without MIL", () => {
    expect(normalize("faultCodeEvents", FAULT_CODE)).toEqual({
      vehicleSourceId: "4012",
      observations: [
        {
          protocol: "obdii",
          code: "P203F",
          description: "Reductant Level Too Low",
          status: "closed",
          observedAt: "2025-11-03T19:45:27.000Z",
          firstObservedAt: "2025-11-03T15:46:56.000Z",
          occurrenceSourceId: "48401",
        },
      ],
    });
  });

  it("maps a J1939 fault: the SPN as code, the FMI read from text, source address and occurrence count", () => {
    expect(normalize("faultCodeEvents", J1939_FAULT)).toEqual({
      vehicleSourceId: "4012",
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
            occurrenceCount: 3,
            sourceAddress: 61,
          },
          status: "open",
          observedAt: "2025-11-04T09:30:00.000Z",
          firstObservedAt: "2025-11-04T08:12:03.000Z",
          occurrenceSourceId: "48977",
        },
      ],
    });
  });

  it("tells the protocol by the FMI or the code when the network is not named", () => {
    const [byFmi] = normalize("faultCodeEvents", {
      ...J1939_FAULT,
      network: null,
      fmi: 4,
      source_address: 0,
    }).observations;
    expect(byFmi).toEqual(
      expect.objectContaining({ protocol: "j1939", j1939: expect.objectContaining({ fmi: 4, sourceAddress: 0 }) }),
    );
    const [bySpn] = normalize("faultCodeEvents", { ...J1939_FAULT, network: undefined, fmi: null }).observations;
    expect(bySpn!.protocol).toBe("j1939");
    expect(bySpn!.j1939).not.toHaveProperty("fmi");
    const [byDtc] = normalize("faultCodeEvents", { ...FAULT_CODE, network: null }).observations;
    expect(byDtc!.protocol).toBe("obdii");
    expect(byDtc).not.toHaveProperty("j1939");
  });

  it("leaves out an unreadable FMI or source address, and dates an open fault never seen again by its first observation", () => {
    const [observation] = normalize("faultCodeEvents", {
      ...J1939_FAULT,
      fmi: "",
      fmi_description: null,
      source_address: "n/a",
      occurrence_count: null,
      code_description: null,
      last_observed_at: null,
    }).observations;
    expect(observation).toEqual({
      protocol: "j1939",
      code: "4364",
      j1939: { spn: 4364 },
      status: "open",
      observedAt: "2025-11-04T08:12:03.000Z",
      firstObservedAt: "2025-11-04T08:12:03.000Z",
      occurrenceSourceId: "48977",
    });
  });

  it("rejects fault codes it cannot place: no vehicle, unknown status or protocol, a J1939 code that is no SPN", () => {
    expectMalformed("faultCodeEvents", { ...FAULT_CODE, vehicle: null });
    expectMalformed("faultCodeEvents", { ...FAULT_CODE, status: "pending" });
    expectMalformed("faultCodeEvents", { ...FAULT_CODE, code: "" });
    expectMalformed("faultCodeEvents", { ...FAULT_CODE, first_observed_at: null });
    expectMalformed("faultCodeEvents", { ...FAULT_CODE, code: "ABS-7", network: null });
    expectMalformed("faultCodeEvents", { ...J1939_FAULT, code: "SPN 4364" });
  });
});

describe("Motive fault-code pages", () => {
  const wrapped = [{ fault_code: FAULT_CODE }, { fault_code: J1939_FAULT }];

  it("reads the paging nested under `pagination`, as Motive documents it", () => {
    expect(faultCodesPage({ fault_codes: wrapped, pagination: { per_page: 2, page_no: 1, total: 3 } })).toEqual({
      items: [FAULT_CODE, J1939_FAULT],
      hasMore: true,
    });
    expect(faultCodesPage({ fault_codes: wrapped, pagination: { per_page: 2, page_no: 2, total: 4 } }).hasMore).toBe(
      false,
    );
  });

  it("reads the paging at the top level, as integrations have seen it", () => {
    expect(faultCodesPage({ fault_codes: wrapped, per_page: 2, page_no: 1, total: 5 })).toEqual({
      items: [FAULT_CODE, J1939_FAULT],
      hasMore: true,
    });
    expect(faultCodesPage({ fault_codes: [], per_page: 25, page_no: 3, total: 80 }).hasMore).toBe(false);
  });

  it("rejects answers that are not fault-code pages", () => {
    for (const body of [
      { fault_codes: wrapped },
      { fault_codes: [FAULT_CODE], pagination: { per_page: 2, page_no: 1, total: 1 } },
      { faults: wrapped, pagination: { per_page: 2, page_no: 1, total: 2 } },
      null,
    ]) {
      expect(caught(() => faultCodesPage(body)).kind).toBe("malformed");
    }
  });
});
