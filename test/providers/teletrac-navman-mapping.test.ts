/**
 * Teletrac Navman TN360: payloads in TN360's own shapes (providers-more.md section 7: bare arrays
 * or `{data, meta}`, `GPS` objects in km/h, m and degrees, ISO times with the fleet's local offset,
 * `timeAt` epoch ms; invented values) mapped to the normalized model field by field; malformed
 * ones refused as ProviderError("malformed"); the event windows within TN360's 7 days.
 */
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../src/providers/kit/windows";
import { mapLatestLocation } from "../../src/providers/teletrac-navman/models/latest-vehicle-locations";
import {
  mapTrip,
  pairTrips,
  TRIP_END_LOOKAHEAD_MS,
  TRIP_SPAN_MS,
} from "../../src/providers/teletrac-navman/models/trips";
import { mapPosition } from "../../src/providers/teletrac-navman/models/vehicle-locations";
import { mapVehicle } from "../../src/providers/teletrac-navman/models/vehicles";
import { renewAt } from "../../src/providers/teletrac-navman/tokens";
import { listOf, utcOf } from "../../src/providers/teletrac-navman/values";
import { spansOf } from "../../src/providers/teletrac-navman/walk";

const malformed = (run: () => unknown) => expect(run).toThrow(expect.objectContaining({ kind: "malformed" }));

const VEHICLE = {
  id: 123456,
  name: "Ute 7",
  registration: "1ABC234",
  registrationState: "QLD",
  vin: "6fpaaajgcm8d12345",
  externalId: "FLEET-7",
};

const STATS = {
  GPS: { valid: true, Lat: -27.4698, Lng: 153.0251, Spd: 62.456, Alt: 28, Dir: 271.5, NSat: 11, HDOP: 0.8 },
  updatedAt: "2020-09-16T11:47:23.246+10:00",
  vehicle: VEHICLE,
};

const event = (action: "ON" | "OFF", timeAt: number, extra: Record<string, unknown> = {}) => ({
  id: `${action}-${timeAt}`,
  companyId: 3001,
  deviceId: 88001,
  vehicleId: 123456,
  tripId: 555001,
  type: "ignition",
  action,
  location: "12 Queen St, Brisbane QLD",
  timeAt,
  createdAt: "2020-09-16T11:47:25.000+10:00",
  odometer: 120345.6,
  origin: "DEVICE",
  attributes: {},
  GPS: { Lat: -27.4698, Lng: 153.0251, Spd: 0, Dir: 0 },
  ...extra,
});

describe("Teletrac Navman 360: wire details", () => {
  it("reads lists bare or wrapped in {data, meta}, and refuses anything else", () => {
    expect(listOf([VEHICLE], "/v1/vehicles")).toEqual([VEHICLE]);
    expect(listOf({ data: [VEHICLE], meta: { count: 1 } }, "/v1/vehicles")).toEqual([VEHICLE]);
    malformed(() => listOf({ data: "nope", meta: {} }, "/v1/vehicles"));
    malformed(() => listOf({ vehicles: [] }, "/v1/vehicles"));
  });

  it("reads local-offset times as UTC, and refuses one without an offset", () => {
    expect(utcOf("2020-09-16T11:47:23.246+10:00")).toBe("2020-09-16T01:47:23.246Z");
    expect(utcOf("2026-11-27T04:55:54.000-08:00")).toBe("2026-11-27T12:55:54.000Z");
    expect(utcOf("2026-11-27T12:00:00Z")).toBe("2026-11-27T12:00:00.000Z");
    malformed(() => utcOf("2020-09-16T11:47:23"));
    malformed(() => utcOf("yesterday"));
  });

  it("asks for events at most 7 days at a time, the trips' lookahead included", () => {
    expect(TRIP_SPAN_MS + TRIP_END_LOOKAHEAD_MS).toBeLessThanOrEqual(7 * DAY_MS);
    const start = Date.parse("2026-11-01T00:00:00Z");
    const spans = spansOf({ start: new Date(start), end: new Date(start + 20 * DAY_MS) }, TRIP_SPAN_MS);
    expect(spans[0]!.from).toBe(start);
    expect(spans.at(-1)!.to).toBe(start + 20 * DAY_MS);
    for (const [index, span] of spans.entries()) {
      expect(span.to - span.from).toBeLessThanOrEqual(TRIP_SPAN_MS);
      if (index > 0) expect(span.from).toBe(spans[index - 1]!.to);
    }
  });

  it("renews a token a tenth of its lifetime early, at most a minute", () => {
    expect(renewAt(0, 3600)).toBe(3_540_000);
    expect(renewAt(0, 60)).toBe(54_000);
  });
});

