/**
 * MiX Telematics: payloads in MiX Integrate's own shapes (providers-more.md section 3, PascalCase
 * entities of its SDK, invented values) mapped to the normalized model, field by field, and the
 * wire details the client relies on: 64-bit ids read exactly, `yyyyMMddHHmmss` path times, the
 * token renewal margin.
 */
import { describe, expect, it } from "vitest";
import { mixIso, mixPathTime } from "../../src/providers/mix-telematics/dates";
import { idArray, parseMixJson } from "../../src/providers/mix-telematics/json";
import { mapDriver } from "../../src/providers/mix-telematics/models/drivers";
import { mapGroup } from "../../src/providers/mix-telematics/models/groups";
import { mapHistoricalPosition, mapLatestPosition } from "../../src/providers/mix-telematics/models/positions";
import { mapTrailer } from "../../src/providers/mix-telematics/models/trailers";
import { mapTrip } from "../../src/providers/mix-telematics/models/trips";
import { mapVehicle } from "../../src/providers/mix-telematics/models/vehicles";
import { renewAt } from "../../src/providers/mix-telematics/tokens";

const malformed = (run: () => unknown) => expect(run).toThrow(expect.objectContaining({ kind: "malformed" }));

const ASSET = `{"AssetId":-7205759403792793599,"AssetTypeId":1,"Description":"Truck 12","RegistrationNumber":"CA 7ABC123",
  "SiteId":-6917529027641081855,"FleetNumber":"T12","Make":"Volvo","Model":"VNL 860","Year":"2022",
  "VinNumber":"4V4NC9EH5NN000001","SerialNumber":null,"EngineNumber":"","FuelType":"Diesel","FuelTankCapacity":567.8,
  "DefaultDriverId":0,"Odometer":120345.6,"EngineHours":"1.02:03:04","IsConnectedTrailer":false,"UserState":"Active",
  "CreatedDate":"2025-03-04T05:06:07Z","Country":"United States"}`;

const POSITION = {
  PositionId: "3000000000000000123",
  AssetId: "-7205759403792793599",
  DriverId: "-8000000000000000007",
  Timestamp: "2026-11-27T10:15:30Z",
  Latitude: 34.0522,
  Longitude: -118.2437,
  SpeedKilometresPerHour: 72.456,
  SpeedLimit: 100,
  AltitudeMetres: 90,
  Heading: 92,
  NumberOfSatellites: 9,
  Hdop: 0.9,
  AgeOfReadingSeconds: 2,
  DistanceSinceReadingKilometres: 0.4,
  OdometerKilometres: 120345.678,
  FormattedAddress: "1200 S Alameda St, Los Angeles, CA 90021, USA",
  Source: "Normal",
  IsAvl: false,
};

describe("MiX Telematics: wire details", () => {
  it("reads 64-bit ids exactly (beyond 2^53, negative) and writes them back bare", () => {
    const asset = parseMixJson("MiX", ASSET) as Record<string, unknown>;
    expect(asset.AssetId).toBe("-7205759403792793599");
    expect(asset.SiteId).toBe("-6917529027641081855");
    expect(asset.DefaultDriverId).toBe(0);
    expect(asset.AssetTypeId).toBe(1);
    expect(idArray(["-7205759403792793599", "12"])).toBe("[-7205759403792793599,12]");
    expect(() => idArray(["1,2"])).toThrow();
    malformed(() => parseMixJson("MiX", '{"AssetId":'));
  });

  it("writes path times as UTC yyyyMMddHHmmss and reads MiX's date-times as UTC", () => {
    expect(mixPathTime(Date.parse("2026-11-27T09:08:07.654Z"))).toBe("20261127090807");
    expect(mixIso("MiX", "2026-11-27T09:08:07Z")).toBe("2026-11-27T09:08:07.000Z");
    expect(mixIso("MiX", "2026-11-27T09:08:07")).toBe("2026-11-27T09:08:07.000Z");
    malformed(() => mixIso("MiX", "yesterday"));
  });

  it("renews a token a tenth of its lifetime early, at most a minute", () => {
    expect(renewAt(0, 3600)).toBe(3_540_000);
    expect(renewAt(0, 60)).toBe(54_000);
  });
});

