/**
 * The contract's comparisons of the platforms' records (contract-platforms.test.ts): vehicles,
 * drivers, groups and trailers, read through the API, against the canonical fleet.
 */
import { expect } from "vitest";
import { driversAt, GROUPS, vehiclesAt } from "../fakes/fleet.ts";
import { trailersAt } from "../fakes/trailers.ts";
import { byKey, type Context, FLEET, status } from "./contract-platforms";

/** Each family's comparison of what the API answers with the canonical fleet. */
export const COMPARE_RECORDS = {
  async vehicles({ synced, precision }) {
    const fields = new Set(precision.vehicleFields);
    const pick = (name: string, state: string, values: Record<string, unknown>) => ({
      name,
      status: state,
      ...Object.fromEntries(Object.entries(values).filter(([field]) => fields.has(field as never))),
    });
    const actual = (await synced.get("/vehicles")).map((vehicle) =>
      pick(vehicle.name, vehicle.status, {
        ...vehicle,
        plateNumber: vehicle.licensePlate?.number,
        plateState: vehicle.licensePlate?.state,
      }),
    );
    const expected = vehiclesAt(FLEET)
      .filter((vehicle) => precision.outOfService.vehicles !== "omitted" || vehicle.active)
      .map((vehicle) =>
        pick(vehicle.name, status(vehicle.active, precision.outOfService.vehicles), {
          ...vehicle,
          plateNumber: vehicle.plate.number,
          plateState: vehicle.plate.state,
          fuelTankCapacity: vehicle.tankCapacity,
        }),
      );
    expect(actual.sort(byKey((vehicle) => vehicle.name))).toEqual(expected.sort(byKey((vehicle) => vehicle.name)));
  },

  async drivers({ synced, precision }) {
    const actual = (await synced.get("/drivers")).map(({ firstName, lastName, email, phone, status }) => ({
      firstName,
      lastName,
      email,
      phone,
      status,
    }));
    const expected = driversAt(FLEET)
      .filter((driver) => precision.outOfService.drivers !== "omitted" || driver.active)
      .map((driver) => ({
        firstName: driver.firstName,
        lastName: driver.lastName,
        email: driver.email,
        phone: precision.phone(driver.phone),
        status: status(driver.active, precision.outOfService.drivers),
      }));
    expect(actual.sort(byKey((driver) => driver.email))).toEqual(expected.sort(byKey((driver) => driver.email)));
  },

  async groups({ synced, precision, listed, apiVehicleOf }) {
    const groups = await synced.get("/groups");
    const nameOf = new Map(groups.map((group) => [group.id as string, group.name as string]));
    const canonicalName = (id: string) => GROUPS.find((group) => group.id === id)!.name;
    const used = new Set(listed.flatMap((vehicle) => vehicle.groupIds));
    const expected = [
      ...GROUPS.filter((group) => precision.groups.unused || used.has(group.id)).map((group) => ({
        name: group.name,
        ...(precision.groups.hierarchy && group.parentId ? { parent: canonicalName(group.parentId) } : {}),
      })),
      ...precision.groups.extra.map((name) => ({ name })),
    ];
    const actual = groups.map((group) => {
      const parent = group.parentId ?? group.parent;
      return { name: group.name, ...(parent ? { parent: nameOf.get(parent) ?? parent } : {}) };
    });
    expect(actual.sort(byKey((group) => group.name))).toEqual(expected.sort(byKey((group) => group.name)));
    // Each vehicle is in its own group (and the provider's extra ones).
    for (const vehicle of listed) {
      const memberOf = (apiVehicleOf.get(vehicle.id)?.groups ?? []).map((id: string) => nameOf.get(id)).sort();
      expect(memberOf, vehicle.name).toEqual(
        [...vehicle.groupIds.map(canonicalName), ...precision.groups.extra].sort(),
      );
    }
  },

  async trailers({ synced, precision }) {
    expect(precision.trailers, "PRECISION has no trailers rule").toBeDefined();
    const actual = (await synced.get("/trailers")).map((trailer) => ({
      name: trailer.name,
      status: trailer.status,
      vin: trailer.vin,
      serialNumber: trailer.serialNumber,
      make: trailer.make,
      model: trailer.model,
      year: trailer.year,
      plateNumber: trailer.licensePlate?.number,
    }));
    const expected = trailersAt(FLEET).map((trailer) => ({
      name: trailer.name,
      status: status(trailer.active, precision.trailers!),
      vin: trailer.vin,
      serialNumber: trailer.serial,
      make: trailer.make,
      model: trailer.model,
      year: trailer.year,
      plateNumber: trailer.plate.number,
    }));
    expect(actual.sort(byKey((trailer) => trailer.name))).toEqual(expected.sort(byKey((trailer) => trailer.name)));
  },
} satisfies Record<string, (context: Context) => Promise<void>>;
