/**
 * Verizon Connect Reveal: payloads in Verizon's own shapes (providers-more.md 1.3, its example
 * values) mapped to the normalized model, field by field and quirk by quirk (dates without a
 * zone, `UpdateUTC` and `UpdateUtc`, wrapped drivers, private points, running segments, DTCs).
 * The adapter's reads against the fake are in verizon-adapter.test.ts.
 */
import { describe, expect, it } from "vitest";
import { tokenOf } from "../../src/providers/verizon/client";
import { verizonDate, verizonIso, verizonMs } from "../../src/providers/verizon/dates";
import { mapDriver } from "../../src/providers/verizon/models/drivers";
import { mapDtc } from "../../src/providers/verizon/models/fault-code-events";
import { mapLatestLocation } from "../../src/providers/verizon/models/latest-vehicle-locations";
import { mapSegment } from "../../src/providers/verizon/models/trips";
import { mapHistoryPoint } from "../../src/providers/verizon/models/vehicle-locations";
import { mapVehicle } from "../../src/providers/verizon/models/vehicles";

const malformed = (run: () => unknown) => expect(run).toThrow(expect.objectContaining({ kind: "malformed" }));

const ADDRESS = {
  AddressLine1: "101 Main St, Plymouth, IN 46563, USA",
  Locality: "Plymouth",
  AdministrativeArea: "IN",
  PostalCode: "46563",
  Country: "USA",
};
const LOCATION = {
  Address: ADDRESS,
  DeltaDistance: 0.4,
  DeltaTime: 30,
  DeviceTimeZoneOffset: -5,
  DeviceTimeZoneUseDST: true,
  DisplayState: "Moving",
  Direction: 92,
  Heading: "E",
  DriverNumber: "0488",
  GeoFenceName: null,
  Latitude: 41.3434,
  Longitude: -86.3097,
  Speed: 72.4,
  UpdateUTC: "2026-06-13T20:00:00",
  IsPrivate: false,
};