describe("MiX Telematics: mapping", () => {
  it("maps an asset to a vehicle", () => {
    expect(mapVehicle(parseMixJson("MiX", ASSET))).toEqual({
      sourceId: "-7205759403792793599",
      status: "active",
      name: "Truck 12",
      vin: "4V4NC9EH5NN000001",
      make: "Volvo",
      model: "VNL 860",
      year: 2022,
      licensePlate: { number: "CA 7ABC123" },
      fuelType: "diesel",
      fuelTankCapacity: 567.8,
      groupSourceIds: ["-6917529027641081855"],
      deviceSourceIds: [],
      createdAt: "2025-03-04T05:06:07.000Z",
    });
    const asset = parseMixJson("MiX", ASSET) as Record<string, unknown>;
    expect(
      mapVehicle({ ...asset, UserState: "Inactive", FuelType: "Petrol", Year: "0", FuelTankCapacity: 0 }),
    ).toMatchObject({
      status: "inactive",
      fuelType: "gasoline",
    });
    expect(mapVehicle({ ...asset, Year: "0", FuelTankCapacity: 0 })).not.toHaveProperty("year");
    malformed(() => mapVehicle({ Description: "no id" }));
  });

  it("maps a trailer asset", () => {
    const asset = parseMixJson("MiX", ASSET) as Record<string, unknown>;
    expect(
      mapTrailer({ ...asset, AssetTypeId: 2, Description: "Reefer 3", SerialNumber: "TS100003", FuelType: null }),
    ).toEqual({
      sourceId: "-7205759403792793599",
      status: "active",
      name: "Reefer 3",
      vin: "4V4NC9EH5NN000001",
      serialNumber: "TS100003",
      make: "Volvo",
      model: "VNL 860",
      year: 2022,
      licensePlate: { number: "CA 7ABC123" },
      groupSourceIds: ["-6917529027641081855"],
      createdAt: "2025-03-04T05:06:07.000Z",
    });
  });

  it("maps a driver, splitting its one name", () => {
    expect(
      mapDriver({
        DriverId: "-8000000000000000007",
        SiteId: 42,
        Name: "Ana  Maria Garcia",
        EmployeeNumber: "E7",
        MobileNumber: "+15550001111",
        Email: "ana@example.com",
        IsSystemDriver: false,
      }),
    ).toEqual({
      sourceId: "-8000000000000000007",
      status: "active",
      firstName: "Ana",
      lastName: "Maria Garcia",
      email: "ana@example.com",
      phone: "+15550001111",
      groupSourceIds: ["42"],
    });
    expect(mapDriver({ DriverId: 5, Name: "Cher", Email: "" })).toEqual({
      sourceId: "5",
      status: "active",
      firstName: "Cher",
      groupSourceIds: [],
    });
  });

  it("maps groups below the organisation, with their parent", () => {
    expect(mapGroup({ GroupId: "-1", Name: " West ", Type: "DefaultGroup" })).toEqual({ sourceId: "-1", name: "West" });
    expect(mapGroup({ GroupId: 2, Name: "LA Yard", Type: "Site", ParentGroupId: "-1" })).toEqual({
      sourceId: "2",
      name: "LA Yard",
      parentSourceId: "-1",
    });
    malformed(() => mapGroup({ GroupId: 2, Name: "" }));
  });

  it("maps positions: latest and historical", () => {
    expect(mapLatestPosition(POSITION)).toEqual({
      vehicleSourceId: "-7205759403792793599",
      driverSourceId: "-8000000000000000007",
      locatedAt: "2026-11-27T10:15:30.000Z",
      location: { latitude: 34.0522, longitude: -118.2437 },
      address: "1200 S Alameda St, Los Angeles, CA 90021, USA",
      heading: 92,
      speed: 72.46,
      odometer: 120345.68,
    });
    expect(mapHistoricalPosition({ ...POSITION, DriverId: 0 })).toEqual({
      vehicleSourceId: "-7205759403792793599",
      points: [
        {
          sourceId: "3000000000000000123",
          locatedAt: "2026-11-27T10:15:30.000Z",
          location: { latitude: 34.0522, longitude: -118.2437 },
          address: "1200 S Alameda St, Los Angeles, CA 90021, USA",
          heading: 92,
          speed: 72.46,
        },
      ],
    });
    malformed(() => mapLatestPosition({ ...POSITION, Latitude: 0, Longitude: 0 }));
    malformed(() => mapLatestPosition({ ...POSITION, Timestamp: "soon" }));
  });

  it("maps an ended trip (DistanceKilometers, *-ers*) and refuses one still running", () => {
    const trip = {
      TripId: "4000000000000000001",
      AssetId: "-7205759403792793599",
      DriverId: "-8000000000000000007",
      TripStart: "2026-11-26T08:00:00Z",
      TripEnd: "2026-11-26T09:30:00Z",
      StartPosition: { ...POSITION, Latitude: 34.05, Longitude: -118.24 },
      EndPosition: { ...POSITION, Latitude: 34.5, Longitude: -118.9 },
      DrivingTime: 5400,
      Duration: 5400,
      DistanceKilometers: 80.126,
      MaxSpeedKilometersPerHour: 96,
    };
    expect(mapTrip(trip)).toEqual({
      sourceId: "4000000000000000001",
      vehicleSourceId: "-7205759403792793599",
      driverSourceId: "-8000000000000000007",
      startLocation: { latitude: 34.05, longitude: -118.24 },
      endLocation: { latitude: 34.5, longitude: -118.9 },
      distance: 80.13,
      startedAt: "2026-11-26T08:00:00.000Z",
      endedAt: "2026-11-26T09:30:00.000Z",
    });
    malformed(() => mapTrip({ ...trip, TripEnd: null }));
  });
});
