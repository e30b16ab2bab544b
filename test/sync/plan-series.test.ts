/**
 * The sync plan of the time-series families: trips, utilization and events over the whole
 * backfill, breadcrumbs and stat logs from at most SERIES_BACKFILL_DAYS before today, every
 * window whole days, in the order the writes need (entities and the live snapshot first).
 */
import { describe, expect, it } from "vitest";
import { SYNC_MODELS } from "../../src/model/normalized";
import type { ModelName, ModelSupport } from "../../src/providers/types";
import { planSteps } from "../../src/sync/plan";

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 15, 30);
const TODAY = Date.UTC(2026, 10, 27);
const everything = {
  supportedModels: Object.fromEntries([...SYNC_MODELS, "cameraMedia"].map((model) => [model, "supported"])) as Record<
    ModelName,
    ModelSupport
  >,
};

describe("planSteps with the time series", () => {
  it("reads breadcrumbs and stat logs from at most the series backfill, the rest from the backfill's start", () => {
    const steps = planSteps(everything, TODAY - 100 * DAY_MS, NOW, { enabled: true, backfillDays: 30 });
    expect(steps.slice(0, 7).map((step) => step.model)).toEqual([
      "groups",
      "vehicles",
      "drivers",
      "devices",
      "trailers",
      "latestVehicleLocations",
      "latestTrailerLocations",
    ]);
    const first = (model: string) => steps.find((step) => step.model === model)?.window?.start;
    const last = (model: string) => steps.findLast((step) => step.model === model)?.window?.end;
    for (const model of ["vehicleUtilization", "safetyEvents", "faultCodeEvents", "trips"]) {
      expect(first(model)).toBe(TODAY - 100 * DAY_MS);
      expect(last(model)).toBe(TODAY + DAY_MS);
    }
    for (const model of ["vehicleLocations", "vehicleStatLogs"]) {
      expect(first(model)).toBe(TODAY - 30 * DAY_MS);
      expect(last(model)).toBe(TODAY + DAY_MS);
    }
  });

  it("reads none of the time series for an application that turned them off", () => {
    const steps = planSteps(everything, TODAY - 3 * DAY_MS, NOW, { enabled: false, backfillDays: 30 });
    expect(steps.map((step) => step.model)).toEqual([
      "groups",
      "vehicles",
      "drivers",
      "devices",
      "trailers",
      "vehicleUtilization",
      "safetyEvents",
      "faultCodeEvents",
      "hosLogs",
      "hosDailyLogs",
      "iftaSummaries",
    ]);
  });

  it("reads today's points only with a series backfill of 0, and a short backfill whole", () => {
    const today = planSteps(everything, TODAY - 100 * DAY_MS, NOW, { enabled: true, backfillDays: 0 });
    expect(today.filter((step) => step.model === "vehicleLocations").map((step) => step.window)).toEqual([
      { start: TODAY, end: TODAY + DAY_MS },
    ]);
    const short = planSteps(everything, TODAY - 2 * DAY_MS + 5000, NOW, { enabled: true, backfillDays: 30 });
    expect(short.filter((step) => step.model === "vehicleStatLogs").map((step) => step.window)).toEqual([
      { start: TODAY - 2 * DAY_MS, end: TODAY + DAY_MS },
    ]);
  });
});
