/**
 * Azuga payloads, in the v3 OAuth API's real field names (providers-more.md §5), mapped to the
 * normalized model: trackees, driver users, latest locations, trip and breadcrumb report rows;
 * the envelope's failures as the errors the engine acts on.
 */
import { describe, expect, it } from "vitest";
import { azugaAdapter } from "../../src/providers/azuga/adapter";
import { failure } from "../../src/providers/azuga/client";
import { mapDriver } from "../../src/providers/azuga/models/drivers";
import { mapLatestLocation } from "../../src/providers/azuga/models/latest-vehicle-locations";
import { mapTrip } from "../../src/providers/azuga/models/trips";
import { mapBreadcrumb } from "../../src/providers/azuga/models/vehicle-locations";
import { mapVehicle } from "../../src/providers/azuga/models/vehicles";
import { azugaPace } from "../../src/providers/azuga/pace";
import { rowsOf } from "../../src/providers/azuga/values";
import { ProviderError } from "../../src/providers/errors";

const trackee = {
  trackeeId: "7f3c0a1e-0000-4000-8000-000000000007",
  name: "Truck 7",
  make: "Ford",
  model: "Transit",
  year: 2021,
  vin: "1ftbw2cm5mka00007",
  licensePlateNo: "8ABC123",
  assetno: "A-7",
  ownership: "Owned",
  trackeeTypeId: 1,
  odoSource: "Vehicle",
  vehicleSupportedOdoValue: 1,
  vehicleDeviceCurrentodoReading: 48211.4,
  vehicleDeviceOdoReading: 48211.4,
  lastContactDate: 1700000000000,
  userId: "5d1e9b2c-0000-4000-8000-000000000003",
};

