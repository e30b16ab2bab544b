/**
 * The cross-provider contract for trailers and fault codes (trailer locations: contract.test.ts, with the time series): the canonical
 * trailers (test/fakes/trailers.ts) and faults (test/fakes/faults.ts), served by each fake in its
 * provider's shapes (Samsara's active-code sets, Motive's occurrences, Geotab's FaultData rows
 * and trailer attachments), synced end to end and read through the API, come out the same.
 */
import { describe, expect, it } from "vitest";
import { faultsBetween } from "../fakes/faults.ts";
import { type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import { trailersAt } from "../fakes/trailers.ts";
import { connectThrough, PROVIDERS } from "./contract-helpers";

const DAY_MS = 86_400_000;

describe("trailers and fault codes through every provider", () => {
  it("normalize to the canonical trailers and to the canonical faults of the past days", async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const fleet: FleetOptions = { seed: `contract-assets-${suffix}`, vehicles: 8, revision: 0 };
    const results = await Promise.all(
      PROVIDERS.map(async (provider) => {
        const { get } = await connectThrough(provider, fleet, `a${suffix}`, { days: 4 });
        const vehicles = await get("/vehicles");
        const vinOf = new Map(vehicles.map((vehicle) => [vehicle.id as string, vehicle.vin as string]));
        return {
          provider: provider.code,
          vinOf,
          trailers: await get("/trailers"),
          faults: await get("/fault-codes/events"),
        };
      }),
    );
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const canonicalTrailers = trailersAt(fleet);
    const vinOfCanonical = new Map(vehiclesAt(fleet).map((vehicle) => [vehicle.id, vehicle.vin]));
    // Faults of the past three days: each cleared within hours, so each is closed now, everywhere.
    const canonicalFaults = faultsBetween(fleet, today - 3 * DAY_MS, today, Date.now())
      .filter((fault) => fault.openedAt >= today - 3 * DAY_MS)
      .map((fault) => ({
        key: `${vinOfCanonical.get(fault.vehicleId)}|${fault.code}|${new Date(fault.openedAt).toISOString()}`,
        status: "closed",
        protocol: fault.protocol,
        observedAt: new Date(fault.closedAt!).toISOString(),
        fmi: fault.j1939?.fmi,
      }))
      .sort((a, b) => a.key.localeCompare(b.key));
    expect(canonicalFaults.length).toBeGreaterThan(0);

    for (const { provider, vinOf, trailers, faults } of results) {
      expect(trailers.map((trailer) => trailer.name).sort(), provider).toEqual(
        canonicalTrailers.map((trailer) => trailer.name).sort(),
      );
      if (provider === "geotab") {
        // Geotab links a trailer to the vehicle it is hitched to (its attachment); the others do not.
        const hitched = new Map(
          trailers.map((trailer) => [trailer.name, trailer.vehicle && vinOf.get(trailer.vehicle)]),
        );
        for (const trailer of canonicalTrailers) {
          expect(hitched.get(trailer.name), trailer.name).toBe(
            trailer.vehicleId && vinOfCanonical.get(trailer.vehicleId),
          );
        }
      }
      const past = faults
        .filter(
          (fault) =>
            Date.parse(fault.firstObservedAt) >= today - 3 * DAY_MS && Date.parse(fault.firstObservedAt) < today,
        )
        .map((fault) => ({
          key: `${vinOf.get(fault.vehicle)}|${fault.code}|${fault.firstObservedAt}`,
          status: fault.status,
          protocol: fault.protocol,
          observedAt: fault.observedAt,
          fmi: fault.j1939?.fmi,
        }))
        .sort((a, b) => a.key.localeCompare(b.key));
      expect(past, provider).toEqual(canonicalFaults);
    }
  }, 120_000);
});
