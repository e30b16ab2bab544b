/**
 * The canonical fleet (../fleet.ts) rendered as Samsara renders its data (providers.md
 * section 1): its field names, its units (metres, millilitres, milliseconds, km/h), RFC 3339
 * times without zero milliseconds, one `name` per driver, tags for groups, gateways with their
 * dash cams as accessories. Pure functions with no Node imports, so the workerd tests can
 * import the few rules the fake adds to the fleet (the organization, g-forces, media URLs).
 */
import {
  type CanonicalSafetyEvent,
  dayOf,
  devicesAt,
  driversAt,
  type FleetOptions,
  GROUPS,
  hash,
  safetyEventsBetween,
  vehiclesAt,
} from "../fleet.ts";

/**
 * The drivers' home-terminal time zone: the canonical fleet cuts its days in UTC (../hos.ts), so
 * every driver's log day is a UTC day, in the drivers listing as in the hours of service.
 */
export const HOME_TIMEZONE = "Etc/UTC";

export const GATEWAY_MODEL = "VG54NA";
export const CAMERA_MODEL = "CM32";
/** A safety event is created (detected and uploaded) this long after it ends. */
export const EVENT_CREATED_AFTER_MS = 90_000;
/** Samsara's signed media URLs live 8 hours. */
export const MEDIA_URL_TTL_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** RFC 3339 as Samsara writes it: whole seconds without a fraction. */
export const rfc3339 = (iso: string) => iso.replace(/\.000Z$/, "Z");

/** The organization of an account (`GET /me`): an id, the account's name, and a US DOT number. */
export function organizationOf(credential: string, name: string) {
  return {
    id: String(10_000 + (hash(credential, "org") % 90_000)),
    name,
    carrierSettings: {
      carrierName: name,
      dotNumber: 1_000_000 + (hash(credential, "dot") % 9_000_000),
      mainOfficeAddress: "1990 Alameda St, San Francisco, CA 94103",
    },
  };
}

const groupById = new Map(GROUPS.map((group) => [group.id, group]));

export function tagReference(id: string) {
  const group = groupById.get(id);
  return { id, name: group?.name ?? id, ...(group?.parentId ? { parentTagId: group.parentId } : {}) };
}

/** `GET /tags`: every group, with the vehicles and drivers tagged with it. */
export function tagsOf(fleet: FleetOptions) {
  const vehicles = vehiclesAt(fleet);
  const drivers = driversAt(fleet);
  return GROUPS.map((group) => ({
    id: group.id,
    name: group.name,
    ...(group.parentId
      ? { parentTagId: group.parentId, parentTag: { id: group.parentId, name: groupById.get(group.parentId)?.name } }
      : {}),
    vehicles: vehicles.filter((v) => v.groupIds.includes(group.id)).map((v) => ({ id: v.id, name: v.name })),
    drivers: drivers
      .filter((d) => d.groupIds.includes(group.id))
      .map((d) => ({ id: d.id, name: `${d.firstName} ${d.lastName}` })),
    addresses: [],
    externalIds: {},
  }));
}

function devicesOfVehicle(fleet: FleetOptions) {
  const byVehicle = new Map<string, { tracker?: string; camera?: string }>();
  for (const device of devicesAt(fleet)) {
    const entry = byVehicle.get(device.vehicleId) ?? {};
    if (device.type === "tracker") entry.tracker = device.serial;
    else entry.camera = device.serial;
    byVehicle.set(device.vehicleId, entry);
  }
  return byVehicle;
}

/** `GET /fleet/vehicles`: no status, no fuel type, a plate without its state, `year` a string. */
export function vehiclesOf(fleet: FleetOptions) {
  const devices = devicesOfVehicle(fleet);
  return vehiclesAt(fleet).map((vehicle) => {
    const { tracker, camera } = devices.get(vehicle.id) ?? {};
    return {
      id: vehicle.id,
      name: vehicle.name,
      vin: vehicle.vin,
      make: vehicle.make,
      model: vehicle.model,
      year: String(vehicle.year),
      licensePlate: vehicle.plate.number,
      notes: "",
      ...(tracker ? { serial: tracker, gateway: { serial: tracker, model: GATEWAY_MODEL } } : {}),
      ...(camera ? { cameraSerial: camera } : {}),
      tags: vehicle.groupIds.map(tagReference),
      externalIds: { "samsara.vin": vehicle.vin, ...(tracker ? { "samsara.serial": tracker } : {}) },
      vehicleRegulationMode: "regulated",
      createdAtTime: rfc3339(vehicle.createdAt),
      updatedAtTime: rfc3339(vehicle.updatedAt),
    };
  });
}

