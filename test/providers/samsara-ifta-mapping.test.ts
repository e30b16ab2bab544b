/**
 * Samsara's IFTA vehicle report → the normalized model, on payloads in Samsara's real shape
 * (providers-families.md 1.4: `data` an object with the year and the month's English name,
 * vehicle reports with their jurisdictions, metres and tax-paid litres): one payload per
 * vehicle and jurisdiction of a month, metres → km, litres kept, the month as the period, ids
 * stable across reads, unknown jurisdictions as null, malformed payloads refused; and the months
 * a sync window reads.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { normalizeSamsara, samsaraAdapter } from "../../src/providers/samsara/adapter";
import {
  jurisdictionItemsOf,
  mapIftaJurisdiction,
  windowMonths,
} from "../../src/providers/samsara/models/ifta-summaries";

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

const VEHICLE = { id: "281474978683353", name: "Truck 104", externalIds: { "samsara.vin": "1FUJGLDR7CLBP8834" } };
const TEXAS = { jurisdiction: "TX", totalMeters: 1_203_340.5, taxableMeters: 1_198_001.2, taxPaidLiters: 812.4 };
const OKLAHOMA = { jurisdiction: "OK", totalMeters: 230_114.0, taxableMeters: 230_114.0 };

/** `data` of `GET /fleet/reports/ifta/vehicle?year=2025&month=October`. */
const DATA = {
  year: 2025,
  month: "October",
  vehicleReports: [
    { vehicle: VEHICLE, jurisdictions: [TEXAS, OKLAHOMA] },
    { vehicle: { id: "281474978683354", name: "Truck 105" }, jurisdictions: [] },
  ],
};
const STATED = { year: DATA.year, month: DATA.month };
const item = (jurisdiction: unknown, overrides: Record<string, unknown> = {}) => ({
  ...STATED,
  vehicle: VEHICLE,
  jurisdiction,
  ...overrides,
});