describe("Verizon Connect Reveal: mapping", () => {
  it("dates are UTC without a zone: read as UTC, written without `Z` nor milliseconds", () => {
    expect(verizonIso("2026-06-13T20:00:00")).toBe("2026-06-13T20:00:00.000Z");
    expect(verizonMs("2026-06-13T20:00:00")).toBe(Date.parse("2026-06-13T20:00:00Z"));
    expect(verizonIso("2026-06-13T15:00:00-05:00")).toBe("2026-06-13T20:00:00.000Z");
    expect(verizonDate(Date.parse("2026-06-13T20:00:00.123Z"))).toBe("2026-06-13T20:00:00");
    malformed(() => verizonIso("yesterday"));
  });

  it("a token is the bare text of /token, quoted or not, or a JSON body's token", () => {
    expect(tokenOf("abc.def\n")).toBe("abc.def");
    expect(tokenOf('"abc.def"')).toBe("abc.def");
    expect(tokenOf('{"token":"abc.def"}')).toBe("abc.def");
    expect(tokenOf("")).toBeUndefined();
  });

  it("a vehicle: its number is its id, the plate its registration, economy from the rated MPGs", () => {
    const vehicle = mapVehicle({
      Name: "Truck 12",
      VehicleNumber: "TRK-0012",
      RegistrationNumber: "7ABC123",
      VIN: "1FTFW1E50PFA00001",
      Make: "Ford",
      Year: 2023,
      Model: "F-150",
      TankCapacity: 26,
      HighwayMPG: 24,
      CityMPG: 20,
      FuelType: 1,
      VehicleSize: 1,
      HasNavigationDevice: false,
      HasTachograph: false,
      VehicleId: 70012,
    });
    expect(vehicle).toEqual({
      sourceId: "TRK-0012",
      status: "active",
      name: "Truck 12",
      vin: "1FTFW1E50PFA00001",
      make: "Ford",
      model: "F-150",
      year: 2023,
      licensePlate: { number: "7ABC123" },
      // 55 % city and 45 % highway, harmonically: 21.62 mpg → 10.88 L/100 km.
      fuelEfficiency: 10.88,
      groupSourceIds: [],
      deviceSourceIds: [],
    });
    expect(mapVehicle({ VehicleNumber: "9", Name: null, VIN: "", CityMPG: 0, HighwayMPG: null })).toEqual({
      sourceId: "9",
      status: "active",
      groupSourceIds: [],
      deviceSourceIds: [],
    });
    malformed(() => mapVehicle({ Name: "no number", VehicleNumber: null }));
  });

  it("a driver comes wrapped with its links; CreatedDateUTC is UTC without a zone", () => {
    const driver = mapDriver({
      Driver: {
        CreatedDateUTC: "2025-03-04T05:06:07",
        DriverNumber: "0488",
        EmailAddress: "ana.garcia@fleet.example",
        FirstName: "Ana",
        LastName: "Garcia",
        EnableMobileAccess: true,
        PhoneNumber: "+15550001111",
        UserApiInsteadOfSts: false,
      },
      Links: { Self: { Href: "https://fim.api.us.fleetmatics.com/cmd/v1/drivers/0488" } },
    });
    expect(driver).toEqual({
      sourceId: "0488",
      status: "active",
      firstName: "Ana",
      lastName: "Garcia",
      email: "ana.garcia@fleet.example",
      phone: "+15550001111",
      groupSourceIds: [],
      createdAt: "2025-03-04T05:06:07.000Z",
    });
    // An unwrapped driver is not a listing element.
    malformed(() => mapDriver({ DriverNumber: "0488", FirstName: "Ana" }));
  });

  it("a bulk location element: `UpdateUTC`, km/h, Direction as heading, the whole address line", () => {
    const element = {
      VehicleNumber: "TRK-0012",
      StatusCode: 200,
      ContentResource: { Value: LOCATION, StatusCode: 200 },
    };
    expect(mapLatestLocation(element)).toEqual({
      vehicleSourceId: "TRK-0012",
      driverSourceId: "0488",
      locatedAt: "2026-06-13T20:00:00.000Z",
      location: { latitude: 41.3434, longitude: -86.3097 },
      address: "101 Main St, Plymouth, IN 46563, USA",
      heading: 92,
      speed: 72.4,
      engineState: "on",
    });
    const idle = { ...LOCATION, DisplayState: "Idle" };
    expect(mapLatestLocation({ ...element, ContentResource: { Value: idle, StatusCode: 200 } }).engineState).toBe(
      "idle",
    );
    const charging = { ...LOCATION, DisplayState: "Charging" };
    expect(mapLatestLocation({ ...element, ContentResource: { Value: charging } })).not.toHaveProperty("engineState");
    const split = {
      ...LOCATION,
      Address: { AddressLine1: "101 Main St", Locality: "Plymouth", AdministrativeArea: "IN" },
    };
    expect(mapLatestLocation({ ...element, ContentResource: { Value: split, StatusCode: 200 } }).address).toBe(
      "101 Main St, Plymouth, IN",
    );
    // A private location shows no position; a vehicle Verizon could not answer for has none.
    malformed(() => mapLatestLocation({ ...element, ContentResource: { Value: { ...LOCATION, IsPrivate: true } } }));
    malformed(() => mapLatestLocation({ VehicleNumber: "TRK-0012", StatusCode: 404, ContentResource: null }));
  });

  it("a history point: `UpdateUtc` (not `UpdateUTC`), its driver and speed; private points have no position", () => {
    const point = {
      VehicleNumber: "TRK-0012",
      VehicleName: "Truck 12",
      UpdateUtc: "2026-06-13T20:00:30",
      OdometerInKM: 120345.2,
      IsPrivate: false,
      DriverNumber: "0488",
      FirstName: "Ana",
      LastName: "Garcia",
      Address: ADDRESS,
      Latitude: 41.35,
      Longitude: -86.3,
      Speed: 64,
      BatteryLevel: null,
    };
    expect(mapHistoryPoint(point)).toEqual({
      vehicleSourceId: "TRK-0012",
      points: [
        {
          locatedAt: "2026-06-13T20:00:30.000Z",
          location: { latitude: 41.35, longitude: -86.3 },
          speed: 64,
          address: "101 Main St, Plymouth, IN 46563, USA",
          driverSourceId: "0488",
        },
      ],
    });
    const { UpdateUtc, ...withoutTime } = point;
    malformed(() => mapHistoryPoint({ ...withoutTime, UpdateUTC: UpdateUtc }));
    malformed(() => mapHistoryPoint({ ...point, IsPrivate: true }));
  });

  it("a segment: times without a zone, km, the group's driver; private ends left out; in progress refused", () => {
    const segment = {
      StartDateUtc: "2026-06-13T14:00:00",
      StartLocation: { ...ADDRESS, Latitude: 41.3434, Longitude: -86.3097 },
      StartLocationIsPrivate: false,
      EndDateUtc: "2026-06-13T15:30:00",
      EndLocation: { AddressLine1: null, Latitude: null, Longitude: null },
      EndLocationIsPrivate: true,
      IsComplete: true,
      DistanceKilometers: 88.456,
    };
    const item = {
      VehicleNumber: "TRK-0012",
      Driver: { FirstName: "Ana", LastName: "Garcia", Number: "0488" },
      Vehicle: { Name: "Truck 12", Number: "TRK-0012" },
      Segment: segment,
    };
    expect(mapSegment(item)).toEqual({
      sourceId: "TRK-0012/2026-06-13T14:00:00.000Z",
      vehicleSourceId: "TRK-0012",
      driverSourceId: "0488",
      startLocation: { latitude: 41.3434, longitude: -86.3097 },
      distance: 88.46,
      startedAt: "2026-06-13T14:00:00.000Z",
      endedAt: "2026-06-13T15:30:00.000Z",
    });
    const running = { ...segment, IsComplete: false, EndDateUtc: null, EndLocation: null, DistanceKilometers: null };
    malformed(() => mapSegment({ ...item, Segment: running }));
  });

  it("an entry: OBD-II or J1939 code, open while active, closed after, as of its last update", () => {
    const item = (DTC: string, IsActive: boolean) => ({
      VehicleNumber: "TRK-0012",
      VehicleName: "Truck 12",
      DTC: { DTC, IsActive, LastUpdatedDateTime: "2026-06-13T09:15:00" },
    });
    expect(mapDtc(item("p0171", true))).toEqual({
      vehicleSourceId: "TRK-0012",
      observations: [
        {
          protocol: "obdii",
          code: "P0171",
          status: "open",
          observedAt: "2026-06-13T09:15:00.000Z",
          raw: { DTC: "p0171", IsActive: true, LastUpdatedDateTime: "2026-06-13T09:15:00" },
        },
      ],
    });
    expect(mapDtc(item("SPN 110 FMI 0", false)).observations[0]).toMatchObject({
      protocol: "j1939",
      code: "110",
      j1939: { spn: 110, fmi: 0 },
      status: "closed",
    });
    malformed(() => mapDtc(item("ENGINE LIGHT", true)));
  });
});