/** `GET /fleet/drivers?driverActivationStatus=…`: one `name`, no email. */
export function driversOf(fleet: FleetOptions, status: "active" | "deactivated") {
  return driversAt(fleet)
    .filter((driver) => driver.active === (status === "active"))
    .map((driver) => ({
      id: driver.id,
      name: `${driver.firstName} ${driver.lastName}`,
      username: driver.username,
      phone: driver.phone,
      licenseNumber: driver.license.number,
      licenseState: driver.license.state,
      driverActivationStatus: status,
      isDeactivated: status === "deactivated",
      timezone: HOME_TIMEZONE,
      eldExempt: false,
      tags: driver.groupIds.map(tagReference),
      createdAtTime: rfc3339(driver.createdAt),
      updatedAtTime: rfc3339(driver.updatedAt),
    }));
}

/** `GET /gateways`: one vehicle gateway per vehicle, its dash cam (if any) as an accessory. */
export function gatewaysOf(fleet: FleetOptions) {
  const devices = devicesOfVehicle(fleet);
  return vehiclesAt(fleet).flatMap((vehicle) => {
    const { tracker, camera } = devices.get(vehicle.id) ?? {};
    if (!tracker) return [];
    return [
      {
        serial: tracker,
        model: GATEWAY_MODEL,
        asset: { id: vehicle.id, externalIds: { "samsara.vin": vehicle.vin } },
        connectionStatus: { healthStatus: "Connected", lastConnected: rfc3339(vehicle.updatedAt) },
        accessoryDevices: camera ? [{ serial: camera, model: CAMERA_MODEL }] : [],
      },
    ];
  });
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const ML_PER_US_GALLON = 3785.411784;
const METRES_PER_MILE = 1609.344;

/**
 * `GET /fleet/reports/vehicles/fuel-energy` over the dates (inclusive): each vehicle's totals.
 * The canonical fleet gives every vehicle fuel and engine times, its electric ones too: a
 * vehicle that uses both fuel and electric energy is what Samsara calls a hybrid, whose rows
 * carry fuel, engine times and kWh (pure `electric` rows carry no fuel and no engine times,
 * which the adapter's mapping tests cover).
 */
export function vehicleReportsOf(fleet: FleetOptions, dates: readonly string[]) {
  return vehiclesAt(fleet).map((vehicle) => {
    const days = dates.map((date) => dayOf(fleet, vehicle.id, date));
    const metres = days.reduce((sum, day) => sum + Math.round(day.distanceKm * 1000), 0);
    const ml = days.reduce((sum, day) => sum + Math.round(day.fuelLiters * 1000), 0);
    const hybrid = vehicle.fuelType === "electric";
    const kwh = hybrid ? round((metres / 1000) * 0.28, 1) : undefined;
    return {
      vehicle: {
        id: vehicle.id,
        name: vehicle.name,
        energyType: hybrid ? "hybrid" : "fuel",
        externalIds: { "samsara.vin": vehicle.vin },
      },
      distanceTraveledMeters: metres,
      fuelConsumedMl: ml,
      ...(kwh === undefined ? {} : { energyUsedKwh: kwh }),
      engineRunTimeDurationMs: days.reduce((sum, day) => sum + day.drivingMs + day.idlingMs, 0),
      engineIdleTimeDurationMs: days.reduce((sum, day) => sum + day.idlingMs, 0),
      efficiencyMpge: ml > 0 ? round(metres / METRES_PER_MILE / (ml / ML_PER_US_GALLON), 1) : 0,
      estCarbonEmissionsKg: round((ml / 1000) * 2.68, 1),
      estFuelEnergyCost: { amount: round((ml / 1000) * 1.05 + (kwh ?? 0) * 0.16, 2), currencyCode: "USD" },
    };
  });
}

/** The behaviour label of each canonical event type (the events' `sourceType`). */
export const LABELS: Readonly<Record<CanonicalSafetyEvent["type"], string>> = {
  harsh_brake: "Braking",
  harsh_acceleration: "Acceleration",
  harsh_turn: "HarshTurn",
  speeding: "Speeding",
};

/** The fleet has no g-forces: the fake's peak g of a harsh event, from its top speed. */
export const gForceOf = (event: CanonicalSafetyEvent) => round(0.2 + (event.maximumSpeedKmh % 50) / 100, 2);

export const createdAtOf = (event: CanonicalSafetyEvent) => Date.parse(event.endedAt) + EVENT_CREATED_AFTER_MS;

/** A signed media URL as Samsara hands them out: S3, expiring after 8 hours. */
export function mediaUrl(origin: string, event: CanonicalSafetyEvent, file: string, now: number): string {
  const issued = new Date(now)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return `${origin}/${event.vehicleId}/${event.id}/${file}?X-Amz-Date=${issued}&X-Amz-Expires=${MEDIA_URL_TTL_MS / 1000}&X-Amz-Signature=${hash(event.id, file, now).toString(16)}`;
}

export const MEDIA_ORIGIN = "https://samsara-cm-media.s3.amazonaws.example";

/** A v2 safety event: RFC 3339 `startMs`/`endMs`, km/h speeds on speeding events, g-force on harsh ones. */
export function safetyEventOf(fleet: FleetOptions, event: CanonicalSafetyEvent, now: number) {
  const vehicle = vehiclesAt(fleet).find((candidate) => candidate.id === event.vehicleId);
  const driver = driversAt(fleet).find((candidate) => candidate.id === event.driverId);
  const created = rfc3339(new Date(createdAtOf(event)).toISOString());
  const media =
    event.media === "none"
      ? []
      : [
          {
            input: "dashcamRoadFacing",
            cameraRole: "front",
            url: mediaUrl(MEDIA_ORIGIN, event, event.media === "video" ? "front.mp4" : "front.jpg", now),
          },
        ];
  return {
    id: event.id,
    asset: { id: event.vehicleId, name: vehicle?.name, type: "vehicle", vin: vehicle?.vin },
    driver: { id: event.driverId, name: driver ? `${driver.firstName} ${driver.lastName}` : undefined },
    behaviorLabels: [{ label: LABELS[event.type], source: "automated" }],
    contextLabels: [],
    eventState: "needsReview",
    startMs: event.startedAt,
    endMs: event.endedAt,
    createdAtTime: created,
    updatedAtTime: created,
    location: { latitude: event.location.latitude, longitude: event.location.longitude, accuracyMeters: 5 },
    ...(event.type === "speeding"
      ? { speedingMetadata: { maxSpeedKilometersPerHour: event.maximumSpeedKmh } }
      : { maxAccelerationGForce: gForceOf(event) }),
    inboxEventUrl: `https://cloud.samsara.com/o/fleet/safety/inbox?event=${encodeURIComponent(event.id)}`,
    media,
    // The streams that recorded the event: the same cameras as its media, without links.
    detectedStreams: media.map(({ input, cameraRole }) => ({ input, cameraRole })),
  };
}

/** Canonical events whose creation time (or update time: the same here) is in [from, to). */
export function safetyEventsCreatedBetween(fleet: FleetOptions, from: number, to: number): CanonicalSafetyEvent[] {
  return safetyEventsBetween(fleet, from - DAY_MS, to).filter((event) => {
    const created = createdAtOf(event);
    return created >= from && created < to;
  });
}

/** The event of an id, if the fleet has it (ids are `evt-<vehicle>-<date>`). */
export function safetyEventById(fleet: FleetOptions, id: string): CanonicalSafetyEvent | undefined {
  const match = /^evt-(.+)-(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (!match) return undefined;
  const day = Date.parse(`${match[2]}T00:00:00Z`);
  if (Number.isNaN(day)) return undefined;
  return safetyEventsBetween(fleet, day, day + DAY_MS).find((event) => event.id === id);
}

/** `GET /cameras/media`: the stills and videos of a vehicle's safety events overlapping [from, to]. */
export function mediaLibraryOf(
  fleet: FleetOptions,
  vehicleIds: readonly string[],
  from: number,
  to: number,
  now: number,
) {
  return safetyEventsBetween(fleet, from - DAY_MS, to + 1)
    .filter((event) => vehicleIds.includes(event.vehicleId) && event.media !== "none")
    .filter((event) => Date.parse(event.startedAt) <= to && Date.parse(event.endedAt) >= from)
    .flatMap((event) => {
      const common = {
        vehicleId: event.vehicleId,
        input: "dashcamForwardFacing",
        cameraRole: "front",
        triggerReason: "safetyEvent",
        availableAtTime: rfc3339(new Date(createdAtOf(event)).toISOString()),
      };
      const urlInfo = (file: string) => ({
        url: mediaUrl(MEDIA_ORIGIN, event, file, now),
        urlExpiryTime: rfc3339(new Date(Math.floor(now / 1000) * 1000 + MEDIA_URL_TTL_MS).toISOString()),
      });
      const still = {
        ...common,
        mediaType: "image",
        startTime: event.startedAt,
        endTime: event.startedAt,
        urlInfo: urlInfo("front.jpg"),
      };
      if (event.media === "image") return [still];
      return [
        still,
        {
          ...common,
          mediaType: "videoHighRes",
          startTime: event.startedAt,
          endTime: event.endedAt,
          urlInfo: urlInfo("front.mp4"),
        },
      ];
    });
}