describe("Azuga mapping", () => {
  it("maps a trackee to a vehicle: name, VIN (upper case), make, model, year, plate", () => {
    expect(mapVehicle(trackee)).toEqual({
      sourceId: trackee.trackeeId,
      status: "active",
      name: "Truck 7",
      vin: "1FTBW2CM5MKA00007",
      make: "Ford",
      model: "Transit",
      year: 2021,
      licensePlate: { number: "8ABC123" },
      groupSourceIds: [],
      deviceSourceIds: [],
    });
    // Numeric ids and blank fields.
    expect(mapVehicle({ ...trackee, trackeeId: 4512, vin: "", year: "0", licensePlateNo: null })).toEqual({
      sourceId: "4512",
      status: "active",
      name: "Truck 7",
      make: "Ford",
      model: "Transit",
      groupSourceIds: [],
      deviceSourceIds: [],
    });
    expect(() => mapVehicle({ name: "no id" })).toThrow(ProviderError);
  });

  it("maps a driver user: names, email, primaryContactNumber, licence", () => {
    expect(
      mapDriver({
        id: "5d1e9b2c-0000-4000-8000-000000000003",
        firstName: "Ana",
        lastName: "Garcia",
        email: "ana@fleet.example",
        primaryContactNumber: "+15551230003",
        licenseNumber: "D1234567",
        licenseState: "CA",
        licenseExpiry: "2029-06-30",
        userName: "agarcia",
        userType: "driver",
      }),
    ).toEqual({
      sourceId: "5d1e9b2c-0000-4000-8000-000000000003",
      status: "active",
      firstName: "Ana",
      lastName: "Garcia",
      email: "ana@fleet.example",
      phone: "+15551230003",
      username: "agarcia",
      license: { state: "CA", number: "D1234567" },
      groupSourceIds: [],
    });
  });

  it("maps a latest location: epoch-ms time, km/h, km, the engine from tripStateId", () => {
    const fix = {
      trackeeId: trackee.trackeeId,
      trackeeName: "Truck 7",
      firstName: "Ana",
      lastName: "Garcia",
      driverId: "5d1e9b2c-0000-4000-8000-000000000003",
      address: "",
      lastKnownAddress: "1 Main St, Los Angeles, CA",
      storedLocation: false,
      latitude: 34.05223,
      longitude: -118.24368,
      speed: 72.456,
      heading: 90,
      odometer: 48211.4,
      tripStateId: 1,
      eventTime: 1700000000000,
    };
    expect(mapLatestLocation(fix)).toEqual({
      vehicleSourceId: trackee.trackeeId,
      driverSourceId: "5d1e9b2c-0000-4000-8000-000000000003",
      locatedAt: "2023-11-14T22:13:20.000Z",
      location: { latitude: 34.05223, longitude: -118.24368 },
      address: "1 Main St, Los Angeles, CA",
      heading: 90,
      speed: 72.46,
      odometer: 48211.4,
      engineState: "on",
    });
    expect(mapLatestLocation({ ...fix, tripStateId: 0, driverId: null }).engineState).toBe("off");
    expect(mapLatestLocation({ ...fix, tripStateId: 2 }).engineState).toBe("on");
    expect(mapLatestLocation({ ...fix, tripStateId: null }).engineState).toBeUndefined();
    expect(() => mapLatestLocation({ ...fix, latitude: 123 })).toThrow(ProviderError);
  });

  it("maps a trip report row; a trip not finished is refused", () => {
    const row = {
      tripId: "3a7b4c5d-0000-4000-8000-000000000007-1700000000000",
      vehicleId: trackee.trackeeId,
      vehicleName: "Truck 7",
      driverId: "5d1e9b2c-0000-4000-8000-000000000003",
      startTime: 1700000000000,
      endTime: 1700003600000,
      startLatitude: 34.05223,
      startLongitude: -118.24368,
      endLatitude: 34.2,
      endLongitude: -118.1,
      startAddress: "a",
      endAddress: "b",
      distance: 42.123,
    };
    expect(mapTrip(row)).toEqual({
      sourceId: row.tripId,
      vehicleSourceId: trackee.trackeeId,
      driverSourceId: "5d1e9b2c-0000-4000-8000-000000000003",
      startLocation: { latitude: 34.05223, longitude: -118.24368 },
      endLocation: { latitude: 34.2, longitude: -118.1 },
      distance: 42.12,
      startedAt: "2023-11-14T22:13:20.000Z",
      endedAt: "2023-11-14T23:13:20.000Z",
    });
    expect(mapTrip({ ...row, endLatitude: 0, endLongitude: 0, driverId: null })).not.toHaveProperty("endLocation");
    expect(() => mapTrip({ ...row, endTime: null })).toThrow(ProviderError);
  });

  it("maps a breadcrumb report row to a batch of one point", () => {
    expect(
      mapBreadcrumb({
        vehicleId: trackee.trackeeId,
        vehicleName: "Truck 7",
        driverId: null,
        eventTime: 1700000030000,
        latitude: 34.06,
        longitude: -118.25,
        speed: 55.5,
        heading: 45,
        address: "2 Main St",
        odometer: 48212,
      }),
    ).toEqual({
      vehicleSourceId: trackee.trackeeId,
      points: [
        {
          locatedAt: "2023-11-14T22:13:50.000Z",
          location: { latitude: 34.06, longitude: -118.25 },
          heading: 45,
          speed: 55.5,
          address: "2 Main St",
        },
      ],
    });
  });

  it("takes the first array of a `data` whatever its shape", () => {
    expect(rowsOf([1, 2])).toEqual([1, 2]);
    expect(rowsOf({ result: [3], totalCount: 1 })).toEqual([3]);
    expect(rowsOf({ total: 0 })).toBeUndefined();
  });

  it("maps failures: 429 with the seconds its text states, 401, 5xx, 400", () => {
    const url = new URL("https://services.azuga.com/azuga-ws-oauth/v3/trackees.json");
    const limited = failure(url, new Response("", { status: 429 }), "Retry after 42 seconds.", true);
    expect(limited).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 42 });
    const headed = failure(url, new Response("", { status: 429, headers: { "retry-after": "7" } }), "", true);
    expect(headed.retryAfterSeconds).toBe(7);
    expect(failure(url, new Response("", { status: 429 }), "slow down", true).retryAfterSeconds).toBe(60);
    expect(failure(url, new Response("", { status: 401 }), "", true).kind).toBe("unauthorized");
    expect(failure(url, new Response("", { status: 503 }), "", true).kind).toBe("unavailable");
    expect(failure(url, new Response("", { status: 400 }), "GET not supported", true).kind).toBe("malformed");
  });

  it("paces every endpoint at the documented one request a minute unless the deployment says otherwise", () => {
    expect(azugaPace({})).toMatchObject({
      trackees: { requests: 1, perSeconds: 60 },
      users: { requests: 1, perSeconds: 60 },
      latestlocation: { requests: 1, perSeconds: 60 },
      "report-trip": { requests: 1, perSeconds: 60 },
      "report-breadcrumb": { requests: 1, perSeconds: 60 },
    });
    expect(azugaPace({ AZUGA_REQUESTS_PER_MINUTE: "30" })["report-trip"]).toEqual({ requests: 30, perSeconds: 60 });
    expect(azugaPace({ AZUGA_REQUESTS_PER_MINUTE: "nope" }).trackees!.requests).toBe(1);
    for (const model of ["vehicles", "drivers", "latestVehicleLocations", "trips", "vehicleLocations"] as const) {
      expect(Object.keys(azugaPace({}))).toContain(azugaAdapter.paceBucket[model]);
    }
  });
});
