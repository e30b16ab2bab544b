/**
 * Geotab's IFTA data → the normalized model, on FuelTaxDetails in MyGeotab's own field names and
 * units (providers-families.md §3.4; invented values): a device's UTC day in a jurisdiction is the
 * sum of its details' odometer rises in km (the GPS odometers when the odometers are missing or
 * fall), negligible details included; a detail still running over the day counts its share of
 * time within it; the reader's grouping of a day's answer by jurisdiction; and the payloads that
 * must be refused.
 */
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
import { dayPayloads, jurisdictionCode } from "../../src/providers/geotab/models/ifta-summaries";

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

/** A FuelTaxDetail as Get answers it (the reference's sample, with odometers in km). */
function detail(id: string, enterTime: string, exitTime: string, km: number, extra: Record<string, unknown> = {}) {
  const enterOdometer = 401_220.4;
  const enterGpsOdometer = 398_870.1;
  return {
    id,
    device: { id: "b20" },
    driver: { id: "b3A" },
    jurisdiction: "TX",
    enterTime,
    exitTime,
    enterOdometer,
    exitOdometer: enterOdometer + km,
    enterGpsOdometer,
    exitGpsOdometer: enterGpsOdometer + km * 0.99,
    enterLatitude: 30.2672,
    enterLongitude: -97.7431,
    exitLatitude: 33.8765,
    exitLongitude: -97.0001,
    isClusterOdometer: true,
    isEnterOdometerInterpolated: false,
    isExitOdometerInterpolated: false,
    isNegligible: false,
    tollRoad: null,
    authority: "None",
    fuelTaxAttributes: { roadType: "Public", updatesAvailable: false },
    ...extra,
  };
}

const day = (fuelTaxDetails: unknown[], extra: Record<string, unknown> = {}) => ({
  device: { id: "b20" },
  date: "2025-10-01",
  jurisdiction: "TX",
  fuelTaxDetails,
  ...extra,
});

describe("what the adapter declares", () => {
  it("serves IFTA summaries, paced with MyGeotab's other calls", () => {
    expect(geotabAdapter.supportedModels.iftaSummaries).toBe("supported");
    expect(geotabAdapter.paceBucket.iftaSummaries).toBe("calls");
  });
});

