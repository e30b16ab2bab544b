/**
 * Webfleet mappings, from rows in WEBFLEET.connect's own shapes (providers-more.md 2.3):
 * micro-degrees to degrees, trip metres to km and seconds to ms, the odometer's 100 m steps to
 * km, ISO 8601 UTC times; the error codes (HTTP 200 + X-Webfleet-Errorcode) to the kinds the
 * sync engine acts on; and the per-action pace, the slow quotas from the deployment's settings.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { webfleetAdapter } from "../../src/providers/webfleet/adapter";
import { webfleetFailure } from "../../src/providers/webfleet/errors";
import { quotaRetrySeconds, webfleetPace } from "../../src/providers/webfleet/pace";

const objectRow = {
  objectno: "042",
  objectname: "Truck 42",
  objectclassname: "Truck",
  objectuid: "1-1-5301430A0E",
  msgtime: "2026-11-20T10:15:05Z",
  pos_time: "2026-11-20T10:15:00Z",
  latitude_mdeg: 51363008,
  longitude_mdeg: 13738070,
  postext: "Dresden, Bautzner Str.",
  speed: 87,
  course: 225,
  ignition: 1,
  standstill: 0,
  driver: "D007",
  drivername: "Ana Garcia",
  odometer: 1252733,
};

const tripRow = {
  tripid: 20412000421,
  tripmode: 0,
  objectno: "042",
  objectname: "Truck 42",
  objectuid: "1-1-5301430A0E",
  start_time: "2026-11-20T06:01:30Z",
  start_odometer: 1250000,
  start_latitude: 51363008,
  start_longitude: 13738070,
  end_time: "2026-11-20T08:31:30Z",
  end_odometer: 1251800,
  end_latitude: 52520008,
  end_longitude: 13404954,
  duration: 9000,
  idle_time: 600,
  distance: 180423,
  avg_speed: 72,
  max_speed: 104,
  fuel_usage: 51.37,
  driverno: "D007",
  drivername: "Ana Garcia",
  driveruid: "3-1-AB12",
};

describe("Webfleet payloads to the normalized model", () => {
  it("maps an object report row to a vehicle and its latest location", () => {
    expect(webfleetAdapter.normalize("vehicles", objectRow)).toEqual({
      sourceId: "1-1-5301430A0E",
      status: "active",
      name: "Truck 42",
      groupSourceIds: [],
      deviceSourceIds: [],
    });
    expect(webfleetAdapter.normalize("latestVehicleLocations", objectRow)).toEqual({
      vehicleSourceId: "1-1-5301430A0E",
      locatedAt: "2026-11-20T10:15:00.000Z",
      location: { latitude: 51.363008, longitude: 13.73807 },
      address: "Dresden, Bautzner Str.",
      heading: 225,
      speed: 87,
      odometer: 125273.3,
      engineState: "on",
    });
    const parked = { ...objectRow, ignition: 1, standstill: 1, speed: 0 };
    expect(webfleetAdapter.normalize("latestVehicleLocations", parked).engineState).toBe("idle");
    expect(webfleetAdapter.normalize("latestVehicleLocations", { ...objectRow, ignition: 0 }).engineState).toBe("off");
    // The vehicles read adds each object's groups (showObjectGroupObjects) as `objectgroups`.
    expect(
      webfleetAdapter.normalize("vehicles", { ...objectRow, objectgroups: ["North", "Reefers"] }).groupSourceIds,
    ).toEqual(["North", "Reefers"]);
    // An unnamed object is known by its number.
    expect(webfleetAdapter.normalize("vehicles", { ...objectRow, objectname: "" }).name).toBe("042");
  });

  it("maps an object group: flat, known by its name", () => {
    expect(webfleetAdapter.normalize("groups", { objectgroupname: "North", objectcount: 12 })).toEqual({
      sourceId: "North",
      name: "North",
    });
  });

  it("maps a driver report row: one name split into first and last, the number as username", () => {
    const row = {
      driverno: "D007",
      driveruid: "3-1-AB12",
      name1: "Ana Maria Garcia",
      name2: "",
      name3: "",
      email: "ana@fleet.example",
      telmobile: "+49 (151) 555-0143",
      telprivate: "",
      company: "",
    };
    expect(webfleetAdapter.normalize("drivers", row)).toEqual({
      sourceId: "3-1-AB12",
      status: "active",
      firstName: "Ana",
      lastName: "Maria Garcia",
      email: "ana@fleet.example",
      phone: "+491515550143",
      username: "D007",
      groupSourceIds: [],
    });
  });

  it("maps a trip report row: metres to km, micro-degrees to degrees", () => {
    expect(webfleetAdapter.normalize("trips", tripRow)).toEqual({
      sourceId: "20412000421",
      vehicleSourceId: "1-1-5301430A0E",
      driverSourceId: "3-1-AB12",
      startLocation: { latitude: 51.363008, longitude: 13.73807 },
      endLocation: { latitude: 52.520008, longitude: 13.404954 },
      distance: 180.42,
      startedAt: "2026-11-20T06:01:30.000Z",
      endedAt: "2026-11-20T08:31:30.000Z",
    });
    const anonymous = { ...tripRow, driverno: "", driveruid: "", start_latitude: 0, start_longitude: 0 };
    const trip = webfleetAdapter.normalize("trips", anonymous);
    expect(trip).not.toHaveProperty("driverSourceId");
    expect(trip).not.toHaveProperty("startLocation");
  });

  it("sums a vehicle-day of trips into utilization: driving is duration less idle time, in ms", () => {
    const second = {
      ...tripRow,
      tripid: 20412000422,
      start_time: "2026-11-20T09:00:00Z",
      end_time: "2026-11-20T10:00:00Z",
      duration: 3600,
      idle_time: 0,
      distance: 60000,
      fuel_usage: 17.5,
    };
    expect(
      webfleetAdapter.normalize("vehicleUtilization", {
        objectuid: "1-1-5301430A0E",
        date: "2026-11-20",
        trips: [second, tripRow],
      }),
    ).toEqual({
      vehicleSourceId: "1-1-5301430A0E",
      date: "2026-11-20",
      startAt: "2026-11-20T06:01:30.000Z",
      endAt: "2026-11-20T10:00:00.000Z",
      distance: 240.42,
      fuelConsumed: 68.87,
      durations: { driving: (9000 - 600 + 3600) * 1000, idling: 600_000 },
    });
  });

  it("maps a track point with the vehicle it was read for", () => {
    const payload = {
      objectuid: "1-1-5301430A0E",
      track: { latitude: 51363008, longitude: 13738070, pos_time: "2026-11-20T10:15:00Z", speed: 102, course: 225 },
    };
    expect(webfleetAdapter.normalize("vehicleLocations", payload)).toEqual({
      vehicleSourceId: "1-1-5301430A0E",
      points: [
        {
          locatedAt: "2026-11-20T10:15:00.000Z",
          location: { latitude: 51.363008, longitude: 13.73807 },
          heading: 225,
          speed: 102,
        },
      ],
    });
  });

  it("refuses rows of another shape as malformed", () => {
    for (const [model, payload] of [
      ["vehicles", { objectname: "no uid" }],
      ["trips", { ...tripRow, start_time: "yesterday" }],
      ["trips", { ...tripRow, end_time: "2026-11-20T05:00:00Z" }],
      ["drivers", { driverno: "D1" }],
      ["latestVehicleLocations", { ...objectRow, latitude_mdeg: null }],
    ] as const) {
      expect(() => webfleetAdapter.normalize(model, payload), model).toThrow(
        expect.objectContaining({ name: "ProviderError", kind: "malformed" }),
      );
    }
  });
});

describe("Webfleet errors and pace", () => {
  it("maps error codes: throttling to rate_limited with a wait, refusals to unauthorized, the rest to unavailable", () => {
    const kinds = (code: number) => {
      const error = webfleetFailure("showTripReportExtern", code, "text", 60);
      return [error.kind, error.retryAfterSeconds];
    };
    expect(kinds(8011)).toEqual(["rate_limited", 60]);
    expect(kinds(8015)).toEqual(["rate_limited", 10]);
    expect(kinds(10000)).toEqual(["rate_limited", 30]);
    expect(kinds(1001)).toEqual(["unauthorized", undefined]);
    expect(kinds(8)).toEqual(["unauthorized", undefined]);
    expect(kinds(9199)).toEqual(["unavailable", undefined]);
    expect(kinds(60)).toEqual(["unavailable", undefined]);
    expect(webfleetFailure("showTracks", 8011, "quota", 6)).toBeInstanceOf(ProviderError);
  });

  it("declares the documented quotas per action, the slow ones replaced by the deployment's settings", () => {
    expect(webfleetPace({})).toEqual({
      showObjectReportExtern: { requests: 6, perSeconds: 60 },
      showDriverReportExtern: { requests: 10, perSeconds: 60 },
      showTripReportExtern: { requests: 1, perSeconds: 60 },
      showTracks: { requests: 10, perSeconds: 60 },
      showObjectGroups: { requests: 10, perSeconds: 60 },
      showObjectGroupObjects: { requests: 10, perSeconds: 60 },
    });
    expect(webfleetPace({ WEBFLEET_TRIPS_PER_MINUTE: "0", WEBFLEET_TRACKS_PER_MINUTE: "2.5" })).toEqual(
      webfleetPace({}),
    );
    expect(quotaRetrySeconds({}, "showTripReportExtern")).toBe(60);
    // The adapter declares the documented limits; the test bindings raise the slow ones to 600 a minute.
    expect(webfleetAdapter.requestPace).toEqual(webfleetPace({}));
    expect(env.WEBFLEET_TRIPS_PER_MINUTE).toBe("600");
    const paces = webfleetAdapter.paceFor(env);
    expect(paces.showTripReportExtern).toEqual({ requests: 600, perSeconds: 60 });
    expect(paces.showTracks).toEqual({ requests: 600, perSeconds: 60 });
    expect(paces.showObjectReportExtern).toEqual({ requests: 600, perSeconds: 60 });
    expect(paces.showDriverReportExtern).toEqual({ requests: 10, perSeconds: 60 });
    expect(webfleetAdapter.paceBucket.trips).toBe("showTripReportExtern");
    expect(webfleetAdapter.paceBucket.vehicleUtilization).toBe("showTripReportExtern");
    expect(webfleetAdapter.paceBucket.vehicleLocations).toBe("showTracks");
  });
});