describe("Samsara IFTA vehicle reports → IFTA distances", () => {
  it("splits a page's vehicle reports into one payload per jurisdiction, each with its month and vehicle", () => {
    const items = DATA.vehicleReports.flatMap((report) => jurisdictionItemsOf(STATED, report));
    expect(items).toEqual([item(TEXAS), item(OKLAHOMA)]);
    // A report that is not one is passed on whole, to be refused by normalize.
    expect(jurisdictionItemsOf(STATED, { vehicle: VEHICLE })).toEqual([{ vehicle: VEHICLE }]);
    malformed(() => mapIftaJurisdiction({ vehicle: VEHICLE }));
  });

  it("maps metres to km and keeps the tax-paid litres; the month is the period", () => {
    expect(normalizeSamsara("iftaSummaries", item(TEXAS))).toEqual({
      sourceId: "281474978683353:2025-10:TX",
      vehicleSourceId: "281474978683353",
      period: "2025-10",
      jurisdiction: "TX",
      distance: 1203.3405,
      fuel: 812.4,
    });
  });

  it("leaves the fuel out where Samsara reports no tax-paid litres (absent or null), and keeps a 0", () => {
    expect(mapIftaJurisdiction(item(OKLAHOMA))).toEqual({
      sourceId: "281474978683353:2025-10:OK",
      vehicleSourceId: "281474978683353",
      period: "2025-10",
      jurisdiction: "OK",
      distance: 230.114,
    });
    expect(mapIftaJurisdiction(item({ ...OKLAHOMA, taxPaidLiters: null }))).not.toHaveProperty("fuel");
    expect(mapIftaJurisdiction(item({ ...OKLAHOMA, taxPaidLiters: 0 }))).toMatchObject({ fuel: 0 });
  });

  it("pads the month to two digits and gives a month read again the same id", () => {
    const january = mapIftaJurisdiction(item(TEXAS, { year: 2026, month: "January" }));
    expect(january).toMatchObject({ period: "2026-01", sourceId: "281474978683353:2026-01:TX" });
    const later = mapIftaJurisdiction(item({ ...TEXAS, totalMeters: 2_000_000 }, { year: 2026, month: "January" }));
    expect(later.sourceId).toBe(january.sourceId);
    expect(later.distance).toBe(2000);
    expect(mapIftaJurisdiction(item(TEXAS, { month: "December" })).period).toBe("2025-12");
  });

  it("reads a jurisdiction Samsara writes in lower case as its code, and one that is no IFTA code as unknown", () => {
    expect(mapIftaJurisdiction(item({ ...TEXAS, jurisdiction: " tx " }))).toMatchObject({
      jurisdiction: "TX",
      sourceId: "281474978683353:2025-10:TX",
    });
    expect(mapIftaJurisdiction(item({ ...TEXAS, jurisdiction: "ON" })).jurisdiction).toBe("ON");
    for (const [jurisdiction, suffix] of [
      ["", ""],
      [null, ""],
      [undefined, ""],
      ["MX", "MX"],
      ["Texas", "TEXAS"],
    ] as const) {
      expect(mapIftaJurisdiction(item({ ...TEXAS, jurisdiction })), String(jurisdiction)).toMatchObject({
        jurisdiction: null,
        sourceId: `281474978683353:2025-10:${suffix}`,
      });
    }
  });

  it("refuses malformed payloads", () => {
    malformed(() => mapIftaJurisdiction(TEXAS));
    malformed(() => mapIftaJurisdiction(item(TEXAS, { month: "Oct" })));
    malformed(() => mapIftaJurisdiction(item(TEXAS, { month: 10 })));
    malformed(() => mapIftaJurisdiction(item(TEXAS, { year: "2025" })));
    malformed(() => mapIftaJurisdiction(item(TEXAS, { vehicle: { name: "No Id" } })));
    malformed(() => mapIftaJurisdiction(item(TEXAS, { vehicle: { id: "" } })));
    malformed(() => mapIftaJurisdiction(item({ ...TEXAS, totalMeters: undefined })));
    malformed(() => mapIftaJurisdiction(item({ ...TEXAS, totalMeters: "1203340.5" })));
    malformed(() => mapIftaJurisdiction(item({ ...TEXAS, totalMeters: -1 })));
    malformed(() => mapIftaJurisdiction(item({ ...TEXAS, taxPaidLiters: -3 })));
    malformed(() => mapIftaJurisdiction(item(null)));
    malformed(() => mapIftaJurisdiction(null));
  });
});

describe("the months a window reads", () => {
  const window = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

  it("reads each calendar month the window overlaps, its end excluded", () => {
    expect(windowMonths(window("2025-10-10T00:00:00Z", "2025-10-17T00:00:00Z"))).toEqual(["2025-10"]);
    expect(windowMonths(window("2025-11-20T00:00:00Z", "2026-02-01T00:00:00Z"))).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
    ]);
    expect(windowMonths(window("2025-12-20T00:00:00Z", "2026-01-01T00:00:01Z"))).toEqual(["2025-12", "2026-01"]);
  });

  it("reads the month before again while its last 72 hours may still change", () => {
    expect(windowMonths(window("2025-11-03T23:59:59Z", "2025-11-05T00:00:00Z"))).toEqual(["2025-10", "2025-11"]);
    expect(windowMonths(window("2025-11-04T00:00:00Z", "2025-11-05T00:00:00Z"))).toEqual(["2025-11"]);
    expect(windowMonths(window("2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"))).toEqual(["2025-12", "2026-01"]);
  });
});

describe("the adapter's IFTA", () => {
  it("serves it, in the IFTA report's own 25-a-second bucket", () => {
    expect(samsaraAdapter.supportedModels.iftaSummaries).toBe("supported");
    expect(samsaraAdapter.paceBucket).toMatchObject({ iftaSummaries: "ifta" });
    expect(samsaraAdapter.requestPace.ifta).toEqual({ requests: 25, perSeconds: 1 });
  });
});