describe("Teletrac Navman 360: mapping", () => {
  it("maps a vehicle (id as text, VIN upper-cased, registration and state as the plate)", () => {
    expect(mapVehicle(VEHICLE)).toEqual({
      sourceId: "123456",
      status: "active",
      name: "Ute 7",
      vin: "6FPAAAJGCM8D12345",
      licensePlate: { number: "1ABC234", state: "QLD" },
      groupSourceIds: [],
      deviceSourceIds: [],
    });
    expect(mapVehicle({ id: "77", name: " ", registration: null })).toEqual({
      sourceId: "77",
      status: "active",
      groupSourceIds: [],
      deviceSourceIds: [],
    });
    malformed(() => mapVehicle({ name: "no id" }));
  });

  it("maps a vehicle's stats to its latest location: km/h, degrees, the local time in UTC", () => {
    expect(mapLatestLocation(STATS)).toEqual({
      vehicleSourceId: "123456",
      locatedAt: "2020-09-16T01:47:23.246Z",
      location: { latitude: -27.4698, longitude: 153.0251 },
      heading: 271.5,
      speed: 62.46,
    });
    malformed(() => mapLatestLocation({ ...STATS, GPS: { ...STATS.GPS, valid: false } }));
    malformed(() => mapLatestLocation({ ...STATS, GPS: { ...STATS.GPS, Lat: 0, Lng: 0 } }));
    malformed(() => mapLatestLocation({ ...STATS, updatedAt: "2020-09-16 11:47" }));
    malformed(() => mapLatestLocation({ updatedAt: STATS.updatedAt, vehicle: VEHICLE }));
  });

  it("maps a position with its path's vehicle: `timeAt` epoch ms, else `updatedAt`", () => {
    const position = { timeAt: 1_600_220_843_000, Lat: -27.47, Lng: 153.03, Spd: 48.123, Alt: 30, Dir: 90 };
    expect(mapPosition({ vehicleId: "123456", position })).toEqual({
      vehicleSourceId: "123456",
      points: [
        {
          locatedAt: "2020-09-16T01:47:23.000Z",
          location: { latitude: -27.47, longitude: 153.03 },
          heading: 90,
          speed: 48.12,
        },
      ],
    });
    const { timeAt: _, ...untimed } = position;
    expect(
      mapPosition({ vehicleId: "1", position: { ...untimed, updatedAt: "2020-09-16T11:47:23.000+10:00" } }).points[0]!
        .locatedAt,
    ).toBe("2020-09-16T01:47:23.000Z");
    malformed(() => mapPosition({ vehicleId: "1", position: untimed }));
    malformed(() => mapPosition({ vehicleId: "1", position: { ...position, Lat: 95 } }));
    malformed(() => mapPosition(position));
  });

  it("pairs each trip's ignition ON in the span with its OFF, and maps the pair", () => {
    const start = Date.parse("2020-09-16T00:00:00Z");
    const on = event("ON", start + 3_600_000);
    const off = event("OFF", start + 5_400_000, { GPS: { Lat: -27.5, Lng: 153.1 } });
    const running = event("ON", start + 7_200_000, { tripId: 555002 });
    const before = event("OFF", start - 60_000, { tripId: 555000 });
    const other = event("ON", start + 100, { type: "speed", tripId: 555003 });
    const items = pairTrips([before, on, other, running, off], start, start + DAY_MS);
    expect(items).toEqual([{ tripId: "555001", on, off }]);
    expect(pairTrips([on, off], start + 4_000_000, start + DAY_MS)).toEqual([]);
    expect(mapTrip(items[0])).toEqual({
      sourceId: "555001",
      vehicleSourceId: "123456",
      startLocation: { latitude: -27.4698, longitude: 153.0251 },
      endLocation: { latitude: -27.5, longitude: 153.1 },
      startedAt: "2020-09-16T01:00:00.000Z",
      endedAt: "2020-09-16T01:30:00.000Z",
    });
    malformed(() => mapTrip({ tripId: "1", on: off, off: on }));
    malformed(() => mapTrip({ tripId: "1", on, off: { ...off, vehicleId: 9 } }));
    malformed(() => mapTrip({ tripId: "1", on, off: { ...off, timeAt: "soon" } }));
  });
});
