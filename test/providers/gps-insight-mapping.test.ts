/**
 * GPS Insight's payloads, in the shapes of its API v2 documentation (gpsidev/api_v2_documentation,
 * invented values), mapped to the normalized model in the contract's units; its local times and
 * its error envelope read as the adapter must.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { failure, GpsInsightSessionGone } from "../../src/providers/gps-insight/client";
import { formatDate, formatDateTime, offsetOf, parseWallClock } from "../../src/providers/gps-insight/local-time";
import { mapDriver } from "../../src/providers/gps-insight/models/drivers";
import { mapGroup } from "../../src/providers/gps-insight/models/groups";
import { mapLatestLocation } from "../../src/providers/gps-insight/models/latest-vehicle-locations";
import { mapTrip } from "../../src/providers/gps-insight/models/trips";
import { mapBreadcrumb } from "../../src/providers/gps-insight/models/vehicle-locations";
import { mapVehicle } from "../../src/providers/gps-insight/models/vehicles";

const LOCATION = {
  id: "CA4531009001",
  vin: "5FNRL384878031001",
  label: "060199",
  serial_number: 4531009001,
  age_minutes: 493,
  timezone: "MST",
  fix_time: "8/14/15 7:27:10 AM",
  fix_time_mst: "8/14/15 7:27:10 AM MST",
  fix_time_gmt: "2015-08-14T14:27:10+00:00",
  exec_time: "2015-08-14T22:40:15+00:00",
  latitude: 33.6604276,
  longitude: -111.924858,
  landmark_id: 88802,
  landmark: "Headquarters",
  address: "19179 N Scottsdale Rd, Scottsdale, AZ 85255",
  heading: 16,
  ignition: "off",
  max_speed: "0",
  avg_speed: 0,
  inst_speed: 0,
  speed_limit: 45,
  speed_label: "Stopped 8 hrs, 13 min",
  speed_icon: "red_dot",
  odometer: "38616.3",
  voltage: "12.2",
  driver_id: "1",
  first_name: "Dwight",
  last_name: "Eisenhower",
  phone_number: "4805550100",
};

describe("GPS Insight mapping", () => {
  it("maps a vehicle of vehicle/list?details=1 (model year as text, fuel type by name)", () => {
    expect(
      mapVehicle({
        vehicle: {
          id: "CA4572257709",
          vin: "1ftfw1e50nfa00001",
          label: "Truck 7",
          serial_number: 4572257709,
          make: "Ford",
          model: "F-150",
          model_year: "2022",
          license_state: "AZ",
          license_number: "ABC1234",
          odometer: "12034.5",
          fuel_type: "Unleaded Gasoline",
          install_dt: "2023-04-01",
          report_interval: 30,
          idle_gph: "0.8",
          ref_id: "",
        },
        groups: [
          { group_id: 3838, label: "ALL VEHICLES" },
          { group_id: "41", label: "Delivery" },
        ],
      }),
    ).toEqual({
      sourceId: "CA4572257709",
      status: "active",
      name: "Truck 7",
      vin: "1FTFW1E50NFA00001",
      make: "Ford",
      model: "F-150",
      year: 2022,
      licensePlate: { state: "AZ", number: "ABC1234" },
      fuelType: "gasoline",
      groupSourceIds: ["3838", "41"],
      deviceSourceIds: [],
    });
    expect(mapVehicle({ vehicle: { id: "CA1", vin: "", label: "Bare" }, groups: [] })).toEqual({
      sourceId: "CA1",
      status: "active",
      name: "Bare",
      groupSourceIds: [],
      deviceSourceIds: [],
    });
  });

  it("maps a group of vehicle/listvehiclegroups (numeric id, label as its name)", () => {
    expect(mapGroup({ group_id: 3838, label: "ALL VEHICLES" })).toEqual({ sourceId: "3838", name: "ALL VEHICLES" });
    expect(mapGroup({ group_id: "41", label: " " })).toEqual({ sourceId: "41", name: "41" });
    expect(() => mapGroup({ label: "no id" })).toThrow(expect.objectContaining({ kind: "malformed" }));
  });

  it("maps a driver of driver/list (numeric id)", () => {
    expect(
      mapDriver({ id: 2, firstname: "Robert", lastname: "Tanod", email: "rtanod@example.com", phone: "5555553939" }),
    ).toEqual({
      sourceId: "2",
      status: "active",
      firstName: "Robert",
      lastName: "Tanod",
      email: "rtanod@example.com",
      phone: "5555553939",
      groupSourceIds: [],
    });
  });

  it("maps a latest location by its GMT time, miles and mph to km and km/h, numbers sent as strings", () => {
    expect(mapLatestLocation(LOCATION)).toEqual({
      vehicleSourceId: "CA4531009001",
      driverSourceId: "1",
      locatedAt: "2015-08-14T14:27:10.000Z",
      location: { latitude: 33.6604276, longitude: -111.924858 },
      address: "19179 N Scottsdale Rd, Scottsdale, AZ 85255",
      heading: 16,
      speed: 0,
      odometer: 62146.91,
      engineState: "off",
    });
    const moving = mapLatestLocation({ ...LOCATION, inst_speed: "55", ignition: " ", driver_id: "" });
    expect(moving.speed).toBe(88.51);
    expect(moving).not.toHaveProperty("engineState");
    expect(moving).not.toHaveProperty("driverSourceId");
  });

  it("maps a history point to a batch of one breadcrumb", () => {
    expect(
      mapBreadcrumb({
        ...LOCATION,
        fix_time: "7/15/15 07:18:08",
        fix_time_gmt: "2015-07-15T14:18:08+00:00",
        heading: 197,
        inst_speed: 5,
        odometer: 56844.6,
        driver_id: 4551423,
        address: undefined,
      }),
    ).toEqual({
      vehicleSourceId: "CA4531009001",
      points: [
        {
          locatedAt: "2015-07-15T14:18:08.000Z",
          location: { latitude: 33.6604276, longitude: -111.924858 },
          heading: 197,
          speed: 8.05,
          driverSourceId: "4551423",
        },
      ],
    });
  });

  it("maps a trip row: local times at the account's offset, miles to km, the vehicle and start as its id", () => {
    const trip = {
      id: "CA4531009001",
      label: "Truck 149",
      serial_number: 4531009001,
      trip_type: "T",
      trip_start: "May  8 2015 08:44:47",
      trip_end: "May  8 2015 09:14:47",
      duration: 0.5,
      distance: "12.5",
      max_speed: "41",
      avg_speed: 25,
      speed_label: "25 mph",
      latitude_start: 33.632687,
      longitude_start: -111.9791251,
      latitude_end: 33.7,
      longitude_end: -111.8,
      in_progress: 0,
      points: 61,
    };
    expect(mapTrip({ trip, utcOffsetMinutes: -420 })).toEqual({
      sourceId: "CA4531009001@2015-05-08T15:44:47.000Z",
      vehicleSourceId: "CA4531009001",
      startLocation: { latitude: 33.632687, longitude: -111.9791251 },
      endLocation: { latitude: 33.7, longitude: -111.8 },
      distance: 20.12,
      startedAt: "2015-05-08T15:44:47.000Z",
      endedAt: "2015-05-08T16:14:47.000Z",
    });
    expect(() => mapTrip({ trip: { ...trip, trip_end: "May  8 2015 07:00:00" }, utcOffsetMinutes: -420 })).toThrow(
      ProviderError,
    );
  });

  it("refuses a point without its GMT time or with a position that is not one", () => {
    const { fix_time_gmt: _gmt, ...withoutGmt } = LOCATION;
    expect(() => mapLatestLocation(withoutGmt)).toThrow(expect.objectContaining({ kind: "malformed" }));
    expect(() => mapBreadcrumb({ ...LOCATION, latitude: "north" })).toThrow(
      expect.objectContaining({ kind: "malformed" }),
    );
  });

  it("reads GPS Insight's local times and writes its date parameters", () => {
    expect(parseWallClock("May  8 2015 08:44:47")).toBe(Date.UTC(2015, 4, 8, 8, 44, 47));
    expect(parseWallClock("Jul 31 2015 19:15:14")).toBe(Date.UTC(2015, 6, 31, 19, 15, 14));
    expect(parseWallClock("8/14/15 7:27:10 PM")).toBe(Date.UTC(2015, 7, 14, 19, 27, 10));
    expect(parseWallClock("8/14/15 12:05:00 AM")).toBe(Date.UTC(2015, 7, 14, 0, 5, 0));
    expect(parseWallClock("7/15/15 07:18:08")).toBe(Date.UTC(2015, 6, 15, 7, 18, 8));
    expect(parseWallClock("7/15/15 07:18:08 MST")).toBe(Date.UTC(2015, 6, 15, 7, 18, 8));
    expect(parseWallClock("yesterday")).toBeNaN();
    expect(offsetOf(LOCATION)).toBe(-420);
    expect(offsetOf({ fix_time: "8/14/15 10:27:10 AM", fix_time_gmt: "2015-08-14T14:27:10+00:00" })).toBe(-240);
    expect(formatDate(Date.UTC(2015, 7, 1, 13))).toBe("8/1/2015");
    expect(formatDateTime(Date.UTC(2015, 7, 1, 3, 4, 5))).toBe("8/1/2015 03:04:05");
  });

  it("maps the error envelope: an expired session, throttling, server errors, a refused call", () => {
    const answer = (code: number, message: string) => ({ head: { status: "ERROR" }, errors: [{ code, message }] });
    const ok = new Response("", { status: 200 });
    expect(failure("vehicle/list", answer(403, "Forbidden (session does not exist)"), ok)).toBeInstanceOf(
      GpsInsightSessionGone,
    );
    const throttled = failure(
      "vehicle/list",
      answer(429, "Too Many Requests"),
      new Response("", { status: 429, headers: { "retry-after": "3" } }),
    );
    expect(throttled).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 3 });
    expect(failure("vehicle/list", answer(500, "Internal Server Error"), ok).kind).toBe("unavailable");
    expect(failure("vehicle/list", answer(403, "Forbidden"), ok).kind).toBe("unauthorized");
    expect(failure("vehicle/history", answer(400, "Bad Request"), ok).kind).toBe("malformed");
  });
});
