import { z } from "@hono/zod-openapi";

/**
 * Samsara's own payloads (providers.md section 1), in its field names and units: metres,
 * millilitres, milliseconds, RFC 3339 strings. Whatever Samsara sends is untrusted input, so
 * every record is validated before it is mapped; optional fields are `nullish` because the API
 * omits empty fields in some places and sends null or "" in others (the mappers treat all
 * three as absent, through `nonBlank`).
 */

const text = z.string().nullish();
const rfc3339 = z.string().min(1);
const finite = z.number().finite();

/** The envelope of every list: `data` and a cursor (`endCursor` may be "" on the last page). */
export const samsaraListEnvelope = z.object({
  data: z.array(z.unknown()),
  pagination: z.object({ endCursor: z.string().nullish(), hasNextPage: z.boolean() }).nullish(),
});

/** Lists nested one level deeper: the fuel-energy report (`data.vehicleReports`) and the media library (`data.media`). */
export const samsaraVehicleReportsEnvelope = z.object({
  data: z.object({ vehicleReports: z.array(z.unknown()) }),
  pagination: samsaraListEnvelope.shape.pagination,
});
export const samsaraMediaEnvelope = z.object({
  data: z.object({ media: z.array(z.unknown()) }),
  pagination: samsaraListEnvelope.shape.pagination,
});

/** `GET /me`: the organization the token belongs to; `dotNumber` is an integer. */
export const samsaraOrganization = z.object({
  data: z
    .object({
      id: text,
      name: text,
      carrierSettings: z
        .object({
          carrierName: text,
          dotNumber: z.union([z.number().int(), z.string()]).nullish(),
          mainOfficeAddress: text,
        })
        .nullish(),
    })
    .nullish(),
});
export type SamsaraOrganization = z.infer<typeof samsaraOrganization>;

/** A tag as vehicles and drivers reference it. */
const tagReference = z.object({ id: z.string().min(1), name: text, parentTagId: text });

/** `GET /tags`: Samsara's groups, in a hierarchy through `parentTagId` (and `parentTag`). */
export const samsaraTag = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  parentTagId: text,
  parentTag: z.object({ id: z.string().min(1), name: text }).nullish(),
});
export type SamsaraTag = z.infer<typeof samsaraTag>;

/** `GET /fleet/vehicles`. `year` is a string; there is no status and no fuel type on a vehicle. */
export const samsaraVehicle = z.object({
  id: z.string().min(1),
  name: text,
  vin: text,
  make: text,
  model: text,
  year: z.union([z.string(), z.number()]).nullish(),
  licensePlate: text,
  serial: text,
  cameraSerial: text,
  gateway: z.object({ serial: text, model: text }).nullish(),
  tags: z.array(tagReference).nullish(),
  createdAtTime: rfc3339.nullish(),
  updatedAtTime: rfc3339.nullish(),
});
export type SamsaraVehicle = z.infer<typeof samsaraVehicle>;

export const DRIVER_ACTIVATION_STATUSES = ["active", "deactivated"] as const;
export type DriverActivationStatus = (typeof DRIVER_ACTIVATION_STATUSES)[number];

/** `GET /fleet/drivers`: one `name` string, no email. `isDeactivated` is the deprecated form of the status. */
export const samsaraDriver = z.object({
  id: z.string().min(1),
  name: z.string(),
  username: text,
  phone: text,
  licenseNumber: text,
  licenseState: text,
  driverActivationStatus: z.enum(DRIVER_ACTIVATION_STATUSES).nullish(),
  isDeactivated: z.boolean().nullish(),
  tags: z.array(tagReference).nullish(),
  createdAtTime: rfc3339.nullish(),
  updatedAtTime: rfc3339.nullish(),
});
export type SamsaraDriver = z.infer<typeof samsaraDriver>;

const accessory = z.object({ serial: text, model: text });

/** `GET /gateways`: a vehicle gateway (the tracker), its asset, connectivity, and accessories (dash cams). */
export const samsaraGateway = z.object({
  serial: z.string().min(1),
  model: text,
  asset: z.object({ id: text }).nullish(),
  connectionStatus: z.object({ healthStatus: text, lastConnected: rfc3339.nullish() }).nullish(),
  accessoryDevices: z.array(accessory).nullish(),
});
export type SamsaraGateway = z.infer<typeof samsaraGateway>;

