/**
 * A sandbox connection's IFTA distances read end to end: created through the API, its backfill
 * synced by the real queue consumer and Durable Object, then GET /ifta/summary read back by
 * vehicle, jurisdiction and month, where a real fleet's relation holds: a vehicle's month of
 * jurisdictions adds up to the month of its utilization days.
 */
import { describe, expect, it } from "vitest";
import { JURISDICTIONS } from "../../src/jurisdictions/jurisdictions";
import { syncedSandbox } from "./synced-sandbox";

const DAY_MS = 86_400_000;
/** Long enough to reach into the month before, whatever today's date. */
const BACKFILL_DAYS = 35;

type Summary = { vehicle: string; jurisdiction: string | null; month: string; distance: number };
type Utilization = { vehicle: string; startAt: string; distance: number };

describe("a sandbox connection's IFTA distances", () => {
  it("add up, for each vehicle and month, to the month of its utilization days", async () => {
    const { job, all } = await syncedSandbox({ days: BACKFILL_DAYS, fleetSize: 6 });
    const synced = Date.parse(job.requestedAt);
    const [startMonth, endMonth] = [synced - (BACKFILL_DAYS + 1) * DAY_MS, synced].map((ms) =>
      new Date(ms).toISOString().slice(0, 7),
    );
    const groups = await all<Summary>(
      `/ifta/summary?startMonth=${startMonth}&endMonth=${endMonth}&groupBy=vehicle,jurisdiction,month`,
    );
    const days = await all<Utilization>(`/vehicles/utilization?limit=500&startDate=${startMonth}-01`);

    const known = new Set(JURISDICTIONS.map((jurisdiction) => jurisdiction.code));
    for (const group of groups) if (group.jurisdiction !== null) expect(known).toContain(group.jurisdiction);
    const perVehicleMonth = (rows: { vehicle: string; month: string; distance: number }[]) => {
      const totals = new Map<string, number>();
      for (const row of rows)
        totals.set(`${row.vehicle} ${row.month}`, (totals.get(`${row.vehicle} ${row.month}`) ?? 0) + row.distance);
      return totals;
    };
    const ifta = perVehicleMonth(groups);
    const driven = perVehicleMonth(
      days.filter((day) => day.distance > 0).map((day) => ({ ...day, month: day.startAt.slice(0, 7) })),
    );
    expect([...ifta.keys()].sort()).toEqual([...driven.keys()].sort());
    // Two months at least, and most of the fleet driving in them.
    expect(new Set(groups.map((group) => group.month)).size).toBeGreaterThanOrEqual(2);
    expect(ifta.size).toBeGreaterThanOrEqual(6);
    for (const [vehicleMonth, km] of driven) {
      expect(Math.abs(ifta.get(vehicleMonth)! - km), vehicleMonth).toBeLessThanOrEqual(0.01 * km);
    }
  });
});