describe("a device's day in a jurisdiction", () => {
  it("is the sum of its details' odometer rises, in km, negligible details included", () => {
    const mapped = normalize(
      "iftaSummaries",
      day([
        detail("b6F02A1", "2025-10-01T05:00:00.000Z", "2025-10-01T09:42:13.000Z", 392.5),
        detail("b6F02A2", "2025-10-01T11:10:00.000Z", "2025-10-01T11:12:30.000Z", 0.31, { isNegligible: true }),
        detail("b6F02A3", "2025-10-01T14:00:00.000Z", "2025-10-02T00:00:00.000Z", 120.04, {
          isExitOdometerInterpolated: true,
        }),
      ]),
    );
    expect(mapped).toEqual({
      sourceId: "b20:2025-10-01:TX",
      vehicleSourceId: "b20",
      period: "2025-10-01",
      jurisdiction: "TX",
      distance: 512.85,
    });
  });

  it("measures by the GPS odometers where the odometers are missing, null or fall", () => {
    const gpsOnly = detail("b1", "2025-10-01T06:00:00.000Z", "2025-10-01T07:00:00.000Z", 100);
    delete (gpsOnly as Record<string, unknown>).enterOdometer;
    delete (gpsOnly as Record<string, unknown>).exitOdometer;
    const nulls = detail("b2", "2025-10-01T08:00:00.000Z", "2025-10-01T09:00:00.000Z", 50, {
      enterOdometer: null,
      exitOdometer: null,
    });
    const reset = detail("b3", "2025-10-01T10:00:00.000Z", "2025-10-01T11:00:00.000Z", 10, {
      enterOdometer: 401_220.4,
      exitOdometer: 12.5,
    });
    expect(normalize("iftaSummaries", day([gpsOnly])).distance).toBe(99);
    expect(normalize("iftaSummaries", day([nulls])).distance).toBe(49.5);
    expect(normalize("iftaSummaries", day([reset])).distance).toBe(9.9);
    // The odometers win when they are there, whatever the GPS says.
    expect(
      normalize("iftaSummaries", day([detail("b4", "2025-10-01T12:00:00.000Z", "2025-10-01T13:00:00.000Z", 80)]))
        .distance,
    ).toBe(80);
    const none = detail("b5", "2025-10-01T06:00:00.000Z", "2025-10-01T07:00:00.000Z", 1, {
      enterOdometer: null,
      exitOdometer: null,
      enterGpsOdometer: null,
      exitGpsOdometer: null,
    });
    expectMalformed("iftaSummaries", day([none]));
  });

  it("counts a detail running over midnight by its share of time within the day", () => {
    // Cut to the day by Geotab (includeBoundaries: false), a detail never runs over it; were one to, 6 of its 8 hours are the day's.
    const overnight = detail("b7", "2025-10-01T18:00:00.000Z", "2025-10-02T02:00:00.000Z", 400);
    expect(normalize("iftaSummaries", day([overnight])).distance).toBe(300);
    const early = detail("b8", "2025-09-30T23:00:00.000Z", "2025-10-01T01:00:00.000Z", 100);
    expect(normalize("iftaSummaries", day([early])).distance).toBe(50);
    // A detail of no duration is the day's when dated in it.
    expect(
      normalize("iftaSummaries", day([detail("b9", "2025-10-01T00:00:00.000Z", "2025-10-01T00:00:00.000Z", 0)])),
    ).toMatchObject({ distance: 0 });
  });

  it("is the distance outside every jurisdiction when Geotab names none, or a place outside IFTA", () => {
    const mapped = normalize(
      "iftaSummaries",
      day(
        [
          detail("c1", "2025-10-01T06:00:00.000Z", "2025-10-01T07:00:00.000Z", 12, { jurisdiction: null }),
          detail("c2", "2025-10-01T08:00:00.000Z", "2025-10-01T09:00:00.000Z", 3, { jurisdiction: "" }),
          detail("c3", "2025-10-01T10:00:00.000Z", "2025-10-01T11:00:00.000Z", 5, { jurisdiction: "Sonora" }),
        ],
        { jurisdiction: null },
      ),
    );
    expect(mapped).toMatchObject({ sourceId: "b20:2025-10-01:none", jurisdiction: null, distance: 20 });
    expect(jurisdictionCode(" on ")).toBe("ON");
    expect(jurisdictionCode("DC")).toBe("DC");
    expect(jurisdictionCode("MX")).toBeNull();
    expect(jurisdictionCode(undefined)).toBeNull();
  });

  it("refuses details of another device, jurisdiction or day, backwards ones, and payloads that are not a day", () => {
    const good = detail("d1", "2025-10-01T06:00:00.000Z", "2025-10-01T07:00:00.000Z", 10);
    expectMalformed("iftaSummaries", day([{ ...good, device: { id: "b21" } }]));
    expectMalformed("iftaSummaries", day([{ ...good, jurisdiction: "OK" }]));
    expectMalformed("iftaSummaries", day([detail("d2", "2025-10-02T00:00:00.000Z", "2025-10-02T01:00:00.000Z", 10)]));
    expectMalformed("iftaSummaries", day([detail("d3", "2025-09-30T23:00:00.000Z", "2025-10-01T00:00:00.000Z", 10)]));
    expectMalformed("iftaSummaries", day([{ ...good, exitTime: "2025-10-01T05:00:00.000Z" }]));
    expectMalformed("iftaSummaries", day([{ ...good, enterTime: "yesterday" }]));
    expectMalformed("iftaSummaries", day([{ ...good, exitOdometer: "401230.4" }]));
    expectMalformed("iftaSummaries", day([{ ...good, device: "b20" }]));
    expectMalformed("iftaSummaries", day([]));
    expectMalformed("iftaSummaries", day([good], { jurisdiction: "Texas" }));
    expectMalformed("iftaSummaries", day([good], { date: "2025-10-01T00:00:00.000Z" }));
    expectMalformed("iftaSummaries", good);
    expectMalformed("iftaSummaries", null);
  });
});

describe("a device's answer for a day, as the reader hands it on", () => {
  it("is one payload per jurisdiction it moved in, details as sent, edge and foreign records left out", () => {
    const answer = [
      detail("e0", "2025-09-30T20:00:00.000Z", "2025-10-01T00:00:00.000Z", 30),
      detail("e1", "2025-10-01T06:00:00.000Z", "2025-10-01T07:00:00.000Z", 90),
      detail("e2", "2025-10-01T07:00:00.000Z", "2025-10-01T07:30:00.000Z", 40, { jurisdiction: "ok" }),
      detail("e3", "2025-10-01T07:30:00.000Z", "2025-10-01T08:00:00.000Z", 35),
      detail("e4", "2025-10-01T08:00:00.000Z", "2025-10-01T08:10:00.000Z", 2, { jurisdiction: "MX" }),
      // Parked in Arkansas: no distance, no payload.
      detail("e5", "2025-10-01T08:10:00.000Z", "2025-10-01T23:00:00.000Z", 0, { jurisdiction: "AR" }),
      detail("e6", "2025-10-01T09:00:00.000Z", "2025-10-01T10:00:00.000Z", 5, { device: { id: "b99" } }),
      { id: "e7", device: { id: "b20" }, jurisdiction: "TX" },
    ];
    const { payloads, unreadable } = dayPayloads("b20", "2025-10-01", answer);
    expect(unreadable).toBe(2);
    expect(
      payloads.map((payload: any) => [payload.jurisdiction, payload.fuelTaxDetails.map((d: any) => d.id)]),
    ).toEqual([
      [null, ["e4"]],
      ["OK", ["e2"]],
      ["TX", ["e1", "e3"]],
    ]);
    // Geotab's own fields ride along untouched.
    expect((payloads[2] as any).fuelTaxDetails[0]).toEqual(answer[1]);
    expect(payloads.map((payload) => normalize("iftaSummaries", payload).distance)).toEqual([2, 40, 125]);
  });
});