/**
 * A device item of the devices listing: a gateway untouched, or one camera accessory of a
 * gateway with the gateway's serial and asset beside it (an accessory has no asset of its own).
 */
export const samsaraDeviceItem = z.union([
  z.object({
    accessory: accessory.extend({ serial: z.string().min(1) }),
    gateway: samsaraGateway.pick({ serial: true, asset: true }),
  }),
  samsaraGateway,
]);
export type SamsaraDeviceItem = z.infer<typeof samsaraDeviceItem>;

export const ENERGY_TYPES = ["fuel", "hybrid", "electric"] as const;

/**
 * One row of `GET /fleet/reports/vehicles/fuel-energy`: a vehicle's totals over the requested
 * dates. Fuel and engine times only for fuel and hybrid vehicles; energy only for hybrid and
 * electric ones.
 */
export const samsaraVehicleReport = z.object({
  vehicle: z.object({ id: z.string().min(1), name: text, energyType: z.string().nullish() }),
  distanceTraveledMeters: finite.nonnegative(),
  fuelConsumedMl: finite.nonnegative().nullish(),
  energyUsedKwh: finite.nullish(),
  engineRunTimeDurationMs: finite.nonnegative().nullish(),
  engineIdleTimeDurationMs: finite.nonnegative().nullish(),
});
export type SamsaraVehicleReport = z.infer<typeof samsaraVehicleReport>;

/**
 * A utilization item: a report row untouched, with the UTC day it was requested for (the row
 * itself does not say; the report is read one day at a time, `startDate == endDate`).
 */
export const samsaraUtilizationItem = z.object({ date: z.iso.date(), vehicleReport: z.unknown() });
export type SamsaraUtilizationItem = z.infer<typeof samsaraUtilizationItem>;

/**
 * A camera view of a v2 safety event: `url` is signed and expires after 8 hours. The same shape
 * lists the event's `detectedStreams` (the cameras that recorded it), which carry no url.
 */
const eventMedia = z.object({ input: text, cameraRole: text, url: text });

/**
 * `GET /safety-events/stream` and `GET /safety-events`: v2 safety events. `startMs`/`endMs`
 * are RFC 3339 strings despite their names (numbers, as the legacy API sent, are accepted).
 */
export const samsaraSafetyEvent = z.object({
  id: z.string().min(1),
  asset: z.object({ id: text, type: text }).nullish(),
  driver: z.object({ id: text }).nullish(),
  behaviorLabels: z.array(z.object({ label: z.string(), source: text })).nullish(),
  startMs: z.union([rfc3339, finite]),
  endMs: z.union([rfc3339, finite]).nullish(),
  location: z
    .object({
      latitude: finite.min(-90).max(90),
      longitude: finite.min(-180).max(180),
      headingDegrees: finite.nullish(),
    })
    .nullish(),
  maxAccelerationGForce: finite.nullish(),
  speedingMetadata: z
    .object({
      maxSpeedKilometersPerHour: finite.nonnegative().nullish(),
      postedSpeedLimitKilometersPerHour: finite.nonnegative().nullish(),
    })
    .nullish(),
  media: z.array(eventMedia).nullish(),
  detectedStreams: z.array(eventMedia).nullish(),
});
export type SamsaraSafetyEvent = z.infer<typeof samsaraSafetyEvent>;

/**
 * `GET /cameras/media`: the media library. Its `input` names differ from the safety events'
 * (`dashcamForwardFacing`/`dashcamInwardFacing`); `urlInfo` only once the media is available.
 */
export const samsaraMediaItem = z.object({
  vehicleId: text,
  input: text,
  mediaType: text,
  triggerReason: text,
  startTime: rfc3339,
  endTime: rfc3339,
  urlInfo: z.object({ url: z.string().min(1), urlExpiryTime: rfc3339.nullish() }).nullish(),
});
export type SamsaraMediaItem = z.infer<typeof samsaraMediaItem>;
